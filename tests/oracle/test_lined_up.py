"""A rider who lined up at a race (P1344's paraphrases in kg/data/relations.toml), or was on its
start list (oracle/rewrite.py, read as "started"), took part in it. Styled replies ("... lined up at
the 2019 Tour of Flanders", "was on the start list of the 2019 Paris-Nice") left the sentence unread,
so a right reply was "cannot tell". Replies are written for these tests, in the chatty, terse and
markdown styles, over a litwd1k case of the labelled blind set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgtest.generator.case import TestCase
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge, Verdict
from kgtest.oracle.embeddings import Embedder

from .replay_kb import ReplayKb

HERE = Path(__file__).parent / "labelled"
ARASHIRO = "10300b9f13f4ce76"
"""Is it true that 2014 Tour de France had as participant Yukiya Arashiro? (Yes)"""


@pytest.fixture(scope="module")
def litwd1k(extractor: SpacyExtractor, embedder: Embedder) -> Judge:
    return Judge(extractor=extractor, embedder=embedder, kb=ReplayKb(HERE / "blind_litwd1k_kb.json"))


def _judged(judge: Judge, reply: str) -> Verdict:
    for line in (HERE / "blind.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)["case"]
        if case["id"] == ARASHIRO:
            (verdict,) = judge.judge_many([(TestCase.from_json(json.dumps(case)), reply)])
            return verdict
    raise AssertionError(f"no case {ARASHIRO} in blind.jsonl")


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes! Yukiya Arashiro, the Japanese rider, lined up at the 2014 Tour de France.", "correct"),
        ("Yes. As far as I recall, Arashiro lined up for the 2014 Tour de France with Europcar.", "correct"),
        ("**No.**\n\n- Yukiya Arashiro never lined up at the 2014 Tour de France.", "erroneous_knowledge"),
    ],
)
def test_lining_up_at_a_race_is_taking_part(litwd1k: Judge, reply: str, outcome: str) -> None:
    verdict = _judged(litwd1k, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
    read = {c.statement[1].lstrip("^") for c in verdict.claims if c.statement is not None}
    assert read & {"P1344", "P710"}, verdict.claims


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes. Yukiya Arashiro was on the start list of the 2014 Tour de France.", "correct"),  # terse
        ("Yes! Per ProCyclingStats, Arashiro was on the start line of the 2014 Tour de France.", "correct"),
        ("No. Sadly, Arashiro wasn't on the start list for the 2014 Tour de France.", "erroneous_knowledge"),
    ],
)
def test_being_on_a_start_list_is_taking_part(litwd1k: Judge, reply: str, outcome: str) -> None:
    verdict = _judged(litwd1k, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
