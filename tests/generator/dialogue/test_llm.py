"""MORTAR's LLM pipeline against the real OpenAI-compatible server, with scripted models behind it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgtest.core.errors import GenerationError
from kgtest.generator.dialogue.llm import LlmReader
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.prolog.answerability import DialogueGraph, RefKind, Statement, decide
from kgtest.runner.plugin import PluginSut
from kgtest.runner.server import ModelServer

from .coqa_fixture import STORIES, coqa_file
from .ie_bots import Rambler, ScriptedIe


def test_the_prompts_give_round_graphs_with_complement_entities(tmp_path: Path) -> None:
    stories = read_dialogue_file(coqa_file(tmp_path / "tom.json", STORIES[:1])).stories
    with ModelServer(PluginSut(ScriptedIe(), "plugin:ScriptedIe"), model="ie").start() as server:
        (seed,), skipped = LlmReader(f"{server.url}?model=ie").read(stories)
        assert server.status_counts[200] == 7  # declarative, topic, types, graph, rewrite, two round graphs
    assert skipped == 0 and seed.title == "Tom and his dog"
    find = seed.rounds[3]  # "What did he find there?"
    assert find.rewrite == "What did Max find at the park?"
    assert find.graph.names == () and [(r.kind, r.target) for r in find.graph.refers] == [
        (RefKind.MENTION, "max"),
        (RefKind.MENTION, "park"),
    ]
    threw = seed.rounds[4].graph  # "What did Tom do with it?": it = the ball Tom threw
    assert threw.needs == (Statement("tom", "threw", "red ball"),)
    assert threw.needs[0] in seed.story.graph.states  # type: ignore[union-attr]
    assert "tom" in seed.story.graph.names  # type: ignore[union-attr]
    keep = DialogueGraph(seed.story.graph, tuple(r.graph for r in seed.rounds))  # type: ignore[union-attr]
    dropped = DialogueGraph(seed.story.graph, tuple(seed.rounds[i].graph for i in (0, 1, 3)))  # type: ignore[union-attr]
    original, reduced = decide([keep, dropped])
    assert all(d.answerable for d in original)
    assert [d.answerable for d in reduced] == [True, True, True], "the story names the park: story-resolvable"


def test_a_model_that_answers_no_json_stops_with_the_step_and_story(tmp_path: Path) -> None:
    stories = read_dialogue_file(coqa_file(tmp_path / "tom.json", STORIES[:1])).stories
    refused = (
        r"story tom-and-max: model 'r' answered no JSON object for the declarative sentences .* --ie offline"
    )
    with (
        ModelServer(PluginSut(Rambler(), "plugin:Rambler"), model="r").start() as server,
        pytest.raises(GenerationError, match=refused),
    ):
        LlmReader(f"{server.url}?model=r").read(stories)
    with pytest.raises(GenerationError, match="expected openai:URL\\?model=NAME"):
        LlmReader("http://127.0.0.1:9/v1")
