"""``kgtest dialogue``: a shortcut that runs a suite's dialogue cases, judges them and draws the report.

The same three steps as ``kgtest run --kind dialogue``, ``kgtest judge`` and ``kgtest report``,
through the same runner, judge and report: nothing here decides anything of its own.
"""

from __future__ import annotations

from pathlib import Path

import click

from kgtest import api
from kgtest.cli.asking import stopped, told
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.run import baseline_names
from kgtest.cli.suite_arg import SuiteFile
from kgtest.core.progress import phases


@click.command("dialogue")
@click.argument("suite", type=SuiteFile())
@click.option("--sut", "suts", multiple=True, required=True,
              help="A [[sut]] name, or a spec (smollm2, plugin:pkg.mod:Bot). Repeatable.")  # fmt: skip
@click.option("--history", type=click.Choice(api.HISTORIES),
              help="What earlier rounds show as answers. [default: [dialogue] history, gold]")  # fmt: skip
@click.option("--baselines", help="Single-turn baselines, comma-separated, or 'none'. "
              "[default: [dialogue] baselines, SYR,L33t,Typo]")  # fmt: skip
@click.option("--limit", type=click.IntRange(min=1), help="Only the first N dialogue cases of the suite.")
@click.option("--retry-failed", is_flag=True, help="Ask again the rounds whose cached reply is a failure.")
@click.option("--no-graph", is_flag=True, help="Do not write replies and conflicts to the graph store.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.pass_context
@pass_app
def command(
    app: AppContext,
    ctx: click.Context,
    suite: Path,
    suts: tuple[str, ...],
    history: str | None,
    baselines: str | None,
    limit: int | None,
    retry_failed: bool,
    no_graph: bool,
    quiet: bool,
) -> None:
    """Ask every round of SUITE's dialogue cases (and the baselines' questions), judge, report.

    Sampling, timeouts and the system prompt come from [run] and the [[sut]] entries, the
    dialogue settings from [dialogue]. Run the same command again to resume after an
    interruption or failed replies. Exits 6 when a reply failed, 8 under a [judge] gate.

    \b
    kgtest dialogue suite.jsonl --sut smollm2
    kgtest dialogue suite.jsonl --sut plugin:my_bots:Bot --history sut --baselines none
    """
    done = api.run(
        (suite,), suts, workspace=app.settings, kinds=("dialogue",), limit=limit, retry_failed=retry_failed,
        history=history, baselines=baseline_names(baselines), bars=lambda: phases(quiet), on_run=told,
        on_error=stopped,
    )  # fmt: skip
    judge_and_report(ctx, done, no_graph, quiet)
    api.raise_failures(done)


def judge_and_report(ctx: click.Context, done: list[api.Asked], no_graph: bool, quiet: bool) -> None:
    """`kgtest judge` on each run, then `kgtest report` over every judged run; the first gate failure last."""
    from kgtest.cli.judge import command as judge
    from kgtest.cli.report import command as report
    from kgtest.core.errors import GateError

    gated: GateError | None = None
    for asked in done:
        try:
            ctx.invoke(judge, run=asked.summary.run_id, no_graph=no_graph, quiet=quiet)
        except GateError as exc:
            gated = gated or exc
    ctx.invoke(report)
    if gated is not None:
        raise gated
