"""Hostile dialogue files (issue 22, item 5): an error naming the file, or dialogues that hold.

A file with nothing usable, empty answers, a story of a million characters, JSON nested 200,000
deep, lone surrogates; then hypothesis throws JSON of every shape at both readers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.core.errors import DialogueInputError
from kgtest.generator.dialogue.cases import INSTRUCTION, dialogue_cases
from kgtest.generator.dialogue.convquestions import conv_dialogues
from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.records import UNKNOWN
from kgtest.generator.dialogue.sources import MAX_STORY, read_dialogue_file

from .convq_fixture import CONVERSATIONS
from .coqa_fixture import STORIES, coqa_file


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _story(**fields: Any) -> dict[str, Any]:
    story = {
        "id": "s1",
        "story": "Tom had a dog named Max.",
        "questions": [{"input_text": "Who had a dog?", "turn_id": 1}],
        "answers": [{"input_text": "Tom", "turn_id": 1}],
    }
    return {**story, **fields}


@pytest.mark.parametrize(
    "data",
    [
        {"data": []},
        {"data": [_story(questions=[], answers=[])]},
        {"data": [_story(questions=[{"input_text": "  ", "turn_id": 1}])]},
        [dict(CONVERSATIONS[0], questions=[])],
        [
            dict(
                CONVERSATIONS[0], questions=[{"turn": 1, "question": "Who?", "answer": "", "answer_text": ""}]
            )
        ],
    ],
)
def test_a_file_without_a_usable_dialogue_is_an_error(tmp_path: Path, data: Any) -> None:
    path = _write(tmp_path / "empty.json", data)
    with pytest.raises(DialogueInputError, match=rf"^{path}: .*no usable dialogue .*Nothing was written"):
        read_dialogue_file(path)


def test_empty_answers_are_dropped_and_a_round_left_without_one_is_context_only(tmp_path: Path) -> None:
    turns = [{"input_text": q, "turn_id": i} for i, q in enumerate(["Who had a dog?", "Named?", "Where?"], 1)]
    answers = [
        {"input_text": "Tom", "turn_id": 1},
        {"input_text": " ", "turn_id": 2},
        {"input_text": "", "turn_id": 3},
    ]
    extra = {"1": [{"input_text": "", "turn_id": 1}, {"input_text": "Tom", "turn_id": 1}],
             "2": [{"input_text": "Max", "turn_id": 2}]}  # fmt: skip
    story = _story(
        story="Tom had a dog named Max. They lived in Leeds.",
        questions=turns,
        answers=answers,
        additional_answers=extra,
    )
    [read] = read_dialogue_file(_write(tmp_path / "e.json", {"data": [story]})).stories
    assert [(r.answers, r.bad) for r in read.rounds] == [
        (("Tom",), False),
        (("Max",), False),
        ((UNKNOWN,), True),
    ]
    seeds, _ = CoqaReader().read([read])
    cases, _ = dialogue_cases(seeds, ("DR",), 1, 0)
    for case in cases:
        assert case.dialogue is not None
        assert case.prompt == INSTRUCTION  # a CoQA story answers every round: MORTAR's words stand
        for turn in case.dialogue.turns:
            assert all(e.strip() for e in turn.expected), "no round expects an empty answer"
            assert turn.judged or case.dialogue.rounds[turn.origin - 1].question == "Where?"


def test_a_story_too_long_for_the_parser_names_its_field(tmp_path: Path) -> None:
    path = _write(tmp_path / "long.json", {"data": [_story(story="word " * 200_001)]})
    with pytest.raises(
        DialogueInputError, match=rf"^{path}: data\[0\]\.story: 1,000,005 characters, over the "
    ):
        read_dialogue_file(path)
    assert MAX_STORY < 1_000_000, "spaCy's own limit is a million"
    long_question = _story(questions=[{"input_text": "why " * 5000, "turn_id": 1}])
    with pytest.raises(DialogueInputError, match=r"data\[0\]\.questions\[0\]\.input_text: 20,000 characters"):
        read_dialogue_file(_write(tmp_path / "q.json", {"data": [long_question]}))


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"data": ' + "[" * 200_000 + "]" * 200_000 + "}", r"file: JSON nested too deep"),
        ('{"data": [' + "{" * 1 + '"id": ' + "9" * 5000 + "}]}", r"file: not JSON kgtest can read"),
        (
            json.dumps({"data": [_story(story="Tom \ud800 had a dog.")]}),
            r"data\[0\]\.story: a lone surrogate \('\\ud800'\) at character 4",
        ),
        ('[{"seed_entity": ' + "[" * 100_000 + "]" * 100_000 + "}]", r"file: JSON nested too deep"),
    ],
)
def test_hostile_json_is_an_error_naming_the_file(tmp_path: Path, text: str, where: str) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DialogueInputError, match=rf"^{path}: {where}"):
        read_dialogue_file(path)


# Hypothesis: the fixture files with any field replaced by any JSON value, and JSON of any shape.
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(st.characters(codec=None, exclude_categories=()), max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value``."""
    found = [at]
    if isinstance(value, dict):
        found += [p for k, v in value.items() for p in _paths(v, (*at, k))]
    elif isinstance(value, list):
        found += [p for i, v in enumerate(value) for p in _paths(v, (*at, i))]
    return found


def _mutated(data: Any, draw: st.DrawFn) -> Any:
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "empty"]))
        if action == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif action == "empty":
            parent[path[-1]] = draw(st.sampled_from(["", " ", [], {}, 0, None]))
        else:
            parent[path[-1]] = draw(JSON)
    return data


@st.composite
def dialogue_files(draw: st.DrawFn) -> Any:
    coqa = json.loads(json.dumps({"data": [_story(), _story(id="s2", story=STORIES[1]["story"])]}))
    choice = draw(st.sampled_from(["coqa", "convquestions", "any"]))
    if choice == "coqa":
        return _mutated(coqa, draw)
    if choice == "convquestions":
        return _mutated(CONVERSATIONS[:2], draw)
    return draw(JSON)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dialogue_files())
def test_any_file_is_read_whole_or_refused_by_name(
    tmp_path_factory: pytest.TempPathFactory, data: Any
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "f.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    try:
        read = read_dialogue_file(path)
    except DialogueInputError as exc:
        assert str(exc).startswith(f"{path}: ") and exc.path == str(path)
        return
    texts = [s.story for s in read.stories] + [
        x for s in read.stories for r in s.rounds for x in (r.question, r.span, *r.answers)
    ]
    for c in read.conversations:
        texts += [c.seed_text] + [x for t in c.turns for x in (t.question, *t.answers, *t.texts)]
    for text in texts:
        text.encode("utf-8")  # a suite file can hold every one
    assert all(a.strip() for s in read.stories for r in s.rounds for a in r.answers)
    seeds, skipped = conv_dialogues(read.conversations, None)
    assert len(seeds) + skipped == len(read.conversations)
    assert read.stories or seeds, "a file read whole has a usable dialogue"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_by_name(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = tmp_path_factory.mktemp("bytes") / "f.json"
    path.write_bytes(raw)
    try:
        read_dialogue_file(path)
    except DialogueInputError as exc:
        assert exc.path == str(path)


def test_odd_but_valid_rounds_make_dialogues_offline(tmp_path: Path) -> None:
    """The offline reader (spaCy) on the fixture with odd but valid rounds: no crash, no empty answer."""
    stories = [
        dict(STORIES[0], rounds=[("", "Tom"), ("Who?", " "), ("And then?", "\U0001f600 ok")]),
        STORIES[1],
    ]
    read = read_dialogue_file(coqa_file(tmp_path / "odd.json", stories))
    seeds, skipped = CoqaReader().read(read.stories)
    assert skipped == 0 and len(seeds) == 2
    assert all(a.strip() for s in seeds for r in s.rounds for a in r.answer)
