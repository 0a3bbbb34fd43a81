"""What of a judged battery goes into the graph store, in the dialogue model (kg/dialogue_graph.py).

A battery is a ``Battery`` node that ``HOLDS`` one ``Dialogue`` per conversation, so the
queries and Neo4j Browser views of MORTAR's dialogues show conversations too. Each round is a
``Round``: the partner's line (``question``), the system's ``reply``, the answers the script
expects, which tests passed and failed there, its dialogue acts and its scored nuggets as JSON.
What was said becomes ``Statement``s: an information line ``STATES`` what the partner told
("partner | favourite place | Paris") and the KB fact it gave, and the rounds asking about it
``NEED`` that statement, so a memory failure is drawn with the round it forgot; every claim
the system made (an F-nugget) is a statement its round ``STATES``, with the KB's check on the
link. Concepts the script took from the KB are ``SAME_AS`` their ``Entity``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from kgtest.core.records import to_plain
from kgtest.generator.conversation.script_records import InjectedTest, Script
from kgtest.kg.dialogue_graph import Link, Node, SuiteDialogueGraph
from kgtest.oracle.conversation.audit import BatteryResult
from kgtest.oracle.conversation.swan import ScoredNugget
from kgtest.oracle.conversation.verdicts import TestVerdict
from kgtest.runner.conversation import PARTNER, SCRIPTED, ChatRecord

SOURCE = "battery"
"""``Dialogue.source`` of a battery's conversations."""


def battery_graph(battery: str, records: Sequence[ChatRecord], result: BatteryResult) -> SuiteDialogueGraph:
    """The graph of one judged battery; written under ``battery`` as its suite, replacing what it had."""
    nodes: dict[str, Node] = {}
    links: list[Link] = []
    systems = {s.sut: s.value for s in result.systems}
    conversations = {s.scope: s.value for s in result.conversations}
    verdicts: dict[tuple[str, int], list[TestVerdict]] = defaultdict(list)
    for v in result.verdicts:
        verdicts[(v.conversation, v.turn)].append(v)
    nuggets: dict[tuple[str, int], list[ScoredNugget]] = defaultdict(list)
    for n in result.nuggets:
        nuggets[(n.conversation, n.turn)].append(n)
    suts = list(dict.fromkeys(r.sut for r in records))
    about: dict[str, Any] = {"id": battery, "sut": suts, "partner": records[0].partner if records else ""}
    about |= {"swan": [systems[s] for s in suts]} if all(systems.get(s) is not None for s in suts) else {}
    nodes[battery] = Node("Battery", battery, about)
    for r in records:
        key = _conversation(r, battery, conversations.get(r.id), nodes, links)
        links.append(Link("HOLDS", ("Battery", battery), ("Dialogue", key), {"run": r.run}))
        _Rounds(key, r, nodes, links).write(verdicts, nuggets)
    return SuiteDialogueGraph(battery, tuple(nodes.values()), tuple(links))


def _conversation(
    r: ChatRecord, battery: str, value: float | None, nodes: dict[str, Node], links: list[Link]
) -> str:
    key = f"{battery}#{r.id}"
    props: dict[str, Any] = {
        "id": r.id,
        "source": SOURCE,
        "title": f"{r.sut} with {r.partner}, conversation {r.run}",
        "battery": battery,
        "sut": r.sut,
        "partner": r.partner,
        "run": r.run,
        "seed": r.script.seed,
    }
    if value is not None:
        props["swan"] = value
    nodes[key] = Node("Dialogue", key, props)
    return key


class _Rounds:
    """The rounds of one conversation, with the statements and concepts they make on first use."""

    def __init__(self, key: str, record: ChatRecord, nodes: dict[str, Node], links: list[Link]) -> None:
        self.key, self.r, self.nodes, self.links = key, record, nodes, links
        self.ids = _entity_ids(record.script)

    def write(
        self,
        verdicts: Mapping[tuple[str, int], Sequence[TestVerdict]],
        nuggets: Mapping[tuple[str, int], Sequence[ScoredNugget]],
    ) -> None:
        r, script = self.r, self.r.script
        for turn in range(1, r.settings.turns + 1):
            rkey = f"{self.key}#r{turn}"
            said, reply = r.said(turn, PARTNER), r.said(turn)
            round_: dict[str, Any] = {"dialogue": r.id, "number": turn, "question": said.text}
            round_["reply"] = reply.text
            judged = verdicts.get((r.id, turn), ())
            for outcome, value in (("passed", True), ("failed", False), ("not_judged", None)):
                round_[outcome] = sorted({v.code.value for v in judged if v.passed is value})
            round_["judged"] = any(v.passed is not None for v in judged)
            mine = nuggets.get((r.id, turn), ())
            round_["acts"] = [n.act for n in mine if n.kind == "O"]
            round_["nuggets"] = json.dumps(to_plain(list(mine)), sort_keys=True, ensure_ascii=False)
            if reply.reply is not None and reply.reply.error is not None:
                round_["error"] = reply.reply.error
            test = None
            if r.partner == SCRIPTED and script.line(turn).test:
                test = script.test(script.line(turn).test)
                round_ |= {"role": script.line(turn).role, "test": test.code.value, "test_id": test.id}
            elif r.partner == SCRIPTED:
                round_["role"] = script.line(turn).role
            if test is not None and turn in test.ask_turns:
                round_["answer"] = list(test.expected)
            self.nodes[rkey] = Node("Round", rkey, {k: v for k, v in round_.items() if v not in ("", [])})
            self.links.append(Link("HAS_ROUND", ("Dialogue", self.key), ("Round", rkey), {"number": turn}))
            if turn > 1:
                self.links.append(Link("NEXT", ("Round", f"{self.key}#r{turn - 1}"), ("Round", rkey)))
            if test is not None:
                self._told(rkey, turn, test)
            for n in mine:
                if n.kind == "F" and n.claim:
                    self._claimed(rkey, n)

    def _told(self, rkey: str, turn: int, test: InjectedTest) -> None:
        """The information line states its slot and KB fact; each later question needs the slot."""
        if test.info_turn is None or not test.value:
            return
        told = f"partner | {test.slot} | {test.value_label}"
        slot = self._statement(PARTNER, test.slot, test.value, told)
        here = ("Round", rkey)
        if turn == test.info_turn:
            self.links.append(Link("STATES", here, slot, {"by": PARTNER}))
            c = test.claim
            if c is not None:
                text = f"{c.subject_label} | {c.property_label} | {c.object_label}"
                fact = self._statement(c.subject, c.property, c.object, text)
                self.links.append(Link("STATES", here, fact, {"by": PARTNER, "check": "KB fact"}))
        elif turn in test.ask_turns:
            self.links.append(Link("NEEDS", here, slot, {"distance": turn - test.info_turn}))

    def _claimed(self, rkey: str, n: ScoredNugget) -> None:
        subject, relation, obj = (part.strip() for part in n.claim.split(" | ", 2))
        negated = relation.startswith("not ")
        relation = relation.removeprefix("not ")
        ends = [self.ids.get(subject, subject), self.ids.get(obj, obj)]
        statement = self._statement(ends[0], relation, ends[1], f"{subject} | {relation} | {obj}")
        props: dict[str, Any] = {"by": "sut", "nugget": n.index, "weight": n.weight, "negated": negated}
        props |= {"check": n.check} if n.check else {}
        props |= {str(c): s for c, s in n.scores.items()}
        props |= {"notes": list(n.notes)} if n.notes else {}
        props |= {"repeated": n.repeated} if n.repeated else {}
        self.links.append(Link("STATES", ("Round", rkey), statement, props))

    def _statement(self, subject: str, relation: str, obj: str, text: str) -> tuple[str, str]:
        skey = f"{self.key}#s:{subject}|{relation}|{obj}"
        if skey not in self.nodes:
            labels = text.split(" | ")
            props = {"dialogue": self.r.id, "relation": relation, "text": text}
            self.nodes[skey] = Node("Statement", skey, props)
            self.links.append(Link("SUBJECT", ("Statement", skey), self._concept(subject, labels[0])))
            self.links.append(Link("OBJECT", ("Statement", skey), self._concept(obj, labels[-1])))
        return ("Statement", skey)

    def _concept(self, name: str, label: str) -> tuple[str, str]:
        """A KB entity by its id (``SAME_AS`` it), anything else by the words that named it."""
        ckey = f"{self.key}#c:{name}"
        if ckey not in self.nodes:
            kb = name if name in self.ids.values() else ""
            props = {"dialogue": self.r.id, "concept": name, "label": label}
            props |= {"kind": "speaker"} if name == PARTNER else {}
            self.nodes[ckey] = Node("Concept", ckey, props | ({"kb_id": kb} if kb else {}))
            if kb:
                self.links.append(Link("SAME_AS", ("Concept", ckey), ("Entity", kb)))
        return ("Concept", ckey)


def _entity_ids(script: Script) -> dict[str, str]:
    """KB ids of the names the script took from the KB, by label."""
    ids: dict[str, str] = {}
    for t in script.tests:
        if t.value:
            ids[t.value_label] = t.value
        if t.claim is not None:
            ids[t.claim.subject_label] = t.claim.subject
            ids[t.claim.object_label] = t.claim.object
    return ids
