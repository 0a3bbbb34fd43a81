"""A thing's start or end said in words no property names (issue 38, fourteenth session; oracle/
dated_things.py): "was established in December 2001 ... and concluded at the end of 2014", "ISAF
wound down in 2014", "It operated in Afghanistan until the end of 2014" (styled_blind14 W3-023,
W3-038), read as the thing's inception or dissolution where the KB dates it. Replies are written for
these tests, in the terse, chatty, hedged, step-by-step and citing styles, over blind.jsonl B-007
("in the year after 1976 Python existed?", No: the example KB's Python starts in 1991) and a
hand-built case of a mission the KB dates 2001 to 2014."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge
from kgtest.oracle.dated_things import dated_things
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundEntity, GroundGraph

PYTHON = "Q28865"
MISSION = GroundGraph(
    entities=(
        GroundEntity("Q1", "International Security Assistance Force", ("ISAF",)),
        GroundEntity("Q2", "Afghanistan"),
    ),
    edges=(),
    statement=None,
    holds=None,
    yes_means_holds=True,
    dates=(("P571", "Q1", 2001), ("P576", "Q1", 2014)),
)


def _python() -> TestCase:
    for line in (Path(__file__).parent / "labelled" / "blind.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["id"] == "B-007":
            return TestCase.from_json(json.dumps(record["case"]))
    raise AssertionError("blind.jsonl has no B-007")


def _read(sentence: str) -> list[tuple[str, str, str]]:
    return [c.statement for c in dated_things(sentence, [], MISSION, EntityReader(None)) if c.statement]


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        # citing, with a month and the end of a year
        (
            "Per NATO, the International Security Assistance Force was established in December 2001 under "
            "UN Security Council Resolution 1386 and concluded at the end of 2014.",
            [("Q1", "P571", "2001"), ("Q1", "P576", "2014")],
        ),
        # chatty: a phrasal verb, the thing by its short name
        ("Resolute Support took over as ISAF wound down in 2014.", [("Q1", "P576", "2014")]),
        # terse, by "it": the case's one dated thing
        ("It operated in Afghanistan until the end of 2014.", [("Q1", "P576", "2014")]),
        # another year: read, so the checks find it wrong
        ("ISAF was set up in 1995.", [("Q1", "P571", "1995")]),
    ],
)
def test_a_things_start_or_end_is_read_as_its_date(sentence: str, read: list[tuple[str, str, str]]) -> None:
    assert _read(sentence) == read


@pytest.mark.parametrize(
    "sentence",
    [
        "ISAF was set up around 2000.",  # loose
        "ISAF was set up in the 1990s.",  # a decade
        "ISAF was not dissolved in 2010.",  # denied
        "Was ISAF set up in 2001?",  # asked
        "ISAF was re-established in 2003.",  # started again
        "ISAF became independent in 1995.",  # a change of status the KB dates otherwise: never wrong
        "ISAF operated in 2010.",  # a year within, not an end
        "ISAF served under the Alliance, which was founded in 1949.",  # another thing's start
        "ISAF served under the Alliance when it was founded in 2001.",  # "it": not for sure ISAF
        "Afghanistan hosted ISAF, and the Kabul Office was set up in 2001.",  # a name the case lacks
        "ISAF was set up by 2005.",  # a bound
        "ISAF was dissolved at the start of 2015.",  # maybe the KB's end of 2014: not for sure
    ],
)
def test_a_loose_denied_or_uncertain_date_is_not_read(sentence: str) -> None:
    assert _read(sentence) == []


def test_an_undated_thing_or_a_person_is_not_read() -> None:
    """A thing the KB does not date stays unread; a person's start and end are birth and death."""
    assert _read("Afghanistan was established in 1919.") == []
    person = GroundGraph(
        entities=(GroundEntity("Q3", "Alfons Goppel"),),
        edges=(),
        statement=None,
        holds=None,
        yes_means_holds=True,
        years=(("born", "Q3", 1905),),
        dates=(("P569", "Q3", 1905),),
    )
    assert dated_things("Alfons Goppel was established in 1905.", [], person, EntityReader(None)) == []


def test_a_countrys_founding_is_read_only_where_it_agrees() -> None:
    """A country is founded more than once in the KB's eyes (Germany in 1871, 1949, 1990): another year
    said is no sure wrong knowledge, so it is left unread; the KB's own is read."""
    country = GroundGraph(
        entities=(GroundEntity("Q889", "Afghanistan"),),
        edges=(),
        statement=None,
        holds=None,
        yes_means_holds=True,
        types=(("Q889", "Q6256"),),
        dates=(("P571", "Q889", 1919),),
    )
    said = "Afghanistan was established in {}."
    assert dated_things(said.format(1747), [], country, EntityReader(None)) == []
    assert [c.statement for c in dated_things(said.format(1919), [], country, EntityReader(None))] == [
        ("Q889", "P571", "1919")
    ]


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("No. Python was created in February 1991, so it did not exist in 1977.", "correct"),  # terse
        (
            "No. Step 1: find when Python began. It was launched in 1991. Step 2: 1977 is before that.",
            "correct",
        ),
        ("No, I think Python was only created at the end of 1991.", "correct"),  # hedged
        ("Nope! Python was set up in 1989, so it wasn't around yet.", "erroneous_knowledge"),  # chatty, wrong
        ("No. Per python.org, Python was launched in 1971.", "both"),  # citing: wrong, and No does not follow
    ],
)
def test_a_read_date_gives_the_reply_a_class(kb_judge: Judge, reply: str, outcome: str) -> None:
    (verdict,) = kb_judge.judge_many([(_python(), reply)])
    assert verdict.outcome.value == outcome, verdict.reasons
    assert any(c.statement and c.statement[:2] == (PYTHON, "P571") for c in verdict.claims), verdict.reasons
