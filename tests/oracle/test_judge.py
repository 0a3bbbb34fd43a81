"""Hand-written replies whose class a person gives them, judged end to end with the real models.

Classes as docs/oracle.md defines them: knowledge is wrong when the reply states facts the KB
contradicts or that miss the proof's facts; inference is wrong when its answer does not
follow from what it states (read with the KB's facts it leaves standing).
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from kgtest.generator.case import Answer, EvidenceFact, Proof, TestCase
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge, JudgeSettings, Outcome, Thresholds
from kgtest.oracle.embeddings import Embedder
from tests.oracle.cases import (
    ALIVE,
    BORN_IN_LONDON,
    BORN_IN_PORTSMOUTH,
    CAPITAL_OF,
    FATHER_OF,
    IN_ENGLAND,
    SPOUSE,
    WROTE,
    case,
    holds,
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
    (BORN_IN_PORTSMOUTH, "Yes.", CO),  # a right answer that states nothing more
    (BORN_IN_PORTSMOUTH, "Yes. Portsmouth is Charles Dickens's birthplace.", CO),  # Wikidata's alias
    (SPOUSE, "Yes. Charles Dickens's wife was Catherine Dickens.", CO),
    (SPOUSE, "Yes. Dickens married Catherine Dickens in 1836.", CO),
    (WROTE, "Yes. Charles Dickens wrote Oliver Twist.", CO),  # active voice for "was written by"
    (WROTE, "Yes. Dickens is the author of Oliver Twist.", CO),
    (CAPITAL_OF, "Yes, the capital of England is London.", CO),
    (CAPITAL_OF, "Yes. London is the capital of England.", CO),
    (IN_ENGLAND, "Yes. Oxford is located in Oxfordshire, and Oxfordshire is in England.", CO),
    (IN_ENGLAND, "Yes. Oxford is a city in Oxfordshire, which is part of England.", CO),
    (IN_ENGLAND, "Yes.", CO),
    (BORN_IN_LONDON, "No. Dickens was born in Portsmouth, not London.", CO),  # a right contrast
    (FATHER_OF, "Yes. John Dickens was the father of Charles Dickens.", CO),
    (FATHER_OF, "Yes, Charles Dickens's father was John Dickens.", CO),
    (ALIVE, "Yes. Charles Dickens was born in 1812 and died in 1870, so he was alive in 1850.", CO),
    # erroneous knowledge: wrong facts, and the answer follows from them (right or wrong)
    (BORN_IN_LONDON, "No. Dickens was born in Manchester.", EK),
    (BORN_IN_PORTSMOUTH, "No. Dickens was born in London.", EK),
    (WROTE, "No. Oliver Twist was written by William Thackeray.", EK),
    (WROTE, "No. Charles Dickens did not write Oliver Twist.", EK),  # denies the KB's fact
    (IN_ENGLAND, "Yes. Oxford is located in Berkshire, which is in England.", EK),
    (IN_ENGLAND, "No. Oxford is located in Wales.", EK),
    # erroneous inference: the answer does not follow from what the reply states
    (BORN_IN_PORTSMOUTH, "No.", EI),
    (BORN_IN_LONDON, "Yes. Dickens was born in Portsmouth.", EI),
    (
        IN_ENGLAND,
        "No. Oxford is in Oxfordshire and Oxfordshire is in England, "
        "but that does not make Oxford part of England.",
        EI,
    ),
    (SPOUSE, "No. Catherine Dickens was the sister of Charles Dickens.", EI),
    (BORN_IN_PORTSMOUTH, "No, the answer is not true. Charles Dickens was born in Portsmouth.", EI),
    # both: wrong facts, and an answer they do not give either
    (BORN_IN_PORTSMOUTH, "Yes. Dickens was born in London.", BOTH),
    (SPOUSE, "Yes. Charles Dickens's wife was Ellen Ternan.", BOTH),
    (ALIVE, "No. Charles Dickens died in 1840.", BOTH),
    # screened before any claim is read
    (SPOUSE, "I don't know.", Outcome.IDK),
    (SPOUSE, "I'm not sure whether they were married.", Outcome.IDK),
    (SPOUSE, "As an AI, I cannot answer questions about people.", Outcome.REFUSAL),
    (SPOUSE, "Not necessarily. They separated in 1858.", Outcome.AMBIGUOUS),
    (SPOUSE, "Yes and no.", Outcome.AMBIGUOUS),
    (SPOUSE, "They lived in London.", Outcome.AMBIGUOUS),
    (SPOUSE, "- Yes\n- No\n- I don't know", Outcome.AMBIGUOUS),
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


def test_the_verdict_keeps_the_evidence_that_decided_it(judge: Judge) -> None:
    verdict = judge.judge(BORN_IN_PORTSMOUTH, "Yes, Dickens was born in London in 1812.")
    assert verdict.outcome is BOTH and verdict.hallucination
    assert verdict.answer.evidence == ("Yes",)
    assert ("Dickens", "was born in", "London") in {
        (t.subject, t.relation, t.object) for t in verdict.triples
    }
    (london,) = [c for c in verdict.claims if c.object.name == "London"]
    assert london.statement == ("Q5686", "P19", "?london") and london.status == "refuted"
    assert (verdict.world, verdict.implied) == ("fails", Answer.NO)
    assert verdict.reasons[0] == (
        'says "Dickens was born in London in 1812.", but the KB has Charles Dickens was born in Portsmouth '
        "(place of birth has one value)"
    )
    assert "answers 'yes', but what it states, with the KB's facts it leaves, gives 'No'" in verdict.reasons
    data = json.loads(json.dumps(verdict.to_dict()))
    assert (data["outcome"], data["hallucination"], data["answer"]["stance"]) == ("both", True, "yes")


def test_reasons_a_user_can_read(judge: Judge) -> None:
    quoted = judge.judge(
        BORN_IN_LONDON, 'The answer to the question "Is it true that Dickens was born in London?" is "No".'
    )
    assert quoted.outcome is CO and not any("no Yes, No" in r for r in quoted.reasons)
    unread = judge.judge(SPOUSE, "Yes. Charles Dickens adored Catherine Dickens.")
    assert "'adored' was not matched to any relation (Charles Dickens, Catherine Dickens)" in unread.reasons
    years = judge.judge(ALIVE, "Yes.")
    assert years.outcome is CO and not any("1812" in r or "1870" in r for r in years.reasons)


def test_what_the_ground_truth_could_not_hold_is_among_the_reasons(judge: Judge) -> None:
    unlabelled = dataclasses.replace(BORN_IN_LONDON, evidence=BORN_IN_LONDON.evidence[:1])  # no London
    verdict = judge.judge(unlabelled, "No. Dickens was born in Portsmouth.")
    assert verdict.outcome is CO
    assert any("no label for Q84" in r for r in verdict.reasons)


def test_screened_replies_are_not_hallucinations(judge: Judge) -> None:
    verdict = judge.judge(SPOUSE, "As an AI, I cannot say.")
    assert verdict.outcome is Outcome.REFUSAL and not verdict.hallucination
    assert verdict.claims == () and verdict.triples == () and verdict.world == ""


def test_i_dont_know_is_correct_when_the_proof_leaves_it_unknown(judge: Judge) -> None:
    unknown = dataclasses.replace(SPOUSE, expected=Answer.IDK)
    assert judge.judge(unknown, "I do not know.").outcome is CO
    assert judge.judge(unknown, "Yes. Dickens married Catherine Dickens.").outcome is EI


def test_nothing_starts_until_a_reply_needs_it() -> None:
    judge = Judge()  # no models handed in: each is made on first need
    judge.judge_many([(BORN_IN_PORTSMOUTH, "Yes."), (SPOUSE, "No."), (SPOUSE, "I don't know.")])
    assert judge.loaded == ()  # bare answers: no parser, no embeddings, no rules, no KB


AWARD = EvidenceFact("Q7186", "Marie Curie", "P166", "award received", "Q38104", "Nobel Prize in Physics")
PRIZE = case(
    "prize", "ground", "Did Marie Curie receive the Nobel Prize in Physics?", Answer.YES, (AWARD,), ""
)
PRIZE = dataclasses.replace(PRIZE, proof=Proof("ground", holds("Q7186", "P166", "Q38104"), (AWARD,)))


def test_wikidatas_aliases_read_paraphrases_a_bare_catalog_does_not(
    extractor: SpacyExtractor, embedder: Embedder
) -> None:
    wrong = "No. Marie Curie was awarded the Nobel Prize in Chemistry."
    full = Judge(extractor=extractor, embedder=embedder)
    bare = Judge(
        JudgeSettings(aliases=False, paraphrases=False, fallback=False),
        extractor=extractor,
        embedder=embedder,
    )
    assert full.judge(PRIZE, wrong).outcome is EK  # "was awarded" is the award: Chemistry misses the proof's
    # unread, it relates what the KB may know: the oracle cannot tell, rather than call it a bare wrong No
    assert bare.judge(PRIZE, wrong).outcome is Outcome.UNREADABLE


def test_the_fallback_costs_one_encode_call_per_batch(extractor: SpacyExtractor) -> None:
    embedder = Embedder(cache_size=1_000)  # its own counter
    judge = Judge(extractor=extractor, embedder=embedder)
    replies = [
        (SPOUSE, f"Yes. Charles Dickens courted{'' if i else ' and loved'} Catherine Dickens.")
        for i in range(4)
    ]
    judge.judge_many(replies)
    assert embedder.encode_calls == 1
    judge.judge_many(replies)
    assert embedder.encode_calls == 1  # all cached now
    strict = Judge(JudgeSettings(thresholds=Thresholds(synonym=0.99)), extractor=extractor, embedder=embedder)
    assert strict.settings.thresholds.synonym == 0.99
