"""Judge LLM replies against a case's proof without an LLM judge (Drowzee §3.6, Algorithm 3).

``judge_many([(case, reply_text), ...])`` parses each reply's Yes/No, reads triples from its
reasoning, compares them with the case's evidence and conclusion, and returns one ``Verdict``
per reply. docs/oracle.md explains the outcomes.
"""

from kgtest.kg.extract.triples import (
    Triple,
    TripleExtractor,
    extractor_names,
    make_extractor,
    register_extractor,
)
from kgtest.oracle.answer import ParsedAnswer, Stance, parse_answer
from kgtest.oracle.ground import GroundEdge, GroundGraph, ground_graph
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
from kgtest.oracle.similarity import Comparison, EdgeMatch, NodeMatch, Thresholds

__all__ = [
    "HALLUCINATIONS",
    "Comparison",
    "EdgeMatch",
    "GroundEdge",
    "GroundGraph",
    "Judge",
    "JudgeSettings",
    "NodeMatch",
    "Outcome",
    "ParsedAnswer",
    "Stance",
    "Thresholds",
    "Triple",
    "TripleExtractor",
    "Verdict",
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
