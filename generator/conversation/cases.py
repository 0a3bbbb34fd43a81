"""Conversation scripts as test cases, so a battery is a suite like any other: run, judged, reported.

A conversation case holds its whole script (what the scripted partner says in each round and
the tests it injects); the runner's conversation driver holds the conversation, the battery
oracle judges it. A script with no injected test opens a free conversation with a partner
system (``kgtest run --partner``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from kgtest.core.records import to_plain
from kgtest.generator.case import Answer, TestCase, case_id
from kgtest.generator.conversation.script_records import Script

KIND = "conversation"


def conversation_cases(scripts: Sequence[Script]) -> list[TestCase]:
    """One case per script; the id comes from the script itself, so the same seed gives the same ids."""
    return [_case(script) for script in scripts]


def _case(script: Script) -> TestCase:
    codes = ", ".join(dict.fromkeys(t.code.value for t in script.tests)) or "none: a free conversation"
    question = f"conversation {script.run + 1}: {script.turns} rounds, injected tests {codes}"
    return TestCase(
        id=case_id(KIND, json.dumps(to_plain(script), sort_keys=True)),
        kind=KIND,
        rule="battery" if script.tests else "free",
        domain="conversation",
        question=question,
        prompt=script.line(1).text,
        expected=Answer.PER_ROUND,
        script=script,
    )
