"""Suite files as a hostile or careless hand leaves them: every defect named with its file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.core.errors import GenerationError
from kgtest.generator.case import (
    Answer,
    FactMeta,
    TemporalMeta,
    TestCase,
    cases_mentioning,
    read_suite,
    write_suite,
)


def case(case_id: str, prompt: str = "Is Paris in France?") -> TestCase:
    return TestCase(case_id, "fact", "ground", "places", prompt, prompt, Answer.YES)


def good_lines() -> list[str]:
    return [case("a").to_json(), case("b").to_json()]


def read(tmp_path: Path, content: bytes | str) -> list[TestCase]:
    path = tmp_path / "suite.jsonl"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return list(read_suite(path))


def test_a_good_suite_reads_back_as_written(tmp_path: Path) -> None:
    write_suite(tmp_path / "suite.jsonl", [case("a"), case("b")])
    assert list(read_suite(tmp_path / "suite.jsonl")) == [case("a"), case("b")]


@pytest.mark.parametrize(
    ("third_line", "message"),
    [
        (case("a", "Another question?").to_json(), r":3: case id 'a' is already used on line 1"),
        ("[1, 2, 3]", r":3: not a kgtest test case: expected a JSON object, got list"),
        ('{"schema": 7}', r":3: not a kgtest test case: suite schema 7 is not 1; regenerate it"),
        (
            '{"case_id": "a", "exchanges": []}',
            r":3: not a kgtest test case: it is a run's replies .*`kgtest judge RUN` judges",
        ),
        (
            '{"question": "Is Paris in France?", "expected": "Yes"}',
            r":3: not a kgtest test case: it is a questions file, which `kgtest import FILE` turns",
        ),
        (
            '{"case_id": "a", "outcome": "correct"}',
            r":3: not a kgtest test case: it is a run's verdicts .*`kgtest report RUN` draws",
        ),
        ("{not json", r":3: not a kgtest test case: Expecting property name"),
        (
            case("c").to_json().replace('"turns":[]', '"turns":"abc"'),
            r":3: .*case 'c'\.turns: expected a list",
        ),
        (
            case("c").to_json().replace('"prompt":"Is Paris in France?"', '"prompt":42'),
            r":3: .*case 'c'\.prompt: expected str, got int 42",
        ),
        (
            case("c").to_json().replace('"meta":null', '"meta":{"depth":"two","horizon":1,"checked_by":"x"}'),
            r":3: .*case 'c'\.meta: fits none of: .*meta\.depth: expected int, got str 'two'",
        ),
        (
            case("c").to_json().replace('"temporal":null', '"temporal":{"formula":{}}'),
            r":3: .*case 'c'\.temporal: missing field\(s\) \['text', 'query_year'",
        ),
        ("[" * 100_000, r":3: not a kgtest test case: JSON nested too deeply"),
    ],
)
def test_a_bad_line_is_named_with_file_and_line(tmp_path: Path, third_line: str, message: str) -> None:
    with pytest.raises(GenerationError, match=rf"suite\.jsonl{message}"):
        read(tmp_path, "\n".join([*good_lines(), third_line]) + "\n")


def test_bytes_that_are_not_utf8_are_named_with_line_and_column(tmp_path: Path) -> None:
    with pytest.raises(GenerationError, match=r"suite\.jsonl:2: not UTF-8 \(byte 0xff at column 4\)"):
        read(tmp_path, good_lines()[0].encode() + b'\n{"a\xff": 1}\n')


def test_a_folder_or_a_missing_file_says_which(tmp_path: Path) -> None:
    with pytest.raises(GenerationError, match="is a folder; give a suite file"):
        list(read_suite(tmp_path))
    with pytest.raises(GenerationError, match=r"cannot read the suite .*No such file"):
        list(read_suite(tmp_path / "absent.jsonl"))


def _mutated(draw: st.DrawFn) -> bytes:
    """A valid suite line with one field replaced, or junk bytes, or JSON of any shape."""
    choice = draw(st.integers(0, 2))
    if choice == 0:
        return draw(st.binary(max_size=200))
    if choice == 1:
        value = draw(
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                lambda x: st.lists(x, max_size=4) | st.dictionaries(st.text(max_size=8), x, max_size=4),
                max_leaves=12,
            )
        )
        return json.dumps(value).encode()
    data = json.loads(case(draw(st.text(max_size=8))).to_json())
    key = draw(st.sampled_from(sorted(data)))
    data[key] = draw(
        st.none()
        | st.integers()
        | st.text(max_size=10)
        | st.lists(st.integers(), max_size=3)
        | st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=3)
    )
    return json.dumps(data).encode()


# too_slow: drawing these small lines took over a second only on a machine shared with model runs.
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.composite(_mutated)(), max_size=4))
def test_any_file_gives_cases_or_a_clear_error(tmp_path: Path, lines: list[bytes]) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(b"\n".join([case("a").to_json().encode(), *lines]))
    try:
        cases = list(read_suite(path))
    except GenerationError as exc:
        assert str(exc).startswith(f"{path}:")
    else:
        assert all(isinstance(c, TestCase) for c in cases)


def test_suites_from_before_typed_meta_still_load(tmp_path: Path) -> None:
    """Fact meta without the time-aware fields, temporal meta without checked_by, and {} (no details)."""
    fact = json.loads(case("a").to_json())
    fact["meta"] = {"statement": ["Q1", "P19", "Q2"], "sentence": "A born in B", "holds": True,
                    "category": "place", "proof_rules": ["ground"]}  # fmt: skip
    temporal = {**json.loads(case("b").to_json()), "meta": {"depth": 2, "horizon": 10}}
    bare = {**json.loads(case("c").to_json()), "meta": {}}
    a, b, c = read(tmp_path, "\n".join(json.dumps(x) for x in (fact, temporal, bare)) + "\n")
    assert isinstance(a.meta, FactMeta) and a.meta.statement == ("Q1", "P19", "Q2") and a.meta.years is None
    assert isinstance(b.meta, TemporalMeta) and b.meta.horizon == 10 and b.meta.checked_by == ""
    assert c.meta is None


def test_cases_mentioning_reads_only_the_lines_that_hold_the_text(tmp_path: Path) -> None:
    path = tmp_path / "suite.jsonl"
    lines = [
        case("abc1").to_json(),
        "not json at all",
        case("abd2", "Is abc1 in France?").to_json(),
        case("x").to_json(),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [c.id for c in cases_mentioning(path, "abc1")] == ["abc1", "abd2"]  # a line naming it counts too
    assert [c.id for c in cases_mentioning(path, "ab")] == ["abc1", "abd2"]
    assert list(cases_mentioning(path, "zzz")) == []


def test_a_csv_file_is_named_as_questions_to_import(tmp_path: Path) -> None:
    questions = tmp_path / "mine.csv"
    questions.write_text("question,expected\nIs Paris in France?,Yes\n")
    with pytest.raises(GenerationError, match=r"mine\.csv is a CSV file, not a suite; `kgtest import"):
        list(read_suite(questions))
