"""A birth or a death is a person's (oracle/moved.py ``kept``): a markdown table of a person's employers
or clubs with their years ("| Princeton University | 1933–1955 |") reads, row by row, like a lifetime
("Princeton University (1933–1955)"), which said nothing the KB could check and hid the row's own
claim. Replies are written for these tests, in the markdown style."""

from __future__ import annotations

from kgtest.oracle import Judge

from .test_styles import PRINCETON_EINSTEIN, judged

TABLE = "Yes.\n\n| {what} | Years |\n|---|---|\n| {name} | {years} |\n"


def test_a_row_of_years_at_a_place_of_work_is_no_lifetime(kb_judge: Judge) -> None:
    reply = TABLE.format(what="Employer", name="Princeton University", years="1901–1905")
    verdict = judged(kb_judge, PRINCETON_EINSTEIN, reply)
    assert not any(c.statement is not None and c.statement[1] in ("P569", "P570") for c in verdict.claims)
    assert verdict.outcome.value == "unreadable", verdict.reasons


def test_a_row_of_a_persons_life_is_one(kb_judge: Judge) -> None:
    reply = TABLE.format(what="Scientist", name="Albert Einstein", years="1879–1955")
    verdict = judged(kb_judge, PRINCETON_EINSTEIN, reply)
    assert {c.statement[1] for c in verdict.claims if c.statement is not None} >= {"P569", "P570"}
    assert verdict.outcome.value == "correct", verdict.reasons


def test_a_year_something_started_is_no_start_of_the_person(kb_judge: Judge) -> None:
    """ "he also started it in 1905": the year dates his act on "it" (the extractor's ``acted_on``), so
    it is no start time of his, which the KB would give as the birth."""
    reply = "Yes. Einstein died in Princeton in 1955. He started it in 1933, when he left Germany."
    verdict = judged(kb_judge, PRINCETON_EINSTEIN, reply)
    assert not any(c.wrong for c in verdict.claims), verdict.reasons
    assert not any(c.statement is not None and c.statement[2] == "1933" for c in verdict.claims)


def test_he_did_it_resolves_he_to_the_person(kb_judge: Judge) -> None:
    """ "He started it": both ends pronouns; "he" is the person, not left as the word because the name
    standing in for "it" was the same person."""
    reply = "Yes. Einstein died in Princeton in 1955. He started it in 1933, when he left Germany."
    verdict = judged(kb_judge, PRINCETON_EINSTEIN, reply)
    (started,) = [c for c in verdict.claims if c.triple.relation == "started"]
    assert started.triple.subject == "Einstein", started.triple
    assert started.triple.object != "Einstein", started.triple
