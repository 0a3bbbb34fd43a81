"""Classes on shapes of issue 38's third development set and the sixteenth set (fifteenth session):
"Born in 1988, so no." speaks of the case's one person; a year said to be after another is no bound
of the date ("Since 1991 is after 1990, she was not born before 1990" is right for 1991); "they"
beside a thing outside the proof is a sentence about the case ("so they spent 2004–05 in the Cypriot
Second Division": unread, so no `correct`); a place that "belonged to" another place outside the
proof may be placed there (cannot tell, not `correct`). The cases are real ones
(labelled/third_dev_cases.jsonl); the replies are written for this test in the writers' styles. The
KB holds the cases' own facts and the other places the replies name."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.kind_of_place import another_place

from .labelled_kb import cases_judge, outcome, read_cases

_CASES = read_cases("third_dev_cases.jsonl")
AEK = "9a84efa72271db08"
"""Did AEK Larnaca play in the 2004–05 Cypriot First Division? (Yes)"""
VENISSIEUX = "62db94facaf5bee2"
"""Was Vénissieux located in the Rhône department in 1993? (Yes)"""
SLIK = "4f99b67dac03dfec"
"""Was the cyclist Rozanne Slik born before 1990? (No: 1991)"""
_OTHERS = {"Q12559": "Isère", "Q2712845": "Cypriot Second Division"}
"""Things outside the proofs that the replies name, known to the KB as they are to the sets' KBs."""


@pytest.fixture(scope="module")
def judge(extractor: SpacyExtractor, embedder: Embedder) -> Judge:
    return cases_judge(_CASES.values(), extractor, embedder, others=_OTHERS)


def _outcome(judge: Judge, case_id: str, reply: str) -> str:
    return outcome(judge, _CASES[case_id], reply)


def test_a_year_compared_with_the_bound_is_no_bound_of_the_date(judge: Judge) -> None:
    reply = (
        "No. Rozanne Slik, the Dutch racing cyclist, was born in 1991 according to her rider profile. "
        "Since 1991 is after 1990, she was not born before 1990."
    )
    assert _outcome(judge, SLIK, reply) == "correct"


def test_they_beside_another_league_is_read_about_the_case(judge: Judge) -> None:
    reply = (
        "Ah, AEK Larnaca! Fun club to follow. They'd had a rough 2003–04 and went down, so they spent "
        "2004–05 battling in the Cypriot Second Division before bouncing back up. So yes, they did play "
        "in the 2004–05 Cypriot First Division!"
    )
    assert _outcome(judge, AEK, reply) == "unreadable"


def test_belonged_to_a_place_outside_the_proof_cannot_be_called_correct(judge: Judge) -> None:
    reply = (
        "1. Vénissieux is a large commune in the southeastern suburbs of Lyon.\n"
        "2. Historically it belonged to the Isère department; it was only transferred to the Rhône in 1998.\n"
        "3. Therefore, in 1993 Vénissieux was located in the Rhône department.\n\n**Answer: Yes.**"
    )
    assert _outcome(judge, VENISSIEUX, reply) == "unreadable"


def test_a_terse_born_in_with_no_one_named_is_the_cases_person(judge: Judge) -> None:
    assert _outcome(judge, SLIK, "Born in 1988, so no.") == "both"  # 1988 is wrong, and before 1990
    assert _outcome(judge, SLIK, "Born in 1991, so no.") == "correct"


@pytest.mark.parametrize(
    ("name", "value", "another"),
    [
        ("Federal Republic of Germany", "Germany", False),  # its name as a state
        ("Kingdom of the Netherlands", "Netherlands", False),
        ("Federal Republic of Germany", "East Germany", True),  # "East" is not in the name
        ("Republic of Austria", "Germany", True),
        ("Lake Geneva", "Geneva", False),  # water beside land: not of the kind of the value
    ],
)
def test_a_countrys_name_as_a_state_is_no_other_place(name: str, value: str, another: bool) -> None:
    assert another_place(name, value) is another
