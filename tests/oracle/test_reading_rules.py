"""Issue 38's reading rules, each tested on a style of reply: several sentences of one shape.

Every reply is judged with the example KB against a case of the first two labelled sets; the
replies are written for these tests (not taken from any labelled set), and the expected class is
what docs/oracle.md's definitions give.
"""

from __future__ import annotations

from functools import cache

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge, Outcome, Verdict
from kgtest.oracle.outcomes import ABSTAINED

from .labelled import FIXTURE, labelled
from .test_styled import STYLED

TESLA_NYC = "a4027ea3b205d0d5"  # Is it true that Nikola Tesla died in New York City? Yes
PRINCETON_EINSTEIN = "380f10678c559401"  # Is it true that Princeton University employed Albert Einstein? Yes
CURIE_CHEMISTRY = "60541b1bfdaca739"  # Did Marie Curie receive the Nobel Prize in Chemistry? Yes
DARWIN_LENIN = "e2782b12c7b7b29b"  # Is it true that Robert Darwin was married to Vladimir Lenin? No
MUNICH_BAVARIA = "8937d10e14c210e1"  # Is it true that Munich is located in Bavaria? Yes
CO, EK, EI, BOTH = (
    o.value for o in (Outcome.CORRECT, Outcome.ERRONEOUS_KNOWLEDGE, Outcome.ERRONEOUS_INFERENCE, Outcome.BOTH)
)
UNREADABLE = Outcome.UNREADABLE.value


@cache
def _cases() -> dict[str, TestCase]:
    return {i.case.id: i.case for path in (FIXTURE, STYLED) for i in labelled(path)}


def _judged(judge: Judge, case_id: str, replies: list[str]) -> list[Verdict]:
    return judge.judge_many([(_cases()[case_id], r) for r in replies])


RULES: dict[str, tuple[str, list[tuple[str, str]]]] = {
    # A sentence relating what the KB knows that nothing reads: the oracle says it cannot tell.
    "unread sentences make the verdict unreadable": (
        TESLA_NYC,
        [
            ("Yes. Tesla sailed to New York City in 1884 and died there.", UNREADABLE),
            ("Yes. Tesla was born in 1856; eighty-six years later he died in New York City.", UNREADABLE),
            ("Yes. Tesla died in New York City, which he had toured with Edison in 1884.", UNREADABLE),
        ],
    ),
    # A verb that ends a relation ("broke off", "cut ties") names the relation that ended: never read
    # as the relation itself (it was read as "Yes, they are linked" behind a No).
    "a relation said as ended is not read as the relation": (
        PRINCETON_EINSTEIN,
        [
            ("No. Princeton University and Einstein broke off their relationship.", UNREADABLE),
            ("No. Princeton University cut ties with Einstein.", UNREADABLE),
        ],
    ),
    # A case entity's whole name inside a longer one of common words is that entity, not another value.
    "a case entity named with a class word": (
        TESLA_NYC,
        [
            ("Yes. Tesla died in New York City municipality.", CO),
            ("Yes. Tesla died in the New York City borough, aged 86.", CO),
        ],
    ),
    # Relations in other words: kgtest's paraphrases, and WordNet's synonyms of the verb.
    "relations in other words": (
        TESLA_NYC,
        [
            ("Yes. Tesla came into the world in Smiljan in 1856 and died in New York City.", CO),
            ("Yes. Tesla entered the world in 1857 and died in New York City.", EK),
            ("Yes. Tesla settled in New York City and expired there in 1943.", CO),
            ("Yes. Tesla perished in New York City in 1945.", EK),
            ("Yes. Tesla lived in New York City; he breathed his last there in 1943.", CO),
        ],
    ),
    # A chair or a professorship at a university is employment there (P108's paraphrases).
    "a chair at a university": (
        PRINCETON_EINSTEIN,
        [
            ("Yes. Einstein took up a chair at Princeton University in 1933.", CO),
            ("No - as far as I know Einstein never held a professorship at Princeton University.", EK),
        ],
    ),
    # "Yes, they did.": the answer echoed by a pronoun says nothing of the case (no unread sentence).
    "the answer echoed by a pronoun": (
        TESLA_NYC,
        [("No, he didn't.", EI), ("No - it is not.", EI), ("Yes, he did.", CO)],
    ),
    # "there", "that city", "the former": a name said before.
    "references inside the reply": (
        TESLA_NYC,
        [
            ("Yes. Tesla moved to New York City and passed away in that city in 1943.", CO),
            ("Yes. Tesla settled in New York City and died there in 1943.", CO),
            ("Yes. Tesla settled in New York City and died there in 1945.", EK),
        ],
    ),
    # Ages and gaps computed from the KB's years of birth and death.
    "arithmetic on ages": (
        TESLA_NYC,
        [
            ("Yes. Tesla died in New York City at the age of 86.", CO),
            ("Yes. Tesla died in New York City, aged 86.", CO),
            ("Yes. Tesla died in New York City at 76.", EK),
            ("Yes. Tesla died in New York City in 1943, aged 70.", EK),
        ],
    ),
    "arithmetic on gaps and dated facts": (
        PRINCETON_EINSTEIN,
        [
            ("Yes. Einstein worked at Princeton University and outlived Mileva Marić by seven years.", CO),
            (
                "Yes. Einstein worked at Princeton University and outlived Mileva Marić by more than half "
                "a century.",
                EK,
            ),
            (
                "Yes. Einstein worked at Princeton University. He was born eleven years after Pauline Koch.",
                EK,
            ),
            ("Yes. Einstein won the Nobel Prize in Physics in 1921 and worked at Princeton University.", CO),
            ("Yes. Einstein won the Nobel Prize in Physics in 1922 and worked at Princeton University.", EK),
            (
                "Yes. Einstein received the 1923 Nobel Prize in Physics and worked at Princeton University.",
                EK,
            ),
        ],
    ),
    # "only", "no other", "never another": at most one of a kind, refuted by two in the KB.
    "negation and quantifiers": (
        CURIE_CHEMISTRY,
        [
            ("Yes. Marie Curie won the Nobel Prize in Chemistry in 1911, her only Nobel.", EK),
            ("Yes. Curie received the Nobel Prize in Chemistry, and no other Nobel Prize.", EK),
            ("Yes. Curie won the Nobel Prize in Chemistry but never won another Nobel Prize.", EK),
            ("Yes. Curie won only one Nobel Prize, the one in Chemistry.", EK),
            # the 1903 is not the Chemistry prize's year (another clause): unread, not misdated
            (
                "Yes. Marie Curie won the Nobel Prize in Chemistry in 1911; she won the Physics one in 1903.",
                UNREADABLE,
            ),
        ],
    ),
    # "they", "the two" in the words of the question's relation: its statement.
    "the question's two, unnamed": (
        DARWIN_LENIN,
        [
            (
                "No. Robert Darwin died in 1848 and Lenin was born in 1870, so they were never married.",
                CO,
            ),
            ("No. They were never married: Robert Darwin died in 1848, and Lenin was born in 1870.", CO),
        ],
    ),
    # "Some say X, but ...", "contrary to the myth that X", "it is wrongly claimed that X": X is the
    # claim the reply rejects, not its own; a report it does not turn from stays its own.
    "claims reported as others' and rejected": (
        TESLA_NYC,
        [
            ("Yes. Some say Tesla died in Paris, but actually he died in New York City in 1943.", CO),
            ("Yes. Contrary to a popular myth that he died in Paris, Tesla died in New York City.", CO),
            ("Yes. Tesla died in New York City. It is sometimes wrongly claimed that he died in 1945.", CO),
            ("Yes. Some say Tesla died in Paris, but he died in New York City in 1945.", EK),
            ("Yes. Tesla died in New York City; some historians say he died in 1945.", EK),
        ],
    ),
    # "X, not Y", "not Y but X": the value denied beside the one given is no claim of its own.
    "values denied beside the one given": (
        TESLA_NYC,
        [
            ("Yes. Tesla died in New York City in 1943, not 1945.", CO),
            ("Yes. Tesla died not in Paris but in New York City.", CO),
            ("Yes. Tesla died in New York City in 1945, not 1943 as often said.", EK),
        ],
    ),
    # Class nouns, demonyms, "one of the X of Y": containment.
    "places said by their class": (
        MUNICH_BAVARIA,
        [
            ("Yes. Munich is the largest city of Bavaria, a German state.", CO),
            ("Yes. Munich lies in Upper Bavaria, one of the administrative districts of Bavaria.", CO),
            ("Yes. Bavaria is one of Germany's federal states, and its capital is Munich.", CO),
            ("Yes. Munich lies in Lower Bavaria, one of the districts of Bavaria.", EK),
        ],
    ),
}


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_reading_rule_holds_for_its_style(kb_judge: Judge, rule: str) -> None:
    case_id, replies = RULES[rule]
    verdicts = _judged(kb_judge, case_id, [r for r, _ in replies])
    got = [(r, v.outcome.value) for (r, _), v in zip(replies, verdicts, strict=True)]
    assert got == replies, [v.reasons for v in verdicts]


def test_an_unreadable_verdict_keeps_the_sentences_and_is_no_hallucination(kb_judge: Judge) -> None:
    (verdict,) = _judged(kb_judge, TESLA_NYC, ["Yes. Tesla sailed to New York City in 1884 and died there."])
    assert verdict.outcome is Outcome.UNREADABLE
    assert not verdict.hallucination
    assert verdict.unread and "sailed to New York City" in verdict.unread[0]
    assert verdict.reasons[0].startswith("cannot tell")
    assert Verdict.from_dict(verdict.to_dict()).unread == verdict.unread
    assert Outcome.UNREADABLE.value in ABSTAINED  # counted apart, like the abstentions


def test_a_sentence_of_saying_or_feeling_names_nothing_the_kb_could_hold(kb_judge: Judge) -> None:
    verdicts = _judged(
        kb_judge,
        TESLA_NYC,
        [
            "Yes. Tesla admired New York City and died there.",
            "Yes. Tesla praised New York City, and he died there.",
        ],
    )
    assert [v.outcome for v in verdicts] == [Outcome.CORRECT, Outcome.CORRECT]


def test_a_body_of_water_is_no_other_value_of_a_land_region() -> None:
    from kgtest.oracle.kind_of_place import maybe_one_kind

    assert not maybe_one_kind("Indian Ocean", "East Africa")
    assert not maybe_one_kind("Lake Geneva", "Switzerland")
    assert maybe_one_kind("Wales", "England")
    assert maybe_one_kind("Bay Area", "California")
