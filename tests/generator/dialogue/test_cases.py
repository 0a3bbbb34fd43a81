"""Dialogue cases in the suite file: typed, deterministic, their proofs re-checkable."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from kgtest.generator.case import Answer, TestCase, read_suite, write_suite
from kgtest.generator.dialogue.cases import recheck
from kgtest.generator.dialogue.generate import generate_dialogues
from kgtest.generator.dialogue.request import DialogueRequest, read_sources
from kgtest.generator.kbview import KbView

from .coqa_fixture import coqa_file


def _suite(view: KbView, seed: int, tmp: Path) -> list[TestCase]:
    request = DialogueRequest(count=3, files=(coqa_file(tmp / "stories.json"),), seed=seed, variants=2)
    return list(generate_dialogues(request, read_sources(request), view).cases)


def test_same_seed_same_suite_byte_for_byte_and_the_cases_read_back(view: KbView, tmp_path: Path) -> None:
    first, again = _suite(view, 4, tmp_path), _suite(view, 4, tmp_path)
    write_suite(tmp_path / "a.jsonl", first)
    write_suite(tmp_path / "b.jsonl", again)
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert [c.to_json() for c in _suite(view, 5, tmp_path)] != [c.to_json() for c in first]
    back = list(read_suite(tmp_path / "a.jsonl"))
    assert back == first
    kinds = {(c.dialogue.source, c.rule) for c in back if c.dialogue is not None}
    assert {s for s, _ in kinds} == {"kb", "coqa"} and len(kinds) == 12  # original + 5 perturbations each
    kb = next(c for c in back if c.dialogue is not None and c.dialogue.source == "kb")
    assert kb.expected is Answer.PER_ROUND and kb.evidence and kb.domain == "people"
    turns = [(c, t) for c in back if c.dialogue is not None for t in c.dialogue.turns]
    assert all(t.expected == ("Unknown",) for _, t in turns if t.answerable is False)
    undecided = [(c, t) for c, t in turns if t.answerable is None]
    assert undecided and {c.dialogue.source for c, _ in undecided} == {"coqa"}  # type: ignore[union-attr]
    # an undecided turn is written with "answerable": null, its doubts, and the gold answer it shows
    case, turn = undecided[0]
    line = json.loads(case.to_json())["dialogue"]["turns"][turn.position - 1]
    assert line["decision"]["answerable"] is None and line["decision"]["doubts"]
    assert turn.expected == case.dialogue.round(turn.origin).answer  # type: ignore[union-attr]
    assert case.meta.undecided == sum(t.answerable is None for t in case.dialogue.turns)  # type: ignore[union-attr]


def test_a_changed_proof_or_order_no_longer_checks(view: KbView, tmp_path: Path) -> None:
    cases = [c.dialogue for c in _suite(view, 1, tmp_path) if c.dialogue is not None]
    assert all(recheck(d) for d in cases)
    unanswerable = next(d for d in cases if any(t.answerable is False for t in d.turns))
    i = next(i for i, t in enumerate(unanswerable.turns) if t.answerable is False)
    turn = unanswerable.turns[i]
    claimed = replace(turn, decision=replace(turn.decision, answerable=True, checks="self", missing=()))
    assert not recheck(
        replace(unanswerable, turns=(*unanswerable.turns[:i], claimed, *unanswerable.turns[i + 1 :]))
    )
    assert not recheck(replace(unanswerable, turns=unanswerable.turns[::-1]))
    undecided = next(d for d in cases if any(t.answerable is None for t in d.turns))
    i = next(i for i, t in enumerate(undecided.turns) if t.answerable is None)
    turn = undecided.turns[i]
    decided = replace(turn, decision=replace(turn.decision, answerable=True, checks="self", doubts=()))
    assert not recheck(replace(undecided, turns=(*undecided.turns[:i], decided, *undecided.turns[i + 1 :])))


def test_fact_cases_are_written_as_before(tmp_path: Path) -> None:
    """No ``dialogue`` key unless the case is one: existing suites keep their bytes."""
    case = TestCase("c1", "fact", "ground", "people", "Q?", "P", Answer.YES)
    data = json.loads(case.to_json())
    assert "dialogue" not in data and TestCase.from_json(case.to_json()) == case
