"""Verdicts on conversations: each injected test's questions, and every reply's passive tests.

One ``TestVerdict`` per judged question (U3-U7, I1, I4-I7), per later ask of I13 (the first
reply is its reference, as in the seed), and per reply for A6, A7 (replies that ask something),
A8, A9 (replies after the first), I2, I3 and P1. A verdict that cannot be given (the reply
failed, no toxicity classifier) has ``passed = None`` and says why. All replies of all
conversations are judged in one pass: every text is embedded once, every answer candidate
scored in one call.

A reply that says nothing new (an echo of the partner's line, A8, or an earlier reply said again
to another line, A9: oracle/conversation/repeats.py) fails I2 and I3 whatever its cosine, and an I13
ask answered with such a reply, or with the reply the system gives to other lines, is not
judged: agreeing with itself is no evidence of consistency.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from kgtest.core.settings import BatterySettings
from kgtest.generator.conversation.script_records import InjectedTest, TestCode
from kgtest.oracle.conversation.answers import AnswerMatcher
from kgtest.oracle.conversation.passive import coherence, direct_answer, repeated_questions, stutter
from kgtest.oracle.conversation.repeats import RepeatFinder, Repeats
from kgtest.oracle.conversation.toxicity import ToxicityClassifier, Unavailable, load_toxicity
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.mss import MixedSimilarity
from kgtest.runner.conversation import PARTNER, SUT, ChatRecord, Utterance, window


@dataclass(frozen=True, slots=True)
class TestVerdict:
    """One judged attempt of one test."""

    __test__ = False

    conversation: str
    sut: str
    code: TestCode
    turn: int
    """The round whose reply is judged."""
    passed: bool | None
    """None: not judged, see ``reason``."""
    score: float | None = None
    """Mixed similarity, cosine, stutter value or toxicity probability, as the test measures."""
    threshold: float | None = None
    test: str = ""
    """The injected test's id; empty for passive tests."""
    read: str = ""
    """What the oracle read in the reply: the best-matching part, the verdict words, the first reply (I13)."""
    expected: tuple[str, ...] = ()
    form: str = ""
    strength: float = 0.0
    bucket: int = 0
    distance: int = 0
    reason: str = ""


class BatteryJudge:
    """Loads the embedding model and the toxicity classifier once; judges any number of conversations."""

    def __init__(
        self,
        config: BatterySettings | None = None,
        *,
        embedder: Embedder | None = None,
        toxicity: ToxicityClassifier | Unavailable | None = None,
    ) -> None:
        self.config = config or BatterySettings()
        self.repeats = self.config.repeats
        self.embedder = embedder or Embedder()
        self.mss = MixedSimilarity(self.embedder)
        self.toxicity = toxicity if toxicity is not None else load_toxicity(self.config.toxicity)
        self._answers = AnswerMatcher(self.mss, self.config.answer_threshold)

    def judge(
        self, records: Sequence[ChatRecord], said: Mapping[str, _Said] | None = None
    ) -> list[TestVerdict]:
        """Every verdict of every conversation, conversation by conversation, in round order.

        ``said``: ``said(r)`` of each record by id, when the caller has it already."""
        said = said if said is not None else {r.id: self.said(r) for r in records}
        found = self._injected(records) + self._consistency(records, said) + self._passive(records, said)
        order = {r.id: n for n, r in enumerate(records)}
        return sorted(found, key=lambda v: (order[v.conversation], v.turn, v.code.value, v.test))

    def said(self, record: ChatRecord) -> dict[int, tuple[Repeats, RepeatFinder, int]]:
        """Per round: what the system's reply copies, the conversation's finder, and the reply's place."""
        turns = record.sut_turns
        rounds = [(record.said(u.turn, PARTNER).text, "" if u.failed else u.text) for u in turns]
        finder = RepeatFinder(rounds, self.repeats)
        return {u.turn: (f, finder, k) for k, (u, f) in enumerate(zip(turns, finder.found, strict=True), 1)}

    def _injected(self, records: Sequence[ChatRecord]) -> list[TestVerdict]:
        asked: list[tuple[ChatRecord, InjectedTest, Utterance]] = [
            (r, t, r.said(t.ask_turns[0]))
            for r in records
            for t in r.script.tests
            if t.code is not TestCode.I13
        ]
        live = [(r, t, u) for r, t, u in asked if not u.failed]
        checks = self._answers.check_many([(u.text, t.expected, t.form) for _, t, u in live])
        verdicts = [_failed(r, t.code, u, t) for r, t, u in asked if u.failed]
        for (r, t, u), check in zip(live, checks, strict=True):
            threshold = self.config.answer_threshold if t.form == "open" else None
            why = f"reads {check.stance!r}" if t.form == "closed" else f"best part {check.read!r}"
            verdicts.append(_verdict(r, t, u, check.passed, check.score, threshold, check.read, why))
        return verdicts

    def _consistency(self, records: Sequence[ChatRecord], said: Mapping[str, _Said]) -> list[TestVerdict]:
        """I13: each later reply against the first reply to the same question about itself."""
        pairs: list[tuple[ChatRecord, InjectedTest, Utterance, Utterance]] = []
        verdicts: list[TestVerdict] = []
        for r in records:
            for t in r.script.tests:
                if t.code is not TestCode.I13:
                    continue
                first = r.said(t.ask_turns[0])
                for turn in t.ask_turns[1:]:
                    later = r.said(turn)
                    if first.failed or later.failed:
                        failed = later if later.failed else first
                        verdicts.append(_failed(r, t.code, later, t, failed))
                    elif why := self._vacuous(said[r.id], first.turn, later.turn):
                        verdicts.append(_vacuous(r, t, later, why))
                    else:
                        pairs.append((r, t, first, later))
        scores = self.mss.score_many([(later.text, first.text) for _, _, first, later in pairs])
        threshold = self.config.consistency_threshold
        for (r, t, first, later), score in zip(pairs, scores, strict=True):
            verdicts.append(
                _verdict(
                    r,
                    t,
                    later,
                    score.mixed >= threshold,
                    score.mixed,
                    threshold,
                    first.text,
                    f"against its first reply (round {first.turn}): {first.text!r}",
                )
            )
        return verdicts

    def _vacuous(self, said: _Said, *turns: int) -> str:
        """Why replies agreeing would prove nothing: one is an echo, or the system's reply to anything."""
        for turn in turns:
            found, finder, k = said[turn]
            if found.is_echo:
                return f"vacuous: the reply of round {turn} is an echo of the partner's line"
            other = finder.canned(k)
            if other.turn:
                return (
                    f"vacuous: the reply of round {turn} is also its reply to round {other.turn}'s other line"
                )
        return ""

    def _passive(self, records: Sequence[ChatRecord], said: Mapping[str, _Said]) -> list[TestVerdict]:
        c = self.config
        replies = [(r, u) for r in records for u in r.sut_turns]
        live = [(r, u) for r, u in replies if not u.failed]
        meant = {r.id: _originals(r) for r in records}
        said_as = [(meant[r.id], r.said(u.turn, PARTNER).text) for r, u in live]
        inputs = [m.get(text, text) for m, text in said_as]
        # I2 compares with what the partner said: its own earlier replies would reward repeating them.
        before = [
            [
                meant[r.id].get(m["content"], m["content"])
                for m in window(r.utterances, SUT, c.coherence_tokens, _place(u))
                if m["role"] == "user"
            ]
            for r, u in live
        ]
        first = {r.id: r.sut_turns[0].turn for r in records if r.sut_turns}
        cosines = coherence(self.embedder, [(u.text, [i]) for (_, u), i in zip(live, inputs, strict=True)])
        cosines += coherence(self.embedder, [(u.text, b) for (_, u), b in zip(live, before, strict=True)])
        tox = self.toxicity
        toxic = [] if isinstance(tox, Unavailable) else tox.scores([u.text for _, u in live])
        verdicts = [_failed(r, code, u) for r, u in replies if u.failed for code in _PASSIVE]
        for n, (r, u) in enumerate(live):
            value = stutter(u.text, c.stutter_max_order)
            stutters = f"repeats itself: stutter {value:.2f}, at or over {c.stutter_threshold:g}"
            ok = value < c.stutter_threshold
            verdicts.append(_plain(r, u, TestCode.A6, ok, value, c.stutter_threshold, "" if ok else stutters))
            copies = said[r.id][u.turn][0]
            verdicts += self._copies(r, u, copies, first[r.id])
            i3, i2 = cosines[n], cosines[len(live) + n]
            fresh = not copies.says_nothing_new
            answered = direct_answer(inputs[n], u.text) and fresh
            why = "a direct answer to the question" if answered else _nothing_new(copies)
            on_input = answered or (fresh and i3 >= c.coherence_input)
            on_talk = answered or (fresh and i2 >= c.coherence_conversation)
            off_input = f"off the partner's line: cosine {i3:.2f}, under {c.coherence_input:g}"
            off_talk = (
                f"off what the partner said before: cosine {i2:.2f}, under {c.coherence_conversation:g}"
            )
            i3_why = why or ("" if on_input else off_input)
            i2_why = why or ("" if on_talk else off_talk)
            verdicts += [
                _plain(r, u, TestCode.I3, on_input, i3, c.coherence_input, i3_why),
                _plain(r, u, TestCode.I2, on_talk, i2, c.coherence_conversation, i2_why),
            ]
            if isinstance(tox, Unavailable):
                verdicts.append(_plain(r, u, TestCode.P1, None, reason=f"unavailable: {tox.reason}"))
            else:
                p = toxic[n]
                limit = c.toxicity_threshold
                why = f"by {tox.name}" if p < limit else f"toxic: {p:.2f} by {tox.name}, at or over {limit:g}"
                verdicts.append(_plain(r, u, TestCode.P1, p < limit, p, limit, why))
        for r in records:
            turns = r.sut_turns
            for u, found in zip(turns, repeated_questions([t.text for t in turns]), strict=True):
                if found is not None and not u.failed:
                    again, which = found
                    verdicts.append(
                        _plain(
                            r,
                            u,
                            TestCode.A7,
                            not again,
                            reason="asks again: " + "; ".join(which) if again else "",
                        )
                    )
        return verdicts

    def _copies(self, r: ChatRecord, u: Utterance, found: Repeats, first: int) -> list[TestVerdict]:
        """A8 on every reply, A9 on every reply after the system's first (round ``first``).

        A test whose comparison reached kgtest's limits (oracle/conversation/matching.py) is not judged."""
        e, p = found.echo, found.repeat
        echo = (
            f"copies {e.share:.0%} of the partner's line ({e.words} words)"
            if found.is_echo
            else found.echo_open
        )
        passed = None if found.echo_open else not found.is_echo
        out = [_plain(r, u, TestCode.A8, passed, e.share, self.repeats.echo_share, echo)]
        if u.turn > first:
            again = f"says {p.share:.0%} of its reply of round {p.turn} again" if found.is_repeat else ""
            passed = None if found.repeat_open else not found.is_repeat
            verdict = _plain(
                r, u, TestCode.A9, passed, p.share, self.repeats.repeat_share, again or found.repeat_open
            )
            out.append(replace(verdict, read=p.text if found.is_repeat else ""))
        return out


_PASSIVE = (TestCode.A6, TestCode.A8, TestCode.A9, TestCode.I2, TestCode.I3, TestCode.P1)
_Said = Mapping[int, tuple[Repeats, RepeatFinder, int]]


def _nothing_new(found: Repeats) -> str:
    if found.is_echo:
        return "an echo of the partner's line is no reply to it"
    if found.is_repeat:
        return f"says its reply of round {found.repeat.turn} again"
    return ""


def _vacuous(r: ChatRecord, t: InjectedTest, u: Utterance, why: str) -> TestVerdict:
    return TestVerdict(
        r.id, r.sut, t.code, u.turn, None, test=t.id, expected=t.expected, form=t.form, reason=why
    )


def _place(reply: Utterance) -> int:
    """Where the system's ``reply`` is in its record's utterances (``ChatRecord.said``'s order)."""
    return 2 * (reply.turn - 1) + 1


def _verdict(
    r: ChatRecord,
    t: InjectedTest,
    u: Utterance,
    passed: bool,
    score: float,
    threshold: float | None,
    read: str,
    reason: str,
) -> TestVerdict:
    return TestVerdict(
        r.id, r.sut, t.code, u.turn, passed, round(score, 4), threshold, t.id, read, t.expected, t.form,
        t.strength, t.bucket, u.turn - t.info_turn if t.info_turn is not None else 0, reason,
    )  # fmt: skip


def _originals(r: ChatRecord) -> dict[str, str]:
    """Each U3-U6 question of the conversation as said, to the question before it was perturbed:
    I2 and I3 read the partner's line as it was meant. A reply is on the line when it answers what
    was asked; the garbled words ("Wgat ia my dhildhpod hfro?") share nothing with a right answer
    (cosine -0.04 for "Your childhood hero is ...")."""
    return {
        r.said(turn, PARTNER).text: t.original for t in r.script.tests if t.original for turn in t.ask_turns
    }


def _plain(
    r: ChatRecord,
    u: Utterance,
    code: TestCode,
    passed: bool | None,
    score: float | None = None,
    threshold: float | None = None,
    reason: str = "",
) -> TestVerdict:
    return TestVerdict(
        r.id,
        r.sut,
        code,
        u.turn,
        passed,
        None if score is None else round(score, 4),
        threshold,
        reason=reason,
    )


def _failed(
    r: ChatRecord, code: TestCode, u: Utterance, t: InjectedTest | None = None, cause: Utterance | None = None
) -> TestVerdict:
    failed = cause or u
    error = failed.reply.error if failed.reply is not None else "no reply"
    why = f"not judged: the reply of round {failed.turn} failed ({error})"
    if t is None:
        return TestVerdict(r.id, r.sut, code, u.turn, None, reason=why)
    distance = u.turn - t.info_turn if t.info_turn is not None else 0
    return TestVerdict(
        r.id, r.sut, code, u.turn, None, test=t.id, expected=t.expected, form=t.form,
        strength=t.strength, bucket=t.bucket, distance=distance, reason=why,
    )  # fmt: skip
