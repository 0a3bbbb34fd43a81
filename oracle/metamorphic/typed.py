"""What an answer claims, and whether the claim is the gold one: compared by type, not by wording.

Each answer is read into a ``TypedClaim`` (reading.py): "Unknown", a year, a number, Yes/No, a KB
entity, an unknown name, or its lead as free text. Against the gold, by the gold's type
(gold.py):

* a **year** is right when the answer's year (the one its verb gives) is the gold year, and an
  answer with no year is not (never by its words' likeness);
* a **number** when its first number has the gold's value; **Yes/No** when its stance is the gold's;
* a KB **entity** when the first value of the gold's kind the answer names is a value the KB
  holds for the question's subject and property (any of its names, or a short form of one:
  "Harvard" for Harvard University), a place within or around it (Queens for New York City,
  Germany for Munich), or, for "What did he work as?", a position the subject held (President
  of the United States for politician);
* **free text** (CoQA) when the gold's words appear in the answer's lead, or the lead without
  the question's words scores an MSS of at least epsilon_a against the gold.

Two answers agree when both are right, or they claim the same value (the same year, number,
stance or entity, or free text alike by the same test). docs/metamorphic.md says why.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from kgtest.kg.model import Domain, Fact
from kgtest.oracle.kb_lookup import KbLookup, containing
from kgtest.oracle.metamorphic.gold import ENTITY, NUMBER, TEXT, YEAR, YESNO, Gold
from kgtest.oracle.metamorphic.reading import (
    STOP,
    is_setting,
    lead,
    numbers,
    says_unknown,
    span,
    stance,
    words,
    years,
)

UNKNOWN_CLAIM = "unknown"
_CONTAINMENT = ("P131", "P17", "P30", "P361", "P276")
"""Properties that place a thing within another: the lower end is the subject."""
RELATED = {"P106": ("P39",), "P101": ("P106",)}
"""Values of these properties of the subject answer the question too, as more specific ones: a
position held is an occupation ("President of the United States" for "politician"), an
occupation names its field ("mathematician" for "mathematics")."""
_GENERIC = set(
    [
        "university",
        "college",
        "school",
        "party",
        "prize",
        "award",
        "city",
        "state",
        "states",
        "republic",
        "kingdom",
        "united",
        "national",
        "of",
        "the",
        "and",
        "in",
        "de",
        "for",
        "new",
        "saint",
        "st",
        "county",
        "river",
        "lake",
        "mount",
        "church",
        "company",
    ]
)
_TOKEN = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")


@dataclass(frozen=True, slots=True)
class TypedClaim:
    """What an answer says: a kind and a value, and whether that is the gold answer."""

    kind: str
    """``unknown``, ``year``, ``number``, ``yesno``, ``entity``, ``name`` or ``text``."""
    value: str
    """The year or number as text, ``yes``/``no``, the entity's KB id, a name's words, or the lead."""
    right: bool
    """The gold answer (False for "Unknown", which MR1 reads apart)."""
    how: str
    """Why, in words: ``year 1924 = gold``, ``entity Q11696 held (P39)``, ``MSS 0.71``."""
    lead: str = ""
    """The answer's lead without the question's words: what MSS is computed on."""
    said: str = ""
    """The lead as written: its numbers and names tell two alike leads apart."""


@dataclass(frozen=True, slots=True)
class _Mention:
    start: int
    ids: tuple[str, ...]
    text: str
    gold: bool


class Comparator:
    """Reads answers into claims; ``kb`` (optional) resolves names and relates values."""

    def __init__(self, kb: KbLookup | None = None) -> None:
        self.kb = kb
        self._accepted: dict[tuple[str, str, tuple[str, ...]], tuple[frozenset[str], frozenset[str]]] = {}

    def claim(
        self,
        question: str,
        answer: str,
        expected: tuple[str, ...],
        gold: Gold,
        text_score: Callable[[str], float] | None = None,
        threshold: float = 0.6,
    ) -> TypedClaim:
        """``text_score(gold)``: the lead's MSS against one gold string (free text only)."""
        found = self._claim(question, answer, expected, gold, text_score, threshold)
        return replace(found, said=lead(answer))

    def _claim(
        self,
        question: str,
        answer: str,
        expected: tuple[str, ...],
        gold: Gold,
        text_score: Callable[[str], float] | None = None,
        threshold: float = 0.6,
    ) -> TypedClaim:
        lead_words = span(answer, question)
        if says_unknown(answer):
            return TypedClaim(UNKNOWN_CLAIM, "", False, "says Unknown", lead_words)
        if is_setting(lead(answer)):
            return TypedClaim(TEXT, lead_words, False, "only says where or when the story is set", lead_words)
        if gold.kind == YEAR:
            found = years(lead(answer), question) or years(answer, question)
            if found:
                golds = {int(v) for g in (*gold.values, *expected) for v in re.findall(r"-?\d{3,4}", g)}
                ok = found[0] in golds
                return TypedClaim(
                    YEAR, str(found[0]), ok, f"year {found[0]} {'=' if ok else '!='} gold", lead_words
                )
            # no year: the gold is not said, however alike the words (an echo of "When did he die?"
            # scored an MSS of 0.61 against "1980")
            return TypedClaim(TEXT, lead_words, False, "gives no year", lead_words)
        if gold.kind == NUMBER:
            found_n = numbers(lead(answer))
            if found_n:
                golds_n = {n for g in expected for n in numbers(g)}
                ok = found_n[0] in golds_n
                return TypedClaim(NUMBER, f"{found_n[0]:g}", ok, f"number {found_n[0]:g}", lead_words)
        if gold.kind == YESNO:
            said = stance(answer, question)
            if said:
                ok = said in {e.strip().strip(".!").lower() for e in expected}
                return TypedClaim(YESNO, said, ok, f"{said} {'=' if ok else '!='} gold", lead_words)
        if gold.kind == ENTITY:
            return self._entity(question, answer, expected, gold, lead_words)
        return _text(answer, expected, lead_words, text_score, threshold)

    def _entity(
        self, question: str, answer: str, expected: tuple[str, ...], gold: Gold, lead_words: str
    ) -> TypedClaim:
        accepted, types = self._accepted_ids(gold)
        names = [*expected, *self._names(accepted)]
        skip = self._skip(gold, question)
        first = lead(answer) or answer
        for n, m in enumerate(self._mentions(first, names, accepted, skip)):
            other = n == 0 and m.start <= 1 and not m.gold and self._person(m.ids)
            if other:  # "Marie Curie was employed by ..." for "Who employed her?" (Irène)
                return TypedClaim(
                    ENTITY, other, False, f"is about {m.text}, not the question's subject", lead_words
                )
            if m.gold:
                what = m.ids[0] if m.ids else m.text
                return TypedClaim(
                    ENTITY, (m.ids or gold.values)[0], True, f"names {what}, a gold value", lead_words
                )
            if self.kb is not None and any(self._kind_of(i) & types for i in m.ids):
                return TypedClaim(
                    ENTITY, m.ids[0], False, f"names {m.ids[0]} ({m.text}), not a gold value", lead_words
                )
        proper = _proper_names(first, skip_words={w for s in skip for w in words(s)} | set(words(question)))
        if proper:
            return TypedClaim(
                "name",
                " ".join(words(proper[0])),
                False,
                f"names {proper[0]!r}, not a gold value",
                lead_words,
            )
        return TypedClaim(TEXT, lead_words, False, "names no gold value", lead_words)

    def _accepted_ids(self, gold: Gold) -> tuple[frozenset[str], frozenset[str]]:
        """The KB ids that answer the question, and the kinds (P31 types, place) of the gold values."""
        key = (gold.subject, gold.relation, gold.values)
        if key in self._accepted:
            return self._accepted[key]
        ids = set(gold.values)
        kb = self.kb
        if kb is not None and gold.subject:
            facts = kb.facts_of([gold.subject])
            related = (gold.relation, *RELATED.get(gold.relation, ()))
            ids |= {f.object for f in facts if f.subject == gold.subject and f.property in related}
            places = {i for i in ids if "place" in self._kind_of(i)}
            if places:  # a place within or around a gold place: Queens, Germany for Munich
                ids |= {f.object for f in containing(kb, sorted(places), _upward)} | _within(kb, places)
        types = frozenset(t for i in set(gold.values) for t in self._kind_of(i))
        self._accepted[key] = (frozenset(ids), types)
        return self._accepted[key]

    def _person(self, ids: tuple[str, ...]) -> str:
        """The one person among ``ids`` (a human in the KB), else empty."""
        people = [i for i in ids if "Q5" in self._kind_of(i)]
        return people[0] if len(people) == 1 else ""

    def _kind_of(self, eid: str) -> frozenset[str]:
        entity = self.kb.entity(eid) if self.kb is not None else None
        if entity is None:
            return frozenset()
        kinds = set(entity.types)
        if entity.domain is Domain.PLACES:
            kinds.add("place")
        return frozenset(kinds)

    def _names(self, ids: frozenset[str]) -> list[str]:
        out: list[str] = []
        for eid in sorted(ids):
            entity = self.kb.entity(eid) if self.kb is not None else None
            if entity is not None:
                out += [entity.label, *entity.aliases]
        return [n for n in out if n]

    def _skip(self, gold: Gold, question: str) -> list[str]:
        """Names of what the question is about: naming them is not answering with them."""
        out = list(gold.named_labels)
        for eid in gold.named:
            entity = self.kb.entity(eid) if self.kb is not None else None
            if entity is not None:
                out += [entity.label, *entity.aliases]
        return out

    def _mentions(
        self, text: str, names: list[str], accepted: frozenset[str], skip: list[str]
    ) -> list[_Mention]:
        """Gold names and KB entities the text names, left to right, the question's subject left out."""
        toks = _TOKEN.findall(text)
        low = [" ".join(w for w in words(t) if w != "s") for t in toks]  # "Kafka's" is Kafka
        gold_seqs = [tuple(words(n)) for n in names if words(n)]
        skip_seqs = {tuple(words(n)) for n in skip if words(n)}
        found: list[_Mention] = []
        i = 0
        while i < len(toks):
            step = 1
            for size in range(min(7, len(toks) - i), 0, -1):
                seq = tuple(w for t in low[i : i + size] for w in t.split())
                if not seq:
                    continue
                phrase = " ".join(toks[i : i + size])
                if seq in skip_seqs:
                    step = size
                    break
                if seq in gold_seqs:
                    found.append(_Mention(i, (), phrase, True))
                    step = size
                    break
                if not toks[i][0].isupper() or (seq[-1] in _GENERIC and size == 1):
                    continue
                ids = self._named(phrase)
                if ids:
                    is_gold = bool(set(ids) & accepted)
                    found.append(_Mention(i, tuple(sorted(set(ids) & accepted) or ids), phrase, is_gold))
                    step = size
                    break
                if _short_form(seq, gold_seqs):
                    found.append(_Mention(i, (), phrase, True))
                    step = size
                    break
            i += step
        return found

    def _named(self, phrase: str) -> tuple[str, ...]:
        if self.kb is None:
            return ()
        return tuple(dict.fromkeys(eid for eid, _ in self.kb.named(phrase)))


def agree(x: TypedClaim, y: TypedClaim, alike: bool) -> tuple[bool, str]:
    """Whether two answers say the same: both right, or the same value (``alike``: their leads'
    MSS reaches epsilon_b, which decides for free text)."""
    if x.right and y.right:
        return True, "both give a gold value"
    if x.kind != y.kind:
        return False, f"{x.kind} {x.value!r} vs {y.kind} {y.value!r}"
    if x.kind == UNKNOWN_CLAIM:
        return True, "both say Unknown"
    if x.kind == TEXT:
        if not _same_values(x.said, y.said):
            return False, "leads give other numbers or names"
        same = _contains(x.lead, y.lead) or alike
        return same, "leads alike" if same else "leads differ"
    same = x.value == y.value
    return same, f"both {x.kind} {x.value}" if same else f"{x.value!r} vs {y.value!r}"


def _text(
    answer: str,
    expected: tuple[str, ...],
    lead_words: str,
    score: Callable[[str], float] | None,
    threshold: float,
) -> TypedClaim:
    said = " ".join(words(lead(answer)))
    for g in expected:
        if g.strip().lower() in ("unknown", "") or not words(g):
            continue
        if _contains(said, " ".join(words(g))):
            return TypedClaim(TEXT, lead_words, True, f"says {g!r}", lead_words)
    best = max((score(g) for g in expected if words(g)), default=0.0) if score is not None else 0.0
    return TypedClaim(TEXT, lead_words, best >= threshold, f"MSS {best:.3f} of its lead", lead_words)


def _same_values(a: str, b: str) -> bool:
    """No number in one lead the other lacks, and the names of one among the other's: "John Dickens"
    and "Charles Dickens" are alike by MSS, but not the same claim."""
    if set(numbers(a)) != set(numbers(b)):
        return False
    x, y = _name_words(a), _name_words(b)
    return x <= y or y <= x


def _name_words(text: str) -> set[str]:
    """Capitalised words, not function words ("The", "He"): the names a lead gives."""
    return {w.lower() for w in _TOKEN.findall(text) if w[0].isupper() and w.lower() not in STOP}


def _contains(text: str, part: str) -> bool:
    """``part``'s words, in order and whole, within ``text``."""
    return bool(part) and f" {part} " in f" {text} "


def _short_form(seq: tuple[str, ...], golds: list[tuple[str, ...]]) -> bool:
    """ "Harvard" or "Communist Party" for a gold named "Harvard University", "Communist Party of
    the Soviet Union": some words of a gold name, at least one not a generic one."""
    content = set(seq) - _GENERIC
    return bool(content) and any(set(seq) < set(g) for g in golds)


def _proper_names(text: str, skip_words: set[str]) -> list[str]:
    """Runs of capitalised words past the first word, not the question's: names the KB may lack."""
    toks = _TOKEN.findall(text)
    out: list[str] = []
    run: list[str] = []
    for i, t in enumerate(toks):
        if i > 0 and t[0].isupper() and words(t) and words(t)[0] not in skip_words:
            run.append(t)
        else:
            if run:
                out.append(" ".join(run))
            run = []
    if run:
        out.append(" ".join(run))
    return out


def _upward(f: Fact, here: str) -> str | None:
    return f.object if f.property in _CONTAINMENT and f.subject == here else None


def _within(kb: KbLookup, ids: set[str]) -> set[str]:
    """Places the KB puts within one of ``ids`` (two levels down: boroughs of a city, cities of a country)."""
    below: set[str] = set()
    frontier = set(ids)
    for _ in range(2):
        frontier = {
            f.subject
            for f in kb.facts_of(sorted(frontier))
            if f.property in _CONTAINMENT and f.object in frontier
        }
        below |= frontier
    return below
