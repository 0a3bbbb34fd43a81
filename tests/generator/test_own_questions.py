"""Your own questions (JSON Lines or CSV) as a suite: the documented format read, every malformed
line named with its file, line and field, and nothing written when one is wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kgtest
from kgtest.core.errors import GenerationError
from kgtest.generator.case import Answer, read_suite
from kgtest.generator.own_questions import read_questions

DOC = Path(__file__).parents[2] / "docs" / "suite-format.md"


def _doc_block(language: str) -> str:
    """The example of docs/suite-format.md's section on your own questions, as written there."""
    section = DOC.read_text(encoding="utf-8").split("## Your own questions", 1)[1]
    return re.findall(rf"```{language}\n(.*?)```", section, re.S)[0]


def test_the_documented_jsonl_and_csv_read_as_the_doc_says(tmp_path: Path) -> None:
    jsonl, csv = tmp_path / "mine.jsonl", tmp_path / "mine.csv"
    jsonl.write_text(_doc_block("jsonl"), encoding="utf-8")
    csv.write_text(_doc_block("csv"), encoding="utf-8")
    from_json, from_csv = read_questions(jsonl), read_questions(csv)
    born = next(c for c in from_json if c.id == "dickens-born")
    assert born.kind == "fact" and born.expected is Answer.NO and born.domain == "people"
    [fact] = born.evidence
    # a relation the catalog knows by that label is its Wikidata property, with its logic
    assert (fact.subject, fact.property, fact.object_label, fact.start_year) == (
        "Charles Dickens", "P19", "Portsmouth", None,
    )  # fmt: skip
    assert "Given the question: Was Charles Dickens born in London?" in born.prompt
    unknown = from_json[-1]  # no id, no evidence: an id from its question, judged on its answer alone
    assert unknown.expected is Answer.IDK and len(unknown.id) == 16 and not unknown.evidence
    assert unknown.rule == "own" and unknown.domain == "history"
    # the CSV says the same questions, so it makes the same cases
    assert [c.to_json() for c in from_csv] == [c.to_json() for c in from_json]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (['{"question": "Q?", "expected": "Yes"}', "{nope"], r"mine.jsonl:2: not JSON"),
        (['{"question": "Q?"}'], r"mine.jsonl:1: field 'expected' is missing"),
        (['{"question": "Q?", "expected": "maybe"}'], r"mine.jsonl:1: field 'expected' = 'maybe': write Yes"),
        (['{"question": "", "expected": "Yes"}'], r"1: field 'question' = '': must be a non-empty"),
        (['{"question": "Q?", "expcted": "Yes"}'], r"1: unknown field 'expcted'; known: id, question"),
        (["[1, 2]"], r"mine.jsonl:1: a question is a JSON object, not list"),
        (['{"question": "Q?", "expected": "No", "evidence": [{"subject": "A", "object": "B"}]}'],
         r"mine.jsonl:1: field 'evidence\[0\]': field 'relation' is missing"),
        (['{"question": "Q?", "expected": "No", "evidence": [{"subject": "A", "relation": "r", "object": "B",'
          ' "start_year": "1900"}]}'], r"'evidence\[0\]': field 'start_year' = '1900': must be a whole"),
        (['{"question": "Q?", "expected": "No", "evidence": "A r B"}'], r"'evidence' is a list of facts"),
        (['{"question": "Q?", "expected": "No", "evidence": [{"subject": "A", "relation": "born in",'
          ' "object": "B", "property": "banana"}]}'], r"'property' = 'banana' is not a Wikidata"),
        (['{"id": "a", "question": "Q?", "expected": "No"}', "",
          '{"id": "a", "question": "R?", "expected": "No"}'],
         r"mine.jsonl:3: id 'a' is already used on line 1"),
        ([""], r"holds no questions"),
    ],
)  # fmt: skip
def test_a_malformed_jsonl_line_is_named_with_its_line_and_field(
    tmp_path: Path, lines: list[str], message: str
) -> None:
    path = tmp_path / "mine.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(GenerationError, match=message):
        read_questions(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("question,expected,colour\nQ?,Yes,red\n", r"mine.csv:1: unknown column 'colour'"),
        ("question,expected\nQ?,Yes\nR?,Perhaps\n", r"mine.csv:3: field 'expected' = 'Perhaps'"),
        ("question,expected,evidence\nQ?,No,A | r\n", r"mine.csv:2: field 'evidence': 'A | r' is not"),
        ("question,expected\nQ?,Yes,extra\n", r"mine.csv:2: more cells than the header has columns"),
        ('question,expected\n"two\nlines?",Yes\nR?,\n', r"mine.csv:4: field 'expected' is missing"),
    ],
)  # fmt: skip
def test_a_malformed_csv_row_is_named_with_its_line_and_field(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "mine.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GenerationError, match=message):
        read_questions(path)


def test_import_writes_an_ordinary_suite_and_nothing_when_a_line_is_wrong(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    good = tmp_path / "mine.jsonl"
    good.write_text(_doc_block("jsonl"), encoding="utf-8")
    suite = kgtest.import_questions(good, workspace=ws)
    assert suite.path == ws / "suites" / "mine.jsonl" and suite.kinds == {"fact": suite.cases}
    assert [c.to_json() for c in read_suite(suite.path)] == [c.to_json() for c in read_questions(good)]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(_doc_block("jsonl") + '{"question": "Q?", "expected": "Yes", "evidence": [{}]}\n')
    with pytest.raises(GenerationError, match=r"bad.jsonl:\d+: field 'evidence\[0\]': field 'subject'"):
        kgtest.import_questions(bad, workspace=ws)
    assert not (ws / "suites" / "bad.jsonl").exists()
