"""``kgtest export``: the suite as an inspect_ai task and an lm-evaluation-harness task, each run by
the real harness, each reply getting the verdict ``kgtest judge`` gives the same reply."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import kgtest
from kgtest.core.errors import ConfigError, GenerationError
from kgtest.generator.case import read_suite, write_suite
from tests.api.harness_bots import QUESTIONS, Mixed, Scripted

inspect_ai = pytest.importorskip("inspect_ai", reason="pip install 'kgtest[inspect]'")
lm_eval = pytest.importorskip("lm_eval", reason="pip install 'kgtest[lmeval]'")


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A workspace without a KB, and its suite of six questions of one's own."""
    root = tmp_path_factory.mktemp("export")
    questions = root / "questions.jsonl"
    questions.write_text(QUESTIONS, encoding="utf-8")
    ws = root / "ws"
    return ws, kgtest.import_questions(questions, workspace=ws).path


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A workspace with the bundled KB, and a small generated suite of fact and temporal cases."""
    ws = tmp_path_factory.mktemp("export-kb") / "ws"
    kgtest.build_kb(["example"], workspace=ws)
    request = kgtest.GenRequest(questions=kgtest.SuiteRequest(count=6, mtl_depth=1, temporal_count=3, seed=3))
    return ws, kgtest.generate(request, workspace=ws, graph=False).path


def _kgtest_verdicts(system: Any, ws: Path, suite: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """What ``kgtest run`` and ``kgtest judge`` make of the system's replies: outcome and reasons."""
    checked = kgtest.check(system, suite, workspace=ws)
    return {r.id: (r.outcome, r.reasons) for r in checked.results.values()}


def _inspect_verdicts(
    system: Any, ws: Path, suite: Path, logs: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The exported task run by inspect_ai with its mockllm/model answering as ``system`` does."""
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    def answer(messages: list[Any], tools: object, choice: object, config: object) -> ModelOutput:
        text = system.respond([{"role": m.role, "content": m.text} for m in messages])
        output = ModelOutput.from_content("mockllm", text)
        # mockllm counts missing usage with tiktoken, which downloads its encoding: give it
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    done = kgtest.export(suite, "inspect", workspace=ws)
    assert done.cases == len(list(read_suite(suite))) and not done.left_out
    monkeypatch.chdir(done.folder)  # inspect finds a task file relative to the current folder
    [log] = inspect_eval(  # the exported file is the task: loaded as `inspect eval task.py` loads it
        "task.py",
        model=get_model("mockllm/model", custom_outputs=answer),
        log_dir=str(logs),
        display="none",
    )
    assert log.status == "success"
    found = {}
    for sample in log.samples or []:
        score = sample.scores["kgtest"]
        reasons = tuple(score.explanation.split("\n")) if score.explanation else ()
        assert score.value == ("C" if score.metadata["outcome"] == "correct" else "I")
        found[str(sample.id)] = (score.metadata["outcome"], reasons)
    return found


def test_inspect_ai_runs_the_export_and_judges_as_kgtest_judge_does(
    own: tuple[Path, Path], generated: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws, suite = own
    ours = _kgtest_verdicts(Scripted(), ws, suite)
    assert {o for o, _ in ours.values()} >= {"correct", "both", "idk", "erroneous_inference"}
    assert _inspect_verdicts(Scripted(), ws, suite, tmp_path / "own", monkeypatch) == ours

    ws, suite = generated
    mixed = Mixed(suite)
    ours = _kgtest_verdicts(mixed, ws, suite)
    assert {c.kind for c in read_suite(suite)} == {"fact", "temporal"}
    assert {o for o, _ in ours.values()} >= {"correct", "idk"} and len(ours) == 9
    assert _inspect_verdicts(mixed, ws, suite, tmp_path / "generated", monkeypatch) == ours


def test_lm_evaluation_harness_runs_the_export_and_judges_as_kgtest_judge_does(
    own: tuple[Path, Path],
) -> None:
    from lm_eval.api.model import LM
    from lm_eval.tasks import TaskManager

    ws, suite = own
    bot = Scripted()

    class Replies(LM):  # a plug-in model: lm-eval's own dummy answers "lol" to everything
        def loglikelihood(self, requests: list[Any], disable_tqdm: bool = False) -> list[Any]:
            raise NotImplementedError

        def loglikelihood_rolling(self, requests: list[Any], disable_tqdm: bool = False) -> list[Any]:
            raise NotImplementedError

        def generate_until(self, requests: list[Any], disable_tqdm: bool = False) -> list[str]:
            return [bot.respond([{"role": "user", "content": r.args[0]}]) for r in requests]

    done = kgtest.export(suite, "lm-eval", workspace=ws)
    tasks = TaskManager(include_path=str(done.folder), include_defaults=False)
    results = lm_eval.simple_evaluate(
        model=Replies(), tasks=[done.task], task_manager=tasks, log_samples=True
    )
    assert results is not None
    ours = kgtest.check(bot, suite, workspace=ws).results
    samples = results["samples"][done.task]
    assert sorted(s["doc"]["id"] for s in samples) == sorted(ours)
    for s in samples:
        judged = ours[s["doc"]["id"]].record
        assert s["correct"] == float(judged.outcome == "correct"), s["doc"]["id"]
        assert s["hallucinated"] == float(judged.hallucination), s["doc"]["id"]
    scores = results["results"][done.task]
    assert scores["correct,none"] == pytest.approx(sum(r.passed for r in ours.values()) / len(ours))


def test_kinds_no_other_harness_can_ask_are_left_out_and_counted(
    own: tuple[Path, Path], tmp_path: Path
) -> None:
    ws, suite = own
    cases = list(read_suite(suite))
    mixed = tmp_path / "mixed.jsonl"
    write_suite(mixed, [*cases[:2], *(replace(c, kind="dialogue") for c in cases[2:])])
    done = kgtest.export(mixed, "inspect", workspace=ws, out=tmp_path / "task")
    assert done.cases == 2 and done.left_out == {"dialogue": 4}
    assert [c.id for c in read_suite(done.folder / "cases.jsonl")] == [c.id for c in cases[:2]]
    only = tmp_path / "only.jsonl"
    write_suite(only, [replace(c, kind="dialogue") for c in cases])
    with pytest.raises(GenerationError, match="holds no fact or temporal cases to export"):
        kgtest.export(only, "lm-eval", workspace=ws)


def test_an_empty_suite_says_so_and_how_to_fill_it(tmp_path: Path) -> None:
    """It said 'holds no fact or temporal cases to export (only )'."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(GenerationError, match=r"empty\.jsonl holds no test cases; write some with `kgtest"):
        kgtest.export(empty, "inspect", workspace=tmp_path / "ws")
    assert not (tmp_path / "ws" / "exports").exists()


def test_no_suite_is_a_usage_error_that_says_how_to_make_one(tmp_path: Path) -> None:
    """`kgtest export --to inspect` in a fresh workspace exited 5 ("cannot read the suite ...: No such
    file or directory"); `kgtest run` exits 2 for the same and says what to do (probe-13)."""
    with pytest.raises(ConfigError, match=r"no suite at .*suite\.jsonl; make one with `kgtest gen`"):
        kgtest.export(workspace=tmp_path / "ws")
    assert not (tmp_path / "ws" / "exports").exists()
