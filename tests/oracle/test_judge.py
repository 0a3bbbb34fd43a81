"""Hand-written replies whose class a person would give them, judged end to end with the real models."""

from __future__ import annotations

import dataclasses
import json

import pytest

from kgtest.generator.case import Answer, TestCase
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge, Outcome, Thresholds, classify, parse_answer
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.ground import ground_graph
from kgtest.oracle.similarity import Comparison
from tests.oracle.cases import (
    ALIVE,
    BORN_IN_LONDON,
    BORN_IN_PORTSMOUTH,
    CAPITAL_OF,
    FATHER_OF,
    IN_ENGLAND,
    SPOUSE,
    WROTE,
)

CO, EK, EI, BOTH = Outcome.CORRECT, Outcome.ERRONEOUS_KNOWLEDGE, Outcome.ERRONEOUS_INFERENCE, Outcome.BOTH

REPLIES: list[tuple[TestCase, str, Outcome]] = [
    # correct, in the words of the evidence and in paraphrase
    (BORN_IN_PORTSMOUTH, "Yes. Charles Dickens was born in Portsmouth in 1812.", CO),
    (BORN_IN_PORTSMOUTH, "Yes, Dickens was born in Portsmouth, England. He was a novelist.", CO),
    (
        BORN_IN_PORTSMOUTH,
        "**Answer: Yes**\n\nReasoning:\n1. Charles Dickens was born in Portsmouth.\n"
        "2. Portsmouth is a city in England.",
        CO,
    ),
    (BORN_IN_PORTSMOUTH, "Yes.", CO),  # one hop: the answer states the whole proof
    (SPOUSE, "Yes. Charles Dickens's wife was Catherine Dickens.", CO),  # "wife" for "spouse"
    (SPOUSE, "Yes. Dickens married Catherine Dickens in 1836.", CO),  # "married", and either direction
    (WROTE, "Yes. Charles Dickens wrote Oliver Twist.", CO),  # active voice for "was written by"
    (WROTE, "Yes. Dickens is the author of Oliver Twist.", CO),  # "author of" reads "author" backwards
    (CAPITAL_OF, "Yes, the capital of England is London.", CO),  # the inverse property's words
    (CAPITAL_OF, "Yes. London is the capital of England.", CO),
    (IN_ENGLAND, "Yes. Oxford is located in Oxfordshire, and Oxfordshire is in England.", CO),
    (IN_ENGLAND, "Yes. Oxford is a city in Oxfordshire, which is in England.", CO),
    (BORN_IN_LONDON, "No. Dickens was born in Portsmouth, not London.", CO),
    (FATHER_OF, "Yes. John Dickens was the father of Charles Dickens.", CO),  # ^P22: P22 backwards
    (FATHER_OF, "Yes, Charles Dickens's father was John Dickens.", CO),
    (ALIVE, "Yes. Charles Dickens was born in 1812 and died in 1870, so he was alive in 1850.", CO),
    # erroneous knowledge: a wrong fact on the way to the right answer
    (BORN_IN_LONDON, "No. Dickens was born in Manchester.", EK),
    (BORN_IN_PORTSMOUTH, "Yes. Dickens was born in London.", EK),
    (SPOUSE, "Yes. Dickens's wife was Ellen Ternan.", EK),
    (IN_ENGLAND, "Yes. Oxford is located in Berkshire, which is in England.", EK),
    (IN_ENGLAND, "Yes.", EK),  # two hops: Oxfordshire, which the proof rests on, is never stated
    # erroneous inference: the right facts, the wrong conclusion or relation
    (BORN_IN_PORTSMOUTH, "No.", EI),
    (BORN_IN_LONDON, "Yes. Dickens was born in Portsmouth.", EI),
    (
        IN_ENGLAND,
        "No. Oxford is in Oxfordshire and Oxfordshire is in England, "
        "but that does not make Oxford part of England.",
        EI,
    ),
    (SPOUSE, "No. Catherine Dickens was the sister of Charles Dickens.", EI),
    # both
    (BORN_IN_PORTSMOUTH, "No. Dickens was born in London.", BOTH),
    (WROTE, "No. Oliver Twist was written by William Thackeray.", BOTH),
    (WROTE, "No. Charles Dickens did not write Oliver Twist.", BOTH),  # denies the KB fact itself
    (IN_ENGLAND, "No. Oxford is located in Wales.", BOTH),
    (ALIVE, "No. Charles Dickens died in 1840.", BOTH),
    # screened before any graph is built
    (SPOUSE, "I don't know.", Outcome.IDK),
    (SPOUSE, "I'm not sure whether they were married.", Outcome.IDK),
    (SPOUSE, "As an AI, I cannot answer questions about people.", Outcome.REFUSAL),
    (SPOUSE, "Not necessarily. They separated in 1858.", Outcome.AMBIGUOUS),
    (SPOUSE, "Yes and no.", Outcome.AMBIGUOUS),
    (SPOUSE, "They lived in London.", Outcome.AMBIGUOUS),
]


@pytest.fixture(scope="module")
def verdicts(judge: Judge) -> list[Outcome]:
    return [v.outcome for v in judge.judge_many((case, reply) for case, reply, _ in REPLIES)]


@pytest.mark.parametrize(("index", "reply"), [(i, r[1]) for i, r in enumerate(REPLIES)])
def test_reply_gets_the_class_a_person_gives_it(verdicts: list[Outcome], index: int, reply: str) -> None:
    assert verdicts[index] is REPLIES[index][2]


def test_batch_and_one_at_a_time_agree(judge: Judge) -> None:
    sample = REPLIES[::4]
    batch = judge.judge_many((case, reply) for case, reply, _ in sample)
    single = [judge.judge(case, reply) for case, reply, _ in sample]
    assert batch == single


def test_a_batch_costs_one_encode_call(extractor: SpacyExtractor, embedder: Embedder) -> None:
    judge = Judge(extractor=extractor, embedder=embedder)
    replies = [f"No. Dickens was born in Townsville {i}, near Lake Zzyzx {i}." for i in range(6)]
    before = embedder.encode_calls
    judge.judge_many((BORN_IN_PORTSMOUTH, r) for r in replies)
    assert embedder.encode_calls == before + 1
    judge.judge_many((BORN_IN_PORTSMOUTH, r) for r in replies)
    assert embedder.encode_calls == before + 1  # all cached now


def test_the_verdict_keeps_the_evidence_that_decided_it(judge: Judge) -> None:
    verdict = judge.judge(BORN_IN_PORTSMOUTH, "No, Dickens was born in London in 1812.")
    assert verdict.outcome is BOTH and verdict.hallucination
    assert verdict.answer.evidence == ("No",)
    assert verdict.thresholds == Thresholds()
    assert ("Dickens", "was born in", "London") in {
        (t.subject, t.relation, t.object) for t in verdict.triples
    }
    comparison = verdict.comparison
    assert comparison is not None and verdict.ground is not None
    assert {(n.reply, n.ground) for n in comparison.nodes} >= {
        ("Dickens", "Charles Dickens"),
        ("London", None),
    }
    assert comparison.node_jaccard == pytest.approx(2 / 3)
    assert comparison.edge_jaccard == 0.0
    assert any("node Jaccard 0.67 < θn 0.80" in r and "london" in r for r in verdict.reasons)
    assert any("answers 'no' where the proof concludes 'Yes'" in r for r in verdict.reasons)
    data = json.loads(json.dumps(verdict.to_dict()))
    assert (data["outcome"], data["hallucination"], data["answer"]["stance"]) == ("both", True, "no")


def test_what_the_ground_truth_could_not_hold_is_among_the_reasons(judge: Judge) -> None:
    unlabelled = dataclasses.replace(BORN_IN_LONDON, evidence=BORN_IN_LONDON.evidence[:1])  # no London
    verdict = judge.judge(unlabelled, "No. Dickens was born in Portsmouth.")
    assert verdict.outcome is CO
    assert any("no label for Q84" in r for r in verdict.reasons)


def test_screened_replies_are_not_hallucinations(judge: Judge) -> None:
    verdict = judge.judge(SPOUSE, "As an AI, I cannot say.")
    assert verdict.outcome is Outcome.REFUSAL and not verdict.hallucination
    assert verdict.comparison is None and verdict.triples == ()


def test_i_dont_know_is_correct_when_the_proof_leaves_it_unknown(judge: Judge) -> None:
    unknown = dataclasses.replace(SPOUSE, expected=Answer.IDK)
    assert judge.judge(unknown, "I do not know.").outcome is CO
    assert judge.judge(unknown, "Yes. Dickens married Catherine Dickens.").outcome is EI


def test_thresholds_are_the_users_to_set(extractor: SpacyExtractor, embedder: Embedder) -> None:
    lenient = Judge(extractor=extractor, embedder=embedder)
    strict_synonyms = Judge(
        dataclasses.replace(lenient.settings, thresholds=Thresholds(synonym=0.9)),
        extractor=extractor,
        embedder=embedder,
    )
    loose_nodes = Judge(
        dataclasses.replace(lenient.settings, thresholds=Thresholds(node=0.6)),
        extractor=extractor,
        embedder=embedder,
    )
    wife = "Yes. Charles Dickens's wife was Catherine Dickens."  # wife ~ spouse at cosine 0.86
    assert lenient.judge(SPOUSE, wife).outcome is CO
    assert strict_synonyms.judge(SPOUSE, wife).outcome is EI
    london = "Yes. Dickens was born in London."  # node Jaccard 2/3
    assert lenient.judge(BORN_IN_PORTSMOUTH, london).outcome is EK
    assert loose_nodes.judge(BORN_IN_PORTSMOUTH, london).outcome is CO


def test_a_wrong_answer_is_an_inference_error_however_much_else_is_right() -> None:
    # Nine matched edges and a wrong conclusion score 9/11 > 0.8: Jaccard alone would call it correct.
    comparison = Comparison(
        nodes=(),
        edges=(),
        reply_nodes=("a",),
        ground_nodes=("a",),
        reply_edges=(),
        ground_edges=(),
        node_jaccard=1.0,
        edge_jaccard=9 / 11,
        denied_evidence=(),
        denied_conclusion=True,
    )
    graph = ground_graph(BORN_IN_PORTSMOUTH, builtin_catalog())
    outcome, reasons = classify(comparison, graph, parse_answer("No."), Answer.YES, Thresholds())
    assert outcome is EI
    assert reasons == ("answers 'no' where the proof concludes 'Yes'",)
