"""The ground-truth graph of a case (Drowzee's G_ground), with the words each relation goes by.

Nodes are the labels of the entities in the case's evidence facts and proof conclusion; edges
are those facts (``subject --property--> object``) and the conclusion, positive or negated.
Each edge carries the phrases a reply may use for it, read in either direction, from the
relation catalog: "place of birth" / "was born in" forwards, "author of" backwards for
"author", the inverse property's words, both ways for a symmetric one. Class premises
(``P31``, which keep a "No" sound: docs/reasoning.md) lend their labels but are no knowledge a
reply is expected to state, so they are no part of the graph.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from kgtest.generator.case import EvidenceFact, TestCase
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.extract.triples import TripleExtractor

CONCLUSION = "conclusion"
"""Edge id of a conclusion that is not also an evidence fact."""

_DATE_PHRASES = {
    "P569": ("was born in",),
    "P570": ("died in",),
    "P571": ("was founded in", "was established in"),
    "P576": ("was dissolved in", "was abolished in"),
    "P580": ("started in", "began in"),
    "P582": ("ended in",),
    "P585": ("took place in", "happened in"),
}
"""Words for the date properties temporal cases rest on; the relation catalog covers entity relations only."""
_ATOM = r"'((?:[^'\\]|\\.)*)'"
_YEARS = r"(?:\s*,\s*\[[\[\]\d\s,-]*\])?"
_CONCLUSION = re.compile(rf"^\s*(?P<neg>not\(\s*)?holds\(\s*{_ATOM}\s*,\s*{_ATOM}\s*,\s*{_ATOM}{_YEARS}\s*\)")
"""``holds('Q1', 'P26', 'Q2')``, with the years it holds in (``holds(..., [[1836, 1870]])``), or
``not(holds(...))`` (generator/proofs.py); ``^P`` is P read backwards."""
CLASS = "P31"


@dataclass(frozen=True, slots=True)
class GroundEdge:
    """One fact of the ground truth, and the phrases that name its relation."""

    id: str
    subject: str
    """Node label; empty for a conclusion that is not a fact (a temporal formula)."""
    relation: str
    """Property label, or the conclusion's text when it is not a fact."""
    object: str
    negated: bool = False
    origin: str = "evidence"
    """``evidence``, ``conclusion``, or ``evidence+conclusion`` when the proof concludes a KB fact."""
    forward: tuple[str, ...] = ()
    """Phrases for reading it subject -> object."""
    backward: tuple[str, ...] = ()
    """Phrases for reading it object -> subject."""

    @property
    def has_nodes(self) -> bool:
        return bool(self.subject and self.object)


@dataclass(frozen=True, slots=True)
class GroundGraph:
    nodes: tuple[str, ...]
    edges: tuple[GroundEdge, ...]
    conclusion: str | None
    """Id of the edge the proof concludes; None when the case has no proof."""
    about: tuple[str, ...] = ()
    """The entities the conclusion speaks of (a temporal formula: the subjects of its evidence)."""
    notes: tuple[str, ...] = ()
    """What could not be put in the graph, and why."""

    def edge(self, edge_id: str) -> GroundEdge:
        return next(e for e in self.edges if e.id == edge_id)


def ground_graph(case: TestCase, catalog: RelationCatalog) -> GroundGraph:
    """Evidence facts plus the proof's conclusion, labelled from the evidence."""
    labels = _labels(case)
    edges: dict[tuple[str, str, str, bool], GroundEdge] = {}
    for fact in dict.fromkeys(case.evidence):
        if fact.property == CLASS:
            continue
        key = (fact.subject, fact.property, fact.object, False)
        if key not in edges:
            forward, backward = _phrases(catalog, fact.property, fact.property_label)
            edges[key] = GroundEdge(
                f"e{len(edges)}",
                fact.subject_label or fact.subject,
                fact.property_label or fact.property,
                fact.object_label or fact.object,
                forward=forward,
                backward=backward,
            )
    notes: list[str] = []
    conclusion = None
    if case.proof is not None:
        conclusion = _add_conclusion(case.proof.conclusion, edges, labels, catalog, notes)
    nodes = dict.fromkeys(n for e in edges.values() for n in (e.subject, e.object) if n)
    about: tuple[str, ...] = ()
    if conclusion is not None:
        concluded = next(e for e in edges.values() if e.id == conclusion)
        subjects = (e.subject for e in edges.values() if e.origin != CONCLUSION)
        about = (
            (concluded.subject, concluded.object) if concluded.has_nodes else tuple(dict.fromkeys(subjects))
        )
    return GroundGraph(tuple(nodes), tuple(edges.values()), conclusion, about, tuple(notes))


def _add_conclusion(
    text: str,
    edges: dict[tuple[str, str, str, bool], GroundEdge],
    labels: dict[str, str],
    catalog: RelationCatalog,
    notes: list[str],
) -> str:
    fact = _CONCLUSION.match(text)
    if fact is None:  # a temporal formula: judged through the reply's answer alone
        edges[("", text, "", False)] = GroundEdge(CONCLUSION, "", text, "", origin=CONCLUSION)
        return CONCLUSION
    s, p, o = (_unquote(fact.group(i)) for i in (2, 3, 4))
    if p.startswith("^"):  # "S is the father of O" is O's father S
        s, p, o = o, p[1:], s
    negated = bool(fact["neg"])
    same = edges.get((s, p, o, negated))
    if same is not None:
        edges[(s, p, o, negated)] = _with_origin(same, "evidence+conclusion")
        return same.id
    missing = [x for x in (s, o) if x not in labels]
    if missing:
        notes.append(
            f"conclusion {text!r}: no label for {', '.join(missing)} in the evidence; "
            "the conclusion is checked through the reply's answer only"
        )
        edges[("", text, "", negated)] = GroundEdge(CONCLUSION, "", text, "", negated, CONCLUSION)
        return CONCLUSION
    label = labels.get(p, "") or catalog.resolve(p).label
    forward, backward = _phrases(catalog, p, label)
    edges[(s, p, o, negated)] = GroundEdge(
        CONCLUSION, labels[s], label, labels[o], negated, CONCLUSION, forward, backward
    )
    return CONCLUSION


def _with_origin(edge: GroundEdge, origin: str) -> GroundEdge:
    return GroundEdge(
        edge.id, edge.subject, edge.relation, edge.object, edge.negated, origin, edge.forward, edge.backward
    )


def _labels(case: TestCase) -> dict[str, str]:
    """Id -> label for entities and properties, from every evidence fact (class premises too)."""
    found: dict[str, str] = {}
    for fact in case.evidence:
        _learn(found, fact)
    return found


def _unquote(atom: str) -> str:
    return re.sub(r"\\(.)", r"\1", atom)


def _learn(found: dict[str, str], fact: EvidenceFact) -> None:
    for key, label in ((fact.subject, fact.subject_label), (fact.object, fact.object_label)):
        if label:
            found.setdefault(key, label)
    if fact.property_label:
        found.setdefault(fact.property, fact.property_label)


def _phrases(catalog: RelationCatalog, pid: str, label: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Words for the relation read forwards and backwards ("author" / "author of")."""
    rel = catalog.resolve(pid, label)
    name = (label or rel.label).lower()
    forward = [name, rel.phrase.lower(), *_DATE_PHRASES.get(pid, ())]
    backward = [name.removesuffix(" of")] if name.endswith(" of") else [f"{name} of"]
    if rel.inverse_phrase:
        backward.append(rel.inverse_phrase.lower())
    if rel.inverse and rel.inverse in catalog:
        inverse = catalog[rel.inverse]
        backward += [inverse.label.lower(), inverse.phrase.lower()]
    if rel.symmetric:
        backward += forward
    return _unique(forward), _unique(backward)


def _unique(phrases: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(p for p in phrases if p))


class RelationKeys:
    """The lemma key of each catalog phrase, read by the same extractor that reads replies.

    "was written by" gets the key the extractor gives "Oliver Twist was written by ...", so a
    reply in any tense or voice meets it on equal terms; a bare label ("spouse") is its own key.
    """

    def __init__(self, extractor: TripleExtractor) -> None:
        self._extractor = extractor
        self._keys: dict[str, str] = {}

    def prepare(self, phrases: Iterable[str]) -> None:
        missing = sorted({p for p in phrases if p not in self._keys})
        if not missing:
            return
        sentences = [f"Alice Smith {p} Bob Jones." for p in missing]
        for phrase, triples in zip(missing, self._extractor.extract(sentences), strict=True):
            # Only a reading that links the two names with words of the phrase counts: "received the
            # award" is "receive"; "place of birth" is no verb, its key is itself. "has as father" and
            # "has as mother" would both read "have as": a light verb keeps the whole phrase.
            keys = [
                t.key
                for t in triples
                if (t.subject, t.object) == ("Alice Smith", "Bob Jones")
                and set(_words(t.relation)) <= set(_words(phrase))
                and t.key.split()[0] != "have"
            ]
            self._keys[phrase] = keys[0] if keys else phrase

    def __getitem__(self, phrase: str) -> str:
        if phrase not in self._keys:
            self.prepare([phrase])
        return self._keys[phrase]


def _words(phrase: str) -> list[str]:
    return [w for w in phrase.lower().split() if w not in ("the", "a", "an")]
