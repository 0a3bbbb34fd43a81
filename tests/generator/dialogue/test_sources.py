"""Malformed dialogue files stop with the file and the field or line at fault."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from kgtest.core.errors import DialogueInputError
from kgtest.generator.dialogue.sources import CONVQUESTIONS, COQA, read_dialogue_file

from .convq_fixture import CONVERSATIONS
from .coqa_fixture import coqa_file


def _coqa(tmp_path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(coqa_file(tmp_path / "s.json").read_text(encoding="utf-8"))
    return data


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_both_formats_are_told_apart_and_read_gzipped(tmp_path: Path) -> None:
    coqa = read_dialogue_file(coqa_file(tmp_path / "s.json"))
    assert coqa.format == COQA and len(coqa.stories) == 6 and coqa.stories[0].rounds[0].answers == ("Tom",)
    packed = tmp_path / "c.json.gz"
    packed.write_bytes(gzip.compress(json.dumps(CONVERSATIONS).encode()))
    conv = read_dialogue_file(packed)
    assert conv.format == CONVQUESTIONS and conv.conversations[0].seed == "Q5686"
    assert conv.conversations[0].turns[1].answers == ("Q3048897",)


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (
            lambda d: d["data"][2]["questions"][1].update(turn_id="2"),
            r"data\[2\]\.questions\[1\]\.turn_id: expected int",
        ),
        (lambda d: d["data"][0]["answers"].pop(), r"data\[0\]\.answers: no answer for turn_id 7"),
        (
            lambda d: d["data"][1]["answers"][0].update(turn_id=99),
            r"data\[1\]\.answers\[0\]\.turn_id: no question",
        ),
        (lambda d: d["data"][3].pop("story"), r"data\[3\]\.story: missing"),
        (
            lambda d: d["data"][4].update(id="tom-and-max"),
            r"data\[4\]\.id: 'tom-and-max' repeats data\[0\]\.id",
        ),
        (
            lambda d: d["data"][0]["questions"][0].update(input_text=None),
            r"input_text: expected str, got null",
        ),
        (lambda d: d.update(data={"x": 1}), r"data: expected list, got dict"),
    ],
)
def test_a_malformed_coqa_file_names_the_field(tmp_path: Path, edit: Any, where: str) -> None:
    data = _coqa(tmp_path)
    edit(data)
    path = _write(tmp_path / "bad.json", data)
    with pytest.raises(
        DialogueInputError, match=rf"^{tmp_path / 'bad.json'}: .*{where}.*Nothing was written"
    ):
        read_dialogue_file(path)


def test_broken_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"data": [\n  {"id": "a",\n   "story": "x" "questions": []}\n]}', encoding="utf-8")
    with pytest.raises(DialogueInputError, match=r"broken\.json: line 3 column 17: not JSON"):
        read_dialogue_file(path)
    with pytest.raises(DialogueInputError, match=r"neither CoQA .* nor ConvQuestions"):
        read_dialogue_file(_write(tmp_path / "other.json", [{"x": 1}]))
    with pytest.raises(DialogueInputError, match=r"missing\.json: file: no such file"):
        read_dialogue_file(tmp_path / "missing.json")


def test_a_malformed_convquestions_file_names_the_field(tmp_path: Path) -> None:
    data = json.loads(json.dumps(CONVERSATIONS))
    data[0]["questions"][2]["answer"] = "https://www.wikidata.org/wiki/Paris"
    with pytest.raises(
        DialogueInputError, match=r"\[0\]\.questions\[2\]\.answer: 'https://www.wikidata.org/wiki/Paris'"
    ):
        read_dialogue_file(_write(tmp_path / "c.json", data))
    data = json.loads(json.dumps(CONVERSATIONS))
    data[0]["questions"][0]["turn"] = True
    with pytest.raises(DialogueInputError, match=r"\[0\]\.questions\[0\]\.turn: expected int, got bool"):
        read_dialogue_file(_write(tmp_path / "c.json", data), CONVQUESTIONS)
