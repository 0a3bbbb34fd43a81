"""The one verdict record every kind of case gets, and the outcomes it can have.

``<workspace>/runs/<run id>/verdicts.jsonl`` holds one ``JudgedReply`` per case, in suite
order, whatever its kind: the report, the gate, JUnit, ``inspect`` and the graph store read
only this. A fact or temporal case carries the fact oracle's full evidence (``verdict``); a
dialogue case or a conversation carries its reasons and how many of its checks passed, the
checks themselves being kept beside it (dialogue.json, battery/).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kgtest.core.jsonl import records_holding
from kgtest.core.records import from_plain, to_plain
from kgtest.oracle.judge import Outcome, Verdict

NO_REPLY = "no_reply"
"""The system failed (timeout, HTTP error): nothing to judge."""
UNJUDGED = "unjudged"
"""The oracle failed on this reply alone (``JudgedReply.error`` says how), or a dialogue or
conversation is incomplete; the others are judged."""
TRUNCATED = "truncated"
"""Generation stopped at max_tokens: judged (the verdict is kept), but counted apart, never as a
hallucination, since half a reasoning is no evidence of a wrong one (docs/oracle.md)."""
CONSISTENT, INCONSISTENT = "consistent", "inconsistent"
"""A dialogue case: every metamorphic check its rounds take part in passed, or one failed."""
PASSED, FAILED = "passed", "tests_failed"
"""A conversation: every battery test judged on it passed, or one failed (not "failed": that is a
reply that never came back, ``no_reply``)."""
PASSING = frozenset({Outcome.CORRECT.value, CONSISTENT, PASSED})
"""The outcomes that pass a case."""
ABSTAINED = frozenset(
    {
        *(o.value for o in (Outcome.IDK, Outcome.REFUSAL, Outcome.AMBIGUOUS, Outcome.UNREADABLE)),
        NO_REPLY,
        UNJUDGED,
    }
)
"""No clear Yes/No, or none the oracle can class (``unreadable``): counted apart from answered cases."""


@dataclass(frozen=True, slots=True)
class JudgedReply:
    """One line of verdicts.jsonl: a case's reply (or transcript) and what the oracle made of it."""

    case_id: str
    system: str
    outcome: str
    """An ``Outcome`` value, ``no_reply``, ``unjudged``, ``truncated``; for dialogues
    ``consistent`` / ``inconsistent``, for conversations ``passed`` / ``failed``."""
    hallucination: bool
    abstained: bool
    """No clear Yes/No (idk, refusal, ambiguous, no reply): kept out of hallucination rates."""
    reply: str
    """The reply's text, or ``(no reply: why)``; a dialogue's answers one per round."""
    verdict: Verdict | None
    """Everything that decided a fact case's outcome; None for other kinds and failed replies."""
    error: str | None = None
    """Why the oracle could not judge this reply (outcome ``unjudged``)."""
    finish_reason: str = ""
    """Why generation stopped (``stop``, ``length``, ...), as the runner recorded it."""
    kind: str = "fact"
    reasons: tuple[str, ...] = ()
    """Dialogues and conversations: the failed checks, said plainly (fact cases: ``verdict.reasons``)."""
    checks: int = 0
    """Dialogues and conversations: the checks judged on this case (relations, battery tests); a
    check between two dialogue cases is counted with its first side only, so a run's counts add up
    to its checks (each MR2 pair was counted twice: 250 "checks" of 151)."""
    passed_checks: int = 0

    @property
    def why(self) -> tuple[str, ...]:
        """The reasons of the outcome, whatever the kind."""
        return self.verdict.reasons if self.verdict is not None else self.reasons

    def to_dict(self) -> dict[str, Any]:
        return {**to_plain(self), "verdict": self.verdict.to_dict() if self.verdict else None}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> JudgedReply:
        verdict = data.get("verdict")
        record = from_plain(JudgedReply, {**data, "verdict": None})
        return replace(record, verdict=Verdict.from_dict(verdict)) if verdict is not None else record


def verdicts_mentioning(path: Path, case_id: str) -> list[JudgedReply]:
    """The records of verdicts.jsonl for ``case_id``, read from the lines that name it alone (a
    line that is not a record is passed over; verdicts.py's ``read_verdicts`` names it)."""
    records = records_holding(path, case_id, lambda line: JudgedReply.from_dict(json.loads(line)))
    return [record for record in records if record.case_id == case_id]
