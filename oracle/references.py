"""A "there" or "that town" the extractor pointed nowhere: the place its own sentence named before it.

The parse offers a reference only the names that head a phrase, so a place said as a modifier is no
antecedent: "Sidney Sheldon was a Chicago kid — he was born there", "Leibniz was a Leipzig boy –
born there in 1646" (styled_dev15 F1-012, styled_blind9 W2-011) left "born in there" unread.
Here the words of the sentence before the "there" are read as names, and the one place the KB or
the case knows among them is where "there" points. Two places ("moved from Ulm to Munich and
died there") compete and leave it unread; a place's address ("Washington, D.C.", "New Orleans,
Louisiana") is one place, its first name.
"""

from __future__ import annotations

import re
from collections.abc import Callable

THERE = re.compile(r"\b(?:there|th(?:at|is|e) (?:town|city|village|place))\b")
"""The reference itself, lower case ("There is no ..." at a sentence's start points nowhere); what
the extractor reads as "there" (kg/extract/spacy_nouns.py)."""
_NAME = re.compile(
    r"[A-Z\u00C0-\u024F][\w'’.\-]*(?:\s+(?:(?:of|the|de|di|da|von|van|der|du|la|le|am|upon)\s+)*"
    r"[A-Z\u00C0-\u024F][\w'’.\-]*)*"
)
"""A capitalised name, with the small words inside names ("Frankfurt am Main")."""
_ADDRESS = re.compile(r"\s*,\s*")
"""What comes between a place and its region or country in its address: "New Orleans, Louisiana"."""


def place_before(sentence: str, is_place: Callable[[str], str | None]) -> str | None:
    """The one place named before the sentence's first lower-case "there", as its name; None where
    none is or two compete. ``is_place`` gives a name's entity id when it is a place."""
    found = THERE.search(sentence)
    if found is None:
        return None
    before = sentence[: found.start()]
    places: dict[str, str] = {}
    end = -1
    for name in _NAME.finditer(before):
        address = end >= 0 and _ADDRESS.fullmatch(before[end : name.start()]) is not None
        end = name.end()
        if address:
            continue  # "Washington, D.C.": the address of the place just named
        eid = is_place(name.group().strip(" .'’"))
        if eid is not None:
            places.setdefault(eid, name.group().strip(" .'’"))
    return next(iter(places.values())) if len(places) == 1 else None
