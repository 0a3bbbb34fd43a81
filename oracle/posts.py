"""A post held at a place of work is employment there: "Eliot never held a post at the University of
Chicago", "took up a lectureship at Harvard", "accepted a professorship at Cornell".

The catalog names employment by its verbs ("worked at", "taught at"); a reply as often names the
post and a verb of holding or taking it. A noun is a post when one of WordNet's first three senses
of it, or what its first sense is a kind of, is the synset of a job ("position, post, berth,
office ...") or of an occupation: post, professorship, lectureship, deanship, career; not "place"
("took place at" is no job) nor "position" (its job sense is its sixth). Only "at" names the
employer: "held a post in London" names a city.
"""

from __future__ import annotations

from kgtest.core.wordnet import wordnet
from kgtest.kg.extract.triples import Triple
from kgtest.oracle.relations import words

WORKED_AT = "worked at"
"""The words such a post is read as (Wikidata's alias of employer)."""
_TAKING = {
    "hold",
    "have",
    "take",
    "accept",
    "get",
    "obtain",
    "land",
    "secure",
    "occupy",
    "fill",
    "assume",
    "make",
    "build",
}
"""Verbs of holding or taking a post, and of making a career ("made his career at Faber")."""
_PARTICLES = {"up", "on"}
_JOB = {"berth", "job"}
"""Words only the job synset and the occupation synset share among a post's senses."""


def held_post(triple: Triple) -> bool:
    """ "held post at", "took up lectureship at": a verb of holding, a post, and "at"."""
    said = words(triple.relation).split()
    if len(said) < 3 or said[-1] != "at" or not set(said[1:-2]) <= _PARTICLES:
        return False
    net = wordnet()
    if net.base(said[0], "verb") not in _TAKING:
        return False
    noun = net.base(said[-2], "noun")
    senses = net.synonyms(noun, "noun", 3) + net.synonyms(noun, "noun", 1, broader=True)
    return bool(set(senses) & _JOB)
