"""What every extractor does to a reply's text: plain sentences in, whole names, relation keys out.

Shared so that the spaCy reader and the CoreNLP client see the same sentences, keep the same
entity names whole and give a relation the same key.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_PLACEHOLDER = "Zqx"
"""Masked names become ``Zqxa``, ``Zqxb``...: one token a parser reads as a proper noun."""
_MASKED = re.compile(rf"{_PLACEHOLDER}[a-z]+")


def mask_names(text: str, names: Sequence[str]) -> tuple[str, dict[str, str]]:
    """Each multi-word or punctuated name replaced by a placeholder; also returns placeholder -> name."""
    hard = sorted({n for n in names if not n.isalnum()}, key=len, reverse=True)
    if not hard or _PLACEHOLDER.lower() in text.lower():
        return text, {}
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, hard)) + r")(?!\w)", re.I)
    canonical = {n.lower(): n for n in hard}
    mapping: dict[str, str] = {}
    by_name: dict[str, str] = {}

    def placeholder(match: re.Match[str]) -> str:
        name = canonical.get(match.group().lower(), match.group())
        if name not in by_name:
            by_name[name] = f"{_PLACEHOLDER}{_letters(len(by_name))}"
            mapping[by_name[name]] = name
        return by_name[name]

    return pattern.sub(placeholder, text), mapping


def is_placeholder(word: str) -> bool:
    return bool(_MASKED.fullmatch(word))


def unmask(text: str, mapping: dict[str, str]) -> str:
    return _MASKED.sub(lambda m: mapping.get(m.group(), m.group()), text) if mapping else text


def _letters(n: int) -> str:
    out = ""
    while True:
        out = chr(ord("a") + n % 26) + out
        n = n // 26 - 1
        if n < 0:
            return out


_LIGHT = {"be", "locate", "situate", "base", "find"}
"""Lemmas that add nothing to a relation: "is in", "is located in" and "is situated in" are one relation."""


def relation_key(lemmas: Sequence[str]) -> str:
    """The key every extractor gives a relation: its lemmas, lower case, light verbs dropped."""
    words = [w.lower() for w in lemmas if w]
    content = [w for w in words if w not in _LIGHT]
    return " ".join(content or words)


_BULLET = re.compile(r"^\s*(?:[-*•>]+|\(?\d{1,2}[.)]|\(?[a-z]\))\s*")
_HEADING = re.compile(r"^\s*(?:#+\s*)?(?:reasoning|evidence|explanation|justification|steps?)\s*:?\s*$", re.I)
_MARKUP = re.compile(r"\*\*|__|`|^#+\s*", re.M)


_LABEL = re.compile(
    r"^(?:(?:step|point)\s*\d+|conclusion|answer|final\s+answer|evidence|note|reasoning|explanation|summary"
    r"|in\s+short|verdict)\s*[:.\-–—]\s*",
    re.I,
)
"""A label opening a line ("Step 3:", "Conclusion:"): no name."""
_CITED = re.compile(r"\s*\[\d{1,3}\]")
"""A footnote mark, "[1]": no year of anything."""
_REFERENCE = re.compile(r"^\s*\[\d{1,3}\]\s")
"""A line of the references a reply cites: "[1] Wikipedia, "Emma Darwin"" states nothing."""


_ASIDE = re.compile(r"\s*\((?!\s*(?:born|died|b\.|d\.|c\.)\b)[^()\d\n]{1,60}\)")
"""A short aside in brackets without a date: "(Oberbayern)", "(then South West Africa)", "(the Serbian-
American inventor)". The parser reads a name with one as two broken phrases; "(1858–1947)" and
"(born in Ulm)" stay, they state something."""


def prepare(text: str) -> str:
    """Plain sentences from markdown: no bullets, emphasis or headings; each list item its own sentence;
    no footnote marks or reference lines."""
    lines = []
    raws = _MARKUP.sub("", text).splitlines()
    reasoning = False  # in a table that works through the question's conditions, not one of facts
    for k, raw in enumerate(raws):
        if _CELLS.match(raw) and k + 1 < len(raws) and _RULE.match(raws[k + 1]):
            reasoning = bool(_WORKING.search(raw))
            continue  # a header row
        if not _CELLS.match(raw) and not _RULE.match(raw):
            reasoning = False
        checked = bool(_CELLS.match(raw) and _TICKED.search(raw))  # "| Event 1 | ... | ❌ |"
        if reasoning or checked or _HEADING.match(raw) or _REFERENCE.match(raw) or _RULE.match(raw):
            continue
        raw = _table_row(_ASIDE.sub("", _CITED.sub("", raw)))
        listed = bool(_BULLET.match(raw))
        line = _LABEL.sub("", _BULLET.sub("", raw).strip())
        if listed:  # "- Jhonatan Narváez: Ecuadorian cyclist, born in Ecuador"
            line = _DESCRIBED.sub(_described, line)
        if line:
            lines.append(line if line[-1] in ".!?:;" else line + ".")
    return " ".join(lines)


_WORKING = re.compile(r"\b(?:needs?|condition|requires?|required|holds?|true|false|event|satisf)", re.I)
"""A header of a table that checks the question's conditions row by row ("| Condition | Needs | Holds? |"):
its rows say what the question asks, not facts."""
_TICKED = re.compile(r"[✓✔✗✘❌✅]|\bEvent\s+\d")
_RULE = re.compile(r"^\s*\|?[\s:|-]*-{3,}[\s:|-]*$")
"""A table's rule line, "|---|---|"."""
_CELLS = re.compile(r"^\s*\|(.+)\|\s*$")
_SPAN = re.compile(r"^\s*(?:born\s+)?(\d{3,4})\s*[–—-]\s*(\d{3,4})\s*$")
_STATE = re.compile(r"\s+(?:alive|lived|life|lifetime|exists?|existed)\s*$", re.I)
_DESCRIBED = re.compile(
    r"^(?P<name>[A-Z][\w.’'\- ]{1,60}?)(?:\s*:|\s+(?P<dash>[—–]))\s+(?P<what>(?:an?\s+|the\s+)?[A-Za-z].*)$"
)
"""A list item naming something and saying what it is, after a colon or a dash ("- **Matteo Trentin** —
the Italian road racer, born in 1989")."""
_SMALL = {"of", "the", "de", "di", "da", "von", "van", "der", "du", "la", "le", "and"}
"""The small words inside a name: before a dash, only a name is described ("Matteo Trentin — ...")."""
_CLAUSE = re.compile(
    r"^(?:he|she|it|they)\b|\b(?:was|were|is|are|has|have|had|became|joined|took|started|set|won|died|"
    r"left|moved|signed|received|entered|turned)\b",
    re.I,
)
"""A finite verb: what follows the colon is a sentence of its own ("- Established: The Holy See and
Bosnia and Herzegovina set up diplomatic relations in 1992"), and its label names nothing."""


def _described(match: re.Match[str]) -> str:
    """ "- Jhonatan Narváez: Ecuadorian cyclist" says what he is; "- Independence: Togo became independent
    in 1960" says no "Independence is Togo ...": the label is dropped."""
    if match["dash"] and not all(w[:1].isupper() or w in _SMALL for w in match["name"].split()):
        return match.group()  # "It is part of the East Africa region — not the other way round"
    if _CLAUSE.search(match["what"]):
        return match["what"]
    return f"{match['name']} is {match['what']}"


def _table_row(line: str) -> str:
    """A table's row as a sentence: "| Nikola Tesla alive | 1856–1943 | ❌ |" is "Nikola Tesla (1856–1943)",
    a lifetime as people write it; other rows their cells, a sentence each."""
    row = _CELLS.match(line)
    if row is None:
        return line
    cells = [c.strip() for c in row.group(1).split("|")]
    if len(cells) >= 2 and _SPAN.match(cells[1]):
        return f"{_STATE.sub('', cells[0])} ({cells[1].strip()})."
    return ". ".join(c for c in cells if c) + "."
