"""Life dates given in brackets after a name: "Max Planck (1858–1947)"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from kgtest.kg.extract.spacy_parse import phrase

if TYPE_CHECKING:
    from spacy.tokens import Span

_LIFESPAN = re.compile(r"^\s*(?:c\.\s*|born\s+)?(?P<born>\d{3,4})\s*[–—-]\s*(?:c\.\s*)?(?P<died>\d{3,4})\s*$")


def lifespans(sent: Span) -> Iterator[tuple[str, str, str]]:
    """(name, year of birth, year of death) for each "Name (1858–1947)" in the sentence; "Planck" alone
    may parse as a common noun, so any capitalised word before the brackets counts."""
    doc = sent.doc
    for name in sent[:-1]:
        if not name.text[:1].isupper() or doc[name.i + 1].text != "(":
            continue
        close = next((t.i for t in doc[name.i + 1 : sent.end] if t.text == ")"), None)
        found = _LIFESPAN.match(doc[name.i + 2 : close].text) if close is not None else None
        if found:
            yield phrase(name), found["born"], found["died"]
