"""The parse cache gives back every field of every triple it stored (kg/extract/parse_cache.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path

from kgtest.kg.extract.parse_cache import CachedExtractor
from kgtest.kg.extract.triples import Triple


def _every_field_set() -> Triple:
    """A triple whose every field differs from its default, so a field the cache drops shows."""
    made = Triple(
        "Armenia", "opened", "embassy", negated=True, key="open",
        sentence="Armenia opened an embassy in 2010.", subject_pronoun="it", object_pronoun="there",
        antecedents=("Armenia", "Tokyo"), only="place", acted_on="embassy",
    )  # fmt: skip
    blank = Triple("", "", "")
    assert all(getattr(made, f.name) != getattr(blank, f.name) for f in fields(Triple)), "set every field"
    return made


class _Once:
    name = "once"

    def __init__(self, triples: list[Triple]) -> None:
        self.triples, self.calls = triples, 0

    def extract(
        self, texts: Sequence[str], names: Sequence[Sequence[str]] | None = None
    ) -> list[list[Triple]]:
        self.calls += 1
        return [list(self.triples) for _ in texts]


def test_a_cached_text_reads_back_every_field(tmp_path: Path) -> None:
    triple = _every_field_set()
    inner = _Once([triple])
    cache = tmp_path / "parses.sqlite"
    first = CachedExtractor(lambda: inner, cache, "once rules=x").extract(["a text"], [["Armenia"]])
    again = CachedExtractor(lambda: inner, cache, "once rules=x").extract(["a text"], [["Armenia"]])
    assert inner.calls == 1  # the second reading came from the cache
    assert first == again == [[triple]]
