"""What an exported task (api/exporting.py) calls: its dataset, and kgtest's oracle as its scorer.

inspect_ai and lm-evaluation-harness are optional (``pip install 'kgtest[inspect]'``,
``'kgtest[lmeval]'``) and imported only here, by the task that needs them. A reply is judged by
``ReplyJudge`` (api/reply_judge.py): the verdict ``kgtest judge`` gives the same reply.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgtest.api.exporting import CASES, CONFIG
from kgtest.api.reply_judge import ReplyJudge
from kgtest.core.errors import ConfigError
from kgtest.generator.case import TestCase, read_suite
from kgtest.oracle.outcomes import JudgedReply
from kgtest.runner.sut import Message, Reply, Sampling

if TYPE_CHECKING:
    from inspect_ai import Task
    from inspect_ai.scorer import Scorer


@dataclass
class ExportedTask:
    """An export folder read back: its cases by id, its settings, and the judge, made on first reply."""

    folder: Path
    config: dict[str, Any]
    cases: dict[str, TestCase]
    _judge: ReplyJudge | None = field(default=None, repr=False)

    @property
    def sampling(self) -> Sampling:
        c = self.config
        return Sampling(
            temperature=float(c["temperature"]), max_tokens=int(c["max_tokens"]), seed=int(c["seed"])
        )

    def messages(self, case: TestCase) -> list[Message]:
        """What kgtest would send for the case: the system prompt, the case's turns, its prompt."""
        system = self.config.get("system_prompt") or ""
        first: list[Message] = [{"role": "system", "content": system}] if system else []
        return [*first, *case.turns, {"role": "user", "content": case.prompt}]

    def judge(self, case_id: str, reply: Reply) -> JudgedReply:
        """The verdict on ``reply`` to the case ``case_id``, as ``kgtest judge`` gives it."""
        if case_id not in self.cases:
            raise ConfigError(f"{self.folder / CASES} has no case {case_id!r}")
        if self._judge is None:
            # KGTEST_WORKSPACE names another workspace when the one exported from is not here
            workspace = os.environ.get("KGTEST_WORKSPACE") or self.config["workspace"]
            self._judge = ReplyJudge(workspace, system=reply.system)
        [record] = self._judge.judge([(self.cases[case_id], reply)])
        return record


_OPEN: dict[Path, ExportedTask] = {}


def exported(folder: str | Path) -> ExportedTask:
    """The export in ``folder``, read once per process."""
    path = Path(folder).resolve()
    if path not in _OPEN:
        try:
            config = json.loads((path / CONFIG).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(
                f"{path / CONFIG}: not a kgtest export ({exc}); write one with `kgtest export`"
            ) from None
        cases = {c.id: c for c in read_suite(path / CASES)}
        _OPEN[path] = ExportedTask(path, config, cases)
    return _OPEN[path]


def reply_of(
    text: str, system: str, sampling: Sampling, cut: bool, tokens: tuple[int | None, int | None]
) -> Reply:
    """A harness's completion as the reply record kgtest judges (``cut``: it stopped at max tokens)."""
    return Reply(
        text=text, system=system, sampling=sampling, latency_s=0.0, prompt_tokens=tokens[0],
        completion_tokens=tokens[1], finish_reason="length" if cut else "stop",
    )  # fmt: skip


def inspect_task(folder: str | Path) -> Task:
    """The inspect_ai task of an export: a sample per case (its id, the messages kgtest sends, the
    expected answer), inspect's ``generate()``, and kgtest's oracle as the scorer."""
    from inspect_ai import Task
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.model import ChatMessageAssistant, ChatMessageSystem, ChatMessageUser, GenerateConfig
    from inspect_ai.solver import generate

    task = exported(folder)
    roles = {"system": ChatMessageSystem, "user": ChatMessageUser, "assistant": ChatMessageAssistant}
    samples = []
    for case in task.cases.values():
        messages = task.messages(case)
        given = (
            case.prompt if len(messages) == 1 else [roles[m["role"]](content=m["content"]) for m in messages]
        )
        meta = {"kind": case.kind, "rule": case.rule, "domain": case.domain, "question": case.question}
        samples.append(Sample(input=given, target=case.expected.value, id=case.id, metadata=meta))
    s = task.sampling
    return Task(
        dataset=MemoryDataset(samples, name=str(task.config["task"])),
        solver=generate(),
        scorer=inspect_scorer(folder),
        config=GenerateConfig(max_tokens=s.max_tokens, temperature=s.temperature, seed=s.seed),
        name=str(task.config["task"]),
    )


def inspect_scorer(folder: str | Path) -> Scorer:
    """kgtest's oracle as an inspect_ai scorer: C for a ``correct`` verdict, I otherwise; the
    verdict's outcome, reasons and answer go with the score."""
    from inspect_ai.scorer import CORRECT, INCORRECT, Score, Target, accuracy, scorer, stderr
    from inspect_ai.solver import TaskState

    task = exported(folder)

    @scorer(metrics=[accuracy(), stderr()], name="kgtest")
    def kgtest_oracle() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            out = state.output
            usage = out.usage
            tokens = (usage.input_tokens, usage.output_tokens) if usage is not None else (None, None)
            reply = reply_of(out.completion, f"inspect:{state.model}", task.sampling,
                             out.stop_reason == "max_tokens", tokens)  # fmt: skip
            record = task.judge(str(state.sample_id), reply)
            return Score(
                value=CORRECT if record.outcome == "correct" else INCORRECT,
                answer=record.verdict.answer.stance.value if record.verdict is not None else "",
                explanation="\n".join(record.why),
                metadata={"outcome": record.outcome, "hallucination": record.hallucination,
                          "abstained": record.abstained},
            )  # fmt: skip

        return score

    return kgtest_oracle()


def lm_eval_dataset(folder: str | Path) -> dict[str, Any]:
    """The ``test`` split of an exported lm-evaluation-harness task: a document per case."""
    import datasets

    task = exported(folder)
    docs = [
        {"id": c.id, "input": c.prompt, "target": c.expected.value, "kind": c.kind, "rule": c.rule,
         "domain": c.domain}
        for c in task.cases.values()
    ]  # fmt: skip
    return {"test": datasets.Dataset.from_list(docs)}


def lm_eval_results(folder: str | Path, doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    """kgtest's verdict on a document's generation: ``correct`` and ``hallucinated`` (1 or 0)."""
    task = exported(folder)
    reply = reply_of(results[0], "lm-eval", task.sampling, False, (None, None))
    record = task.judge(str(doc["id"]), reply)
    return {"correct": float(record.outcome == "correct"), "hallucinated": float(record.hallucination)}
