"""report/scores.differences: two systems are ranked only as a careful person would rank them."""

from __future__ import annotations

from kgtest.oracle.chance import kind_score
from kgtest.oracle.kind_judge import Credit
from kgtest.report.scores import ScoreRow, differences

KEYS = [f"c{i}" for i in range(12)]
EXPECTED_YES = {k: i % 2 == 0 for i, k in enumerate(KEYS)}


def _credit(right: dict[str, bool]) -> Credit:
    units = {k: float(v) for k, v in right.items()}
    return Credit("correct replies", units, sum(units.values()) / len(units))


BASELINES = {
    "baseline:yes": _credit(EXPECTED_YES),
    "baseline:no": _credit({k: not v for k, v in EXPECTED_YES.items()}),
    "baseline:idk": _credit(dict.fromkeys(KEYS, False)),
}


def _row(system: str, right: dict[str, bool], kind: str = "fact") -> ScoreRow:
    return ScoreRow(system, f"run-{system}", kind, kind_score(kind, _credit(right), BASELINES))


def _between(a: ScoreRow, b: ScoreRow) -> tuple[bool, str, float, tuple[float, float]]:
    (found,) = differences([a, b])
    return found.real, found.words(), found.difference, found.interval


def test_two_systems_that_know_nothing_are_not_ranked_however_their_raw_measures_differ() -> None:
    """Always "Yes." gets half, always "I don't know." none: both score 0, so neither is ahead (the
    report once said "AlwaysYes scores higher than AlwaysIdk by 1.00")."""
    real, words, *_ = _between(
        _row("always-yes", EXPECTED_YES), _row("always-idk", dict.fromkeys(KEYS, False))
    )
    assert not real and "neither scores above knowing nothing" in words


def test_a_knower_is_ahead_of_a_system_below_chance_by_no_more_than_the_scale() -> None:
    real, words, difference, (low, high) = _between(
        _row("knower", dict.fromkeys(KEYS, True)), _row("always-idk", dict.fromkeys(KEYS, False))
    )
    assert real and words.startswith("knower scores higher than always-idk by 1.00")
    assert -1.0 <= low <= difference <= high <= 1.0  # was 2.00, past its own interval


def test_a_handful_of_units_tells_nothing_apart_even_when_they_all_differ_alike() -> None:
    few = {"a": True, "b": True}
    rows = [
        ScoreRow(
            s, s, "conversation", kind_score("conversation", _credit(r), {"baseline:idk": _credit(none)})
        )
        for s, r, none in (("good", few, {"a": False, "b": False}), ("bad", {"a": False, "b": False}, few))
    ]
    (found,) = differences(rows)
    assert not found.real and "too few conversations to tell apart (2)" in found.words()


def test_a_suite_that_knowing_nothing_answers_fully_has_no_score_and_says_why() -> None:
    everything = dict.fromkeys(KEYS, True)
    reader = {**BASELINES, "baseline:wording": _credit(everything)}
    row = ScoreRow("knower", "run", "fact", kind_score("fact", _credit(everything), reader))
    assert row.scored.score is None and "cannot tell knowing from guessing" in row.meaning


def test_a_system_below_chance_is_said_to_be_and_its_interval_stays_in_range() -> None:
    """SmolLM2 at 33% against always "Yes." at 50% read "gets 0%", and its interval ran to -2.22."""
    below = {k: i % 3 == 0 for i, k in enumerate(KEYS)}
    row = _row("weak", below)
    low, high = row.scored.interval or (0.0, 0.0)
    assert "below knowing nothing's (estimate -0.33)" in row.meaning
    assert -1.0 <= low <= high <= 1.0


def test_chance_by_the_wording_is_said_in_words() -> None:
    leaky = {**BASELINES, "baseline:wording": _credit({k: k != "c0" for k in KEYS})}
    row = ScoreRow("knower", "run", "fact", kind_score("fact", _credit(dict.fromkeys(KEYS, True)), leaky))
    assert "from knowing nothing, guessing from the question's wording (" in row.meaning


def test_higher_by_is_the_gap_between_estimates_with_one_below_chance_taken_as_zero() -> None:
    """A system right on 11 of 12 (estimate 0.83 over chance 0.5) against always "I don't know."
    (estimate -1, shown as 0): ahead by 0.83, the gap a reader sees, not 1.00 (an audit found a cue
    reader scoring 0.08 "higher than always Yes by 0.73")."""
    some = {k: i < 11 for i, k in enumerate(KEYS)}
    real, words, difference, (low, high) = _between(
        _row("some", some), _row("always-idk", dict.fromkeys(KEYS, False))
    )
    assert real and words.startswith("some scores higher than always-idk by 0.83 in estimate")
    assert difference == (11 / 12 - 0.5) / 0.5 and low <= difference <= high


def test_on_a_tie_chance_is_saying_i_dont_know() -> None:
    """With a wrong answer at -1, always "Yes.", always "No." and "I don't know." all get 0 of a
    balanced suite: chance is named as saying "I don't know.", not "always answering like 'yes'"."""
    zero = Credit("correct less wrong answers", dict.fromkeys(KEYS, 0.0), 0.0)
    tied = {"baseline:yes": zero, "baseline:no": zero, "baseline:idk": zero}
    some = {k: float(i < 11) for i, k in enumerate(KEYS)}
    row = ScoreRow(
        "some", "run", "fact", kind_score("fact", Credit("correct less wrong answers", some, 11 / 12), tied)
    )
    assert row.scored.best_constant == "baseline:idk"
    assert 'always saying "I don\'t know."' in row.meaning


def test_the_intervals_hold_together_so_more_systems_widen_each() -> None:
    """Of many pairs some leave out 0 by luck at 95% each: the intervals are made to hold all
    together (Bonferroni), so a third system widens the first two's interval, and says so."""
    knower = _row("knower", dict.fromkeys(KEYS, True))
    guesser = _row("guesser", {k: i < 4 for i, k in enumerate(KEYS)})
    third = _row("third", {k: i < 6 for i, k in enumerate(KEYS)})
    (alone,) = differences([knower, guesser])
    among = next(
        d for d in differences([knower, guesser, third]) if {d.first, d.second} == {"knower", "guesser"}
    )
    assert alone.pairs == 1 and among.pairs == 3 and alone.difference == among.difference
    assert among.interval[0] < alone.interval[0] and among.interval[1] >= alone.interval[1]
    assert among.real and "with the other 2 pairs' intervals" in among.words()
