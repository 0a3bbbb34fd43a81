"""``export``: a suite as a task of the harness a team already runs (``kgtest export``, docs/export.md).

The task asks with the harness's own models and judges with kgtest's oracle (api/harness.py),
so a reply gets the verdict ``kgtest judge`` gives it. What is exported, into one folder:

* ``cases.jsonl``: the suite's single-question cases (fact, temporal), each prompt as the
  workspace's ``[prompt]`` template makes it: the text the harness sends;
* ``kgtest.json``: the workspace that judges (its KB), the system prompt and sampling;
* for inspect_ai, ``task.py`` (``inspect eval task.py --model ...``); for lm-evaluation-harness,
  ``<task>.yaml`` and ``utils.py`` (``lm_eval --include_path FOLDER --tasks <task> ...``).

Dialogues and conversations are left out, and counted: kgtest's drivers hold them round by
round, and their checks compare answers across cases, which no per-sample scorer sees.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from kgtest.api.reply_judge import single_question_kinds
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.errors import ConfigError, GenerationError
from kgtest.core.files import write_atomic
from kgtest.core.prompts import templates
from kgtest.core.version import kgtest_version
from kgtest.generator.case import read_suite, write_suite
from kgtest.runner.plan import RunPlan

TARGETS = ("inspect", "lm-eval")
CASES, CONFIG = "cases.jsonl", "kgtest.json"


@dataclass(frozen=True, slots=True)
class Exported:
    """A suite written as a harness's task."""

    target: str
    task: str
    """The task's name in the harness."""
    folder: Path
    files: tuple[Path, ...]
    cases: int
    left_out: dict[str, int]
    """Cases of kinds the harness cannot ask, by kind."""

    @property
    def command(self) -> str:
        """How to run it, with a model of the harness's (the harness's own test model here)."""
        if self.target == "inspect":
            return f"inspect eval {self.folder / 'task.py'} --model mockllm/model"
        return f"lm_eval --include_path {self.folder} --tasks {self.task} --model dummy"


def export(
    suite: str | Path | None = None,
    to: str = "inspect",
    *,
    workspace: WorkspaceLike = None,
    out: Path | None = None,
) -> Exported:
    """Write ``suite`` (default: the workspace's) as an inspect_ai (``to="inspect"``) or
    lm-evaluation-harness (``to="lm-eval"``) task into ``out`` (default:
    ``WORKSPACE/exports/<suite name>-<target>``)."""
    if to not in TARGETS:
        raise ConfigError(f"--to {to!r}: kgtest exports to {', '.join(TARGETS)}")
    settings = settings_of(workspace)
    source = Path(suite) if suite is not None else settings.paths.default_suite
    if not source.exists():  # a file that is not there is a usage error (exit 2), as `kgtest run` says
        raise ConfigError(
            f"no suite at {source}; make one with `kgtest gen` or `kgtest import FILE`, or name a suite "
            "file: `kgtest export SUITE --to ...`"
        )
    every = list(read_suite(source))
    kinds = single_question_kinds()
    plan = RunPlan(prompts=templates(kinds, settings.prompt))
    cases = [plan.shaped(c) for c in every if c.kind in kinds]
    left_out = dict(Counter(c.kind for c in every if c.kind not in kinds))
    if not every:
        raise GenerationError(
            f"{source} holds no test cases; write some with `kgtest gen` or `kgtest import`"
        )
    if not cases:
        raise GenerationError(
            f"{source} holds no {' or '.join(kinds)} cases to export (only {', '.join(sorted(left_out))})"
        )
    task = "kgtest_" + re.sub(r"\W+", "_", source.stem).strip("_").lower()
    folder = out or settings.paths.root / "exports" / f"{source.stem}-{to}"
    folder.mkdir(parents=True, exist_ok=True)
    run = settings.run
    config = {
        "task": task, "suite": str(source.resolve()), "workspace": str(settings.workspace),
        "system_prompt": run.system_prompt, "max_tokens": run.max_tokens, "temperature": run.temperature,
        "seed": run.seed, "prompts": plan.prompts, "kgtest_version": kgtest_version(),
    }  # fmt: skip
    write_suite(folder / CASES, cases)
    write_atomic(folder / CONFIG, json.dumps(config, indent=2, ensure_ascii=False) + "\n")
    files = [folder / CASES, folder / CONFIG]
    for name, text in _task_files(to, task, run.max_tokens).items():
        write_atomic(folder / name, text)
        files.append(folder / name)
    return Exported(to, task, folder, tuple(files), len(cases), left_out)


def _task_files(target: str, task: str, max_tokens: int) -> dict[str, str]:
    if target == "inspect":
        return {"task.py": _INSPECT.format(task=task)}
    return {
        f"{task}.yaml": _LM_EVAL_YAML.format(task=task, max_tokens=max_tokens),
        "utils.py": _LM_EVAL_UTILS,
    }


_INSPECT = '''"""An inspect_ai task exported by kgtest (docs/export.md): its cases, asked by inspect's model,
judged by kgtest's oracle (the same verdicts as `kgtest judge`). Run: inspect eval task.py --model ..."""

from pathlib import Path

from inspect_ai import Task, task

from kgtest.api.harness import inspect_task

HERE = Path(__file__).parent


@task
def {task}() -> Task:
    return inspect_task(HERE)
'''

_LM_EVAL_YAML = """# An lm-evaluation-harness task exported by kgtest (docs/export.md): its cases,
# asked by the harness's model, judged by kgtest's oracle (the same verdicts as `kgtest judge`).
# Run: lm_eval --include_path THIS_FOLDER --tasks {task} --model ...
task: {task}
custom_dataset: !function utils.dataset
test_split: test
output_type: generate_until
doc_to_text: "{{{{input}}}}"
doc_to_target: "{{{{target}}}}"
generation_kwargs:
  until: []
  max_gen_toks: {max_tokens}
  do_sample: false
  temperature: 0.0
process_results: !function utils.process_results
metric_list:
  - metric: correct
    aggregation: mean
    higher_is_better: true
  - metric: hallucinated
    aggregation: mean
    higher_is_better: false
metadata:
  version: 1.0
"""

_LM_EVAL_UTILS = '''"""The kgtest side of an exported lm-evaluation-harness task: its dataset, its scorer."""

from pathlib import Path

from kgtest.api.harness import lm_eval_dataset, lm_eval_results

HERE = Path(__file__).parent


def dataset(**metadata):
    return lm_eval_dataset(HERE)


def process_results(doc, results):
    return lm_eval_results(HERE, doc, results)
'''
