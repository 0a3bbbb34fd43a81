"""Sentences the oracle could not read, and whether they could change a verdict.

A reply is judged on what it states, so a statement that was not read cannot be vouched for:
"Einstein came into the world in Munich" read as nothing leaves a reply about his birthplace
looking right. A sentence is **unread** when it relates two entities the case or the KB knows,
or one of them and a year the check needs, and no claim was read between them: a triple whose
relation names no property, or a sentence from which the parser read no triple at all. A
sentence that names at most one thing the KB knows ("Einstein loved sailing") relates nothing
the KB could check, and is no unread sentence.

What an unread sentence can change (docs/oracle.md, "When the oracle cannot tell"):

* the knowledge side, unless a read claim is already wrong knowledge (it may be wrong too);
* the inference side, when it names an entity of the proof (the question's ends, the evidence's
  entities, a temporal case's events) or, in a temporal case, a year: it may be a premise the
  answer rests on.

A verdict whose class an unread sentence could change is ``unreadable``; one it cannot change
keeps its class (a reply whose wrong knowledge was read, whose unread sentence names nothing of
the proof, is erroneous knowledge whatever that sentence says).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kgtest.core.wordnet import wordnet
from kgtest.oracle.claims import Claim
from kgtest.oracle.compared_years import compared_years
from kgtest.oracle.dated import DATED
from kgtest.oracle.entities import EntityMatch, EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.kin import of_the_proofs_kind
from kgtest.oracle.quantified import COUNTED
from kgtest.oracle.relations import words
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.vague import VAGUE

FORMULA = re.compile(r"\bEvent\s+\d\b|\bthe\s+(?:window|question|statement|condition|formula)\b", re.I)
"""Sentences about the question's own terms ("Event 1 in 1984 looks at the years 1994 to 2003")
relate its years to its events, not facts to check: no unread sentence."""
NAME = re.compile(
    r"[A-Z\u00C0-\u024F][\w'’.\-]*(?:\s+(?:(?:of|the|de|di|da|von|van|der|du|la|le|in|for|and|on)\s+)*"
    r"[A-Z\u00C0-\u024F0-9][\w'’.\-]*)*"
)
"""A capitalised name, with the small words inside names ("University of Zurich")."""
_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2}|[1-9]\d{1,2}\s*(?:BC|BCE|AD|CE)\b)")
DATED_WORDS = re.compile(
    r"\b(?:born|birth|died|dies|die|death|dead|passed away|lived|alive|living|founded|established|"
    r"dissolved|abolished|created|formed|began|begun|started|ended|took place|happened|held|"
    r"married|wed|marriage|won|received|awarded|age|aged|years? old|existed|reign|reigned)\b",
    re.I,
)
"""Words of the events the KB dates: a sentence linking an entity and a year with them states a date."""


@dataclass(frozen=True, slots=True)
class Unread:
    """A sentence that relates what the KB knows, with nothing read from it between those ends."""

    sentence: str
    names: tuple[str, ...]
    """The entities' labels and the years it relates."""
    ids: frozenset[str]
    """The entities' ids."""
    year: bool
    """It relates an entity and a year."""

    def text(self) -> str:
        return f'"{_short(self.sentence)}" ({", ".join(self.names)})'


def find_unread(
    text: str,
    claims: Sequence[Claim],
    ground: GroundGraph,
    entities: EntityReader,
    asked: Sequence[tuple[str, str]] = (),
    family: Callable[[str], str] = str,
    question: str = "",
) -> list[Unread]:
    """The reply's unread sentences, each once, in the reply's order. ``asked``: (property, words) of
    the case's relations: a sentence in their words from which no claim of them was read is unread
    too ("formal diplomatic relations were never fully restored")."""
    found: dict[str, Unread] = {}
    read = _read_pairs(claims)
    for c in claims:
        if c.statement is not None or c.status in READ_STATUSES or FORMULA.search(c.triple.sentence):
            continue
        if said_not_done(c) and not _YEAR.search(c.triple.sentence):
            continue
        pairs = read.get(_key(c.triple.sentence), set())
        u = _between(c.triple.sentence, c.subject, c.object, c.triple.relation, ground, entities.kb is None)
        u = u if u is None or not _covered(u, pairs) else None
        if u is not None or (u := _to_itself(c, ground, pairs)) is not None:
            found.setdefault(_key(u.sentence), u)
    for sentence in reply_sentences(text):
        if FORMULA.search(sentence) or any(_key(sentence) in k or k in _key(sentence) for k in found):
            continue
        mine = [c for c in claims if same_sentence(sentence, c.triple.sentence)]
        if (
            mine
            and all(said_not_done(c) or c.statement is not None for c in mine)
            and not _YEAR.search(sentence)
        ):
            continue  # "Einstein acknowledged his debt to Maxwell": what was said or thought, not done
        u = _left_out(sentence, mine, ground, entities, question) or _in_the_words(
            sentence, mine, asked, ground, entities, family
        )
        if u is not None:
            found.setdefault(_key(u.sentence), u)
    return list(found.values())


READ_STATUSES = (DATED, COUNTED, VAGUE)
"""Statuses of claims read though they state no KB statement: a date, a count, a vague bond."""


_NOT_FACTS = {"verb.communication", "verb.perception", "verb.emotion", "verb.cognition", "verb.consumption"}
"""WordNet's kinds of verbs no KB property is: saying, seeing, feeling, thinking, eating. A sentence of
them ("acknowledged his debt to Maxwell", "studied Engels's Anti-Dühring") states nothing the KB could
hold, unless it names a year (then it may date something: "declared its independence in 1912")."""


def said_not_done(claim: Claim) -> bool:
    """An unread triple whose verb says, perceives, feels or thinks (its most frequent sense)."""
    if claim.statement is not None or claim.relation is not None:
        return False
    head = claim.triple.key.split()[0] if claim.triple.key else ""
    return bool(head) and wordnet().kind(head, "verb") in _NOT_FACTS


def same_sentence(sentence: str, said: str) -> bool:
    a, b = _key(sentence), _key(said)
    return bool(a and b) and (a in b or b in a)


def _left_out(
    sentence: str, claims: list[Claim], ground: GroundGraph, entities: EntityReader, question: str = ""
) -> Unread | None:
    """A sentence naming two things the KB knows (or one and a year the check needs, or one and "he"
    or "she"), when nothing was read from it; or, when something was, when an entity of the proof it
    names is in none of what was read."""
    plain = SOURCE.sub(" ", sentence)  # "According to Britannica, ...": the source relates nothing
    mentioned: dict[str, str] = {}
    read = [c for c in claims if c.statement is not None or c.status in READ_STATUSES]
    said = " ".join(m.name.lower() for c in read for m in (c.subject, c.object))
    kin = []
    for found in NAME.finditer(plain):
        if _POSSESSED.match(plain, found.end()) or found.group().strip().lower() in said:
            continue  # "India's nuclear test": a thing of theirs; "at a palazzo in Venice": read whole
        matches = _read_names(found.group().strip(), ground, entities)
        for match in matches:
            if match.id is not None and match.how != "demonym":  # "near the Ukrainian border"
                mentioned.setdefault(match.id, match.label)
        if not matches and of_the_proofs_kind(found.group(), ground):
            kin.append(found.group().strip())
    covered = {x for c in read for x in _ends(c)}
    unnamed = NAME.sub(" ", _EDITION.sub("the ", plain))  # years outside names: not "the 2007–08 League Cup"
    asked = {y.group() for y in _YEAR.finditer(question)}  # "so by 1885 he was no longer alive": its year
    asked |= compared_years(sentence)  # "1981 is one year after the 1980 cut-off": no date
    years = [y.group() for y in _YEAR.finditer(unnamed) if y.group() not in asked]
    years = years if _needs_year(ground, sentence) else []
    said_years = {str(c.object.year) for c in read if c.object.year is not None}
    said_years |= {str(y) for c in read if c.when for y in c.when if y is not None}
    person = bool(_PRONOUN.search(plain)) and _case_person(ground)
    it = _IT.match(plain)  # "It's a town in ...", "They spent 2004–05 in the Second Division"
    beside = it is not None and not (it["they"] and proof_ids(ground) & set(mentioned))
    person = person or (beside and not _case_person(ground))
    things = len(mentioned) + (1 if years else 0) + (1 if person and len(mentioned) < 2 else 0)
    if kin and not read:  # "Adonis were a Fourth Division side", "Yes - a Fourth Division club": the case's
        things = max(things + 1, 2)
    if not read and things >= 2:
        named = [*mentioned.values(), *kin, *years]
        return Unread(sentence.strip(), tuple(named[:3]), frozenset(mentioned), False)
    proof = proof_ids(ground)
    left = [i for i in mentioned if i not in covered and i in proof]
    left_years = [y for y in years if y.split()[0] not in said_years]
    if read and left_years and covered and ground.temporal is not None:
        things = max(things, 2)  # "had a spell with São Paulo around 2006": a year unread, in a dated case
    if read and (left or left_years) and things >= 2:
        named = [mentioned[i] for i in left] + left_years
        return Unread(sentence.strip(), tuple(named[:3]), frozenset(mentioned), not left)
    if not mentioned and years and not read and _LIFE.search(sentence):
        return Unread(sentence.strip(), ("someone", years[0]), frozenset(), True)  # "someone born in 1999"
    return None


SOURCE = re.compile(
    r"\b(?:according\s+to|per|as\s+(?:reported|listed|stated)\s+(?:by|in)|see(?:\s+also)?|cf\.)\s+"
    r"(?:the\s+)?[^,;:.]*",
    re.I,
)
"""Where a reply says its fact comes from: "According to the NSG's official history, ..."."""
_EDITION = re.compile(r"\b[Tt]he\s+(?:1\d{3}|20\d{2})(?:\s*[–-]\s*\d{2,4})?\s+(?=[A-Z\u00C0-\u024F])")
"""A year that names an edition ("the 2018 Tour de France", "the 1990 European Cup"): part of the name."""
_POSSESSED = re.compile(r"['’]s?\s+(?!capital|wife|husband|father|mother|son|daughter|birthplace)[a-z]")
"""A name owning a common noun: "India's nuclear test" (a "capital" or a "wife" is a relation: read)."""


def _in_the_words(
    sentence: str,
    claims: list[Claim],
    asked: Sequence[tuple[str, str]],
    ground: GroundGraph,
    entities: EntityReader,
    family: Callable[[str], str],
) -> Unread | None:
    """A sentence naming an entity of the case in the words of a relation the case asks about, with no
    claim of that relation read from it ("formal diplomatic relations were never fully restored")."""
    said = f" {stems(sentence)} "
    found = [(p, w) for p, w in asked if f" {stems(w)} " in said]
    if not found or not _names_the_case(sentence, ground, entities):
        return None
    read = {family(c.statement[1]) for c in claims if c.statement is not None}
    read |= {family(c.relation.property) for c in claims if c.relation is not None}
    if any(p in read for p, _ in found):
        return None
    return Unread(sentence.strip(), (f"'{found[0][1]}'",), proof_ids(ground), False)


def _read_names(name: str, ground: GroundGraph, entities: EntityReader) -> list[EntityMatch]:
    """The entities a run of capitalised words names: itself ("Bosnia and Herzegovina"), else its parts
    ("Qatar and Romania")."""
    match = entities.read(name, ground, look_up=False)
    if not match.known:
        match = entities.read(name, ground)
    if match.known or " and " not in name:
        return [match] if match.known else []
    return [m for part in name.split(" and ") for m in _read_names(part.strip(), ground, entities)]


def _names_the_case(sentence: str, ground: GroundGraph, entities: EntityReader) -> bool:
    """A case entity by name, or the case's two by "the two", "both", "they"."""
    if BOTH.search(sentence):
        return True
    return any(entities.read(n.strip(), ground, look_up=False).known for n in NAME.findall(sentence))


BOTH = re.compile(r"\b(?:the\s+two(?:\s+\w+)?|both(?:\s+countries)?|they|them|each\s+other)\b", re.I)


def stems(text: str) -> str:
    """Words without a plural's s: "diplomatic relations" and "diplomatic relation" are one."""
    found = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in ("a", "an", "the")]
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in found)


_LIFE = re.compile(r"\b(?:born|birth|died|dies|death|aged?|years?\s+old)\b", re.I)
"""Words of a life's dates: "someone born in 1999" is the case's person, named or not."""
_PRONOUN = re.compile(r"\b(?:he|she|him|her|his|hers)\b", re.I)
_IT = re.compile(
    r"\W*it(?:['’]s|\s+(?:is|was))\s+(?:a|an)\b|\W*it\s+(?:lies|lay|sits|sat|is\s+located|was\s+located)\b"
    r"|\W*(?P<they>they)(?:['’]d|['’]ve|\s+(?:had|have|spent|were|played|finished|went))\b",
    re.I,
)
"""A sentence placing "it", the case's thing where the case is about no person: "It's a town in ...";
"they" beside a thing outside the proof ("so they spent 2004–05 in the Cypriot Second Division")."""


def _ends(claim: Claim) -> set[str]:
    """The entities a read claim names."""
    if claim.statement is None and claim.status not in READ_STATUSES:
        return set()
    ends = {m.id for m in (claim.subject, claim.object) if m.id is not None}
    if claim.statement is not None:
        ends |= {claim.statement[0], claim.statement[2]}
    return ends


def _case_person(ground: GroundGraph) -> bool:
    """The case is about a person: the KB gives years of a life or the class human, or (a KB
    without classes, like CoDEx) the question's relation is one only people have."""
    if ground.years or any(t == "Q5" for _, t in ground.types):
        return True
    if ground.statement is None:
        return False
    return ground.statement[1].lstrip("^") in _OF_PEOPLE | _TO_PEOPLE


_OF_PEOPLE = frozenset(
    {"P19", "P20", "P22", "P25", "P26", "P40", "P69", "P102", "P106", "P108", "P119", "P451", "P737", "P3373"}
)
"""Relations whose subject is a person: born, died, parents, spouse, child, educated, party,
occupation, employer, buried, partner, influenced by, sibling."""
_TO_PEOPLE = frozenset(
    {"P6", "P35", "P50", "P57", "P86", "P170", "P175", "P1346", "P26", "P40", "P22", "P25"}
)
"""Relations whose object is a person: head of government or state, author, director, composer,
creator, performer, winner, spouse, child, father, mother ("he took over as mayor in 1976")."""


def could_change(unread: Sequence[Unread], ground: GroundGraph, knowledge_wrong: bool) -> bool:
    """Whether reading these sentences could give another class (the module's rule)."""
    if not unread:
        return False
    if not knowledge_wrong:
        return True
    proof = proof_ids(ground)
    return any(u.ids & proof or (u.year and ground.temporal is not None) for u in unread)


def proof_ids(ground: GroundGraph) -> frozenset[str]:
    """The entities the proof rests on: the question's ends, the evidence's, a temporal case's events'."""
    ids = {x for e in ground.edges for x in (e.subject, e.object)}
    ids |= {x for _, x, _ in ground.years}
    if ground.statement is not None:
        ids |= {ground.statement[0], ground.statement[2]}
    if ground.temporal is not None:
        for event in ground.temporal.events:
            head = event.split(":")[0].split()
            ids |= {head[0], head[-1]}
    return frozenset(ids)


def _between(
    sentence: str, subject: EntityMatch, obj: EntityMatch, relation: str, ground: GroundGraph, no_kb: bool
) -> Unread | None:
    """A triple between two known ends, or a known end and a year the check needs. Without a KB to
    look names up in, a proper name beside a case entity may be one the KB knows: it counts."""
    ends = [m for m in (subject, obj) if m.known]
    if no_kb and len(ends) == 1:
        ends += [m for m in (subject, obj) if not m.known and m.how == "none" and m.name[:1].isupper()]
    years = [m for m in (subject, obj) if m.how == "year" and m.year is not None]
    if not ends:
        return None
    if len(ends) == 2 and (ends[0].id != ends[1].id or ends[1].id is None):
        return Unread(sentence, (ends[0].label, ends[1].label), frozenset(m.id for m in ends if m.id), False)
    if len(ends) == 1 and years and _needs_year(ground, f"{relation} {sentence}"):
        return Unread(sentence, (ends[0].label, years[0].name), frozenset({ends[0].id or ""}), True)
    return None


def _to_itself(claim: Claim, ground: GroundGraph, pairs: set[frozenset[str]]) -> Unread | None:
    """An unmatched triple relating an entity to itself is a misread ("the treaty only came into
    existence as a treaty in force in 2004"); in a sentence with a year of a dated event that no claim
    read, the sentence dates the entity in words nothing read."""
    ends = (claim.subject, claim.object)
    if not all(m.known for m in ends) or ends[0].id != ends[1].id or ends[0].id is None:
        return None
    sentence = claim.triple.sentence
    said = {int(y) for y in re.findall(r"\b(?:1\d{3}|20\d{2})\b", sentence)}
    read = {int(x) for p in pairs if ends[0].id in p for x in p if x.lstrip("-").isdigit()}
    left = sorted(said - read)
    if not left or not _needs_year(ground, f"{claim.triple.relation} {sentence}"):
        return None
    return Unread(sentence, (ends[0].label, str(left[0])), frozenset({ends[0].id}), True)


def _needs_year(ground: GroundGraph, words_around: str) -> bool:
    """A year the check may need: any in a temporal case or a case whose evidence is dated ("he took over
    as Oberbürgermeister in 1976 and stayed until 1991" for a mayor of 1973-1989), else one said with
    the words of a dated event."""
    return ground.dated or bool(DATED_WORDS.search(words_around))


def _read_pairs(claims: Sequence[Claim]) -> dict[str, set[frozenset[str]]]:
    """Per sentence, the pairs of ends read into claims."""
    out: dict[str, set[frozenset[str]]] = {}
    for c in claims:
        if c.statement is not None:
            out.setdefault(_key(c.triple.sentence), set()).add(frozenset({c.statement[0], c.statement[2]}))
        if c.statement is not None and c.when is not None:  # "established relations with X in 1992"
            for year in (y for y in c.when if y is not None):
                out.setdefault(_key(c.triple.sentence), set()).add(frozenset({c.statement[0], str(year)}))
                out[_key(c.triple.sentence)].add(frozenset({c.statement[2], str(year)}))
    return out


def _covered(u: Unread, pairs: set[frozenset[str]]) -> bool:
    """The same ends were read from the same sentence by another triple ("was born in Ulm in 1879")."""
    if u.year:
        return any(u.ids <= p and any(x.lstrip("-").isdigit() for x in p) for p in pairs)
    return u.ids in pairs


def _key(sentence: str) -> str:
    return words(sentence)


def _short(sentence: str) -> str:
    s = " ".join(sentence.split())
    return s if len(s) <= 160 else s[:157] + "..."
