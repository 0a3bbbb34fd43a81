"""The pytest plugin: docs/pytest.md's example run as written, one item per case, filters, and a
plugin that costs nothing to the pytest runs that do not use it."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest_plugins = ("pytester",)

DOC = Path(__file__).parents[2] / "docs" / "pytest.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


@pytest.fixture
def example(pytester: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """docs/pytest.md's two files, as written, in a folder of their own with a fresh workspace."""
    monkeypatch.setenv("KGTEST_WORKSPACE", str(tmp_path / "ws"))
    pytester.path.joinpath("questions.jsonl").write_text(_blocks("jsonl")[0], encoding="utf-8")
    pytester.makepyfile(test_my_bot=_blocks("python")[0])
    return pytester


def test_the_documented_example_runs_as_the_doc_says(example: pytest.Pytester) -> None:
    result = example.runpytest_subprocess("-p", "no:cacheprovider", "-rf", "-v")
    result.assert_outcomes(passed=3, failed=2)
    out = result.stdout.str()
    for item in ("dickens-twist", "paris-capital", "lyon-capital"):
        assert f"test_each_question[{item}] PASSED" in out, item
    failed = re.findall(r"^FAILED (\S+)", out, re.M)
    assert failed == [
        "test_my_bot.py::test_each_question[dickens-london]",
        "test_my_bot.py::test_headline_score",
    ]
    # the failure shows the verdict, the prompt sent, the reply, the oracle's reasons and the proof
    assert "case dickens-london (fact / own / own)" in out and ": both" in out
    assert "Given the question: Was Charles Dickens born in London?" in out
    assert "Yes. Charles Dickens was born in London." in out
    assert "but the KB has Charles Dickens was born in Portsmouth (place of birth has one value)" in out
    assert "answers 'yes' where the proof concludes 'No'" in out
    assert "Charles Dickens --place of birth--> Portsmouth" in out
    # the gate: three right and one wrong of four is no better than chance on four cases, and says so
    assert "fact: score 0.000 is under 0.5 (correct less wrong answers 0.500, chance 0.000 by" in out
    assert "1 cases did not pass: dickens-london" in out


def test_items_are_the_chosen_cases_and_a_system_is_asked_once(
    example: pytest.Pytester, tmp_path: Path
) -> None:
    example.makepyfile(
        test_filters="""
        import pytest
        from test_my_bot import bot

        @pytest.mark.kgtest(bot, questions="questions.jsonl", ids=["lyon", "paris"])
        def test_capitals(kgtest_case):
            assert kgtest_case.passed and kgtest_case.case.expected.value in ("Yes", "No")

        @pytest.mark.kgtest(bot, questions="questions.jsonl", ids="lyon", max_tokens=7)
        def test_settings_make_another_run(kgtest_case):
            assert kgtest_case.transcript.reply.sampling.max_tokens == 7
        """
    )
    result = example.runpytest_subprocess("-p", "no:cacheprovider", "test_filters.py", "-v")
    out = result.stdout.str()
    assert "test_capitals[lyon-capital] PASSED" in out and "test_capitals[paris-capital] PASSED" in out
    assert "test_settings_make_another_run[lyon-capital] PASSED" in out
    assert "dickens" not in out
    result.assert_outcomes(passed=3)
    runs = sorted(p.parent.name for p in (tmp_path / "ws" / "runs").glob("*/run.json"))
    assert len(runs) == 2, runs  # one per choice of cases and settings, each asked once


def test_a_choice_of_no_case_is_an_error_not_zero_tests(example: pytest.Pytester) -> None:
    example.makepyfile(
        test_none="""
        import pytest
        from test_my_bot import bot

        @pytest.mark.kgtest(bot, questions="questions.jsonl", domains="nowhere")
        def test_nothing_chosen(kgtest_case):
            pass
        """
    )
    result = example.runpytest_subprocess("-p", "no:cacheprovider", "test_none.py")
    assert "questions.jsonl holds no case of domains nowhere" in result.stdout.str()
    result.assert_outcomes(errors=1)


def test_a_test_taking_a_case_without_the_marker_says_what_is_missing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_x(kgtest_case):\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    said = result.stdout.str() + result.stderr.str()
    assert "takes kgtest_case but has no @pytest.mark.kgtest(system, ...)" in said


def test_loading_the_plugin_imports_nothing_of_kgtest_but_its_front() -> None:
    code = (
        "import sys, kgtest.api.pytest_plugin as p; "
        "print(sorted(m for m in sys.modules if m.startswith('kgtest') or m in ('torch', 'spacy', 'numpy')))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert ast.literal_eval(loaded) == [
        "kgtest",
        "kgtest.api",
        "kgtest.api.pytest_plugin",
        "kgtest.core",
        "kgtest.core.lazy",
    ]
