"""Temporal case generation: determinism, balance, filters, and every answer re-derived year by year."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kgtest.core.errors import GenerationError
from kgtest.generator.case import Answer, TestCase, write_suite
from kgtest.generator.mtl_text import DROWZEE, PLAIN
from kgtest.generator.mtl_windows import ends_left_out, sayable, simplified
from kgtest.generator.temporal import TemporalEvent, TemporalReport, generate_temporal_cases, temporal_plan
from kgtest.prolog import mtl
from kgtest.prolog.pointwise import evaluate_pointwise, holds_at

from .temporal_fixture import EVENTS, UNIVERSE


def generate(depth: int, count: int = 120, seed: int = 7) -> tuple[list[TestCase], TemporalReport]:
    return generate_temporal_cases(
        temporal_plan(EVENTS, depth=depth, count=count, seed=seed, universe=UNIVERSE)
    )


_YEAR = re.compile(r"\b(\d{1,4})( BC)?\b(?! years?\b| to \d+ years?\b)")
"""A calendar year in a question, not a count of years ("for 2 years in a row", "3 to 6 years later")."""


def accounted(report: TemporalReport) -> bool:
    return report.attempts == report.generated + report.filtered + report.duplicates


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_every_answer_rechecked_year_by_year(depth: int) -> None:
    cases, report = generate(depth)
    assert report.generated == len(cases) == 120
    assert accounted(report)
    for case in cases:
        t = case.temporal
        assert t is not None and case.kind == "temporal" and case.rule == "mtl"
        formula = mtl.from_json(t.formula)
        events = {name: [tuple(s) for s in spans] for name, spans in t.events.items()}
        universe = (t.universe[0], t.universe[1])
        year = t.query_year
        assert mtl.depth(formula) == depth == case.meta.depth
        assert evaluate_pointwise(formula, events, universe) == [tuple(s) for s in t.satisfying]
        assert holds_at(formula, events, universe, year) is (case.expected is Answer.YES)
        # No window runs past the universe, so the end-of-time convention cannot decide the answer.
        assert universe[0] <= year <= universe[1] - mtl.horizon(formula)
        assert case.evidence and case.proof is not None and case.proof.premises == case.evidence
        # Years as years: every year the question names lies in the stretch its answer looks at.
        named = [1 - int(y) if bc else int(y) for y, bc in re.findall(_YEAR, case.question)]
        named += [int(y) + d for y in re.findall(r"\bthe (\d{4})s\b", case.question) for d in (0, 9)]
        assert named and all(year <= y <= year + mtl.horizon(formula) for y in named), case.question
        assert case.question in case.prompt
        assert not re.search(r"Event|Say that|exactly \d", case.question), case.question  # one plain sentence
        # "p or p" asks nothing; "p and finally p" does, so only identical siblings are refused.
        binary = (mtl.And, mtl.Or, mtl.Until)
        assert not any(isinstance(n, binary) and n.phi1 == n.phi2 for n in mtl.walk(formula))


def test_yes_and_no_are_balanced_and_edges_are_asked() -> None:
    cases, report = generate(2, count=200)
    yes = sum(c.expected is Answer.YES for c in cases)
    assert (report.yes, report.no) == (yes, len(cases) - yes)
    assert abs(report.yes - report.no) <= 1
    boundary = [c for c in cases if c.temporal and c.temporal.boundary]
    # a quarter, not the third drawn before: an edge where one event began or ended, and a reader
    # taking that year in or out gets the other answer, is no longer asked (test_edge_readings)
    assert len(boundary) == report.boundary >= 0.2 * len(cases)
    for case in boundary:  # just inside: first/last satisfying year; just outside: the year beside one
        assert case.temporal is not None
        year, spans = case.temporal.query_year, case.temporal.satisfying
        if case.expected is Answer.YES:
            assert any(year in (s, e) for s, e in spans)
        else:
            assert any(year in (s - 1, e + 1) for s, e in spans)


def test_same_seed_gives_byte_identical_jsonl(tmp_path: Path) -> None:
    first, second, other = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    write_suite(first, generate(2, seed=11)[0])
    write_suite(second, generate(2, seed=11)[0])
    write_suite(other, generate(2, seed=12)[0])
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() != other.read_bytes()
    # Another process with another string-hash seed: nothing may depend on set or hash order.
    script = (
        "import sys; sys.path.insert(0, sys.argv[2]); from pathlib import Path;"
        "from kgtest.generator.case import write_suite;"
        "from kgtest.generator.temporal import generate_temporal_cases, temporal_plan;"
        "from temporal_fixture import EVENTS, UNIVERSE;"
        "plan = temporal_plan(EVENTS, depth=2, count=120, seed=11, universe=UNIVERSE);"
        "write_suite(Path(sys.argv[1]), generate_temporal_cases(plan)[0])"
    )
    third = tmp_path / "d.jsonl"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run(
        [sys.executable, "-c", script, str(third), str(Path(__file__).parent)], check=True, env=env
    )
    assert third.read_bytes() == first.read_bytes()


def test_cases_survive_the_suite_format() -> None:
    for case in generate(3, count=30)[0]:
        assert TestCase.from_json(case.to_json()) == case


def test_events_far_apart_are_filtered_and_counted() -> None:
    for wording in (PLAIN, DROWZEE):
        cases, report = generate_temporal_cases(
            temporal_plan(EVENTS, depth=1, count=150, seed=7, universe=UNIVERSE, wording=wording)
        )
        # Caesar and Dickens never come within a formula's reach: Drowzee's draw proposes such pairs
        # and drops them; the plain draw joins an event to one near it only
        assert (report.filtered_disjoint > 0) is (wording == DROWZEE)
        assert accounted(report)
        for case in cases:
            assert case.temporal is not None
            spans = list(case.temporal.events.values())
            lows, highs = [s[0][0] for s in spans], [s[-1][1] for s in spans]
            assert max(lows) - min(highs) <= case.meta.horizon


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_plain_wording_draws_what_it_can_say(depth: int) -> None:
    """Plain suites keep to formulas a person can be asked plainly, and say how many they passed over."""
    cases, report = generate(depth, count=40)
    assert len(cases) == 40 and accounted(report)
    assert all(sayable(mtl.from_json(c.temporal.formula)) for c in cases if c.temporal)
    assert (report.filtered_unsayable > 0) is (depth > 0)  # a negation or an until is Drowzee's
    assert not any(re.search(r"\bY\b|that year|years later", c.question) for c in cases), [
        c.question for c in cases
    ]


def test_trivial_formulas_are_filtered_and_counted() -> None:
    always = TemporalEvent("always", "the sun rose", ((-500, 3000),))
    with pytest.raises(GenerationError, match=r"filtered_trivial_true=[1-9]"):
        generate_temporal_cases(temporal_plan([always], depth=0, count=5, seed=1, universe=(1800, 1900)))
    # Mixed with real events, the always-true atoms are dropped and counted, the rest kept.
    cases, report = generate_temporal_cases(
        temporal_plan([always, *EVENTS[:3]], depth=0, count=40, seed=1, universe=UNIVERSE)
    )
    assert report.filtered_trivial_true > 0 and accounted(report)
    assert all(c.temporal and c.temporal.text != "always" for c in cases)


def test_windows_wider_than_the_universe_are_filtered() -> None:
    cases, report = generate_temporal_cases(
        temporal_plan(EVENTS[:2], depth=3, count=100, seed=3, universe=(1830, 1880))
    )
    assert report.filtered_too_wide > 0 and accounted(report)
    for case in cases:
        assert case.temporal is not None
        assert case.temporal.query_year + case.meta.horizon <= 1880


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"depth": -1}, "depth=-1"),
        ({"universe": (2000, 1000)}, r"universe=\(2000, 1000\)"),
        ({"universe": (3000, 4000)}, "none of the 10 events"),
    ],
)
def test_bad_requests_say_what_to_change(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"depth": 1, "count": 5, "seed": 0, "universe": UNIVERSE, **kwargs}
    with pytest.raises(GenerationError, match=message):
        generate_temporal_cases(temporal_plan(EVENTS, **args))  # type: ignore[arg-type]


def test_bad_events_are_refused() -> None:
    with pytest.raises(GenerationError, match="id='Q5686'"):
        generate_temporal_cases(
            temporal_plan([EVENTS[0], EVENTS[0]], depth=1, count=5, seed=0, universe=UNIVERSE)
        )
    with pytest.raises(GenerationError, match="start <= end"):
        TemporalEvent("x", "x happened", ((1900, 1800),))


def test_answers_are_those_of_the_commit_before_the_rewording() -> None:
    """The wording changed (issue 37), the formulas and answers did not: with Drowzee's wording, which
    draws as before, the same seeds give the same formulas, query years, answers and satisfying years
    as commit 2627fb5 did (data/ holds its output). Plain wording draws among the formulas it can say
    (test_plain_wording_draws_what_it_can_say), each answer re-checked like these."""
    golden = json.loads((Path(__file__).parent / "data" / "temporal_answers_2627fb5.json").read_text())
    now = []
    for depth, seed in [(1, 3), (2, 11)]:
        cases, _ = generate_temporal_cases(
            temporal_plan(EVENTS, depth=depth, count=40, seed=seed, universe=UNIVERSE, wording=DROWZEE)
        )
        for c in cases:
            assert c.temporal is not None
            t = c.temporal
            now.append([depth, seed, t.text, t.query_year, c.expected.value, [list(s) for s in t.satisfying]])
    assert now == golden


def test_a_plain_question_is_asked_only_where_both_readings_of_its_windows_agree() -> None:
    """Blind readers took "at any time between 1969 and 1997" to maybe leave out its two ends: a
    plain question is asked only in a year where leaving out the ends of every window it says
    (four years or more; shorter ones are listed year by year) gives the same answer."""
    cases, _ = generate(2, count=200)
    windowed = 0
    for case in cases:
        t = case.temporal
        assert t is not None
        said = simplified(mtl.from_json(t.formula))
        strict = ends_left_out(said)
        if strict == said or t.events_unknown:
            continue
        windowed += 1
        events = {name: [tuple(s) for s in spans] for name, spans in t.events.items()}
        answer = holds_at(strict, events, (t.universe[0], t.universe[1]), t.query_year)
        assert answer is (case.expected is Answer.YES), case.question
    assert windowed >= 40
