"""What `kgtest judge` writes to the graph store: every reply with its claims and verdict, linked
to its test case, then each kind's own graph (its ``GraphPart`` in api/kinds.py): a dialogue
run's conflicts, a conversation run's conversations as dialogue graphs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from kgtest.core.display import Line, Tell
from kgtest.generator.suite_nodes import suite_id
from kgtest.kg.run_graph import write_run_graph
from kgtest.kg.store import GraphStore
from kgtest.oracle.run_verdicts import RunVerdicts
from kgtest.oracle.verdicts import reply_nodes

if TYPE_CHECKING:  # the dialogue's and the conversation's writers load with the first such run
    from kgtest.kg.conflict_graph import ConflictNode


class GraphPart(Protocol):
    """What a kind adds to the graph store for a judged run, beyond its replies."""

    def write(self, store: GraphStore, verdicts: RunVerdicts, kinds: tuple[str, ...]) -> str:
        """Write it; say what was written."""
        ...


def write_judged_graph(
    store: GraphStore,
    verdicts: RunVerdicts,
    parts: list[tuple[GraphPart, tuple[str, ...]]],
    tell: Tell,
) -> None:
    """Every kind's results of one judged run, written to the store; ``parts``: each kind's own graph."""
    manifest = verdicts.manifest
    suite = suite_id(Path(manifest.suite))
    nodes = reply_nodes(manifest, suite, verdicts.records)
    linked = write_run_graph(store, manifest.run_id, nodes)
    tell(Line(f"graph: {len(nodes)} replies written, {linked} linked to their test cases"))
    if linked < len(nodes):
        tell(Line(_unlinked(len(nodes) - linked, manifest.suite), note=True))
    held = {c.kind for c, _ in verdicts.pairs}
    for part, kinds in parts:
        if held.intersection(kinds):
            tell(Line(part.write(store, verdicts, kinds)))


def _unlinked(count: int, suite: str) -> str:
    """Why replies found no test case to link to (a gen killed while it wrote the graph left them
    so, and judge said only '0 linked'), and what writes the cases."""
    return (
        f"graph: {count} replies found no test case of {suite} in the graph store: `kgtest gen` wrote "
        "that suite with --no-graph, was stopped before its graph was written, made it again since, "
        "or wrote it for another workspace's database. The verdicts are whole; for the links, "
        "`kgtest gen` with the same flags and seed writes the cases again, then `kgtest judge` once more."
    )


class Conflicts:
    """A dialogue run's conflicts (failed metamorphic checks), each linked to the rounds it sets apart."""

    def write(self, store: GraphStore, verdicts: RunVerdicts, kinds: tuple[str, ...]) -> str:
        from kgtest.kg.conflict_graph import write_conflicts
        from kgtest.oracle.dialogue_verdicts import DialogueJudgement
        from kgtest.report.dialogue_tables import conflicts

        judgement = next(j for k in kinds if (j := verdicts.detail(k, DialogueJudgement)) is not None)
        cases = [c for c, _, _ in verdicts.of_kinds(kinds)]
        manifest = verdicts.manifest
        suite = suite_id(Path(manifest.suite))
        found = conflict_nodes(suite, manifest.run_id, manifest.name, conflicts(judgement, cases))
        sides = write_conflicts(store, manifest.run_id, found)
        return f"graph: {len(found)} dialogue conflicts written, {sides} sides linked to test cases"


class Conversations:
    """A conversation run's conversations, each a dialogue graph of its rounds and the tests on them."""

    def write(self, store: GraphStore, verdicts: RunVerdicts, kinds: tuple[str, ...]) -> str:
        from kgtest.kg.dialogue_graph import write_dialogue_graph
        from kgtest.oracle.conversation.audit import BatteryResult
        from kgtest.oracle.conversation.graph import battery_graph
        from kgtest.oracle.conversation_verdicts import conversation_records

        result = next(r for k in kinds if (r := verdicts.detail(k, BatteryResult)) is not None)
        talks = [(c, t) for c, t, _ in verdicts.of_kinds(kinds)]
        held = conversation_records(talks, verdicts.manifest)
        report = write_dialogue_graph(store, battery_graph(verdicts.run_id, held, result))
        return f"graph: {report.dialogues} conversations of {report.rounds} rounds written"


def conflict_nodes(suite: str, run: str, system: str, found: list[dict[str, Any]]) -> list[ConflictNode]:
    """The report's conflicts as graph records, keyed by run and found by the suite's keys."""
    from kgtest.kg.conflict_graph import ConflictNode, ConflictSide

    nodes = []
    for i, c in enumerate(found):
        dialogue, origin = c["question"]
        props = {"system": system, "relation": c["relation"], "mss": c["mss"], "severe": c["severe"]}
        sides = tuple(
            ConflictSide(f"{suite}#{s['case_id']}", {"side": n, **_side(s)})
            for n, s in enumerate(c["sides"], 1)
        )
        nodes.append(ConflictNode(f"{run}#{i}", f"{suite}#{dialogue}#r{origin}", props | c["parts"], sides))
    return nodes


def _side(s: dict[str, Any]) -> dict[str, Any]:
    keep = ("position", "question", "answer", "answerable")
    return {"variant": s["dialogue"], **{k: s[k] for k in keep}}
