"""A verdict in the reply's conclusion, said without Yes or No, where nothing else gave one.

Writers who correct a question often close on a sentence opened by "so", "therefore" or "thus" that
answers it in words of its own:
* setting the asked value aside: "So not Los Angeles.", "So Chicago wasn't his birthplace.",
  "..., so Los Angeles isn't right.", "So the place of death was Los Angeles, not San Francisco." for
  "Did he die in Los Angeles?" (or San Francisco, Chicago): No;
* "neither" for a question about either of two: "So neither city was in the RSFSR in 1917.": No;
* a plain assent: "So, that's right: they have diplomatic relations.": Yes.
Only a conclusion counts (the value set aside elsewhere may be a step: "not Los Angeles, where he
worked, but ..."), a supposition gives none, and conclusions that disagree give none, as does one that
names the value without setting it aside ("So Paris was her birthplace after all").
"""

from __future__ import annotations

import re

_CONCLUSION = re.compile(
    r"(?:^|[.!?:;\n,])[*_\"”’)]*+[^\S\n]*+[*_]*+(?:so|therefore|thus|hence|in\s+short|in\s+the\s+end)\b"
    r"[,:]?[^\S\n]*+(?P<s>[^.!?\n]*+)",
    re.I | re.M,
)
"""Within one line, possessive: on twenty thousand blank lines a run of spaces taken across lines was
re-read from every line."""
VALUE = re.compile(r"\b(?:in|at|for|with|from)\s+((?:the\s+)?[A-Z][^?]*?)[\s?.]*$")
"""The value a question asks about: the name that ends it ("... die in Los Angeles?")."""
_NEGATED = re.compile(r"\b(?:lack|lacks|lacked|not|never|n['’]t|false)\b", re.I)
_ASSENT = re.compile(r"(?:that|this|it)(?:['’]s|\s+is|\s+was)\s+(?:right|correct|true)\b", re.I)
_NEITHER = re.compile(r"neither\b", re.I)
_SUPPOSED = re.compile(r"\b(?:if|unless|whether|suppose|supposing|assuming)\b", re.I)


def concluded_verdict(reply: str, question: str, start: int = 0) -> tuple[str, tuple[int, int]] | None:
    """``("yes" | "no", span)`` of the reply's conclusions that answer the question, when they agree."""
    if _NEGATED.search(question):
        return None  # "Does X lack relations with Y?": setting a value aside answers the other way
    value = VALUE.search(question)
    aside = _aside(value.group(1)) if value else None
    either = re.search(r"\beither\b", question, re.I) is not None
    found: list[tuple[str, tuple[int, int]]] = []
    for match in _CONCLUSION.finditer(reply, start):
        said, at = match["s"], match.start("s")
        if _SUPPOSED.search(said):
            continue
        if _ASSENT.match(said):
            found.append(("yes", (at, at + _ASSENT.match(said).end())))  # type: ignore[union-attr]
        elif either and _NEITHER.match(said):
            found.append(("no", (at, at + len("neither"))))
        elif aside is not None and (denied := aside.search(said)) is not None:
            found.append(("no", (at + denied.start(), at + denied.end())))
        elif value is not None and value.group(1).lower() in said.lower():
            return None  # "So Paris was her birthplace after all": the value held, not set aside
    if not found or len({stance for stance, _ in found}) > 1:
        return None
    return found[-1]


def _aside(value: str) -> re.Pattern[str]:
    """ "not <value>" or "<value> isn't / wasn't / is not ...": the value set aside."""
    name = r"\s+".join(re.escape(w) for w in value.split())
    return re.compile(
        rf"\bnot\s+(?:in\s+|at\s+)?{name}(?![\w'’])"
        rf"|(?<![\w-]){name}\s+(?:is|was|were)(?:n['’]t|\s+not)\b",
        re.I,
    )
