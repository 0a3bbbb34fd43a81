"""Small test cases of our own (the tests never read ../shared)."""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.generator.case import Answer, TestCase


def case(n: int, prompt: str, turns: Sequence[dict[str, str]] = ()) -> TestCase:
    return TestCase(
        id=f"c{n}",
        kind="fact",
        rule="ground",
        domain="test",
        question=prompt,
        prompt=prompt,
        expected=Answer.YES,
        turns=tuple(turns),
    )
