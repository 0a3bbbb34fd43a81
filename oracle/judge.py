"""Judge replies without an LLM: Drowzee's Algorithm 3 (screen, extract, compare, classify), batched.

A verdict is decided by the reply's own words against the case's proof: the evidence facts
are the knowledge, the proof's conclusion is the inference. docs/oracle.md explains each
outcome with worked examples.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

from kgtest.core.records import from_plain, to_plain
from kgtest.generator.case import Answer, TestCase
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.extract.triples import Triple, TripleExtractor, make_extractor
from kgtest.oracle.answer import ParsedAnswer, Stance, parse_answer
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.ground import GroundGraph, RelationKeys, ground_graph
from kgtest.oracle.similarity import Comparer, Comparison, Thresholds


class Outcome(StrEnum):
    CORRECT = "correct"
    """Drowzee's CO: the facts and the conclusion agree with the proof."""
    ERRONEOUS_KNOWLEDGE = "erroneous_knowledge"
    """EK: the reply's facts diverge from the evidence (node Jaccard < θn, or it denies a KB fact)."""
    ERRONEOUS_INFERENCE = "erroneous_inference"
    """EI: its relations or its conclusion diverge (edge Jaccard < θe, or a wrong answer)."""
    BOTH = "both"
    """OL: both at once."""
    IDK = "idk"
    """Says it does not know: honest, not a hallucination (Drowzee screens it as correct)."""
    REFUSAL = "refusal"
    """Declines to answer: not a hallucination either."""
    AMBIGUOUS = "ambiguous"
    """No clear Yes/No: a hedge, both, neither, or a lead and a final answer that disagree."""


HALLUCINATIONS = frozenset({Outcome.ERRONEOUS_KNOWLEDGE, Outcome.ERRONEOUS_INFERENCE, Outcome.BOTH})

READ_LIMIT = 20_000
"""Characters of a reply the oracle reads (docs/oracle.md): its first 20,000, some 4,000 words,
read in about a second; the verdict of a longer reply says it was cut. Unbounded, 30 replies of
900 KB took 24 GB and a 10 MB one stopped spaCy (E088) and with it the whole run's verdicts."""


@dataclass(frozen=True, slots=True)
class JudgeSettings:
    thresholds: Thresholds = field(default_factory=Thresholds)
    extractor: str = "spacy"
    """A registered triple extractor (``kgtest.oracle.extractor_names()``)."""
    embedding_model: str | None = None
    """A local sentence-transformers folder; None for the packaged all-MiniLM-L6-v2."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome for one reply and everything that decided it."""

    case_id: str
    outcome: Outcome
    expected: Answer
    answer: ParsedAnswer
    reasons: tuple[str, ...]
    """Why, in words: each threshold crossed, each contradiction, with the names involved."""
    thresholds: Thresholds
    triples: tuple[Triple, ...] = ()
    """Everything read from the reasoning (relevant or not; see ``comparison.edges``)."""
    comparison: Comparison | None = None
    """Matched nodes and edges with scores, and both Jaccards; None for a screened reply."""
    ground: GroundGraph | None = None
    cut_from: int | None = None
    """The reply's length when only its first ``READ_LIMIT`` characters were judged."""

    @property
    def hallucination(self) -> bool:
        return self.outcome in HALLUCINATIONS

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (enums are strings); ``hallucination`` is added for readers of the file."""
        return {**to_plain(self), "hallucination": self.hallucination}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Verdict:
        """The Verdict ``to_dict`` wrote."""
        fields = {k: v for k, v in data.items() if k != "hallucination"}
        return from_plain(Verdict, fields, where=f"verdict of {data.get('case_id', '?')}")


class Judge:
    """Loads the extractor and the embedding model once; judge as many replies as you like."""

    def __init__(
        self,
        settings: JudgeSettings | None = None,
        *,
        extractor: TripleExtractor | None = None,
        embedder: Embedder | None = None,
        catalog: RelationCatalog | None = None,
    ) -> None:
        self.settings = settings or JudgeSettings()
        self._extractor = extractor or make_extractor(self.settings.extractor)
        self._embedder = embedder or Embedder(self.settings.embedding_model)
        self._catalog = catalog or builtin_catalog()
        self._keys = RelationKeys(self._extractor)
        self._comparer = Comparer(self._embedder, self._keys, self.settings.thresholds)
        self._grounds: OrderedDict[Hashable, GroundGraph] = OrderedDict()

    def judge(self, case: TestCase, reply: str) -> Verdict:
        return self.judge_many([(case, reply)])[0]

    def judge_many(self, cases_and_replies: Iterable[tuple[TestCase, str]]) -> list[Verdict]:
        """One parse batch and one embedding call for the batch; each reply read up to ``READ_LIMIT``."""
        full = list(cases_and_replies)
        verdicts = self._judge_read([(case, reply[:READ_LIMIT]) for case, reply in full])
        return [
            v if len(reply) <= READ_LIMIT else _cut(v, len(reply))
            for v, (_, reply) in zip(verdicts, full, strict=True)
        ]

    def _judge_read(self, pairs: list[tuple[TestCase, str]]) -> list[Verdict]:
        parsed = [parse_answer(reply) for _, reply in pairs]
        todo = [i for i, p in enumerate(parsed) if p.stance in (Stance.YES, Stance.NO)]
        grounds = {i: self._ground(pairs[i][0]) for i in todo}
        read = self._extractor.extract([parsed[i].reasoning for i in todo], [grounds[i].nodes for i in todo])
        triples = dict(zip(todo, read, strict=True))
        self._keys.prepare(p for g in grounds.values() for e in g.edges for p in (*e.forward, *e.backward))
        self._embedder.prepare(p for i in todo for p in Comparer.phrases(triples[i], grounds[i]))
        verdicts = []
        for i, ((case, _), answer) in enumerate(zip(pairs, parsed, strict=True)):
            if i not in triples:
                verdicts.append(self._screened(case, answer))
                continue
            agrees = answer.answer is case.expected
            comparison = self._comparer.compare(triples[i], agrees, grounds[i])
            outcome, reasons = classify(
                comparison, grounds[i], answer, case.expected, self.settings.thresholds
            )
            reasons += grounds[i].notes  # what the ground truth could not hold
            verdicts.append(
                Verdict(
                    case.id,
                    outcome,
                    case.expected,
                    answer,
                    reasons,
                    self.settings.thresholds,
                    tuple(triples[i]),
                    comparison,
                    grounds[i],
                )
            )
        return verdicts

    def _ground(self, case: TestCase) -> GroundGraph:
        """Cached: a suite is judged once per system under test."""
        key = (case.id, case.evidence, case.proof)
        graph = self._grounds.get(key)
        if graph is None:
            graph = self._grounds[key] = ground_graph(case, self._catalog)
            if len(self._grounds) > 10_000:
                self._grounds.popitem(last=False)
        return graph

    def _screened(self, case: TestCase, answer: ParsedAnswer) -> Verdict:
        """Algorithm 3's preliminary screening: no Yes/No to check reasoning against."""
        if answer.stance is Stance.IDK and case.expected is Answer.IDK:
            outcome, why = Outcome.CORRECT, "says it does not know, and the proof leaves the answer unknown"
        elif answer.stance is Stance.IDK:
            outcome, why = Outcome.IDK, "says it does not know: honest, not judged further"
        elif answer.stance is Stance.REFUSAL:
            outcome, why = Outcome.REFUSAL, "declines to answer: not judged further"
        elif answer.stance is Stance.MISSING:
            outcome, why = Outcome.AMBIGUOUS, "no Yes, No or I don't know found where an answer goes"
        else:
            outcome, why = Outcome.AMBIGUOUS, f"no single answer: {' / '.join(answer.evidence)!r}"
        return Verdict(case.id, outcome, case.expected, answer, (why,), self.settings.thresholds)


def _cut(verdict: Verdict, length: int) -> Verdict:
    note = f"reply cut: only its first {READ_LIMIT:,} of {length:,} characters were judged"
    return replace(verdict, cut_from=length, reasons=(*verdict.reasons, note))


def classify(
    comparison: Comparison,
    ground: GroundGraph,
    answer: ParsedAnswer,
    expected: Answer,
    thresholds: Thresholds,
) -> tuple[Outcome, tuple[str, ...]]:
    """Algorithm 3, lines 12-19, plus two decisive contradictions Jaccard alone could outvote.

    Knowledge is wrong when node Jaccard < θn or the reply denies an evidence fact; inference is
    wrong when edge Jaccard < θe or the reply contradicts the conclusion (its answer included).
    """
    reasons: list[str] = []
    knowledge = inference = False
    if comparison.node_jaccard < thresholds.node:
        knowledge = True
        reasons.append(_node_reason(comparison, thresholds))
    if comparison.denied_evidence:
        knowledge = True
        facts = "; ".join(_fact(ground, e) for e in comparison.denied_evidence)
        reasons.append(f"denies evidence: {facts}")
    if answer.answer is not expected:
        inference = True
        reasons.append(f"answers {answer.stance.value!r} where the proof concludes {expected.value!r}")
    elif comparison.denied_conclusion:
        inference = True
        reasons.append(f"a statement denies the proven conclusion {_fact(ground, ground.conclusion)}")
    if comparison.edge_jaccard < thresholds.edge:
        inference = True
        reasons.append(
            f"edge Jaccard {comparison.edge_jaccard:.2f} < θe {thresholds.edge:.2f}: "
            f"reply edges {list(comparison.reply_edges)} vs ground {list(comparison.ground_edges)}"
        )
    if knowledge and inference:
        return Outcome.BOTH, tuple(reasons)
    if knowledge:
        return Outcome.ERRONEOUS_KNOWLEDGE, tuple(reasons)
    if inference:
        return Outcome.ERRONEOUS_INFERENCE, tuple(reasons)
    return Outcome.CORRECT, (
        f"node Jaccard {comparison.node_jaccard:.2f} >= {thresholds.node:.2f}, edge Jaccard "
        f"{comparison.edge_jaccard:.2f} >= {thresholds.edge:.2f}, answer {answer.stance.value!r} as proven",
    )


def _node_reason(comparison: Comparison, thresholds: Thresholds) -> str:
    extra = [n.removeprefix("reply:") for n in comparison.reply_nodes if n not in comparison.ground_nodes]
    missing = [n for n in comparison.ground_nodes if n not in comparison.reply_nodes]
    why = f"node Jaccard {comparison.node_jaccard:.2f} < θn {thresholds.node:.2f}: "
    if not any(e.relevant for e in comparison.edges):
        return why + f"the reasoning states none of the facts the proof rests on (not mentioned: {missing})"
    return why + f"not in the evidence {extra}, evidence not mentioned {missing}"


def _fact(ground: GroundGraph, edge_id: str | None) -> str:
    if edge_id is None:
        return "(none)"
    edge = ground.edge(edge_id)
    text = f"{edge.subject} {edge.relation} {edge.object}".strip()
    return f"{edge_id}: {'not ' if edge.negated else ''}{text}"


@lru_cache(maxsize=4)
def shared_judge(settings: JudgeSettings | None = None) -> Judge:
    """One judge per settings per process, so the models load once."""
    return Judge(settings)


def judge_many(
    cases_and_replies: Iterable[tuple[TestCase, str]], settings: JudgeSettings | None = None
) -> list[Verdict]:
    """Judge a batch with the process's shared judge."""
    return shared_judge(settings).judge_many(cases_and_replies)


def judge_reply(case: TestCase, reply: str, settings: JudgeSettings | None = None) -> Verdict:
    return shared_judge(settings).judge(case, reply)
