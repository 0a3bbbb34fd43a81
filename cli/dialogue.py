"""``kgtest dialogue``: put a suite's dialogue cases to a system, judge them with MR1-MR3, report.

One command for the three steps because they are one experiment: the baselines' questions are
made (semantic filter) before the run, and the relations need every perturbed dialogue's answers
at once. Every reply is cached as it arrives, so the same command after a kill or a failure asks
only what is missing; the judging and the report are cheap and done again in full.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import islice
from pathlib import Path
from typing import Any

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.core.errors import GenerationError
from kgtest.core.files import write_atomic
from kgtest.core.progress import phases, stderr
from kgtest.generator.case import read_suite
from kgtest.generator.dialogue.single_turn import SINGLE_TURN
from kgtest.generator.dialogue.wordnet import DEFAULT_DIR, WordNet
from kgtest.generator.suite_nodes import suite_id
from kgtest.kg.conflict_graph import ConflictNode, ConflictSide, write_conflicts
from kgtest.kg.store import open_store
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.baselines import baseline_probes
from kgtest.oracle.metamorphic.mss import MixedSimilarity
from kgtest.oracle.metamorphic.relations import Epsilons, check_relations
from kgtest.oracle.metamorphic.rounds import answered_rounds
from kgtest.report.dialogue import dialogue_report, render_text
from kgtest.runner.dialogue import HISTORIES, read_round_replies, run_dialogues
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Sampling, SutOptions


@click.command("dialogue")
@click.argument("suite", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--sut", "spec", required=True, help="The system under test, e.g. smollm2 or plugin:pkg.mod:Bot."
)
@click.option(
    "--history",
    type=click.Choice(HISTORIES),
    default="gold",
    show_default=True,
    help="What earlier rounds show as answers: the gold ones, or the system's own.",
)
@click.option(
    "--baselines",
    default=",".join(SINGLE_TURN),
    show_default=True,
    help="Single-turn baselines asked in the same run, comma-separated; 'none' for none.",
)
@click.option(
    "--wordnet",
    type=click.Path(file_okay=False, path_type=Path),
    default=DEFAULT_DIR,
    show_default=True,
    help="WordNet database folder for SYR (Debian: apt-get install wordnet-base).",
)
@click.option(
    "--epsilon-a", default=0.6, show_default=True, type=click.FloatRange(0, 1), help="MR1's MSS threshold."
)
@click.option(
    "--epsilon-b", default=0.6, show_default=True, type=click.FloatRange(0, 1), help="MR2/MR3's threshold."
)
@click.option("--seed", default=0, show_default=True, help="Seeds the baselines' perturbations and sampling.")
@click.option("--temperature", default=0.0, type=click.FloatRange(min=0), show_default=True)
@click.option(
    "--max-tokens", default=24, type=click.IntRange(min=1), show_default=True, help="Answers are short."
)
@click.option(
    "--batch-size", default=16, type=click.IntRange(min=1), show_default=True, help="hf: per batch."
)
@click.option("--concurrency", default=4, type=click.IntRange(min=1), show_default=True, help="openai.")
@click.option("--timeout", default=60.0, type=click.FloatRange(min=0, min_open=True), show_default=True)
@click.option("--retries", default=4, type=click.IntRange(min=0), show_default=True)
@click.option("--limit", type=click.IntRange(min=1), help="Only the first N dialogue cases of the suite.")
@click.option(
    "--conflicts", default=5, show_default=True, help="Conflicts drawn in the terminal (all in the files)."
)
@click.option("--no-graph", is_flag=True, help="Do not write the conflicts to the graph store.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@pass_app
def command(
    app: AppContext,
    suite: Path,
    spec: str,
    history: str,
    baselines: str,
    wordnet: Path,
    epsilon_a: float,
    epsilon_b: float,
    seed: int,
    temperature: float,
    max_tokens: int,
    batch_size: int,
    concurrency: int,
    timeout: float,
    retries: int,
    limit: int | None,
    conflicts: int,
    no_graph: bool,
    quiet: bool,
) -> None:
    """Ask every round of SUITE's dialogue cases (and the baselines' questions) and judge them.

    Writes dialogue_replies.jsonl, dialogue_report.json and dialogue_report.txt in the run's
    folder. Run the same command again to resume after an interruption or failed replies.

    \b
    kgtest dialogue suite.jsonl --sut smollm2 --max-tokens 16
    kgtest dialogue suite.jsonl --sut plugin:my_bots:Bot --history sut --baselines none
    """
    kinds = [] if baselines.strip() == "none" else [k.strip() for k in baselines.split(",") if k.strip()]
    unknown = sorted(set(kinds) - set(SINGLE_TURN))
    if unknown:
        raise GenerationError(
            f"--baselines: unknown {', '.join(unknown)}; choose from {', '.join(SINGLE_TURN)} or none"
        )
    cases = list(islice((c for c in read_suite(suite) if c.kind == "dialogue"), limit))
    embedder = Embedder()
    synonyms = WordNet(wordnet).synonyms if "SYR" in kinds else (lambda word: [])
    probes = baseline_probes(cases, kinds, seed, synonyms, embedder) if kinds else []
    sampling = Sampling(temperature=temperature, max_tokens=max_tokens, seed=seed)
    options = SutOptions(concurrency=concurrency, batch_size=batch_size, timeout_s=timeout, retries=retries)
    sut = open_sut(spec, options)
    try:
        with phases(quiet) as progress:
            summary = run_dialogues(
                cases,
                sut,
                sampling,
                app.settings,
                history=history,
                probes=probes,
                progress=progress,
                suite=suite,
            )
    finally:
        sut.close()
    answered, unjudged = answered_rounds(cases, read_round_replies(summary.replies_path))
    epsilons = Epsilons(answerable=epsilon_a, between=epsilon_b)
    checks = check_relations(answered, MixedSimilarity(embedder), epsilons)
    reverted = dict(Counter(p.variant for p in probes if p.reverted))
    report = dialogue_report(sut.spec, summary.run_id, epsilons, cases, answered, checks, unjudged, reverted)
    folder = summary.replies_path.parent
    write_atomic(folder / "dialogue_report.json", json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    text = render_text(report, conflicts_shown=len(report["conflicts"]))
    write_atomic(folder / "dialogue_report.txt", text)
    click.echo(render_text(report, conflicts_shown=conflicts), nl=False)
    if not no_graph:
        with open_store(app.settings) as store:
            nodes = conflict_nodes(suite_id(suite), summary.run_id, sut.spec, report["conflicts"])
            linked = write_conflicts(store, summary.run_id, nodes)
        stderr.print(f"graph: {len(nodes)} conflicts written, {linked} sides linked to their test cases")
    click.echo(
        f"\nrun {summary.run_id}: {summary.rounds} rounds ({summary.distinct} distinct conversations), "
        f"{summary.asked} asked, {summary.failed} failed, {summary.incomplete} dialogues incomplete "
        f"({summary.seconds:.1f} s)"
    )
    if summary.incomplete:
        click.echo("Incomplete dialogues are not judged: run the same command again to finish them.")
    click.echo(f"report: {folder / 'dialogue_report.txt'}")


def conflict_nodes(suite: str, run: str, system: str, conflicts: list[dict[str, Any]]) -> list[ConflictNode]:
    """The report's conflicts as graph records, keyed by run and found by the suite's keys."""
    nodes = []
    for i, c in enumerate(conflicts):
        dialogue, origin = c["question"]
        props = {"system": system, "relation": c["relation"], "mss": c["mss"], "severe": c["severe"]}
        sides = tuple(
            ConflictSide(f"{suite}#{s['case_id']}", {"side": n, **_side(s)})
            for n, s in enumerate(c["sides"], 1)
        )
        nodes.append(ConflictNode(f"{run}#{i}", f"{suite}#{dialogue}#r{origin}", props | c["parts"], sides))
    return nodes


def _side(s: dict[str, Any]) -> dict[str, Any]:
    keep = ("position", "question", "answer", "answerable")
    return {"variant": s["dialogue"], **{k: s[k] for k in keep}}
