"""``kgtest judge``: classify a run's replies against the ground truth, no LLM judge."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import literal
from kgtest.core.progress import phases, stderr
from kgtest.core.settings import Settings
from kgtest.generator.kbview import read_view
from kgtest.generator.suite_nodes import suite_id
from kgtest.kg.extract.triples import extractor_names
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.run_graph import write_run_graph
from kgtest.kg.store import GraphStore, open_store
from kgtest.oracle.judge import Judge, JudgeSettings
from kgtest.oracle.kb import LazyKb, ViewKb
from kgtest.oracle.similarity import Thresholds
from kgtest.oracle.verdicts import find_run, judge_run, read_verdicts, reply_nodes


@click.command("judge")
@click.argument("run", default="latest")
@click.option(
    "--threshold",
    default=0.8,
    show_default=True,
    type=click.FloatRange(0, 1),
    help="Cosine similarity at which a relation no catalog word names counts as one of the case's.",
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
    and verdicts to the graph store, linked to the test cases. The models, the rules and the
    database start only when a reply needs them.
    """
    found = find_run(app.settings.paths, run)
    settings = JudgeSettings(thresholds=Thresholds(synonym=threshold), extractor=extractor)
    with ExitStack() as stack:
        store = _LazyStore(app.settings, stack)
        if not no_graph:  # needed at the end anyway: start the database while the replies are read
            store.start()
        kb = LazyKb(lambda: ViewKb(read_view(KnowledgeBase(store()), app.settings.paths.kb_view_cache)))
        with phases(quiet) as progress:
            summary = judge_run(found, Judge(settings, kb=kb), progress=progress)
        table = Table("outcome", "replies", title=literal(f"run {summary.run_id}: {summary.system}"))
        for outcome, n in summary.outcomes.items():
            table.add_row(literal(outcome), str(n))
        Console(highlight=False).print(table)
        if not no_graph:
            suite = suite_id(Path(summary.manifest["suite"]))
            nodes = reply_nodes(summary.manifest, suite, read_verdicts(found))
            linked = write_run_graph(store(), summary.run_id, nodes)
            stderr.print(f"graph: {summary.cases} replies written, {linked} linked to their test cases")
    click.echo(f"Verdicts in {summary.path}. `kgtest report` draws them; `kgtest inspect CASE` shows one.")


class _LazyStore:
    """The workspace's graph store, opened on first use: judging alone may need no database.

    ``start`` opens it in the background instead, for a judge that will write the graph: the
    database then starts while the models load and the replies are read.
    """

    def __init__(self, settings: Settings, stack: ExitStack) -> None:
        self._settings = settings
        self._stack = stack
        self._store: GraphStore | None = None
        self._opening: Future[GraphStore] | None = None

    def start(self) -> None:
        opening = open_store(self._settings)
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kgtest-store")
        self._opening = pool.submit(opening.__enter__)
        self._stack.callback(self._close, opening)  # runs second: closes what was opened
        self._stack.callback(pool.shutdown)  # runs first: waits for the opening to finish

    def _close(self, opening: AbstractContextManager[GraphStore]) -> None:
        if self._opening is not None and self._opening.exception() is None:
            opening.__exit__(None, None, None)

    def __call__(self) -> GraphStore:
        if self._store is None:
            if self._opening is not None:
                self._store = self._opening.result()
            else:
                self._store = self._stack.enter_context(open_store(self._settings))
        return self._store
