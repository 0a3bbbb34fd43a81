"""What a dump held that the KB does not take, counted by why: build-kb tells the user.

A DBpedia dump, or a Wikidata one in another language, built a KB of a few facts, and nothing
said that the rest of the file had been passed over.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum


class Why(StrEnum):
    """Why a triple was passed over, in the words build-kb prints."""

    PREDICATE = "a predicate kgtest does not read"
    SUBJECT = "a subject that is no Wikidata item"
    LANGUAGE = "a text not in English"
    VALUE = "a value kgtest does not read"


@dataclass(slots=True)
class Tally:
    """Triples read, and those passed over by why, with the first predicate (or subject) of each."""

    read: int = 0
    skipped: Counter[Why] = field(default_factory=Counter)
    first: dict[Why, str] = field(default_factory=dict)

    def skip(self, why: Why, example: str) -> None:
        self.skipped[why] += 1
        if why not in self.first:
            self.first[why] = example

    def clear(self) -> None:
        self.read = 0
        self.skipped.clear()
        self.first.clear()

    def told(self) -> str:
        """``4 of 7 triples passed over: 2 with a predicate kgtest does not read (first <...>), ...``;
        empty when every triple was used."""
        total = sum(self.skipped.values())
        if not total:
            return ""
        parts = [
            f"{n:,} with {why.value} (first: {_shown(self.first[why])})"
            for why, n in sorted(self.skipped.items(), key=lambda kv: (-kv[1], kv[0].name))
        ]
        return f"{total:,} of {self.read:,} triples passed over: {'; '.join(parts)}"


def _shown(example: str) -> str:
    return f"<{example}>" if example.startswith(("http://", "https://")) else example
