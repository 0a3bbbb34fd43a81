"""What `kgtest judge` writes to the graph store for each kind: replies and claims, dialogue
conflicts, conversations as dialogue graphs; all linked to the suite's test cases."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgtest.core.progress import stderr
from kgtest.core.workspace import RunFiles
from kgtest.generator.case import TestCase
from kgtest.generator.suite_nodes import suite_id
from kgtest.kg.run_graph import write_run_graph
from kgtest.kg.store import GraphStore
from kgtest.oracle.verdicts import JudgedReply, JudgeSummary, battery_files, reply_nodes
from kgtest.runner.transcript import Transcript

if TYPE_CHECKING:  # the dialogue's and the conversation's writers load with the first such run
    from kgtest.kg.conflict_graph import ConflictNode


def write_judged_graph(
    store: GraphStore,
    run: RunFiles,
    summary: JudgeSummary,
    records: Sequence[JudgedReply],
    pairs: Sequence[tuple[TestCase, Transcript]],
) -> None:
    """Every kind's results of one judged run (``pairs``: its cases and transcripts), written to the store."""
    manifest = summary.manifest
    suite = suite_id(Path(manifest["suite"]))
    nodes = reply_nodes(manifest, suite, records)
    linked = write_run_graph(store, summary.run_id, nodes)
    stderr.print(f"graph: {len(nodes)} replies written, {linked} linked to their test cases")
    if not (summary.kinds.get("dialogue") or summary.kinds.get("conversation")):
        return
    if summary.kinds.get("dialogue"):
        from kgtest.kg.conflict_graph import write_conflicts
        from kgtest.oracle.dialogue_verdicts import read_judgement
        from kgtest.report.dialogue import conflicts

        cases = [c for c, _ in pairs if c.shape == "dialogue"]
        found = conflicts(read_judgement(run.folder / "dialogue.json"), cases)
        system = str(manifest.get("name") or manifest["system"])
        conflict = conflict_nodes(suite, summary.run_id, system, found)
        sides = write_conflicts(store, summary.run_id, conflict)
        stderr.print(f"graph: {len(conflict)} dialogue conflicts written, {sides} sides linked to test cases")
    if summary.kinds.get("conversation"):
        from kgtest.kg.dialogue_graph import write_dialogue_graph
        from kgtest.oracle.battery.audit import read_result
        from kgtest.oracle.battery.graph import battery_graph
        from kgtest.oracle.conversation_verdicts import conversation_records

        talks = [(c, t) for c, t in pairs if c.shape == "conversation"]
        held = conversation_records(talks, manifest)
        graph = battery_graph(summary.run_id, held, read_result(battery_files(run)))
        report = write_dialogue_graph(store, graph)
        stderr.print(f"graph: {report.dialogues} conversations of {report.rounds} rounds written")


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
