"""Start-up of `kgtest judge` on a one-reply run: everything loaded up front, against on first need.

    python bench/bench_judge.py --startup [--repeat N]

Builds a scratch workspace (the bundled KB, a small suite) and two one-reply runs through the
real command line: a bare "Yes." and a reply with reasoning. Each measurement is a fresh
process, timed from launch to exit, so imports count as users feel them:

* ``eager`` is the judge as it started before on-first-need loading (and as it still would with
  every model wanted): the graph store opened first, then spaCy and MiniLM, then the reply;
* ``kgtest judge`` writes the run to the graph, so the database starts, but no model does for a
  bare reply; ``--no-graph`` starts nothing at all for it;
* the reasoned reply needs the parser and the rules, still no embeddings.

Runs are interleaved and repeated; medians and ratios to ``eager`` are printed.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
KGTEST = [sys.executable, "-m", "kgtest.cli"]
EAGER = """
import sys
from pathlib import Path
from kgtest.core.settings import load_settings
from kgtest.generator.graph import suite_id
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.store import open_store
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.judge import Judge
from kgtest.oracle.results import find_run, judge_run, read_verdicts
from kgtest.oracle.results_graph import write_run_graph
from kgtest.kg.extract.spacy_triples import SpacyExtractor
workspace, run = Path(sys.argv[1]), sys.argv[2]
settings = load_settings(workspace, env={})
run_dir = find_run(workspace, run)
with open_store(settings) as store:
    judge = Judge(extractor=SpacyExtractor(), embedder=Embedder(), catalog=KnowledgeBase(store).catalog())
    summary = judge_run(run_dir, judge)
    suite = suite_id(Path(summary.manifest["suite"]))
    write_run_graph(store, summary.manifest, suite, list(read_verdicts(run_dir)))
"""


class Replier:
    """A system under test that gives every case the same reply (``plugin:judge_startup:Replier``)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def respond(self, conversation: list[dict[str, str]]) -> str:
        return self.text


def startup(repeat: int) -> None:
    with tempfile.TemporaryDirectory(prefix="kgtest-bench-") as tmp:
        ws = Path(tmp) / "ws"
        env = {**os.environ, "PYTHONPATH": f"{BENCH}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}

        def kgtest(*args: str) -> str:
            done = subprocess.run(
                [*KGTEST, "--workspace", str(ws), *args], env=env, capture_output=True, text=True, check=True
            )
            return done.stdout

        kgtest("build-kb", "example", "--quiet")
        kgtest("gen", "--count", "4", "--rules", "ground", "--quiet")
        suite = str(ws / "suites" / "suite.jsonl")
        runs = {}
        for name, text in (("bare", "Yes."), ("reasoned", "Yes. It is documented in the records.")):
            out = kgtest("run", suite, "--sut", f"plugin:judge_startup:Replier?text={text}", "--limit", "1")
            runs[name] = out.split("run ")[1].split(":")[0]
        commands = {
            "eager (before)": [sys.executable, "-c", EAGER, str(ws), runs["bare"]],
            "kgtest judge, bare reply": [*KGTEST, "--workspace", str(ws), "judge", runs["bare"], "--quiet"],
            "  the same, --no-graph": [
                *KGTEST,
                "--workspace",
                str(ws),
                "judge",
                runs["bare"],
                "--quiet",
                "--no-graph",
            ],
            "kgtest judge, reasoned": [*KGTEST, "--workspace", str(ws), "judge", runs["reasoned"], "--quiet"],
            "  the same, --no-graph ": [
                *KGTEST,
                "--workspace",
                str(ws),
                "judge",
                runs["reasoned"],
                "--quiet",
                "--no-graph",
            ],
        }
        times: dict[str, list[float]] = {}
        for _ in range(repeat):
            for i, (name, command) in enumerate(commands.items()):
                t0 = time.perf_counter()
                subprocess.run(command, env=env, capture_output=True, check=True)
                times.setdefault(f"{i}{name}", []).append(time.perf_counter() - t0)
        base = statistics.median(times["0eager (before)"])
        load = os.getloadavg()[0]
        print(f"start-up to judge one reply, median of {repeat} fresh processes (load average {load:.1f})")
        for key, values in times.items():
            median = statistics.median(values)
            print(f"{key[1:]:<28} {median:6.2f} s   {base / median:4.1f}x faster than eager")
