"""``kgtest run``: put a suite's questions to a system under test."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.core.progress import phases
from kgtest.runner.registry import ALIASES, SCHEMES, open_sut
from kgtest.runner.run import run_suite
from kgtest.runner.sut import Sampling, SutOptions

_SPECS = "\n".join(f"  {name}: {s.example}" for name, s in SCHEMES.items())


@click.command("run", epilog=f"\b\nSystem specs (--sut):\n{_SPECS}\n  aliases: {', '.join(ALIASES)}")
@click.argument("suite", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--sut", "spec", required=True, help="The system under test, e.g. smollm2 or openai:URL?model=NAME."
)
@click.option(
    "--temperature",
    default=0.0,
    type=click.FloatRange(min=0),
    show_default=True,
    help="0 is greedy: the same answer every time.",
)
@click.option(
    "--max-tokens",
    default=64,
    type=click.IntRange(min=1),
    show_default=True,
    help="Longest reply, in tokens.",
)
@click.option("--seed", default=0, show_default=True, help="Seeds sampling when --temperature > 0.")
@click.option(
    "--concurrency",
    default=4,
    type=click.IntRange(min=1),
    show_default=True,
    help="openai: requests in flight at once.",
)
@click.option(
    "--batch-size",
    default=16,
    type=click.IntRange(min=1),
    show_default=True,
    help="hf: conversations per batch (halved on OOM).",
)
@click.option(
    "--timeout",
    default=60.0,
    type=click.FloatRange(min=0, min_open=True),
    show_default=True,
    help="openai: seconds before a request counts as failed.",
)
@click.option(
    "--retries",
    default=4,
    type=click.IntRange(min=0),
    show_default=True,
    help="openai: attempts after 429, 5xx or a refused connection.",
)
@click.option("--limit", type=click.IntRange(min=1), help="Only the first N cases of the suite.")
@click.option("--retry-failed", is_flag=True, help="Ask again the cases whose cached reply is a failure.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@pass_app
def command(
    app: AppContext,
    suite: Path,
    spec: str,
    temperature: float,
    max_tokens: int,
    seed: int,
    concurrency: int,
    batch_size: int,
    timeout: float,
    retries: int,
    limit: int | None,
    retry_failed: bool,
    quiet: bool,
) -> None:
    """Ask the system under test every case in SUITE (a JSON Lines suite) and record its replies.

    Replies are cached in the workspace as they arrive: running the same command again
    (after an interruption, or with a suite that shares questions) asks only what is missing.

    \b
    kgtest run suite.jsonl --sut smollm2
    kgtest run suite.jsonl --sut 'openai:http://127.0.0.1:8000/v1?model=smollm2' --concurrency 8
    """
    sampling = Sampling(temperature=temperature, max_tokens=max_tokens, seed=seed)
    options = SutOptions(concurrency=concurrency, batch_size=batch_size, timeout_s=timeout, retries=retries)
    sut = open_sut(spec, options)
    try:
        with phases(quiet) as progress:
            summary = run_suite(
                suite, sut, sampling, app.settings, limit=limit, retry_failed=retry_failed, progress=progress
            )
    finally:
        sut.close()
    rate = (
        f", {summary.completion_tokens / summary.seconds:.1f} tokens/s" if summary.completion_tokens else ""
    )
    click.echo(
        f"run {summary.run_id}: {summary.cases} cases, {summary.asked} asked, {summary.cached} from cache, "
        f"{summary.failed} failed ({summary.seconds:.1f} s{rate})"
    )
    if summary.failed:
        click.echo("Failed replies keep their reason; ask them again with --retry-failed.")
    click.echo(f"replies: {summary.replies_path}")
