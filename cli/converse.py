"""``kgtest converse``: a shortcut that writes conversation scripts, holds them, judges them, reports.

The same steps as ``kgtest gen --conversations N``, ``kgtest run --kind conversation``,
``kgtest judge`` and ``kgtest report``: the scripts go to a suite of their own, named by what
was asked (``suites/conversations-<digest>.jsonl``), so the workspace's main suite and the
suites of earlier batteries are left as they are.
"""

from __future__ import annotations

import hashlib
import json

import click

from kgtest import api
from kgtest.cli.asking import stopped, told
from kgtest.cli.dialogue import judge_and_report
from kgtest.cli.gen import SEED, injected_tests
from kgtest.cli.gen import command as gen
from kgtest.cli.main import AppContext, pass_app
from kgtest.core.progress import phases


@click.command("converse")
@click.option("--sut", "suts", multiple=True, required=True,
              help="A [[sut]] name, or a spec (smollm2, plugin:my_bots:Bot). Repeatable.")  # fmt: skip
@click.option("--partner", help="A second system ([[sut]] name or spec) to talk freely with; "
              "default: [battery] partner, else the scripted partner.")  # fmt: skip
@click.option("--turns", default=api.ConversationRequest().turns, show_default=True,
              type=click.IntRange(min=1, max=api.MAX_TURNS), help="Rounds per conversation.")  # fmt: skip
@click.option("--runs", default=1, show_default=True, type=click.IntRange(min=1, max=api.MAX_CONVERSATIONS),
              help="Conversations.")  # fmt: skip
@click.option(
    "--seed",
    default=1,
    type=SEED,
    show_default=True,
    help="Seeds the scripts (facts, schedule, perturbations).",
)
@click.option("--tests", "test_list", default=",".join(c.value for c in api.INJECTED), show_default=True,
              help="Injected tests, comma-separated; a test may repeat.")  # fmt: skip
@click.option("--max-distance", default=api.ConversationRequest().max_distance, show_default=True,
              type=click.IntRange(min=1, max=api.MAX_TURNS),
              help="I1 asks again after up to this many rounds.")  # fmt: skip
@click.option("--retry-failed", is_flag=True, help="Ask again the turns whose cached reply is a failure.")
@click.option("--no-graph", is_flag=True, help="Do not write the conversations to the graph store.")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@click.pass_context
@pass_app
def command(
    app: AppContext,
    ctx: click.Context,
    suts: tuple[str, ...],
    partner: str | None,
    turns: int,
    runs: int,
    seed: int,
    test_list: str,
    max_distance: int,
    retry_failed: bool,
    no_graph: bool,
    quiet: bool,
) -> None:
    """Hold conversations between the systems under test and a partner, judge them, report.

    The scripted partner injects the battery's tests (facts from the KB, asked about later,
    with typos, swapped, dropped or random words, reworded ...); with --partner, a second
    system talks freely. Every reply is judged for stutter, repeated questions, coherence
    and toxicity, and scored with SWAN. Sampling and timeouts come from [run] and [[sut]],
    the battery's settings from [battery]. Exits 6 when a reply failed.

    \b
    kgtest converse --sut smollm2 --turns 20 --seed 1
    kgtest converse --sut smollm2 --partner smollm2 --turns 10 --runs 3
    """
    settings = app.settings
    # Every flag is checked before any work: a typo in the last one once cost a written suite.
    api.checked_systems(suts, partner, workspace=settings)
    injected_tests(test_list)
    free = partner is not None or bool(settings.battery.partner)
    asked = json.dumps([runs, turns, seed, "none" if free else test_list, max_distance])
    suite = (
        settings.paths.suites
        / f"conversations-{hashlib.blake2b(asked.encode(), digest_size=4).hexdigest()}.jsonl"
    )
    ctx.invoke(
        gen, count=0, conversations=runs, turns=turns, seed=seed, out=suite, no_graph=no_graph, quiet=quiet,
        test_list="none" if free else test_list, max_distance=max_distance,
    )  # fmt: skip
    done = api.run(
        (suite,), suts, workspace=settings, kinds=("conversation",), retry_failed=retry_failed,
        partner=partner, bars=lambda: phases(quiet), on_run=told, on_error=stopped,
    )  # fmt: skip
    judge_and_report(ctx, done, no_graph, quiet)
    api.raise_failures(done)
