"""The class of a reply from the two checks (docs/oracle.md, "The classes"): wrong knowledge when a
claim is wrong, wrong inference when the answer does not follow from what the reply states."""

from __future__ import annotations

from kgtest.generator.case import Answer
from kgtest.oracle.answer import ParsedAnswer
from kgtest.oracle.answered import ANSWER
from kgtest.oracle.checked import Checked
from kgtest.oracle.claims import unread
from kgtest.oracle.listed import LISTED
from kgtest.oracle.outcome import Outcome
from kgtest.oracle.unknown_value import UNKNOWN_VALUE


def classify(checked: Checked, answer: ParsedAnswer, expected: Answer) -> tuple[Outcome, tuple[str, ...]]:
    """Knowledge is wrong when a claim is; inference is wrong when the answer does not follow from them."""
    given = answer.answer
    assert given is not None
    reasons = [c.note for c in checked.wrong]
    knowledge = bool(reasons)
    if expected is Answer.IDK:
        inference = True
        reasons.append(f"answers {answer.stance.value!r} where the proof leaves the answer unknown")
    elif checked.implied is not given:
        inference = True
        reasons.append(_not_following(checked, answer))
    elif given is not expected and not knowledge:  # a wrong answer is never correct
        inference = True
        reasons.append(f"answers {answer.stance.value!r} where the proof concludes {expected.value!r}")
    else:
        inference = False
    if checked.dropped:
        reasons.append(f"what it states contradicts the evidence: {'; '.join(checked.dropped)}")
    reasons += [
        f"{c.triple.relation!r} was not matched to any relation ({c.subject.label}, {c.object.label})"
        for c in checked.claims
        if unread(c)
    ]
    reasons += checked.notes
    concluded = [c.triple.sentence.strip() for c in checked.claims if c.status == ANSWER]
    if concluded and (inference or not knowledge):
        return Outcome.UNREADABLE, (
            f"cannot tell: it concludes what the KB contradicts, {concluded[0]!r}, after reasoning of its "
            "own: believed, it is wrong knowledge, drawn, a wrong inference",
            *reasons,
        )
    if any(c.status == LISTED for c in checked.claims) and (inference or not knowledge):
        listing = next(c.triple.sentence.strip() for c in checked.claims if c.status == LISTED)
        return Outcome.UNREADABLE, (
            f"cannot tell: it lists other values where the proof has its own, {listing!r}: "
            "a list of some (a wrong inference) or a correction (wrong knowledge)",
            *reasons,
        )
    if any(c.status == UNKNOWN_VALUE for c in checked.claims) and (inference or not knowledge):
        named = next(c for c in checked.claims if c.status == UNKNOWN_VALUE)
        return Outcome.UNREADABLE, (
            f"cannot tell: {named.object.name!r}, which the KB does not know, stands where the proof has "
            f"its own value ({named.triple.sentence.strip()!r}): another name of it or a place within it "
            "(no wrong knowledge), or another value (wrong knowledge)",
            *reasons,
        )
    if knowledge and inference:
        return Outcome.BOTH, tuple(reasons)
    if knowledge:
        return Outcome.ERRONEOUS_KNOWLEDGE, tuple(reasons)
    if inference:
        return Outcome.ERRONEOUS_INFERENCE, tuple(reasons)
    stated = "nothing the KB contradicts" if checked.world != "unstated" else "nothing beyond it"
    return Outcome.CORRECT, (f"answers {answer.stance.value!r} as proven and states {stated}", *reasons)


def _not_following(checked: Checked, answer: ParsedAnswer) -> str:
    given = answer.stance.value
    if checked.world == "unchecked":
        return f"answers {given!r} where the proof concludes {_value(checked.implied)!r}"
    if checked.world == "unstated":
        return f"answers {given!r} and states nothing more; the KB's facts give {_value(checked.implied)!r}"
    if checked.world == "both":
        return f"answers {given!r}, but what it states proves and denies the question at once"
    if checked.world == "open":
        return f"answers {given!r}, but what it states, with the KB's facts it leaves, settles nothing"
    gives = _value(checked.implied)
    return f"answers {given!r}, but what it states, with the KB's facts it leaves, gives {gives!r}"


def _value(answer: Answer | None) -> str:
    return answer.value if answer is not None else "no answer"
