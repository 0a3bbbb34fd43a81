"""What of a suite goes into the graph store: its derived statements and its test-case nodes.

The Cypher lives in kg/suite_graph.py; this module decides what a case contributes: the
DERIVED statement a fact question asks about (with its proof), and the entities it asks about.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from kgtest.generator.case import FactMeta, TestCase, case_id
from kgtest.kg.store import GraphStore
from kgtest.kg.suite_graph import CaseNode, DerivedStatement, GraphReport, SuiteGraph
from kgtest.kg.suite_graph import write_suite_graph as write_graph

GRAPH_FORMAT = 2
"""Part of a suite's graph digest: a suite written in an older shape is written again (2: ``entities``)."""


def suite_id(path: Path) -> str:
    """The Suite node's id: the file's name plus a hash of where it lives.

    Two ``suite.jsonl`` in different folders must not share one node (writing the second would
    remove the first one's test cases).
    """
    return f"{path.stem}-{case_id('suite', path.resolve())[:8]}"


def derived_id(statement: Sequence[str], holds: bool) -> str:
    return case_id("derived", *statement, holds)


def suite_graph(
    suite: str, cases: Sequence[TestCase], info: Mapping[str, Any], digest: str = ""
) -> SuiteGraph:
    """The suite as graph records: one DERIVED statement per derived fact question, one node per case."""
    derived = {d.id: d for d in (_derived(c) for c in cases) if d is not None}
    nodes = tuple(_case_node(suite, c) for c in cases)
    return SuiteGraph(suite, info, tuple(derived.values()), nodes, digest)


def write_suite_graph(
    store: GraphStore, suite: str, cases: Sequence[TestCase], info: Mapping[str, Any], digest: str = ""
) -> GraphReport:
    """Write the suite's graph records; safe to repeat (kg/suite_graph.py)."""
    return write_graph(store, suite_graph(suite, cases, info, digest))


def _asked_derived(c: TestCase) -> FactMeta | None:
    """What a fact case derives; stated KB facts are FACT relationships already, so None for them."""
    if isinstance(c.meta, FactMeta) and c.proof is not None and c.proof.rule != "ground":
        return c.meta
    return None


def _derived(c: TestCase) -> DerivedStatement | None:
    meta = _asked_derived(c)
    if meta is None or c.proof is None:
        return None
    s, p, o = meta.statement
    return DerivedStatement(
        id=derived_id(meta.statement, meta.holds),
        subject=s,
        property=p,
        object=o,
        holds=meta.holds,
        rule=c.proof.rule,
        text=meta.sentence,
        conclusion=c.proof.conclusion,
        proof=json.dumps(asdict(c.proof), sort_keys=True, ensure_ascii=False),
        assumption=c.proof.assumption,
    )


def _case_node(suite: str, c: TestCase) -> CaseNode:
    return CaseNode(
        key=f"{suite}#{c.id}",
        id=c.id,
        suite=suite,
        kind=c.kind,
        rule=c.rule,
        domain=c.domain,
        question=c.question,
        expected=c.expected.value,
        variant=c.variant,
        facts=tuple(sorted({e.fact_id for e in c.evidence if e.fact_id})),
        entities=tuple(sorted({x for e in c.evidence if e.fact_id for x in (e.subject, e.object)})),
        derived=derived_id(meta.statement, meta.holds) if (meta := _asked_derived(c)) else None,
        asks_about=_asks_about(c),
    )


def _asks_about(c: TestCase) -> tuple[tuple[str, str], ...]:
    if isinstance(c.meta, FactMeta):
        s, _, o = c.meta.statement
        return ((s, "subject"), (o, "object"))
    if c.dialogue is not None:
        return ((c.dialogue.topic, "topic"),) if c.dialogue.topic else ()
    entities = dict.fromkeys(x for e in c.evidence for x in (e.subject, e.object))
    return tuple((e, "event") for e in entities)
