"""What of a suite's dialogue cases goes into the graph store (kg/dialogue_graph.py writes it).

Each seed dialogue once: its rounds in order, the statements and concepts of every round
graph and of the story, concepts linked to KB entities; then each perturbed dialogue as the
``TestCase`` it is, with one ``TURN`` per position carrying the answerability and its proof.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from kgtest.core.records import to_plain
from kgtest.generator.case import TestCase
from kgtest.generator.dialogue.records import DialogueCase
from kgtest.kg.dialogue_graph import Link, Node, SuiteDialogueGraph
from kgtest.prolog.answerability import Decision, Doubt, Reference, RefKind, Requirement, Statement


def dialogue_graph(suite: str, cases: Sequence[TestCase], digest: str = "") -> SuiteDialogueGraph:
    nodes: dict[str, Node] = {}
    links: list[Link] = []
    for case in cases:
        d = case.dialogue
        if d is None:
            continue
        key = f"{suite}#{d.dialogue}"
        if key not in nodes:
            _seed(key, d, nodes, links)
        placed = {"name": d.name, "perturbation": d.perturbation, "variant": d.variant}
        links.append(Link("PERTURBS", ("TestCase", f"{suite}#{case.id}"), ("Dialogue", key), placed))
        for t in d.turns:
            decision = t.decision
            turn: dict[str, Any] = {
                "position": t.position,
                "origin": t.origin,
                "copy": t.copy,
                "judged": t.judged,
                "checks": decision.checks,
                "expected": list(t.expected),
                "proof": json.dumps(to_plain(decision), sort_keys=True, ensure_ascii=False),
            }
            if t.answerable is not None:  # a store drops a null property: undecided turns have none
                turn["answerable"] = t.answerable
            else:
                turn["undecided"] = undecided_reason(decision, d)
            if decision.missing:
                turn["missing"] = [describe(r, d) for r in decision.missing]
            links.append(
                Link("TURN", ("TestCase", f"{suite}#{case.id}"), ("Round", f"{key}#r{t.origin}"), turn)
            )
    return SuiteDialogueGraph(suite, tuple(nodes.values()), tuple(links), digest)


def describe(r: Requirement, d: DialogueCase) -> str:
    """A requirement in words: ``pronoun 'she' for Marie Curie``, ``needs Marie Curie | P166 | X``."""
    labels = {c.key: c.label for c in d.concepts}
    if r.statement is not None:
        s = r.statement
        return f"needs {labels.get(s.subject, s.subject)} | {s.relation} | {labels.get(s.object, s.object)}"
    if r.kind == RefKind.ELLIPSIS:
        return f"continues the question asking {r.target}, which is not the one right before"
    what = f"{r.pronoun} " if r.pronoun else ""
    return f"{r.kind} {what}for {labels.get(r.target, r.target)}, not said before"


def undecided_reason(decision: Decision, d: DialogueCase) -> str:
    """Why a turn is undecided, in words: each doubt, ``; `` between them."""
    return "; ".join(doubt_text(x, d) for x in decision.doubts)


_WHY = {
    "missing": "nothing before meets it, yet people read some such words from the story or as whole",
    "story": "only the story says what it stands for",
    "far": "it was last said at turn {at}, three or more turns back",
    "distant": "it was last said at turn {at}, four or more turns back",
    "rival": "turn {at} also shows {rival}, which it could stand for too",
    "undecided": "only turn {at} says it, and that turn is undecided",
    "ambiguous": "it could stand for {rival} as well: the reader found two readings",
}


def doubt_text(x: Doubt, d: DialogueCase) -> str:
    """A doubt in words: ``pronoun she for Angela: turn 3 also shows Mrs. Vivian, which it could ...``."""
    labels = {c.key: c.label for c in d.concepts}
    r = x.requirement
    if r.statement is not None:
        what = f"needs {labels.get(r.statement.subject, r.statement.subject)} | {r.statement.relation} | "
        what += labels.get(r.statement.object, r.statement.object)
    elif r.kind == RefKind.ELLIPSIS:
        what = f"continues the question asking {r.target}"
    else:
        what = " ".join(w for w in (r.kind, r.pronoun, "for", labels.get(r.target, r.target)) if w)
    why = _WHY.get(x.reason, x.reason).format(at=x.position, rival=labels.get(x.rival, x.rival))
    return f"{what}: {why}"


def _seed(key: str, d: DialogueCase, nodes: dict[str, Node], links: list[Link]) -> None:
    """The seed dialogue once: its node, concepts, story, rounds and their graphs."""
    props: dict[str, Any] = {"id": d.dialogue, "source": d.source, "title": d.title}
    if d.topic:
        props["topic"] = d.topic
    if d.story is not None:
        props["story"] = d.story.text
    nodes[key] = Node("Dialogue", key, props)
    for c in d.concepts:
        concept: dict[str, Any] = {"dialogue": d.dialogue, "concept": c.key, "label": c.label}
        concept |= {k: v for k, v in (("kind", c.kind), ("kb_id", c.kb_id)) if v}
        nodes[f"{key}#c:{c.key}"] = Node("Concept", f"{key}#c:{c.key}", concept)
        if c.kb_id:
            links.append(Link("SAME_AS", ("Concept", f"{key}#c:{c.key}"), ("Entity", c.kb_id)))
    ends = _Ends(key, d, nodes, links)
    if d.story is not None:
        story = d.story.graph
        here = ("Dialogue", key)
        links += [Link("STATES", here, ends.statement(s)) for s in story.states]
        links += [Link("NAMES", here, ends.concept(c)) for c in story.names]
        links += [Link("CALLS", here, ends.concept(c), {"pronoun": p}) for p, c in story.pronouns]
    for r in d.rounds:
        rkey = f"{key}#r{r.number}"
        round_: dict[str, Any] = {
            "dialogue": d.dialogue,
            "number": r.number,
            "question": r.question,
            "answer": list(r.answer),
            "rewrite": r.rewrite,
            "frame": r.graph.frame,
            "judged": r.judged,
        }
        ellipsis = [x.target for x in r.graph.refers if x.kind is RefKind.ELLIPSIS]
        if ellipsis:
            round_["continues"] = ellipsis[0]
        nodes[rkey] = Node("Round", rkey, round_)
        links.append(Link("HAS_ROUND", ("Dialogue", key), ("Round", rkey), {"number": r.number}))
        if r.number > 1:
            links.append(Link("NEXT", ("Round", f"{key}#r{r.number - 1}"), ("Round", rkey)))
        g, here = r.graph, ("Round", rkey)
        links += [Link("STATES", here, ends.statement(s)) for s in g.states]
        links += [Link("NEEDS", here, ends.statement(s)) for s in g.needs]
        links += [Link("NAMES", here, ends.concept(c)) for c in g.names]
        links += [Link("INTRODUCES", here, ends.concept(c)) for c in g.introduces]
        links += [
            Link("REFERS", here, ends.concept(x.target), _ref(x)) for x in g.refers if x.kind != "ellipsis"
        ]


class _Ends:
    """Statement and concept nodes of one dialogue, made on first use."""

    def __init__(self, key: str, d: DialogueCase, nodes: dict[str, Node], links: list[Link]) -> None:
        self.key, self.d, self.nodes, self.links = key, d, nodes, links
        self.labels = {c.key: c.label for c in d.concepts}

    def concept(self, k: str) -> tuple[str, str]:
        ckey = f"{self.key}#c:{k}"
        if ckey not in self.nodes:  # a concept the source left out of its list: known by its key
            self.nodes[ckey] = Node("Concept", ckey, {"dialogue": self.d.dialogue, "concept": k, "label": k})
        return ("Concept", ckey)

    def statement(self, s: Statement) -> tuple[str, str]:
        skey = f"{self.key}#s:{s.subject}|{s.relation}|{s.object}"
        if skey not in self.nodes:
            subject, obj = self.labels.get(s.subject, s.subject), self.labels.get(s.object, s.object)
            text = f"{subject} | {s.relation} | {obj}"
            props = {"dialogue": self.d.dialogue, "relation": s.relation, "text": text}
            self.nodes[skey] = Node("Statement", skey, props)
            self.links.append(Link("SUBJECT", ("Statement", skey), self.concept(s.subject)))
            self.links.append(Link("OBJECT", ("Statement", skey), self.concept(s.object)))
        return ("Statement", skey)


def _ref(x: Reference) -> dict[str, str]:
    props = {"kind": x.kind.value, "text": x.text}
    return props | ({"pronoun": x.pronoun} if x.pronoun else {})
