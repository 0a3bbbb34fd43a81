"""What a dependency parse says about the words of a clause: names, objects, negation, modifiers.

The clause rules in spacy_triples.py read triples with these; each answers one question about
a token ("which words name this entity?", "does a "not" deny this phrase?") the same way
wherever the rules ask it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from kgtest.kg.extract.spacy_addresses import address
from kgtest.kg.extract.spacy_nouns import PLACE_NOUNS, THERE, place_class, place_reference
from kgtest.kg.extract.text import is_placeholder, relation_key

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

PRONOUN = {"he", "she", "it", "they", "him", "her", "them", "his", "its", "their", "hers"}
NEGATION = {"not", "never", "n't", "no"}
_MODIFIER = {"compound", "amod", "nummod", "nmod", "quantmod", "flat", "poss"}
_NAME_PREP = {"of", "in", "for", "on"}
"""Prepositions inside a proper name: "Nobel Prize in Physics", "University of Oxford"."""
_DETERMINER = ("the ", "a ", "an ")
_MONTHS = {
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
}
_DAY = re.compile(r"^\d{1,4}(?:st|nd|rd|th)?$")
_CLASS_WORDS = {"DET", "NOUN", "ADJ"}
"""Words before a name that class it: "the former chancellor", "the award"."""
_PLACE = {"in", "at", "on", "within", "inside"}
_REGION = {
    "part",
    "region",
    "area",
    "north",
    "south",
    "east",
    "west",
    "centre",
    "center",
    "heart",
    "outskirts",
} | {"northeast", "northwest", "southeast", "southwest"}
"""Nouns for a piece of a place: in the north (or the northwest) of England is in England."""
_FALSE = {"false", "untrue", "incorrect", "wrong", "impossible", "inaccurate"}
_TRUE = {"true", "correct", "right", "accurate", "possible", "the case", "case"}


def framed_negation(verb: Token) -> bool:
    """ "It is not true that X", "It is false that X", "That X is false": the frame denies the clause."""
    head = verb.head
    if verb.dep_ not in ("ccomp", "csubj", "advcl") or head.lemma_ != "be" or head is verb:
        return False
    judged = {c.lemma_.lower() for c in head.children if c.dep_ in ("acomp", "attr")}
    denied = any(c.dep_ == "neg" for c in head.children)
    if any(c.dep_ == "nsubj" and c.lower_ not in ("it", "this", "that") for c in head.children):
        return False  # "Einstein was born in Munich, so Rome is wrong": Rome is what is wrong
    if verb.dep_ != "csubj" and not any(
        c.dep_ == "mark" and c.lower_ in ("that", "for") for c in verb.children
    ):
        return False  # "Estonia is part of it, so it is false that ...": only the clause "that" opens
    if judged & _FALSE:
        return not denied
    return denied and bool(judged & _TRUE)


def role_before(name: Token) -> Token | None:
    """The noun in "has as capital Berlin", parsed as a compound of the name; or the word right after
    "as" in "had as participant Nazi Germany", which the tagger takes for an adjective, or in "has
    as father Hermann Einstein", for part of the name (a word in lower case is no part of one)."""
    for c in name.lefts:
        if c.dep_ == "compound" and c.pos_ == "NOUN":
            return c
        after_as = c.i > 0 and c.doc[c.i - 1].lower_ == "as" and c.is_lower
        if after_as and c.dep_ in ("compound", "amod") and c.pos_ in ("NOUN", "ADJ", "PROPN"):
            return c
    return None


def as_role(verb: Token) -> Token | None:
    """The role noun of "X has Y as its capital" (a verb "have" with "as <noun>"), else None."""
    if verb.lemma_ != "have":
        return None
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ == "as":
            for noun in prep.children:
                if noun.dep_ == "pobj" and noun.pos_ == "NOUN":
                    return noun
    return None


def objects(head: Token, deps: tuple[str, ...]) -> Iterator[tuple[Token, str, bool]]:
    """Objects under ``head`` with their conjuncts; ``True`` marks one the reply denies.

    Denied: "in Paris but not London", "in Portsmouth, not London", "in Portsmouth rather than London".
    """
    for child in head.children:
        if child.dep_ not in deps:
            continue
        parts = {t.i for t in address(child)} if deps == ("pobj",) else set()  # "in Toronto, Ontario, Canada"
        for tok in (t for t in with_conj(child) if t.i not in parts):
            given = examples(tok)  # "relations with countries such as Germany and Kosovo": each of them
            yield from ((example, phrase(example), tok is not child and is_denied(tok)) for example in given)
            if given:
                continue
            named = named_token(tok, within=deps == ("pobj",))
            # Pronouns other than he/she/it/they ("that", "this", "which") name nothing by themselves.
            nameless = named.pos_ in ("PRON", "SCONJ", "DET") and named.lower_ not in PRONOUN
            nameless |= named.tag_ == "PRP$"  # "Malyshev received his in 1980": his order, not him
            text = THERE if place_reference(named) else "" if nameless else phrase(named)
            yield named, text, tok is not child and is_denied(tok)
            for alt in (a for a in tok.children if a.i not in parts):
                if alt.dep_ == "appos" and any(
                    c.dep_ == "neg" and tok.i < c.i < alt.i for c in (*tok.children, *alt.children)
                ):
                    yield alt, phrase(alt), True
                elif alt.dep_ == "cc" and alt.lower_ == "than":
                    for other in alt.children:
                        if other.dep_ == "pobj":
                            yield other, phrase(other), True


_EXAMPLE = {"like", "including"}


def examples(tok: Token) -> list[Token]:
    """The names a plural class noun gives as its instances: "countries such as Germany and Kosovo",
    "writers like Pushkin", "states including Malta". Whatever is said of the class is said of each of
    them, so they, not the class, are the objects."""
    if tok.pos_ != "NOUN" or tok.tag_ != "NNS":
        return []
    for prep in tok.rights:
        such = prep.lower_ == "as" and any(c.lower_ == "such" for c in prep.children)
        if prep.dep_ == "prep" and (such or prep.lower_ in _EXAMPLE):
            names = [n for p in prep.children if p.dep_ == "pobj" for n in with_conj(p)]
            if names and all(proper(n) for n in names):
                return names
    return []


def noun_relation(noun: Token) -> tuple[str, str]:
    """The relation a noun names, with an "of" complement that is no name: "[place of birth] of X"."""
    words, lemmas = [noun.lower_], [noun.lemma_.lower()]
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lemma_ == "of":
            common = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"]
            if common:
                words += ["of", common[0].lower_]
                lemmas += ["of", common[0].lemma_.lower()]
    return " ".join(words), " ".join(lemmas)


def noun_preps(copula: str, noun: Token) -> Iterator[tuple[str, str, bool, str]]:
    """ "is a city in Y" is "is in Y": a class noun before a place preposition adds nothing checkable."""
    for prep in noun.children:
        if prep.dep_ != "prep" or prep.lemma_ == "of":
            continue
        words = [prep.lemma_] if prep.lemma_ in _PLACE else [noun.lemma_, prep.lemma_]
        for named, target, denied in objects(prep, ("pobj",)):
            if named.like_num or date_span(named):  # "the city where he died, in 1988": no place
                continue
            yield (  # "is a city in Y" reads as "is in Y"
                f"{copula} {prep.lower_}" if place_class(noun) else f"{copula} {noun.lower_} {prep.lower_}",
                target,
                denied or is_denied(prep),
                relation_key(words),
            )


def named_token(tok: Token, within: bool = False) -> Token:
    """ "the country United Kingdom" names the United Kingdom: a class noun before a name; and
    ``within`` a preposition, "the southwestern part of the United States" is in the United States."""
    if tok.pos_ == "NOUN":
        for child in tok.rights:
            if child.dep_ == "appos" and proper(child) and not is_denied(child):
                return child
        named = any(c.dep_ == "compound" and proper(c) for c in tok.lefts)  # "the Lüneburg region of X"
        if (
            within
            and not named
            and (tok.lemma_.lower() in _REGION or tok.lemma_.lower() in PLACE_NOUNS - {"capital"})
        ):
            for prep in tok.rights:
                if prep.dep_ == "prep" and prep.lemma_ == "of":
                    for name in prep.children:
                        if name.dep_ == "pobj" and proper(name):
                            return name
    return tok


def proper(tok: Token) -> bool:
    return tok.pos_ == "PROPN" or is_placeholder(tok.text)


def idiom(verb: Token, prep: Token) -> list[Token]:
    """A preposition and common noun before ``prep`` that belong to the verb ("came [into the world] in
    Smiljan", "breathed [his last] in"): read as words of the relation, not as a place."""
    out: list[Token] = []
    for other in verb.children:
        if other.dep_ != "prep" or other.i >= prep.i:
            continue
        for noun in (g for g in other.children if g.dep_ == "pobj"):
            if noun.pos_ == "NOUN" and not any(proper(t) for t in noun.subtree) and not place_reference(noun):
                out += [other, noun]
    return out


def not_just(verb: Token) -> bool:
    """ "didn't just take part in it": more than that, no denial."""
    return any(c.dep_ == "advmod" and c.lower_ in ("just", "only", "merely", "simply") for c in verb.children)


def is_denied(tok: Token) -> bool:
    return any(c.dep_ == "neg" for c in tok.children)


def prep_denied(prep: Token) -> bool:
    """ "died in Bavaria, not in Brasília": the parser hangs "not" on the first "in"; it denies the second.
    A "not" hung on the verb ("was not in Normandy") is the verb's own denial, counted with the verb:
    counted here too, it undid it."""
    before = prep.doc[prep.i - 1] if prep.i > 0 else None
    return before is not None and before.lower_ in NEGATION and before.head.i != prep.head.i


def narrows(first: Token, second: Token) -> bool:
    """ "in Ulm, in Württemberg": a second place after a comma says where the first one is."""
    between = first.doc[first.right_edge.i + 1 : second.i]
    return (
        first.lemma_ == second.lemma_ == "in"
        and [t.text for t in between] == [","]
        and not prep_denied(second)
        and any(proper(g) and not dated(g) for g in second.children if g.dep_ == "pobj")
    )


def in_relative_clause(tok: Token) -> bool:
    """The token is inside a relative clause ("that was folded into Nouvelle-Aquitaine")."""
    return any(t.dep_ == "relcl" for t in (tok, *tok.ancestors))


def with_conj(tok: Token) -> list[Token]:
    """``tok`` and the nouns coordinated with it; coordinated verbs are clauses of their own."""
    out = [tok]
    for child in tok.children:
        if child.dep_ == "conj" and child.pos_ not in ("VERB", "AUX"):
            out.extend(with_conj(child))
    return out


def phrase(tok: Token) -> str:
    """The words naming an entity: the head noun with its modifiers, without clauses or appositions."""
    date = date_span(tok)
    if date:
        return date
    keep = {tok.i}
    for child in tok.lefts:
        if child.dep_ in _MODIFIER:
            keep.update(t.i for t in child.subtree)
    while proper(tok) and len(keep) > 1 and _class_word(tok.doc[min(keep)]) and min(keep) < tok.i:
        # "the award Louisa Gross Horwitz Prize", "the former chancellor Angela Merkel": the name alone;
        # a year before the name stays, as it dates the name ("the 1921 Nobel Prize": oracle/dated.py)
        first = min(keep)
        if tok.doc[first].pos_ == "NUM" and first + 1 in keep and not _class_word(tok.doc[first + 1]):
            break
        keep.discard(min(keep))
    for child in tok.rights:
        if child.dep_ in ("compound", "flat", "nummod", "case") or name_part(tok, child):
            part = list(child.subtree)  # "Nobel Prize in Chemistry[, not Physics]": to the comma
            cut = next((k for k, t in enumerate(part) if t.text == ","), len(part))
            keep.update(t.i for t in part[:cut])
    text = tok.doc[min(keep) : max(keep) + 1].text.strip(" ,;:")
    text = text.removesuffix("'s").removesuffix("’s").rstrip()
    lowered = text.lower()
    for det in _DETERMINER:
        if lowered.startswith(det):
            return text[len(det) :]
    return text


def name_heads(doc: Doc, known: frozenset[str] = frozenset()) -> list[Token]:
    """The tokens that head a name, in order: not a part of another name ("Prize for [Fiction]") or a date;
    a one-word name of ``known`` whatever its tag ("Oullins", read as a plural noun)."""
    return [
        t
        for t in doc
        if (proper(t) or t.text in known)
        and t.dep_ not in ("compound", "flat")
        and t.lower_ not in _MONTHS
        and not (t.head.dep_ == "prep" and t.head.head is not t and proper(t.head.head))
    ]


def date_span(tok: Token) -> str:
    """The whole date a day, month or year is part of ("born on 11 May 1918" parses "11" alone), or ""."""
    if not (_DAY.match(tok.text) or tok.lower_ in _MONTHS):
        return ""
    doc, first, last = tok.doc, tok.i, tok.i
    while first > 0 and _date_word(doc, first - 1):
        first -= 1
    while last + 1 < len(doc) and _date_word(doc, last + 1):
        last += 1
    words = doc[first : last + 1]
    if not any(t.lower_ in _MONTHS for t in words):
        return ""
    return words.text.strip(" ,")


def dated(tok: Token) -> bool:
    """A year or a date as a preposition's object."""
    return tok.dep_ == "pobj" and a_date(tok)


def a_date(tok: Token) -> bool:
    """A year or a date: "1921", "11 May 1918"."""
    return bool(re.fullmatch(r"\d{3,4}", tok.text)) or bool(date_span(tok))


def acted_on(verb: Token) -> str:
    """What the verb acts on, its direct object's words ("opened an embassy": ``embassy``), or what the
    subject is said to be ("has been a NATO ally since 2009": ``NATO ally``, a year of the role, not of
    the subject's existence), or ""; not an idiom's adjective ("breathed his last": died)."""
    found = (
        c
        for c in verb.children
        if (c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN", "PRON"))
        or (c.dep_ == "attr" and c.pos_ == "NOUN")
    )
    return next((phrase(c) or c.lower_ for c in found), "")


def _date_word(doc: Doc, i: int) -> bool:
    t = doc[i]
    if t.text == ",":  # "May 11, 1918", not "1918, in Chicago"
        return 0 < i < len(doc) - 1 and doc[i + 1].text[:1].isdigit()
    return bool(_DAY.match(t.text)) or t.lower_ in _MONTHS or t.lower_ == "of"


def verb_preps(verb: Token) -> list[Token]:
    """The verb's prepositions ("given to Feynman": the parser's dative too), and those the parser hangs
    on a date ("born on 17 January 1964 in Chicago") or on the start of a span ("from 1953 to 1961")."""
    out = [c for c in verb.children if c.dep_ in ("prep", "agent") or (c.dep_ == "dative" and c.n_rights)]
    for prep in list(out):  # "belonged to X until 2015 and to Y from 2016": the second "to" hangs on "until"
        for other in (c for c in prep.children if c.dep_ == "conj" and c.pos_ == "ADP"):
            out.append(other)
            out += [c for c in other.children if c.dep_ == "prep" and any(dated(g) for g in c.children)]
    for prep in list(out):
        for date in (g for g in prep.children if g.dep_ == "pobj" and g.lower_ in _MONTHS):
            out += [c for c in date.children if c.dep_ == "prep"]
        for thing in (g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"):
            # "died in his hotel room in January 1945": the date the parser hangs on the room is the verb's
            out += [c for c in thing.children if c.dep_ == "prep" and any(dated(g) for g in c.children)]
            if thing.lemma_ in _ABODES:  # "died at his home in Santa Monica": where the home is, so is he
                out += [c for c in thing.children if c.dep_ == "prep" and c.lower_ == "in"]
        if prep.lower_ in _SPAN_START:
            out += [c for c in prep.children if c.dep_ == "prep" and c.lower_ in _SPAN_END]
    for home in (c for c in verb.children if c.dep_ in ("advmod", "npadvmod") and c.lemma_ in _ABODES):
        # "died at his country home in Warren": the parser may hang "home" on the verb as an adverb
        out += [c for c in home.children if c.dep_ == "prep" and c.lower_ == "in"]
    return out


_ABODES = {"home", "house", "residence", "apartment", "flat", "villa", "hospital", "clinic", "family"}
"""Nouns of where one lives, is cared for or is born into: the place they are in is the verb's."""
_SPAN_START = {"from", "between"}
_SPAN_END = {"to", "until", "till", "through"}


def _class_word(tok: Token) -> bool:
    """A word before a name that classes or dates it ("the 1921 Nobel Prize"), not a count ("two")."""
    if tok.pos_ == "NUM":
        return tok.text.isdigit() and len(tok.text) >= 3
    return tok.pos_ in _CLASS_WORDS or (tok.pos_ == "PROPN" and tok.text.islower())  # "the composer X"


def name_part(name: Token, prep: Token) -> bool:
    """A prepositional phrase inside a name: "Nobel Prize [in Physics]", "province [of Milan]"."""
    if prep.dep_ != "prep" or prep.lemma_ not in _NAME_PREP or name.lower_ in _MONTHS:
        return False
    if name.pos_ != "PROPN" and prep.lemma_ != "of":  # "province of Milan", not "novel by Dickens"
        return False
    if name.pos_ == "NOUN" and any(c.dep_ == "compound" and proper(c) for c in name.lefts):
        return False  # "the Lüneburg region [of Lower Saxony]": named already, the rest says where
    return any(g.dep_ == "pobj" and g.pos_ == "PROPN" for g in prep.children)
