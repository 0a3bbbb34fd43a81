"""Years a reply sets against each other, rightly: "1976 is 15 years before 1991", "1981 is one year
after the 1980 cut-off", "1987 is more than two decades after 1963" (styled_blind13 W3-027,
styled_blind11 W3-032, W3-034). Such a clause compares two numbers and dates no fact, so its years
are no years left unread (unread.py); a comparison that gets the order or the count wrong is
reasoning gone astray and stays unread."""

from __future__ import annotations

import re

_COUNT = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_COUNT |= {"nine": 9, "ten": 10}
_COMPARED = re.compile(
    r"\b(?P<a>1\d{3}|20\d{2})\s+(?:is|was|comes|came|falls|lies)\s+"
    r"(?:(?P<loose>more\s+than|over|less\s+than|under|about|around|roughly|nearly|almost|well|just)\s+)?"
    r"(?:(?P<n>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a)\s+(?P<unit>years?|decades?)\s+)?"
    r"(?P<way>before|after|earlier\s+than|later\s+than)\s+(?:the\s+)?(?P<b>1\d{3}|20\d{2})\b",
    re.I,
)


def compared_years(sentence: str) -> set[str]:
    """The years of the sentence's right comparisons of two years."""
    out: set[str] = set()
    for found in _COMPARED.finditer(sentence):
        a, b = int(found["a"]), int(found["b"])
        gap = a - b if found["way"].lower().startswith(("after", "later")) else b - a
        if gap <= 0:
            continue
        if found["n"] and not found["loose"]:
            said = int(found["n"]) if found["n"].isdigit() else _COUNT[found["n"].lower()]
            if said * (10 if found["unit"].lower().startswith("decade") else 1) != gap:
                continue
        out |= {found["a"], found["b"]}
    return out
