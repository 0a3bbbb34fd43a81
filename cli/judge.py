"""``kgtest judge``: classify a run's replies against the ground truth, no LLM judge; a gate for CI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.show import show, tell
from kgtest.cli.spread import DASK, WORKERS, shard_option
from kgtest.cli.suggest import with_workspace
from kgtest.cli.text import literal
from kgtest.core.errors import GateError
from kgtest.core.progress import phases
from kgtest.core.shard import Shard


class ShareType(click.FloatRange):
    """A number from 0 to 1: ``FloatRange`` lets ``nan`` through, and ``--fail-under nan`` failed
    every run with exit 8, "under --fail-under nan" (probe-14b)."""

    def __init__(self) -> None:
        super().__init__(0, 1)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        number = float(super().convert(value, param, ctx))
        if number != number:  # nan
            self.fail(f"{value!r} is not a number: give one from 0 to 1", param, ctx)
        return number


@click.command("judge")
@click.argument("run", default="latest")
@click.option(
    "--threshold",
    type=ShareType(),
    help="Cosine similarity at which a relation no catalog word names counts as one of the case's. "
    "[default: [judge] threshold, 0.8]",
)
@click.option(
    "--extractor",
    type=click.Choice(api.EXTRACTORS),
    help="How triples are read from the reasoning. [default: [judge] extractor, spacy]",
)
@click.option(
    "--fail-under",
    type=ShareType(),
    help="Exit with code 8 when a kind's score is under this (0-1), e.g. 0.5 in CI: 0 is what a system "
    "that knows nothing scores, 1 every case right (docs/scores.md). [default: [judge] fail_under, 0: "
    "no gate]",
)
@click.option(
    "--gate-on",
    type=click.Choice(("score", "rate")),
    help="What --fail-under is compared with: each kind's score, or its raw share of passed cases "
    "(correct replies, checks, tests; not corrected for chance). [default: [judge] gate_on, score]",
)
@click.option(
    "--junit",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Also write the verdicts as JUnit XML (one test case per case) for CI.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print a JSON summary on stdout (everything else on stderr)."
)
@click.option("--no-graph", is_flag=True, help="Do not write replies and verdicts to the graph store.")
@WORKERS
@DASK
@shard_option("With RUN `latest`: the latest complete run of shard K/N (`kgtest run --shard`).")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def command(
    app: AppContext,
    run: str,
    threshold: float | None,
    extractor: str | None,
    fail_under: float | None,
    gate_on: str | None,
    junit: Path | None,
    as_json: bool,
    no_graph: bool,
    workers: int | None,
    dask: str | None,
    shard: Shard | None,
    quiet: bool,
) -> None:
    """Judge the replies of RUN (a run id, a prefix of one, or `latest`: the last complete run).

    Writes verdicts.jsonl beside the replies and, unless --no-graph, the replies, their claims
    and verdicts to the graph store, linked to the test cases. The models, the rules and the
    database start only when a reply needs them. Each kind gets a score: 0 for a system that
    knows nothing (always "Yes.", an echo), 1 for one that gets everything right, with chance
    (what the best constant answer gets) beside it. Exits with code 8 when a kind's score is
    under --fail-under (or [judge] fail_under in kgtest.toml; --gate-on rate: its raw share).

    \b
    kgtest judge
    kgtest judge --fail-under 0.5 --junit reports/kgtest.xml
    kgtest judge 3f2a --json | jq '.kinds.fact.score'
    """
    if junit is not None:
        junit.parent.mkdir(parents=True, exist_ok=True)
    out = Console(highlight=False, stderr=as_json)
    judged_runs: list[api.RunManifest] = []

    def summarise(verdicts: api.RunVerdicts) -> None:
        """The outcome counts and each kind's own tables, once the verdicts are written."""
        judged_runs.append(verdicts.manifest)
        outcomes: dict[str, int] = {}
        for record in verdicts.records:
            outcomes[record.outcome] = outcomes.get(record.outcome, 0) + 1
        manifest = verdicts.manifest
        table = Table("outcome", "cases", title=literal(f"run {manifest.run_id}: {manifest.name}"))
        for outcome, n in sorted(outcomes.items()):
            table.add_row(literal(outcome), str(n))
        out.print(table)
        for shown in api.judged_summary(verdicts):
            show(out, shown)

    with phases(quiet) as progress:
        judged = api.judge(
            run, workspace=app.settings, threshold=threshold, extractor=extractor, fail_under=fail_under,
            gate_on=gate_on, graph=not no_graph, workers=workers, dask=dask, shard=shard, progress=progress,
            tell=tell, on_verdicts=summarise,
        )  # fmt: skip
    result = judged.gate
    if junit is not None:
        api.write_junit(junit, judged)
    if as_json:
        click.echo(json.dumps({**result.to_json(), "verdicts": str(judged.summary.path)}, indent=2))

    def echo(text: str) -> None:
        click.echo(with_workspace(text), err=as_json)

    echo(f"{result.summary()}.")
    if failed := result.no_reply:  # a system that was down read as one that knew nothing
        ask = api.command_again(judged_runs[0]) if judged_runs else "`kgtest run`"
        echo(f"note: {failed} of {result.cases} cases have no reply (it failed to come back: `kgtest inspect "
             f"CASE` says why) and count 0 in the scores; the same {ask} with --retry-failed asks them "
             "again once the system answers, then judge again.")  # fmt: skip
    echo(f"Verdicts in {judged.summary.path}. `kgtest report` draws them; `kgtest inspect CASE` shows one.")
    if junit is not None:
        echo(f"JUnit XML in {junit}.")
    if not result.passed:
        failing = [k for k in result.kinds if not k.ok]
        why = [k.failed() for k in failing]
        named = (
            why if len(result.kinds) == 1 else [f"{k.kind}: {w}" for k, w in zip(failing, why, strict=True)]
        )
        raise GateError("; ".join(named))
