"""Denials and the units of a region (the sixth session's rules): "was not in X" read as the denial it
is (spacy_parse.py ``prep_denied`` counted the verb's own "not" a second time and undid it); a denial
of a fact the KB dates is wrong only in its years (checks.py ``_dated``); "one of the departments of
X", "a comune of X" are in X (spacy_nouns.py ``PLACE_NOUNS``). Replies are written for this test, in
the terse, hedged and step-by-step styles."""

from __future__ import annotations

import dataclasses

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge

from .cases import IN_ENGLAND, IN_SHIRE


def rows(extractor: SpacyExtractor, text: str) -> set[tuple[str, str, str, bool]]:
    (triples,) = extractor.extract([text])
    return {(t.subject, t.key, t.object, t.negated) for t in triples}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("No. Aveyron was not in Normandy.", ("Aveyron", "in", "Normandy", True)),
        ("I'd say no: Aveyron was certainly not in Normandy.", ("Aveyron", "in", "Normandy", True)),
        ("Laconi was never in Nuoro after 2005.", ("Laconi", "in", "Nuoro", True)),
        ("Einstein died in Bavaria, not in Brasília.", ("Einstein", "die in", "Brasília", True)),
        ("Einstein died in Bavaria, not in Brasília.", ("Einstein", "die in", "Bavaria", False)),
        (
            "Aveyron has been one of the departments of Occitania since 2016.",
            ("Aveyron", "in", "Occitania", False),
        ),
        (
            "Venaria Reale is a comune of the Metropolitan City of Turin.",
            ("Venaria Reale", "in", "Metropolitan City of Turin", False),
        ),
        (  # the tenth session's units of Ukraine, Russia and Poland
            "2. Kyiv Oblast was an oblast of the Soviet Union from its creation in 1932.",
            ("Kyiv Oblast", "in", "Soviet Union", False),
        ),
        (
            "Simbirsk was one of the governorates of the Russian Empire, as I recall.",
            ("Simbirsk", "in", "Russian Empire", False),
        ),
    ],
)
def test_denials_and_units_are_read(
    extractor: SpacyExtractor, text: str, expected: tuple[str, str, str, bool]
) -> None:
    assert expected in rows(extractor, text)


DATED = dataclasses.replace(
    IN_ENGLAND, evidence=(dataclasses.replace(IN_SHIRE, start_year=1974), *IN_ENGLAND.evidence[1:])
)
"""Oxford in Oxfordshire dated from 1974, for the test (a containment the KB dates)."""


@pytest.mark.parametrize(
    ("case", "reply", "outcome"),
    [
        (IN_ENGLAND, "Yes. Oxford lies in Oxfordshire, and it was never in Wales.", "correct"),
        (IN_ENGLAND, "Yes. Oxford is in England, but it is not in Oxfordshire.", "erroneous_knowledge"),
        (
            DATED,
            "1. Oxford lies in Oxfordshire, which is in England.\n"
            "2. Before 1974 it was not in Oxfordshire.\n\nAnswer: Yes.",
            "correct",
        ),
        (DATED, "Yes. Oxford is in England, though it was never in Oxfordshire.", "erroneous_knowledge"),
    ],
)
def test_a_denial_is_checked_in_its_years(kb_judge: Judge, case: object, reply: str, outcome: str) -> None:
    (verdict,) = kb_judge.judge_many([(case, reply)])  # type: ignore[list-item]
    assert verdict.outcome.value == outcome, verdict.reasons
