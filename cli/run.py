"""``kgtest run``: put suites' questions to the systems under test, configured or named."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest import api
from kgtest.cli.asking import stopped, told
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.spread import DASK, shard_option
from kgtest.cli.suggest import with_workspace
from kgtest.cli.suite_arg import SuiteFile
from kgtest.core.errors import ConfigError
from kgtest.core.progress import phases
from kgtest.core.shard import WHOLE, Shard

_SPECS = "\n".join(f"  {name}: {s.example}" for name, s in api.SUT_SCHEMES.items())


@click.command("run", epilog=f"\b\nSystem specs (--sut):\n{_SPECS}\n  aliases: {', '.join(api.SUT_ALIASES)}")
@click.argument("suites", nargs=-1, type=SuiteFile())
@click.option(
    "--sut",
    "suts",
    multiple=True,
    help="A [[sut]] name from kgtest.toml, or a spec (smollm2, openai:URL?model=NAME). Repeatable. "
    "[default: every [[sut]] in kgtest.toml]",
)
@click.option(
    "--temperature",
    type=click.FloatRange(min=0),
    help="0 is greedy: the same answer every time. [default: 0]",
)
@click.option(
    "--max-tokens",
    type=click.IntRange(min=1),
    help="Longest reply, in tokens; a reply cut there is judged apart as truncated. [default: 256]",
)
@click.option("--seed", type=int, help="Seeds sampling when --temperature > 0. [default: 0]")
@click.option("--system-prompt", help="Sent first in every conversation. [default: none]")
@click.option(
    "--concurrency", type=click.IntRange(min=1), help="openai: requests in flight at once. [default: 4]"
)
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    help="hf: conversations per batch (halved on OOM). [default: 16 on a CPU, 128 on a GPU]",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    help="openai: seconds before a request counts as failed; plugin: before respond() does. [default: 60]",
)
@click.option(
    "--retries",
    type=click.IntRange(min=0),
    help="openai: attempts after 429, 5xx or a refused connection. [default: 4]",
)
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    type=click.Choice(api.KINDS.names()),
    help="Only the suites' cases of this kind. Repeatable. [default: every kind]",
)
@click.option(
    "--history",
    type=click.Choice(api.HISTORIES),
    help="Dialogues: what earlier rounds show as answers. [default: [dialogue] history, gold]",
)
@click.option(
    "--baselines",
    help="Dialogues: single-turn baselines asked beside them, comma-separated, or 'none'. "
    "[default: [dialogue] baselines, SYR,L33t,Typo]",
)
@click.option(
    "--partner",
    help="Conversations: a [[sut]] name or spec to talk freely with. [default: [battery] partner, "
    "the scripted partner]",
)
@click.option("--limit", type=click.IntRange(min=1), help="Only the first N cases of each suite.")
@click.option("--retry-failed", is_flag=True, help="Ask again the cases whose cached reply is a failure.")
@shard_option("Only the cases of shard K of N, as a run of its own.")
@DASK
@click.option("--quiet", is_flag=True, help="No progress bar.")
@pass_app
def command(
    app: AppContext,
    suites: tuple[Path, ...],
    suts: tuple[str, ...],
    temperature: float | None,
    max_tokens: int | None,
    seed: int | None,
    system_prompt: str | None,
    concurrency: int | None,
    batch_size: int | None,
    timeout: float | None,
    retries: int | None,
    kinds: tuple[str, ...],
    history: str | None,
    baselines: str | None,
    partner: str | None,
    limit: int | None,
    retry_failed: bool,
    shard: Shard | None,
    dask: str | None,
    quiet: bool,
) -> None:
    """Ask the systems under test every case in SUITES (JSON Lines suites) and record their replies.

    Every kind of case goes through one run: fact and temporal questions one by one, dialogue
    cases round by round (round k of all dialogues in one batch; [dialogue] settings), and
    conversation scripts with the scripted partner or a partner system ([battery] settings).
    With no SUITES, the suites of kgtest.toml's [run] are asked; with no --sut, every [[sut]]
    it configures. Settings come from [run], then the [[sut]] entry, then KGTEST_RUN_*
    variables, then these flags. Replies are cached as they arrive: running the same command
    again (after an interruption, or with a suite that shares questions) asks only what is
    missing. Exits with code 6 when a system failed, or when any reply is a failure.

    \b
    kgtest run suite.jsonl --sut smollm2
    kgtest run --sut smollm2 --sut 'openai:http://127.0.0.1:8000/v1?model=smollm2'
    kgtest run                      # every [[sut]] on every suite of kgtest.toml
    """
    flags = {
        "temperature": temperature, "max_tokens": max_tokens, "seed": seed, "system_prompt": system_prompt,
        "concurrency": concurrency, "batch_size": batch_size, "timeout": timeout, "retries": retries,
    }  # fmt: skip
    # Flags given on the command line win over the file and the environment.
    given = {name: value for name, value in flags.items() if value is not None}
    done = api.run(
        suites, suts, workspace=app.settings, kinds=kinds or None, limit=limit, retry_failed=retry_failed,
        history=history, baselines=baseline_names(baselines), partner=partner, shard=shard or WHOLE,
        dask=dask or None, bars=lambda: phases(quiet), on_run=told, on_error=stopped, **given,
    )  # fmt: skip
    if done:
        click.echo(
            with_workspace(
                "Replies recorded, not judged: `kgtest judge` decides which are correct (this command "
                "exits 0 however many are wrong; 6 only when a reply failed to come back)."
            )
        )
    api.raise_failures(done)


def baseline_names(value: str | None) -> tuple[str, ...] | None:
    """``--baselines``: comma-separated names, ``none``, or None when not given."""
    if value is None:
        return None
    given = [n.strip() for n in value.split(",") if n.strip()]
    if not given:  # ",,," was taken as none
        raise ConfigError(f"--baselines {value!r}: give {', '.join(api.BASELINES)} (comma-separated) or none")
    spelt = {b.lower(): b for b in api.BASELINES}  # syr is SYR, as l33t is L33t
    names = tuple(dict.fromkeys(spelt.get(n.lower(), n) for n in given if n.lower() != "none"))
    unknown = sorted(set(names) - set(api.BASELINES))
    if unknown:
        raise ConfigError(
            f"--baselines: unknown {', '.join(unknown)}; choose from {', '.join(api.BASELINES)} or none"
        )
    return names
