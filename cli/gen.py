"""``kgtest gen``: write a suite of questions with proven answers (docs/suite-format.md)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from kgtest import api
from kgtest.cli.dialogues import DIALOGUE_OPTIONS, dialogue_request
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.show import show, tell
from kgtest.cli.spread import WORKERS, shard_option
from kgtest.core.progress import phases
from kgtest.core.shard import Shard


def _names(values: tuple[str, ...]) -> tuple[str, ...]:
    """Repeatable options that also take comma-separated lists."""
    return tuple(n.strip() for v in values for n in v.split(",") if n.strip())


SEED = click.IntRange(-(2**63), 2**63 - 1)
"""A seed the graph store can hold, as ``[run] seed``: a signed 64-bit integer (a larger one was
a packstream OverflowError after the suite was written)."""


@click.command("gen")
@click.option(
    "--rules",
    "rules",
    multiple=True,
    help=f"Rule kinds of the fact questions: {', '.join(api.RULE_KINDS)}. Repeatable or comma-separated; "
    "negation pairs near misses with truths in their words (ground). "
    f"[default: {','.join(api.DEFAULT_RULES)}]",
)
@click.option(
    "--domain",
    "domains",
    multiple=True,
    help=f"Only ask about these domains ({', '.join(api.DOMAINS)}). Repeatable. [default: all]",
)
@click.option(
    "--count",
    type=click.IntRange(min=0),
    help="Fact cases to write. [default: 100, or 0 when dialogues are asked for]",
)
@click.option(
    "--seed", default=0, type=SEED, show_default=True, help="Same KB and seed, same suite byte for byte."
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Suite file (JSON Lines). [default: WORKSPACE/suites/suite.jsonl]",
)
@click.option(
    "--balance/--no-balance",
    default=True,
    show_default=True,
    help="Word half of each kind's questions negated (answer flipped), so Yes and No are even.",
)
@click.option(
    "--mtl-depth",
    default=0,
    show_default=True,
    type=click.IntRange(min=0, max=api.MAX_MTL_DEPTH),
    help=f"Operator nesting of temporal (MTL) questions, at most {api.MAX_MTL_DEPTH}; 0 makes none.",
)
@click.option(
    "--temporal-count",
    type=click.IntRange(min=0),
    help="Temporal cases to write when --mtl-depth > 0. [default: --count]",
)
@click.option(
    "--reference-year",
    type=int,
    help="The year the present tense speaks of: a statement that does not hold then is asked about a "
    "year it held in. [default: the latest year the KB names]",
)
@click.option(
    "--wording",
    type=click.Choice(api.WORDINGS),
    default=api.WORDINGS[0],
    show_default=True,
    help="Questions about years in plain English, or in Drowzee's Table III templates word for word.",
)
@DIALOGUE_OPTIONS
@click.option(
    "--conversations",
    default=0,
    show_default=True,
    type=click.IntRange(min=0, max=api.MAX_CONVERSATIONS),
    help="Conversation scripts (the battery's scripted partner, facts from the KB) to add.",
)
@click.option("--turns", default=api.ConversationRequest().turns, show_default=True,
              type=click.IntRange(min=1, max=api.MAX_TURNS), help="Rounds per conversation.")  # fmt: skip
@click.option("--tests", "test_list", default=",".join(c.value for c in api.INJECTED), show_default=True,
              help="Tests each conversation injects, comma-separated (a test may repeat); 'none' for a "
              "free conversation with a partner system.")  # fmt: skip
@click.option("--max-distance", default=api.ConversationRequest().max_distance, show_default=True,
              type=click.IntRange(min=1, max=api.MAX_TURNS),
              help="Conversations: I1 asks again after up to this many rounds.")  # fmt: skip
@click.option("--no-graph", is_flag=True, help="Do not write the suite and its proofs to the graph store.")
@WORKERS
@shard_option("Write only the cases of shard K of N: each shard's job makes the same suite, keeps its share.")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def command(
    app: AppContext,
    /,
    rules: tuple[str, ...],
    domains: tuple[str, ...],
    count: int | None,
    seed: int,
    out: Path | None,
    balance: bool,
    mtl_depth: int,
    temporal_count: int | None,
    reference_year: int | None,
    wording: str,
    conversations: int,
    turns: int,
    test_list: str,
    max_distance: int,
    no_graph: bool,
    workers: int | None,
    shard: Shard | None,
    quiet: bool,
    **dialogue_options: object,
) -> None:
    """Generate questions whose answers the knowledge base proves.

    Fact questions ask about statements that Prolog derives (inverse, symmetric,
    transitive, composite) or refutes under a stated assumption (negation); each case
    carries its evidence and proof, re-checked before the suite is written. Dated
    statements are asked in the present tense only when they hold in the reference year,
    else about a year they held in. Facts that break a sanity rule (`kgtest kb check`) are
    never asked about. With --mtl-depth, temporal questions over the KB's dated facts are
    added to the same suite. With --dialogues or --dialogues-from, multi-turn dialogues and
    their perturbations (DS, DR, DD, DSR, DSD) are added, every question's answerability
    proven (docs/dialogue.md).

    \b
    kgtest gen --count 200 --seed 1
    kgtest gen --rules negation,transitive --domain places --out places.jsonl
    kgtest gen --count 50 --mtl-depth 2 --temporal-count 50
    kgtest gen --dialogues 50 --seed 1
    kgtest gen --dialogues-from stories.json --dialogues-from convquestions.json.gz
    """
    dialogues = dialogue_request(dialogue_options, seed, _names(domains))
    conversation = api.ConversationRequest(
        count=conversations, turns=turns, tests=injected_tests(test_list), max_distance=max_distance
    )
    if count is None:
        count = 0 if dialogues.wanted or conversations else 100
    if temporal_count and not mtl_depth:  # it made none, and said nothing
        raise click.UsageError("--temporal-count makes temporal cases only with --mtl-depth 1-4 (e.g. 2)")
    if not (count or (mtl_depth and temporal_count) or dialogues.wanted or conversations):
        raise click.UsageError(
            "nothing to generate: give --count N (fact cases), --mtl-depth with --temporal-count, "
            "--dialogues or --conversations"
        )
    request = api.GenRequest(
        questions=api.SuiteRequest(
            kinds=_names(rules) or api.DEFAULT_RULES,
            domains=_names(domains),
            count=count,
            seed=seed,
            balance=balance,
            mtl_depth=mtl_depth,
            temporal_count=count if temporal_count is None else temporal_count,
            reference_year=reference_year,
            wording=wording,
        ),
        dialogues=dialogues,
        conversations=conversation,
    )
    request.validate()
    # A bar per phase, each pulsing with its time while it runs and full when done; the
    # tables come after, when the bars have stopped.
    with phases(quiet) as progress:
        suite = api.generate(
            request, workspace=app.load, out=out, shard=shard, graph=not no_graph, workers=workers,
            progress=progress, tell=tell,
        )  # fmt: skip
    out_console = Console(highlight=False, soft_wrap=True)
    for shown in suite.shown:
        show(out_console, shown)
    of = f" (shard {shard} of the suite)" if shard else ""
    click.echo(f"Wrote {suite.cases} cases{of} to {suite.path}")


def injected_tests(value: str) -> tuple[api.TestCode, ...]:
    """``--tests``: the codes of the battery's injected tests, or ``none``."""
    names = [n.strip().upper().removeprefix("ML-") for n in value.split(",") if n.strip()]
    if names == ["NONE"]:
        return ()
    known = {c.value for c in api.INJECTED}
    wrong = [n for n in names if n not in known]
    if wrong:
        raise click.BadParameter(f"{', '.join(wrong)}: injected tests are {', '.join(sorted(known))}")
    return tuple(api.TestCode(n) for n in names)
