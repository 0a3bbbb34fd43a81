"""Judge LLM replies against a case's proof without an LLM judge (Drowzee §3.6, Algorithm 3).

``judge_many([(case, reply_text), ...])`` parses each reply's Yes/No, reads claims from its
reasoning, checks them against the KB and its answer against them with the rule library, and
returns one ``Verdict`` per reply. docs/oracle.md explains the outcomes.

Importing this package loads none of them: a name is imported on first use (PEP 562), so a
command that needs one module of the oracle does not pay for all the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgtest.core.lazy import lazy_names

if TYPE_CHECKING:
    from kgtest.kg.extract.triples import (
        Triple,
        TripleExtractor,
        extractor_names,
        make_extractor,
        register_extractor,
    )
    from kgtest.oracle.answer import ParsedAnswer, Stance, parse_answer
    from kgtest.oracle.checked import Checked
    from kgtest.oracle.claims import Claim
    from kgtest.oracle.entities import EntityMatch
    from kgtest.oracle.ground import GroundEdge, GroundEntity, GroundGraph, ground_graph
    from kgtest.oracle.judge import (
        HALLUCINATIONS,
        Judge,
        JudgeSettings,
        Outcome,
        Verdict,
        classify,
        judge_many,
        judge_reply,
        shared_judge,
    )
    from kgtest.oracle.kb_lookup import KbLookup, LazyKb, ViewKb
    from kgtest.oracle.relations import RelationMatch
    from kgtest.oracle.similarity import Thresholds

_WHERE = {
    "Checked": "kgtest.oracle.checked",
    "Claim": "kgtest.oracle.claims",
    "EntityMatch": "kgtest.oracle.entities",
    "GroundEdge": "kgtest.oracle.ground",
    "GroundEntity": "kgtest.oracle.ground",
    "GroundGraph": "kgtest.oracle.ground",
    "HALLUCINATIONS": "kgtest.oracle.judge",
    "Judge": "kgtest.oracle.judge",
    "JudgeSettings": "kgtest.oracle.judge",
    "KbLookup": "kgtest.oracle.kb_lookup",
    "LazyKb": "kgtest.oracle.kb_lookup",
    "Outcome": "kgtest.oracle.judge",
    "ParsedAnswer": "kgtest.oracle.answer",
    "RelationMatch": "kgtest.oracle.relations",
    "Stance": "kgtest.oracle.answer",
    "Thresholds": "kgtest.oracle.similarity",
    "Triple": "kgtest.kg.extract.triples",
    "TripleExtractor": "kgtest.kg.extract.triples",
    "Verdict": "kgtest.oracle.judge",
    "ViewKb": "kgtest.oracle.kb_lookup",
    "classify": "kgtest.oracle.judge",
    "extractor_names": "kgtest.kg.extract.triples",
    "ground_graph": "kgtest.oracle.ground",
    "judge_many": "kgtest.oracle.judge",
    "judge_reply": "kgtest.oracle.judge",
    "make_extractor": "kgtest.kg.extract.triples",
    "parse_answer": "kgtest.oracle.answer",
    "register_extractor": "kgtest.kg.extract.triples",
    "shared_judge": "kgtest.oracle.judge",
}


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "HALLUCINATIONS",
    "Checked",
    "Claim",
    "EntityMatch",
    "GroundEdge",
    "GroundEntity",
    "GroundGraph",
    "Judge",
    "JudgeSettings",
    "KbLookup",
    "LazyKb",
    "Outcome",
    "ParsedAnswer",
    "RelationMatch",
    "Stance",
    "Thresholds",
    "Triple",
    "TripleExtractor",
    "Verdict",
    "ViewKb",
    "classify",
    "extractor_names",
    "ground_graph",
    "judge_many",
    "judge_reply",
    "make_extractor",
    "parse_answer",
    "register_extractor",
    "shared_judge",
]
