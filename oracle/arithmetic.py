"""Facts one must compute to check: ages, who outlived whom and by how much, years said relative to
another ("a decade later").

* An age at death, "died at 76", "died aged 76", "at the age of 76", "lived to 76", is right when
  the KB's years of birth and death are 76 or 77 apart (a birthday may fall before or after the
  day of death). Read as a year, "died at 76" was a death in the year 76: a confident wrong fact.
* An age in a year, "was 10 years old in 1886", "turned 30 in 1909", says a birth in that year
  less the age, or the year before.
* "X outlived Y by more than half a century", "survived her by seven years", "died seven years
  after her": the KB's years of death, X's less Y's, against the amount, its words weighed:
  "more than", "over" (above it), "almost", "nearly", "just under" (at most it, within a tenth),
  "about", "around", "some" (within a tenth, at least two years), none (within a year).
* Years said relative to another ("a decade later") are written out before the text is read
  (rewrite.py), so the fact of that clause is dated like any other (dated.py).

A claim whose years the KB lacks is open, as any other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from kgtest.oracle.claims import AGE, BORN_AFTER, OUTLIVED, Claim
from kgtest.oracle.relations import RelationMatch, words

_NUMBERS: dict[str, float] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "half a": 0.5,  # "half a century"
}
_UNITS = {"year": 1, "years": 1, "decade": 10, "decades": 10, "century": 100, "centuries": 100}
_COUNTS = (
    r"\d{1,3}|half\s+a|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
    r"|twenty|thirty|forty|fifty|sixty"
)
_COUNT = rf"(?P<n>{_COUNTS})"
_UNIT = r"(?P<unit>years?|decades?|century|centuries)"
_QUALIFIER = (
    r"(?:(?P<q>more\s+than|over|well\s+over|just\s+over|almost|nearly|just\s+under|less\s+than|under|about|around"
    r"|roughly|approximately|some|close\s+to|exactly)\s+)?"
)
_AMOUNT = re.compile(rf"\b{_QUALIFIER}{_COUNT}\s+{_UNIT}\b", re.I)
_AGE = re.compile(
    r"\b(?:at\s+(?:the\s+age\s+of\s+)?|aged\s+|age\s+of\s+|lived\s+to\s+(?:be\s+|the\s+age\s+of\s+)?)(?P<n>\d{1,3})\b"
    r"|\b(?P<m>\d{1,3})(?:\s+years?\s+old|-year-old)\b",
    re.I,
)
_DEATH_WORDS = {"die", "died", "dies", "pass", "passed", "perish", "perished", "live", "lived", "death"}
_OUTLIVING = {"outlive", "outlived", "outlives", "survive", "survived", "survives"}
_DIED = re.compile(r"\b(?:died|dies|death|passed\s+away)\b", re.I)


def read(claims: list[Claim]) -> list[Claim]:
    """The claims with ages and "outlived by" read as what they compute; an age said beside a death
    no triple reads ("died in New York City in 1943, aged 70") is the dead one's."""
    out = [_computed(c) or c for c in claims]
    aged = {c.triple.sentence for c in out if c.statement and c.statement[1] == AGE}
    for c in list(out):
        death = c.statement is not None and c.statement[1] in ("P20", "P570") and not c.negated
        age = _age(c.triple.sentence) if death and c.triple.sentence not in aged else None
        if age is not None and c.subject.known:
            out.append(_as(c, AGE, str(age), None))
            aged.add(c.triple.sentence)
    return out


def _computed(claim: Claim) -> Claim | None:
    t = claim.triple
    if claim.negated or not claim.subject.known:
        return None
    lemmas = set(words(t.relation).split()) | set(t.key.split())
    age = _age(t.sentence)
    named_age = claim.object.name.strip() in (str(age), "age") or claim.object.year in (age, None)
    at_death = lemmas & _DEATH_WORDS or (lemmas & {"age", "aged"} and _DIED.search(t.sentence))
    if age is not None and at_death and claim.object.how in ("year", "none") and named_age:
        return _as(claim, AGE, str(age), None)
    if age is not None and "old" in lemmas and claim.object.year is not None and claim.object.year > 200:
        return replace(_as(claim, AGE, str(age), None), when=(claim.object.year, claim.object.year))
    births = bool(lemmas & {"bear", "born"} and lemmas & {"after", "before"})
    if claim.object.known and (
        births or lemmas & _OUTLIVING or (lemmas & {"die", "died"} and lemmas & {"after", "before"})
    ):
        found = _AMOUNT.search(t.sentence)
        amount = _years(found) if found else None
        sign = -1 if "before" in lemmas and not lemmas & _OUTLIVING else 1
        qualifier = " ".join((found["q"] or "").lower().split()) if found else "more than"
        if amount is None:
            amount = 0.0  # "outlived her": more than no years
            qualifier = "more than"
        relation = BORN_AFTER if births else OUTLIVED  # "born eleven years after Francis"
        return replace(_as(claim, relation, claim.object.id or "", None), amount=(qualifier, sign * amount))
    return None


def _as(claim: Claim, relation: str, obj: str, when: tuple[int, int] | None) -> Claim:
    assert claim.subject.id is not None
    match = RelationMatch(relation, True, "words", words(claim.triple.relation), "phrase")
    return replace(
        claim, relation=match, statement=(claim.subject.id, relation, obj), alternatives=(), when=when
    )


def _age(sentence: str) -> int | None:
    found = _AGE.search(sentence)
    if found is None:
        return None
    n = int(found["n"] or found["m"])
    return n if 0 < n <= 130 else None


def _years(found: re.Match[str]) -> float:
    count = found["n"].lower()
    n = float(count) if count.isdigit() else float(_NUMBERS[" ".join(count.split())])
    return n * _UNITS[found["unit"].lower()]


def wrong(claim: Claim, lifetime: Callable[[str], tuple[int | None, int | None]]) -> tuple[str, str]:
    """(status, why) for a computed claim against the KB's lifetimes: ``proven``, ``refuted`` or ``open``."""
    assert claim.statement is not None
    s, p, o = claim.statement
    born, died = lifetime(s)
    if p == AGE:
        age = int(o)
        year = claim.when[0] if claim.when is not None else None
        if year is not None and born is not None:
            ok = year - born in (age, age + 1)
            return ("proven", "") if ok else ("refuted", f"the KB gives a birth in {born}")
        if born is None or died is None:
            return "open", ""
        ok = died - born in (age, age + 1)
        return (
            ("proven", "")
            if ok
            else ("refuted", f"the KB gives {born} to {died}: {died - born - 1} or {died - born}")
        )
    mine, other = (born, lifetime(o)[0]) if p == BORN_AFTER else (died, lifetime(o)[1])
    if mine is None or other is None or claim.amount is None:
        return "open", ""
    qualifier, amount = claim.amount
    gap = mine - other
    if _fits(gap, qualifier, amount):
        return "proven", ""
    events = "births" if p == BORN_AFTER else "deaths"
    return "refuted", f"the KB gives {events} in {mine} and {other}, {gap} years apart"


def _fits(gap: int, qualifier: str, amount: float) -> bool:
    slack = max(2.0, abs(amount) / 10)
    if qualifier in ("more than", "over", "well over", "just over"):
        return gap > amount if amount >= 0 else gap < amount
    if qualifier in ("almost", "nearly", "just under", "less than", "under", "close to"):
        return abs(amount) - slack <= abs(gap) <= abs(amount) and (gap >= 0) == (amount >= 0)
    if qualifier in ("about", "around", "roughly", "approximately", "some"):
        return abs(gap - amount) <= slack
    return abs(gap - amount) <= 1
