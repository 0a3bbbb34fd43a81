"""A reply that names nothing but calls the case's only entity by its kind ("No - the club wasn't
founded until 1967") speaks of that entity (oracle/pronouns.py ``_the_only_one``): read as no one,
a wrong founding year passed as correct; so does a profile's field line ("- Born: 1991":
oracle/rewrite.py). Replies are written for this test over cases of the labelled blind set: the
example KB's "Python existed" (created in 1991) and litwd1k's Anouska Koster (born in 1993)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgtest.generator.case import TestCase
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.rewrite import readable

from .replay_kb import ReplayKb

PYTHON = "82309794ebb15887"
"""Event 1 happened in Y if Python existed in the year after Y; did it happen in 1976? (No)"""


HERE = Path(__file__).parent / "labelled"


def _case(case_id: str = PYTHON) -> TestCase:
    for line in (HERE / "blind.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)["case"]
        if isinstance(case, dict) and case["id"] == case_id:
            return TestCase.from_json(json.dumps(case))
    raise AssertionError(f"no case {case_id} in blind.jsonl")


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("No - the language was only created in 1985.", "erroneous_knowledge"),  # terse
        ("No. Honestly, the language wasn't founded until 1985!", "erroneous_knowledge"),  # chatty
        ("No. The language was created in 1991.", "correct"),
    ],
)
def test_the_cases_only_entity_by_its_kind(kb_judge: Judge, reply: str, outcome: str) -> None:
    (verdict,) = kb_judge.judge_many([(_case(), reply)])
    assert verdict.outcome.value == outcome, verdict.reasons


def test_two_kinds_name_no_one(kb_judge: Judge) -> None:
    reply = "No - the language was created in 1985 and the book in 1987."
    (verdict,) = kb_judge.judge_many([(_case(), reply)])
    assert not any(c.triple.subject == "Python" for c in verdict.claims), verdict.claims


KOSTER = "a1c32eb79ee50006"
"""Was it true in 1993 that it was not the case that Anouska Koster was alive? (No: born 1993)"""


@pytest.fixture(scope="module")
def litwd1k(extractor: SpacyExtractor, embedder: Embedder) -> Judge:
    return Judge(extractor=extractor, embedder=embedder, kb=ReplayKb(HERE / "blind_litwd1k_kb.json"))


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("**Anouska Koster**\n\n- Nationality: Dutch\n- Born: 1993\n\n**Answer: No.**", "correct"),
        ("**Anouska Koster**\n\n- **Born:** 1995\n\n**Answer: Yes.**", "erroneous_knowledge"),
    ],
)
def test_a_profiles_field_line_speaks_of_the_cases_only_entity(
    litwd1k: Judge, reply: str, outcome: str
) -> None:
    (verdict,) = litwd1k.judge_many([(_case(KOSTER), reply)])
    assert verdict.outcome.value == outcome, verdict.reasons


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "**Python — origins**\n\n- **Founded:** 1985, in Amsterdam\n\n**Answer: No.**",
            "erroneous_knowledge",
        ),
        ("**Python — origins**\n\n- Established: 1991\n\n**Answer: No.**", "correct"),
    ],
)
def test_a_founding_field_line_with_its_year_speaks_of_the_cases_only_entity(
    kb_judge: Judge, reply: str, outcome: str
) -> None:
    """A club's profile ("SC Freiburg — founding. - Founded: 1904, in Freiburg im Breisgau",
    styled_blind10 W2-039); a founding line without a year ("Founded: by Guido") is left as it is."""
    (verdict,) = kb_judge.judge_many([(_case(), reply)])
    assert verdict.outcome.value == outcome, verdict.reasons


def test_a_founding_field_line_needs_its_year() -> None:
    assert (
        readable("- Founded: 1904, in Freiburg", only="SC Freiburg")
        == "- SC Freiburg was founded in 1904, in Freiburg"
    )
    assert readable("- Founded: by Guido", only="Python") == "- Founded: by Guido"
