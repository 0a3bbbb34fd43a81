"""Replies no model should give but some will: huge, run-on, or breaking the oracle.

Each test carries its own time limit (pytest-timeout): before the read limit and the cut of
run-on sentences, one 900 KB reply ran for more than 19 minutes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.errors import OracleError
from kgtest.core.settings import load_settings
from kgtest.core.workspace import RunFiles
from kgtest.generator.case import TestCase, write_suite
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.extract.triples import Triple
from kgtest.oracle import Judge, Outcome
from kgtest.oracle.answer import Stance, parse_answer
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.judge import READ_LIMIT
from kgtest.oracle.verdicts import UNJUDGED, read_verdicts
from kgtest.runner.plugin import PluginSut
from kgtest.runner.sut import STORE_LIMIT, Message, Sampling
from kgtest.runner.transcript import read_transcripts
from tests.kinds import ask_suite, judge_with
from tests.oracle.cases import BORN_IN_LONDON, BORN_IN_PORTSMOUTH, SPOUSE

RUN_ON = "Charles Dickens was born in Portsmouth and he married Catherine Hogarth who was the daughter "
"of George Hogarth and they lived in London with their children "


def run_on(chars: int) -> str:
    return ("Yes, " + RUN_ON * (chars // len(RUN_ON) + 1))[:chars]


@pytest.mark.timeout(120)
def test_run_on_text_is_read_sentence_by_sentence(extractor: SpacyExtractor) -> None:
    """80,000 characters without a full stop: 40,000 took 51 s when read as one sentence."""
    (triples,) = extractor.extract([run_on(80_000)])
    assert ("Charles Dickens", "was born in", "Portsmouth") in {
        (t.subject, t.relation, t.object) for t in triples
    }
    assert max(len(t.sentence) for t in triples) < 2_000


@pytest.mark.timeout(120)
def test_a_900_kb_reply_is_judged_on_its_first_characters_and_says_so(judge: Judge) -> None:
    reply = run_on(900_000)
    verdict = judge.judge(BORN_IN_PORTSMOUTH, reply)
    assert verdict.cut_from == 900_000
    assert f"reply cut: only its first {READ_LIMIT:,} of 900,000 characters were judged" in verdict.reasons
    assert verdict.answer.answer is not None
    short = judge.judge(BORN_IN_PORTSMOUTH, "Yes. Charles Dickens was born in Portsmouth.")
    assert short.cut_from is None and short.outcome is Outcome.CORRECT


class Scripted:
    """A bot that answers each question with the reply the test gave for it."""

    def __init__(self, replies: dict[str, str]) -> None:
        self.replies = replies

    def respond(self, conversation: list[Message]) -> str:
        return self.replies[conversation[-1]["content"]]


class FailsOn:
    """A triple extractor plug-in that cannot read one text (as a remote one may fail on one)."""

    name = "fails-on"

    def __init__(self, inner: SpacyExtractor, poison: str) -> None:
        self.inner, self.poison = inner, poison

    def extract(
        self, texts: Sequence[str], names: Sequence[Sequence[str]] | None = None
    ) -> list[list[Triple]]:
        if any(self.poison in t for t in texts):
            raise RuntimeError("the extractor choked")
        return self.inner.extract(texts, names)


def _run(tmp_path: Path, replies: list[tuple[TestCase, str]]) -> RunFiles:
    settings = load_settings(tmp_path / "ws", env={})
    suite = tmp_path / "suite.jsonl"
    write_suite(suite, [case for case, _ in replies])
    bot = PluginSut(Scripted({c.prompt: r for c, r in replies}), "plugin:Scripted")
    summary = ask_suite(suite, bot, Sampling(), settings)
    return RunFiles(summary.replies_path.parent)


@pytest.mark.timeout(300)
def test_a_huge_reply_costs_no_other_verdict_and_is_stored_cut(
    tmp_path: Path, extractor: SpacyExtractor, embedder: Embedder
) -> None:
    """A 10 MB reply stopped spaCy (E088) and with it every verdict of the run."""
    run = _run(
        tmp_path,
        [
            (BORN_IN_PORTSMOUTH, "Yes. Charles Dickens was born in Portsmouth."),
            (BORN_IN_LONDON, "No. " + "Dickens wrote novels " * 500_000),  # 10.5 MB
            (SPOUSE, "Yes. Charles Dickens married Catherine Dickens."),
        ],
    )
    stored = [t.reply.to_dict() for t in read_transcripts(run.replies)]
    assert [len(r["text"]) for r in stored] == [44, STORE_LIMIT, 47]
    assert stored[1]["cut_from"] == 10_500_004
    judge = Judge(extractor=extractor, embedder=embedder)
    judge_with(run, lambda: judge, load_settings(tmp_path / "ws", env={}))
    records = list(read_verdicts(run))
    assert [r.outcome for r in records] == ["correct", records[1].outcome, "correct"]
    assert records[1].verdict is not None and records[1].verdict.cut_from == STORE_LIMIT


@pytest.mark.timeout(300)
def test_a_reply_the_oracle_fails_on_is_unjudged_and_the_others_judged(
    tmp_path: Path, extractor: SpacyExtractor, embedder: Embedder
) -> None:
    run = _run(
        tmp_path,
        [
            (BORN_IN_PORTSMOUTH, "Yes. Charles Dickens was born in Portsmouth."),
            (BORN_IN_LONDON, "No. Dickens was born in Xyzzy."),
            (SPOUSE, "Yes. Charles Dickens married Catherine Dickens."),
        ],
    )
    judge = Judge(extractor=FailsOn(extractor, "Xyzzy"), embedder=embedder)
    judge_with(run, lambda: judge, load_settings(tmp_path / "ws", env={}))
    records = list(read_verdicts(run))
    assert [r.outcome for r in records] == ["correct", UNJUDGED, "correct"]
    assert records[1].error == "RuntimeError: the extractor choked" and records[1].abstained


def test_a_verdicts_file_that_is_not_utf8_is_named_by_line_and_byte(tmp_path: Path) -> None:
    """A damaged verdicts.jsonl stopped `kgtest report` with a traceback: the error names the file,
    the line and the byte, and says how to write it again."""
    run = _run(tmp_path, [(SPOUSE, "Yes.")])
    run.verdicts.write_bytes(b'{"case_id": "\xff"}\n')
    with pytest.raises(
        OracleError, match=r"verdicts\.jsonl:1: not UTF-8 \(byte 0xff at column 14\); run `kgtest judge"
    ):
        list(read_verdicts(run))


_VERDICT_WORDS = st.sampled_from(
    [
        "Yes",
        "No",
        "yes",
        "no",
        "Answer:",
        "answer is",
        "Therefore,",
        "so",
        "I don't know",
        "not",
        ",",
        ".",
        "\n",
        " ",
        "**",
        "- ",
        "> ",
        "(",
        "'",
        "As an AI",
        "maybe",
        "Dickens",
        "was born in",
        "Portsmouth",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=400), st.lists(_VERDICT_WORDS, max_size=80).map("".join)))
def test_any_text_parses_to_a_stance_with_spans_inside_it(reply: str) -> None:
    parsed = parse_answer(reply)
    assert isinstance(parsed.stance, Stance)
    for (start, end), evidence in zip(parsed.spans, parsed.evidence, strict=True):
        assert 0 <= start <= end <= len(reply) and reply[start:end] == evidence
    assert len(parsed.reasoning) <= len(reply)


@pytest.mark.timeout(10)
@pytest.mark.parametrize(
    "unit", ["\n", " \n", "*\n", "answer ", "so, ", "Yes ", "- ", "> \n", "(", "no one "]
)
def test_parse_answer_takes_linear_time_on_repetitive_text(unit: str) -> None:
    """Twenty thousand blank lines (the read limit) took 11 s: the standalone pattern crossed lines."""
    for head in ("", "x", "Yes"):
        parse_answer(head + unit * (READ_LIMIT // len(unit)))
