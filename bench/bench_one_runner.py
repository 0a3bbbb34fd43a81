"""Batching and the prefix cache on the one runner: dialogue and conversation cases against a plain loop.

    python bench/bench_one_runner.py [--sut smollm2] [--dialogues 2] [--conversations 2] [--turns 6]
                                     [--max-tokens 16]

A suite of dialogue cases (each seed dialogue and its perturbations) and conversation scripts
is written from the bundled example KB, then asked twice in one process, each time with an
empty reply cache:

1. the one runner (``run_suite``): round k of every dialogue in one ``replies`` call (a local
   model batches it), each distinct conversation asked once (perturbed variants share prefixes);
   conversations in lockstep, turn k of all of them in one call;
2. a plain loop: one conversation per call, every round asked, no cache.

Both give the same transcripts (tests/runner/test_one_runner_reference.py checks it); this
measures what the one runner saves: wall time and conversations sent.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.core.settings import load_settings
from kgtest.generator.case import TestCase, read_suite
from kgtest.runner.conversation import PARTNER, SUT, Utterance, window
from kgtest.runner.dialogue_rounds import conversation
from kgtest.runner.plan import RunPlan
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Conversation, Sampling, SutOptions, SystemUnderTest
from tests.kinds import ask_suite


def plain(cases: list[TestCase], sut: SystemUnderTest, sampling: Sampling) -> int:
    """Every round of every case, one conversation per call, no cache; returns the calls made."""
    calls = 0

    def ask(messages: Conversation) -> str:
        nonlocal calls
        calls += 1
        ((_, reply),) = list(sut.replies([messages], sampling))
        return reply.text

    for case in cases:
        if case.dialogue is not None:
            d = case.dialogue
            gold = [t.expected[0] for t in d.turns]
            for k in range(1, len(d.turns) + 1):
                ask(conversation(d, case.prompt, k, gold[: k - 1]))
        elif case.script is not None:
            said: list[Utterance] = []
            for turn in range(1, case.script.turns + 1):
                said.append(Utterance(turn, PARTNER, case.script.line(turn).text))
                said.append(Utterance(turn, SUT, ask(tuple(window(said, SUT, 0)))))
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sut", default="smollm2")
    parser.add_argument("--dialogues", type=int, default=2)
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--max-tokens", type=int, default=16)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--runner-first", action="store_true", help="Time the one runner first.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp) / "ws"
        runner = CliRunner()
        for command in (
            ["build-kb", "example", "--quiet"],
            ["gen", "--dialogues", str(args.dialogues), "--conversations", str(args.conversations),
             "--turns", str(args.turns), "--seed", "5", "--no-graph", "--quiet"],
        ):  # fmt: skip
            result = runner.invoke(cli, ["--workspace", str(ws), *command], env={"NEO4J_URI": ""})
            assert result.exit_code == 0, result.output
        suite = ws / "suites" / "suite.jsonl"
        cases = list(read_suite(suite))
        rounds = sum(len(c.dialogue.turns) for c in cases if c.dialogue) + sum(
            c.script.turns for c in cases if c.script
        )
        sut = open_sut(args.sut, SutOptions(batch_size=args.batch_size))
        sampling = Sampling(max_tokens=args.max_tokens)
        list(sut.replies([({"role": "user", "content": "Hello"},)], sampling))
        print(f"{len(cases)} cases ({sum(c.kind == 'dialogue' for c in cases)} dialogue, "
              f"{sum(c.kind == 'conversation' for c in cases)} conversation), {rounds} rounds in all; "
              f"{sut.spec}, max_tokens {args.max_tokens}")  # fmt: skip

        settings = load_settings(ws, env={})
        plan = RunPlan(kinds=("dialogue", "conversation"))
        timings: dict[str, float] = {}
        for way in ("runner", "plain") if args.runner_first else ("plain", "runner"):
            started = time.perf_counter()
            if way == "plain":
                calls = plain(cases, sut, sampling)
            else:
                summary = ask_suite(suite, sut, sampling, settings, plan=plan)
            timings[way] = time.perf_counter() - started
        plain_s, unified_s = timings["plain"], timings["runner"]
        print(f"plain loop      {plain_s:7.1f} s   {calls} conversations sent, one per call")
        print(f"one runner      {unified_s:7.1f} s   {summary.asked} conversations sent, batched per round")
        print(f"speed-up {plain_s / unified_s:.2f}x; conversations saved by the prefix cache: "
              f"{1 - summary.asked / calls:.1%}")  # fmt: skip
        sut.close()


if __name__ == "__main__":
    main()
