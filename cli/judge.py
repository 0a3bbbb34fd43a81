"""``kgtest judge``: classify a run's replies against the ground truth, no LLM judge."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import literal
from kgtest.core.progress import phases, stderr
from kgtest.generator.suite_nodes import suite_id
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.triples import extractor_names
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.run_graph import write_run_graph
from kgtest.kg.store import open_store
from kgtest.oracle.judge import Judge, JudgeSettings
from kgtest.oracle.similarity import Thresholds
from kgtest.oracle.verdicts import find_run, judge_run, read_verdicts, reply_nodes


@click.command("judge")
@click.argument("run", default="latest")
@click.option(
    "--threshold",
    default=0.8,
    show_default=True,
    type=click.FloatRange(0, 1),
    help="Cosine similarity at which two names or relations count as the same, and the "
    "node/edge Jaccard a correct reply must reach.",
)
@click.option(
    "--extractor",
    default="spacy",
    show_default=True,
    type=click.Choice(extractor_names()),
    help="How triples are read from the reasoning.",
)
@click.option("--no-graph", is_flag=True, help="Do not write replies and verdicts to the graph store.")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def command(app: AppContext, run: str, threshold: float, extractor: str, no_graph: bool, quiet: bool) -> None:
    """Judge the replies of RUN (a run id, a prefix of one, or `latest`).

    Writes verdicts.jsonl beside the replies and, unless --no-graph, the replies, their claims
    and verdicts to the graph store, linked to the test cases.
    """
    found = find_run(app.settings.paths, run)
    settings = JudgeSettings(
        thresholds=Thresholds(synonym=threshold, node=threshold, edge=threshold), extractor=extractor
    )
    with ExitStack() as stack:
        # The relations' words come from the KB's own catalog, as the generator used them.
        store = None if no_graph else stack.enter_context(open_store(app.settings))
        catalog = KnowledgeBase(store).catalog() if store is not None else builtin_catalog()
        with phases(quiet) as progress:
            summary = judge_run(found, Judge(settings, catalog=catalog), progress=progress)
        table = Table("outcome", "replies", title=literal(f"run {summary.run_id}: {summary.system}"))
        for outcome, n in summary.outcomes.items():
            table.add_row(literal(outcome), str(n))
        Console(highlight=False).print(table)
        if store is not None:
            suite = suite_id(Path(summary.manifest["suite"]))
            nodes = reply_nodes(summary.manifest, suite, read_verdicts(found))
            linked = write_run_graph(store, summary.run_id, nodes)
            stderr.print(f"graph: {summary.cases} replies written, {linked} linked to their test cases")
    click.echo(f"Verdicts in {summary.path}. `kgtest report` draws them; `kgtest inspect CASE` shows one.")
