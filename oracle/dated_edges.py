"""A dated fact of the case's evidence said by its start, its end or its span, in words no property
names: read as that fact with those years.

"Djamel Mesbah ... joined U.C. Sampdoria in January 2014", "it joined the International Finance
Corporation in 1962", "Alfons Goppel led the Bavarian government from 1962 until 1978", "I believe
Alfons Goppel only became Minister-President of Bavaria in 1970" (styled_blind14 W2-013, W3-040,
W3-039; styled_blind11 W3-022, W3-011 "completed his PhD at Harvard in 1935"): a membership, a post or
a study begun, ended or held, with the years; the verb
("joined", "led", "became") is no property's phrase, so the sentence was unread and the reply
"cannot tell". Where the sentence names both ends of one evidence fact the KB dates on the side the
sentence dates (its holder by name or "he", "she", "it"; the other end by name, alias or people:
"the Bavarian government"), the sentence can only date that fact: it is read as it, with the years
(a month reads to its year), and checked against the KB's dates (dated.py: another first or last
year is wrong knowledge; a temporal case takes the reply's years, lifetimes.py). It stays unread
where

* the KB does not date the fact on that side ("joined in 1962" of a membership it gives no start), or
  the sentence names the ends of several dated facts;
* it denies, asks, supposes or says one of several stays ("not", "never", "if", "?", "again",
  "rejoined", "returned", "second"), or gives a loose year ("in the 1990s", "around 2000");
* "became" says more than the post or the membership ("became Denmark's first world champion in
  2019", "became independent from the United Kingdom");
* a span is the question's window or a time within one ("from 1965 to 1970" where the question asks
  about 1965 to 1970, "at some point between 1965 and 1970", "throughout the years from ...");
* it gives the end or start of a year next to the KB's ("at the end of 2013" for 2014: the same
  moment, maybe);
* it dates the question's own fact otherwise in a case that is no temporal one, and a year the question
  asks falls inside one of the reply's and the KB's spans only: the answer may follow from those years,
  and only a temporal case's check takes them (styled_blind14 W3-039); inside both or neither, the
  answer follows alike and the years are wrong knowledge alone (styled_dev14 D2-024).

A post may be said before the place it is of in one name ("Oberbürgermeister of Aachen"), a span as a
start and a stay ("took over as Oberbürgermeister in 1976 and stayed until 1991"; "took over from X"
dates X's end and is left unread), and a clause after a colon may name its holder by a pronoun only,
the names before the colon standing for it ("one of Aachen's mayors: he took over ...").
A twinning is begun when signed or formalised ("Pula and Sarajevo signed their partnership agreement in
2021", "the Fez–Kraków twinning was formalised in 1993": an unspaced dash joins two names, no clauses),
and an award is dated when won or received ("received the Irving Langmuir Award back in 1985"); "won"
dates an award received only, never a membership ("won the league with Roma in 1983").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.claims import Claim
from kgtest.oracle.dated import wrong_dates
from kgtest.oracle.entities import EntityMatch, EntityReader
from kgtest.oracle.ground import GroundEdge, GroundGraph
from kgtest.oracle.light_verbs import EDGE
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import NAME, same_sentence

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DATE = (
    rf"(?P<{{g}}edge>(?:the\s+)?(?:end|close|start|beginning)\s+of\s+)?"
    rf"(?:(?:the\s+)?(?:early|late|mid)[-\s]+|(?:the\s+)?(?:summer|spring|autumn|fall|winter)\s+of\s+|"
    rf"(?:\d{{{{1,2}}}}(?:st|nd|rd|th)?\s+)?{_MONTH}\s+(?:\d{{{{1,2}}}}(?:st|nd|rd|th)?,?\s+)?)?"
    rf"(?P<{{g}}>1\d{{{{3}}}}|20\d{{{{2}}}})\b(?!s|['’]s|\s*[–—-]\s*\d)"
)
"""A year, a month or season of it, or its end or start, in a group named ``g``."""
_GAP = r"(?:\s+(?!(?:and|but|when|while|which|who|after|before|until|till|since)\b)[\w'’.-]+){0,8}?"
_WON = r"(?:won|received|was\s+awarded|was\s+given|picked\s+up|collected)"
"""An award won in a year: the year of an award received, and of nothing else (a title won with a club
dates no membership)."""
_BEGUN = (
    r"(?:(?:were\s+|was\s+|became\s+)?twinned|joined|arrived|became|took\s+office|took\s+over|"
    r"was\s+(?:appointed|elected|named|made|sworn\s+in)|signed\s+(?:for|with)|"
    r"signed\s+(?:their|a|an|the)\s+(?:partnership|twinning|friendship|sister[-\s]cit(?:y|ies)|twin[-\s]towns?)"
    r"\s+(?:agreement|pact|accord|charter)|(?:twinning|partnership)\s+was\s+(?:formali[sz]ed|signed|sealed)|"
    rf"{_WON})"
)
_ENDED = (
    r"(?:left|quit|withdrew\s+from|resigned|stepped\s+down|departed|completed|finished|"
    r"graduated(?:\s+from)?)"
)
_SAID = re.compile(
    rf"\b(?:(?P<begun>{_BEGUN})(?P<gap>{_GAP})\s+(?:in|on|at)\s+{_DATE.format(g='a')}"
    rf"(?:\s*,?\s+and\s+(?:(?:stayed|remained|served|held\s+(?:it|the\s+(?:office|post|job)))"
    rf"(?:\s+(?:in|on)\s+(?:office|post|the\s+(?:office|post|job)))?\s+(?:until|till)|"
    rf"(?:left|departed)(?:\s+(?:the\s+club|it))?\s+in)\s+{_DATE.format(g='g')})?"
    rf"|(?P<ended>{_ENDED})(?P<gap2>{_GAP})\s+(?:in|on|at)\s+{_DATE.format(g='b')}"
    rf"|(?:from|between)\s+{_DATE.format(g='c')}\s+(?:until|till|to|through|and)\s+{_DATE.format(g='d')}"
    rf"|since\s+{_DATE.format(g='e')}"
    rf"|(?:in|on)\s+{_DATE.format(g='f')}\s*,?\s+(?:he|she|it|they|(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){{0,3}}))"
    rf"\s+(?:had\s+|has\s+)?(?:(?P<begun2>{_BEGUN})|(?P<ended2>{_ENDED}))(?P<after>[^,;:.!?]*))",
    re.I,
)
"""A start, an end or a span after its verb ("joined Roma in 1987", "from 1962 until 1978"), or a
date before the holder and the verb ("In the summer of 1996 he joined Manchester United")."""
_AWAY = re.compile(
    r"\b(?:not|never|no|nor|if|whether|unless|would|might|could|perhaps|maybe|possibly|again|rejoined|"
    r"returned|returning|second|third|another|around|about|circa|roughly|approximately|independent|"
    r"independence|loan|loaned)\b|n['’]t\b|\?",
    re.I,
)
"""A clause that denies, asks, supposes, says another stay or a loose year, or a change of status."""
RECALLED = re.compile(
    r"\bif\s+(?:my\s+memory\s+serves(?:\s+me)?(?:\s+(?:right|well|correctly))?|"
    r"I\s+(?:remember|recall)(?:\s+(?:right|rightly|correctly))?|I['’]m\s+not\s+mistaken)\b",
    re.I,
)
"""A hedge on one's memory, no supposition: "If my memory serves, Völler joined Roma in 1987"."""
_CLAUSE = re.compile(
    r"[;:—]|\s–|–\s|,\s+(?:but|while|whereas|though|although|so|and|which|when|because)\b|\.\s"
)
_BECAME = frozenset(
    """a an the of its member members part head leader president vice prime minister minister-president
    chancellor premier mayor governor chairman chair chairperson director coach manager captain player
    secretary general citizen as oberbürgermeister bürgermeister""".split()  # noqa: SIM905
)
"""What may stand between "became" and the date besides the other end's names: the post or membership."""
_BENCH = re.compile(r"\b(?:coach|manager|head\s+coach|trainer|chairman|president|director)\b", re.I)
"""A post at a club, which a player's membership (P54) is not."""
_LIVED = frozenset({"P27", "P551"})
"""Citizenship and residence: leaving the country ends neither for sure."""
_HOLDER = re.compile(r"\b(?:he|she|it|they)\b", re.I)
_BOTH = re.compile(r"\s*(?:both(?:\s+of\s+them)?|they\s+both|the\s+two(?:\s+of\s+them)?)\b", re.I)
_ONE_HOLDER = re.compile(r"\s*(?:he|she)\b", re.I)


def dated_edges(
    text: str, claims: Sequence[Claim], ground: GroundGraph, entities: EntityReader, question: str = ""
) -> list[Claim]:
    """Claims of the dated evidence facts the reply's sentences date (the module's rule); a span of the
    ``question``'s own years is its window, no dates of the fact."""
    dated = [e for e in ground.edges if e.start is not None or e.end is not None]
    if not dated:
        return []
    out: list[Claim] = []
    before = ""
    for sentence in reply_sentences(text):
        before, sentence = before + sentence, sentence.strip()
        if sentence.endswith("?") or not _SAID.search(sentence):
            continue
        mine = [c for c in claims if same_sentence(sentence, c.triple.sentence)]
        if any(_dated(c) for c in mine):
            continue  # asked, or a span already read from the sentence
        said = _said(sentence, dated, ground, entities, question, before[: -len(sentence) or None])
        out += [c for c in said if not _another(c, mine)]
    return out


def _last_named(edges: list[GroundEdge], ground: GroundGraph, before: str) -> list[GroundEdge]:
    """The edges of the holder named last before the sentence, "he" or "she" standing for one of several
    ("Mika Nurmela. He was a Finnish winger ... He joined Kaiserslautern in 2003": Nurmela's)."""
    at: dict[str, int] = {}
    for eid in {e.subject for e in edges}:
        entity = ground.entity(eid)
        names = (entity.label, *entity.aliases) if entity is not None else ()
        at[eid] = max((before.rfind(n) for n in names if n), default=-1)
    last = max(at.values(), default=-1)
    holders = [eid for eid, where in at.items() if where == last]
    return [e for e in edges if e.subject == holders[0]] if last >= 0 and len(holders) == 1 else edges


def _another(claim: Claim, mine: list[Claim]) -> bool:
    """The sentence says another fact of the same relation ("his marriage to Ruth Gordon ran from 1942
    until 1985, and Marian Seldes later became his second wife"): which one the years date is unsure."""
    assert claim.statement is not None
    s, p, o = claim.statement
    same = {(s, p, o), (o, f"^{p}", s)}
    return any(
        c.statement is not None and c.statement[1].lstrip("^") == p and c.statement not in same for c in mine
    )


def named(sentence: str, ground: GroundGraph, entities: EntityReader) -> list[tuple[int, int, EntityMatch]]:
    """The case's entities the sentence names, where: a name less the date it runs into ("Bavaria in
    1970", "A.C. Milan in January 2009"), a people for its country ("the Bavarian government")."""
    out = []
    for found in NAME.finditer(sentence):
        name = _YEAR_AFTER.split(found.group())[0].strip()
        match = entities.read(name, ground, look_up=False)
        post = _POST_OF.match(name)
        if not match.known and " and " in name:  # "Pula and Sarajevo signed ...": two names
            at = found.start()
            for part in name.split(" and "):
                match = entities.read(part, ground, look_up=False)
                if match.known:
                    out.append((at, at + len(part), match))
                at += len(part) + len(" and ")
            continue
        if not match.known and post:  # "Oberbürgermeister of Aachen": the place the post is of
            match = entities.read(name[post.end() :], ground, look_up=False)
            if match.known:
                out.append((found.start() + post.end(), found.start() + len(name), match))
            continue
        if match.known:
            out.append((found.start(), found.start() + len(name), match))
    return out


_POST_OF = re.compile(
    r"(?:Lord\s+)?(?:Mayor|Oberbürgermeister|Bürgermeister|Governor|Premier|Minister-President|"
    r"Prime\s+Minister|President|Chancellor|Head)\s+of\s+(?:the\s+)?(?=[A-Z\u00C0-\u024F])"
)
"""A post before the place it is of, in one capitalised name ("Minister-President of Bavaria")."""
_OPENS = re.compile(r"\s*(?:he|she|it|they)\b", re.I)


_YEAR_AFTER = re.compile(rf"\s+(?:in|on|for|and|of|the|since|from|until)\s+(?=\d|{_MONTH})")


def _dated(claim: Claim) -> bool:
    """A fact read with years between two things the KB knows ("became <a post the KB lacks> in 1970"
    dates no fact of the KB's)."""
    return claim.when is not None and claim.statement is not None and not claim.statement[2].startswith("?")


def _said(
    sentence: str,
    dated: list[GroundEdge],
    ground: GroundGraph,
    entities: EntityReader,
    question: str,
    before: str = "",
) -> list[Claim]:
    out = []
    for said in _SAID.finditer(sentence):
        start = max((m.end() for m in _CLAUSE.finditer(sentence, 0, said.start())), default=0)
        clause = sentence[start : said.end()]
        if said["f"] and sentence[start : said.start()].strip():
            continue  # a date first opens its clause: "born in 1955, and Kobe Bryant left ..." is not one
        if _AWAY.search(RECALLED.sub(" ", clause)):
            continue
        found = named(clause, ground, entities)
        if not found and _OPENS.match(clause) and sentence[:start].rstrip().endswith(":"):
            found = named(sentence[:start], ground, entities)  # "X was one of Aachen's mayors: he ..."
        edges = [e for e in dated if _names(clause, e, found)]
        verb = next((g for g in ("begun", "ended", "begun2", "ended2") if said[g]), "")
        if len(edges) > 1 and verb:  # "joined Roma from Werder Bremen in 1987": Roma's
            first = next((m.id for at, _, m in found if at > said.start(verb) - start), None)
            edges = [e for e in edges if first in (e.subject, e.object)]
        if (
            len(edges) > 1
            and _ONE_HOLDER.match(clause)
            and not any(m.id in {e.subject for e in edges} for _, _, m in found)
        ):
            edges = _last_named(edges, ground, before)  # "He joined Kaiserslautern in 2003": whose spell
        together = len({e.subject for e in edges}) == len(edges) and len({e.object for e in edges}) == 1
        if len(edges) != 1 and not (together and _BOTH.match(clause)):
            continue  # "Both of them arrived at Kaiserslautern only in 2003": each one's start
        out += [
            c for e in edges if (c := _dated_claim(said, verb, e, sentence, ground, question)) is not None
        ]
    return out


def _dated_claim(
    said: re.Match[str], verb: str, edge: GroundEdge, sentence: str, ground: GroundGraph, question: str
) -> Claim | None:
    """The claim of ``edge`` with the years ``said`` gives it, unless the verb or the years keep it
    unread (the module's rule)."""
    words = said[verb].lower() if verb else ""
    if re.fullmatch(_WON, words) and edge.property != "P166":
        return None  # "won the league with Roma in 1983" dates the title, not the membership
    if words in ("left", "quit", "departed") and edge.property in _LIVED:
        return None  # "left Germany in 1933" ends no citizenship, nor for sure a residence
    gap = said["after"] if verb == "begun2" else said["gap"] or ""
    took = words.startswith("took") and "over" in words
    if took and re.search(r"\bfrom\b", gap, re.I):
        return None  # "took over from Alfons Goppel" dates his predecessor's end, not his start
    if (words == "became" or took) and not _only_the_post(gap, edge, ground):
        return None
    if edge.property == "P54" and (took or _BENCH.search(gap)):
        return None  # "took over as manager of Roma", "became Roma's coach": no player's membership
    when = _when(said, edge)
    if when is None or (said["c"] and _window(sentence, said, question)):
        return None
    claim = edge_claim(sentence, edge, when)
    if (
        ground.temporal is None
        and _asked(edge, ground)
        and wrong_dates(claim, [(edge.start, edge.end)])
        and not _same_answer(question, when, edge)
    ):
        return None  # the question's own fact dated otherwise: the answer may follow from those years
    return claim


def _same_answer(question: str, when: tuple[int | None, int | None], edge: GroundEdge) -> bool:
    """Every year the question asks falls inside the reply's years as inside the KB's ("took over in
    1976 and stayed until 1991" asked of 1983, the KB's 1973 to 1989): the answer follows alike from
    both, so the wrong years are wrong knowledge alone and the fact case's check needs none of them."""
    asked = [int(y) for y in re.findall(r"\b(?:1\d{3}|20\d{2})\b", question)]
    said = (edge.start if when[0] is None else when[0], edge.end if when[1] is None else when[1])
    return bool(asked) and all(_inside(y, said) == _inside(y, (edge.start, edge.end)) for y in asked)


def _inside(year: int, span: tuple[int | None, int | None]) -> bool:
    return (span[0] is None or span[0] <= year) and (span[1] is None or year <= span[1])


def _window(sentence: str, said: re.Match[str], question: str) -> bool:
    """A span that is the question's window, or says a time within it ("at some point between 1965 and
    1970", "throughout the years from 1965 to 1970"): no first and last year of the fact."""
    asked = set(re.findall(r"\b(?:1\d{3}|20\d{2})\b", question))
    before = sentence[max(0, said.start() - 30) : said.start()].lower()
    return {said["c"], said["d"]} <= asked or bool(_WITHIN.search(before))


_WITHIN = re.compile(r"\b(?:time|times|point|period|window|years|throughout|during|within|sometime)\s*$")


def _names(clause: str, edge: GroundEdge, found: list[tuple[int, int, EntityMatch]]) -> bool:
    """Both ends named in the clause, or one and a pronoun ("it joined the International Finance
    Corporation in 1962"): the one dated fact so named is the one the clause dates."""
    ids = {m.id for _, _, m in found}
    named_ends = ids & {edge.subject, edge.object}
    return len(named_ends) == 2 or (
        len(named_ends) == 1 and bool(_HOLDER.search(clause) or _BOTH.match(clause))
    )


def _asked(edge: GroundEdge, ground: GroundGraph) -> bool:
    """The fact the question asks about, whose years a fact case's check of the answer does not take
    from the reply (only a temporal case's events do: lifetimes.py)."""
    asked = ground.statement
    return asked is not None and {asked[0], asked[2]} == {edge.subject, edge.object}


def _only_the_post(gap: str, edge: GroundEdge, ground: GroundGraph) -> bool:
    """ "became Minister-President of Bavaria": nothing but the post or membership and the other end."""
    rest = gap
    for eid in (edge.subject, edge.object):
        entity = ground.entity(eid)
        for name in (entity.label, *entity.aliases) if entity is not None else ():
            rest = rest.replace(name, " ")
    words = set(re.findall(r"[\w'’-]+", rest.lower())) - set(edge.relation.lower().split())
    return words <= _BECAME


def _when(said: re.Match[str], edge: GroundEdge) -> tuple[int | None, int | None] | None:
    """The years said, where the KB dates the fact on each side said, and none is a year's edge next to
    the KB's ("the end of 2013" for a start in 2014)."""
    fronted = "start" if said["begun2"] else "end"
    sides = [
        ("a", "start"),
        ("e", "start"),
        ("c", "start"),
        ("b", "end"),
        ("d", "end"),
        ("g", "end"),
        ("f", fronted),
    ]
    first: int | None = None
    last: int | None = None
    for group, side in sides:
        if said[group] is None:
            continue
        year, known = int(said[group]), edge.start if side == "start" else edge.end
        if known is None or (said[f"{group}edge"] and abs(known - year) == 1):
            return None
        first, last = (year, last) if side == "start" else (first, year)
    return first, last


def edge_claim(sentence: str, edge: GroundEdge, when: tuple[int | None, int | None]) -> Claim:
    triple = Triple(edge.subject_label, edge.relation, edge.object_label, sentence=sentence)
    subject = EntityMatch(edge.subject_label, edge.subject, edge.subject_label, "label")
    obj = EntityMatch(edge.object_label, edge.object, edge.object_label, "label")
    relation = RelationMatch(edge.property, True, EDGE, edge.relation, EDGE)
    statement = (edge.subject, edge.property, edge.object)
    return Claim(triple, subject, obj, relation, statement, (statement,), when=when)
