"""The options that spread a command's work: ``--workers``, ``--dask`` and ``--shard`` (docs/scale.md).

Written once here so that gen, run and judge take them with the same words and defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from kgtest.core.shard import Shard, parse_shard

F = TypeVar("F", bound=Callable[..., Any])


def _shard(ctx: click.Context, param: click.Parameter, value: str | None) -> Shard | None:
    """``--shard K/N`` as a Shard; a malformed one is a usage error naming the option."""
    if value is None:
        return None
    try:
        return parse_shard(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from exc


def shard_option(help: str) -> Callable[[F], F]:
    """``--shard K/N`` with the command's own words for what a shard does there."""
    return click.option("--shard", metavar="K/N", callback=_shard, help=f"{help} docs/scale.md")


WORKERS = click.option(
    "--workers",
    type=click.IntRange(min=1),
    help="Processes to work on, each loading its own models and rules; results are the same byte for "
    "byte. A pool starts only when there is enough work to share (docs/scale.md). [default: the cores "
    "this process may use]",
)

DASK = click.option(
    "--dask",
    metavar="ADDRESS",
    envvar="DASK_SCHEDULER_ADDRESS",
    help="Send the shards to the Dask scheduler at ADDRESS (tcp://host:8786) instead; its workers must "
    "see the workspace at the same path. [default: $DASK_SCHEDULER_ADDRESS, else none]",
)
