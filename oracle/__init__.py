"""Judge LLM replies against a case's proof without an LLM judge (Drowzee §3.6, Algorithm 3).

``judge_many([(case, reply_text), ...])`` parses each reply's Yes/No, reads claims from its
reasoning, checks them against the KB and its answer against them with the rule library, and
returns one ``Verdict`` per reply. docs/oracle.md explains the outcomes.
"""

from kgtest.kg.extract.triples import (
    Triple,
    TripleExtractor,
    extractor_names,
    make_extractor,
    register_extractor,
)
from kgtest.oracle.answer import ParsedAnswer, Stance, parse_answer
from kgtest.oracle.checks import Checked
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
from kgtest.oracle.kb import KbLookup, LazyKb, ViewKb
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.similarity import Thresholds

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
