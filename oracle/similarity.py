"""Node and edge similarity between a reply's triples and the ground-truth graph (Drowzee §3.6).

Two nodes are one when their names are equal once normalised (case, accents, punctuation, word
order, "the", ordinals: the cheap path), or when their embeddings' cosine reaches the synonym
threshold and the names do not each have a word the other lacks: cosine puts "Catherine
Dickens" 0.85 from "Charles Dickens" and "Nobel Prize in Physics" 0.87 from "... in Chemistry".
Two edges are one when their ends are the same nodes and the relation is the same: equal
words, equal lemma keys (any tense or voice), or cosine >= threshold with one of the ground
relation's phrases. Scores are Jaccard over the identified sets; docs/oracle.md explains which
edges are counted and why.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.ground import CONCLUSION, GroundEdge, GroundGraph, RelationKeys

_STOPWORDS = {"the", "a", "an", "of", "s"}
_ORDINALS = {
    **{w: str(i) for i, w in enumerate(["first", "second", "third", "fourth", "fifth"], 1)},
    **{w: str(i) for i, w in enumerate(["sixth", "seventh", "eighth", "ninth", "tenth"], 6)},
    **{w: str(i) for i, w in enumerate(["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"], 1)},
    **{f"{i}{s}": str(i) for i, s in enumerate(["st", "nd", "rd"] + ["th"] * 7, 1)},
}
_VALUE = re.compile(
    r"^(?:(?:c\.|circa|about|around|in)\s+)?(?:\d[\d,.\-]*\s*(?:bc|bce|ad|ce|s)?|"
    r"(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2},?)?\s+\d{1,4})$",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Drowzee sets all three to 0.8 (§4.1, checked on 270 hand-labelled replies)."""

    synonym: float = 0.8
    """Cosine at or above which two phrases name the same entity or relation."""
    node: float = 0.8
    """θn: node Jaccard below which the reply's knowledge is wrong."""
    edge: float = 0.8
    """θe: edge Jaccard below which its inference is wrong."""
    name_guard: bool = True
    """Refuse cosine matches between names that each have a word the other lacks."""


@dataclass(frozen=True, slots=True)
class NodeMatch:
    reply: str
    ground: str | None
    """The ground node it is identified with, None when none."""
    nearest: str | None
    """The closest ground node by cosine (or the equal one), matched or not."""
    score: float
    how: str
    """``exact`` (normalised names equal), ``cosine``, ``guard`` (cosine passed, names differ) or ``none``."""


@dataclass(frozen=True, slots=True)
class EdgeMatch:
    triple: Triple
    ground: str | None
    """Id of the ground edge it states (or denies), None when it states none."""
    agrees: bool
    """Same polarity as that edge; False when the reply denies a ground fact or asserts a denied one."""
    score: float
    how: str
    """``words``, ``key`` (same lemmas), ``voice`` (active for passive), ``cosine`` or ``none``."""
    relevant: bool
    """Counted at all: its relation is one of the ground's, or both its ends are ground nodes."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """Everything the two similarity scores were computed from."""

    nodes: tuple[NodeMatch, ...]
    edges: tuple[EdgeMatch, ...]
    reply_nodes: tuple[str, ...]
    ground_nodes: tuple[str, ...]
    reply_edges: tuple[str, ...]
    """Identified edge ids counted for the reply: a ground id, ``not <id>``, or ``reply:...`` for its own."""
    ground_edges: tuple[str, ...]
    node_jaccard: float
    edge_jaccard: float
    denied_evidence: tuple[str, ...]
    """Evidence edges the reply contradicts."""
    denied_conclusion: bool
    """The reply's answer or one of its statements contradicts the proof's conclusion."""


class Comparer:
    """Compares reply triples with ground graphs; phrases must be ``prepare``-d in the embedder first."""

    def __init__(self, embedder: Embedder, keys: RelationKeys, thresholds: Thresholds) -> None:
        self._embedder = embedder
        self._keys = keys
        self._t = thresholds

    @staticmethod
    def phrases(triples: Sequence[Triple], ground: GroundGraph) -> set[str]:
        """Every phrase ``compare`` may need a vector for."""
        out = {n for t in triples for n in (t.subject, t.object) if not is_value(n)}
        out |= {t.relation for t in triples}
        out |= {n for n in ground.nodes if not is_value(n)}
        return out | {p for e in ground.edges for p in (*e.forward, *e.backward)}

    def compare(
        self, triples: Sequence[Triple], answer_agrees: bool | None, ground: GroundGraph
    ) -> Comparison:
        """``answer_agrees``: the reply's Yes/No equals the expected answer (None: it gave neither)."""
        nodes = {
            n: self._align(n, ground.nodes)
            for n in dict.fromkeys(x for t in triples for x in (t.subject, t.object))
        }
        aligned = {n: m.ground for n, m in nodes.items()}
        edges = [self._edge(t, aligned, ground) for t in triples]
        conclusion = ground.edge(ground.conclusion) if ground.conclusion else None

        counted = [e for e in edges if e.relevant]
        stated = {aligned[n] for e in counted for n in (e.triple.subject, e.triple.object)} - {None}
        reply_nodes = {aligned[n] or _own(n) for e in counted for n in (e.triple.subject, e.triple.object)}
        answer_edge = None  # the answer states the conclusion, or denies it
        if conclusion is not None and answer_agrees is not None:
            answer_edge = conclusion.id if answer_agrees else f"not {conclusion.id}"
            reply_nodes |= set(ground.about)  # and speaks of its entities

        # Edges are compared among the entities the reply's statements got right: an entity it got
        # wrong is charged once, to knowledge (node Jaccard), not a second time to inference.
        reply_edges = {
            _edge_id(e, aligned)
            for e in counted
            if {aligned[e.triple.subject], aligned[e.triple.object]} <= stated
        }
        ground_edges = {e.id for e in ground.edges if e.has_nodes and {e.subject, e.object} <= stated}
        if answer_edge is not None and ground.conclusion is not None:
            reply_edges.add(answer_edge)
            ground_edges.add(ground.conclusion)

        denied = sorted(
            {
                e.ground
                for e in edges
                if e.ground and not e.agrees and ground.edge(e.ground).origin != CONCLUSION
            }
        )
        return Comparison(
            nodes=tuple(nodes.values()),
            edges=tuple(edges),
            reply_nodes=tuple(sorted(reply_nodes)),
            ground_nodes=ground.nodes,
            reply_edges=tuple(sorted(reply_edges)),
            ground_edges=tuple(sorted(ground_edges)),
            node_jaccard=_jaccard(reply_nodes, set(ground.nodes)),
            edge_jaccard=_jaccard(reply_edges, ground_edges),
            denied_evidence=tuple(denied),
            denied_conclusion=answer_agrees is False
            or any(e.ground == ground.conclusion and not e.agrees for e in edges),
        )

    def _align(self, name: str, candidates: Sequence[str]) -> NodeMatch:
        key = name_key(name)
        for ground in candidates:
            if name_key(ground) == key:
                return NodeMatch(name, ground, ground, 1.0, "exact")
        if is_value(name):
            return NodeMatch(name, None, None, 0.0, "none")
        scored = [(self._embedder.cosine(name, g), g) for g in candidates if not is_value(g)]
        guard = self._t.name_guard
        allowed = [(score, g) for score, g in scored if not (guard and different_names(name, g))]
        score, best = max(allowed, key=lambda pair: pair[0], default=(0.0, None))
        if best is not None and score >= self._t.synonym:
            return NodeMatch(name, best, best, score, "cosine")
        top, nearest = max(scored, key=lambda pair: pair[0], default=(0.0, None))
        blocked = nearest is not None and top >= self._t.synonym
        return NodeMatch(name, None, nearest, top, "guard" if blocked else "none")

    def _edge(self, triple: Triple, aligned: dict[str, str | None], ground: GroundGraph) -> EdgeMatch:
        s, o = aligned[triple.subject], aligned[triple.object]
        best: EdgeMatch | None = None
        related = s is not None and o is not None
        for edge in ground.edges:
            if not edge.has_nodes:
                continue
            for forwards in (True, False):
                score, how = self._relation(triple, edge, forwards)
                if score < self._t.synonym or is_value(triple.object) != is_value(
                    edge.object if forwards else edge.subject
                ):
                    continue
                related = True
                ends = (edge.subject, edge.object) if forwards else (edge.object, edge.subject)
                if (s, o) == ends and (best is None or score > best.score):
                    best = EdgeMatch(triple, edge.id, triple.negated == edge.negated, score, how, True)
        return best or EdgeMatch(triple, None, True, 0.0, "none", related)

    def _relation(self, triple: Triple, edge: GroundEdge, forwards: bool) -> tuple[float, str]:
        """How well the triple's relation names ``edge`` read in one direction."""
        phrases = edge.forward if forwards else edge.backward
        words = " ".join(_words(triple.relation))
        if any(" ".join(_words(p)) == words for p in phrases):
            return 1.0, "words"
        if any(self._keys[p] == triple.key for p in phrases):
            return 1.0, "key"
        # "Dickens wrote X" states "X was written by Dickens": the same lemmas in the other voice.
        voices = (f"{triple.key} by", triple.key.removesuffix(" by"))
        if not forwards and triple.key and any(self._keys[p] in voices for p in edge.forward):
            return 1.0, "voice"
        scores = [self._embedder.cosine(triple.relation, p) for p in phrases]
        return (max(scores), "cosine") if scores else (0.0, "none")


def _edge_id(match: EdgeMatch, aligned: dict[str, str | None]) -> str:
    if match.ground is not None:
        return match.ground if match.agrees else f"not {match.ground}"
    t = match.triple
    return f"reply:{aligned[t.subject]}|{t.key or t.relation}|{aligned[t.object]}|{'-' if t.negated else '+'}"


def _own(name: str) -> str:
    """The id of a reply entity that is no ground node."""
    return f"reply:{' '.join(name_key(name))}"


def _jaccard(a: set[str], b: set[str]) -> float:
    """Empty against empty is 1: nothing there to disagree."""
    union = a | b
    return len(a & b) / len(union) if union else 1.0


def _words(phrase: str) -> list[str]:
    return [w for w in phrase.lower().split() if w not in ("the", "a", "an")]


@lru_cache(maxsize=65_536)
def name_key(name: str) -> tuple[str, ...]:
    """A name reduced to what identifies it: "the Second World War" and "World War II" are equal."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", plain)
    return tuple(sorted({_ORDINALS.get(w, w) for w in words if w not in _STOPWORDS}))


def different_names(a: str, b: str) -> bool:
    """Names that share words but each have one the other lacks: Charles / Catherine Dickens."""
    x, y = set(name_key(a)), set(name_key(b))
    return bool(x & y) and bool(x - y) and bool(y - x)


def is_value(name: str) -> bool:
    """A year, number or date: matched by equal value only, never by cosine (1812 vs 1813 is 0.62...)."""
    return bool(_VALUE.match(name.strip()))
