"""What `run`, `dialogue` and `converse` print of each run as it ends, and of a system that stopped."""

from __future__ import annotations

import click
from rich.markup import escape

from kgtest import api
from kgtest.cli.main import err_console
from kgtest.cli.suggest import with_workspace
from kgtest.cli.text import visible
from kgtest.core.errors import KgtestError


def told(asked: api.Asked) -> None:
    """One run's summary line, and what to do about truncated, incomplete or failed replies."""
    summary, system = asked.summary, asked.system.settings
    rate = (
        f", {summary.completion_tokens / summary.seconds:.1f} tokens/s" if summary.completion_tokens else ""
    )
    kinds = ", ".join(f"{n} {k}" for k, n in summary.kinds.items()) if len(summary.kinds) > 1 else ""
    click.echo(visible(
        f"run {summary.run_id} ({system.name}): {summary.cases} cases, {summary.asked} asked, "
        f"{summary.cached} from cache, {summary.failed} failed replies ({summary.seconds:.1f} s asking{rate})"
        + (f"; {kinds}" if kinds else "")
    ))  # fmt: skip
    if summary.truncated:
        click.echo(
            f"{summary.truncated} replies stopped at max_tokens={system.max_tokens}; the judge counts "
            "them apart as truncated. Raise --max-tokens (or max_tokens in kgtest.toml) to let them finish."
        )
    if summary.incomplete:
        click.echo(
            f"{summary.incomplete} cases are incomplete (a reply failed in transport, or an earlier round "
            "failed); they are not judged until the same command asks them again."
        )
    if summary.failed:
        click.echo(
            "Failed replies keep their reason: those that failed in transport (timeouts, no connection) "
            "are asked again by the same command; the system's own errors are cached: ask them again "
            "with --retry-failed."
        )
    click.echo(visible(f"replies: {summary.replies_path}"))


def stopped(name: str, error: KgtestError) -> None:
    """A system that stopped with an error while the others go on."""
    said = with_workspace(str(error))
    err_console.print(f"[bold red]error:[/] {escape(visible(name))}: {escape(visible(said))}")
