"""The one runner feeds the oracles exactly what a plain loop would: one conversation at a time, no cache.

The reference below is the simplest correct way to hold a dialogue case (round by round, gold
answers as history) or a conversation (partner line, then the system's reply to all of it):
no batching across cases, no prefix cache, no claims. The unified runner must give the same
transcripts, so the relations' checks (MSS included) and the battery's verdicts and SWAN are
the same as the reference gives: batching and caching change how fast, never what is judged.
"""

from __future__ import annotations

from pathlib import Path

from kgtest.core.settings import Settings
from kgtest.generator.case import TestCase
from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.generator.conversation.script_records import PASSIVE
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle.conversation.audit import Auditor
from kgtest.oracle.conversation.verdicts import BatteryJudge
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.mss import MixedSimilarity
from kgtest.oracle.metamorphic.relations import check_relations
from kgtest.oracle.metamorphic.rounds import answered_rounds
from kgtest.runner.conversation import PARTNER, SCRIPTED, SUT, ChatRecord, ConverseSettings, Utterance, window
from kgtest.runner.dialogue_rounds import ASKED, RoundReply, conversation
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Reply, Sampling, SystemUnderTest
from tests.generator.conversation.kb import battery_view
from tests.runner.dialogue_fixture import dialogue_suite
from tests.runner.drive import hold, run_dialogue_cases


def _one(sut: SystemUnderTest, messages: tuple[dict[str, str], ...]) -> Reply:
    ((_, reply),) = list(sut.replies([messages], Sampling()))
    return reply


def reference_rounds(cases: list[TestCase], sut: SystemUnderTest) -> list[RoundReply]:
    """Each dialogue case on its own, round after round, the gold answers as history."""
    out = []
    for case in cases:
        d = case.dialogue
        assert d is not None
        gold = [t.expected[0] for t in d.turns]
        for k in range(1, len(d.turns) + 1):
            reply = _one(sut, conversation(d, case.prompt, k, gold[: k - 1]))
            out.append(RoundReply(case.id, k, ASKED, d.round(d.turns[k - 1].origin).question, "", reply))
    return out


def test_dialogue_checks_are_those_of_a_plain_loop(tmp_path: Path, settings: Settings) -> None:
    path, cases = dialogue_suite(tmp_path)
    spec = f"plugin:tests.runner.dialogue_bots:Alternating?suite={path}"
    similarity = MixedSimilarity(Embedder())
    plain, _ = answered_rounds(cases, reference_rounds(cases, open_sut(spec)))
    unified, unjudged = answered_rounds(cases, run_dialogue_cases(cases, open_sut(spec), settings).replies)
    assert unjudged == [] and unified == plain
    mine, theirs = check_relations(unified, similarity), check_relations(plain, similarity)
    assert [(c.relation, c.left, c.right, c.mss, c.passed) for c in mine] == [
        (c.relation, c.left, c.right, c.mss, c.passed) for c in theirs
    ]
    assert {c.relation for c in mine if not c.passed} == {"MR1", "MR2", "MR3"}  # a test that can fail


def reference_conversation(script_turns: int, lines: list[str], sut: SystemUnderTest) -> list[Utterance]:
    said: list[Utterance] = []
    for turn in range(1, script_turns + 1):
        said.append(Utterance(turn, PARTNER, lines[turn - 1]))
        reply = _one(sut, tuple(window(said, SUT, 0)))
        said.append(Utterance(turn, SUT, reply.text, reply))
    return said


def test_conversations_verdicts_and_swan_are_those_of_a_plain_loop(settings: Settings) -> None:
    scripts = build_scripts(battery_view(), 2, 2, 8, ScriptSettings())
    spec = "plugin:tests.runner.chatters:Echo"
    unified = hold(scripts, open_sut(spec), settings)
    sut = open_sut(spec)
    plain = [
        ChatRecord(
            r.id,
            s.run,
            r.sut,
            SCRIPTED,
            Sampling(),
            ConverseSettings(turns=s.turns),
            s,
            tuple(reference_conversation(s.turns, [line.text for line in s.lines], sut)),
        )
        for r, s in zip(unified, scripts, strict=True)
    ]
    assert [[u.text for u in r.utterances] for r in unified] == [
        [u.text for u in r.utterances] for r in plain
    ]
    auditor = Auditor(BatteryJudge(embedder=Embedder()), SpacyExtractor(), battery_view())
    mine, theirs = auditor.audit(unified), auditor.audit(plain)
    assert mine.verdicts == theirs.verdicts and mine.conversations == theirs.conversations
    assert mine.systems == theirs.systems and mine.systems[0].value is not None
    assert any(v.passed is False for v in mine.verdicts if v.code not in PASSIVE)  # a test that can fail
