"""When two names are the same, and how close two relation phrases must be to count as one.

Names are equal once normalised (case, accents, punctuation, word order, "the", ordinals and
Roman numerals: "World War II" is "the Second World War"); years and dates by value only
(1812 and 1813 are 0.62 apart by cosine). Cosine of sentence embeddings is the fallback for
relation phrases no catalog word names ("taught at" ~ "worked at"), never for names: it
measures topic, not identity ("Catherine Dickens" is 0.85 from "Charles Dickens").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_STOPWORDS = {"the", "a", "an", "of", "s"}
_ORDINALS = {
    **{w: str(i) for i, w in enumerate(["first", "second", "third", "fourth", "fifth"], 1)},
    **{w: str(i) for i, w in enumerate(["sixth", "seventh", "eighth", "ninth", "tenth"], 6)},
    **{w: str(i) for i, w in enumerate(["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"], 1)},
    **{f"{i}{s}": str(i) for i, s in enumerate(["st", "nd", "rd"] + ["th"] * 7, 1)},
}
_VALUE = re.compile(
    r"^(?:(?:c\.|circa|about|around|in|on)\s+)?(?:the\s+)?(?:\d[\d,.\-]*\s*(?:bc|bce|ad|ce|s)?|"
    r"(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
    r"(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?,?\s+\d{1,4})$",
    re.I,
)
_YEAR = re.compile(r"(?:^|(?<=[\s,]))(-?\d{1,4})\s*(bc|bce)?\s*$", re.I)
_ISO = re.compile(r"^(\d{4})-\d{1,2}-\d{1,2}$")
"""1918-05-11: the year comes first."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Drowzee sets 0.8 (§4.1, checked on 270 hand-labelled replies)."""

    synonym: float = 0.8
    """Cosine at or above which two relation phrases name the same relation (the fallback)."""


_LETTERS = str.maketrans(
    {
        "ł": "l",
        "Ł": "L",
        "ø": "o",
        "Ø": "O",
        "đ": "d",
        "Đ": "D",
        "ß": "ss",
        "æ": "ae",
        "Æ": "Ae",
        "œ": "oe",
        "Œ": "Oe",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
    }
)
"""Letters with no accent to take off: "Skłodowska" is "Sklodowska"."""


@lru_cache(maxsize=65_536)
def name_key(name: str) -> tuple[str, ...]:
    """A name reduced to what identifies it: "the Second World War" and "World War II" are equal."""
    plain = unicodedata.normalize("NFKD", name.translate(_LETTERS)).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", plain)
    return tuple(sorted({_ORDINALS.get(w, w) for w in words if w not in _STOPWORDS}))


def is_value(name: str) -> bool:
    """A year, number or date: matched by equal value only, never by cosine."""
    return bool(_VALUE.match(name.strip()))


def year_of(name: str) -> int | None:
    """The year a value names ("1812", "in 1812", "7 February 1812", "44 BC" is -43), else None."""
    if not is_value(name):
        return None
    iso = _ISO.match(name.strip())
    if iso is not None:
        return int(iso.group(1))
    found = _YEAR.search(name.strip())
    if found is None:
        return None
    year = int(found.group(1))
    return 1 - year if found.group(2) else year


def year_text(year: int) -> str:
    """A year as people write it: astronomical -43 is 44 BC."""
    return f"{1 - year} BC" if year <= 0 else str(year)
