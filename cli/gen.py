"""``kgtest gen``: write a suite of questions with proven answers (docs/suite-format.md)."""

from __future__ import annotations

import hashlib
from collections import Counter
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table

from kgtest.cli.dialogues import DIALOGUE_OPTIONS, dialogue_request, print_dialogues, write_dialogue_graph
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.spread import WORKERS, shard_option, spread_of
from kgtest.cli.text import line, literal
from kgtest.core.errors import StoreError
from kgtest.core.progress import phases, stderr
from kgtest.core.shard import WHOLE, Shard
from kgtest.core.version import kgtest_version
from kgtest.generator.battery.cases import conversation_cases
from kgtest.generator.battery.model import INJECTED, TestCode
from kgtest.generator.battery.script import ScriptSettings, build_scripts
from kgtest.generator.case import TestCase, write_suite
from kgtest.generator.dialogue.request import read_sources
from kgtest.generator.facts import DEFAULT_KINDS, RULE_KINDS
from kgtest.generator.kbsource import WorkspaceKb
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_text import PLAIN, WORDINGS
from kgtest.generator.suite import DOMAINS, SuiteRequest, SuiteResult, generate_suite
from kgtest.generator.suite_info import write_suite_info
from kgtest.generator.suite_nodes import GRAPH_FORMAT, suite_id, write_suite_graph

if TYPE_CHECKING:
    from kgtest.generator.dialogue.generate import DialogueResult


def _names(values: tuple[str, ...]) -> tuple[str, ...]:
    """Repeatable options that also take comma-separated lists."""
    return tuple(n.strip() for v in values for n in v.split(",") if n.strip())


@click.command("gen")
@click.option(
    "--rules",
    "rules",
    multiple=True,
    help=f"Rule kinds of the fact questions: {', '.join(RULE_KINDS)}. Repeatable or comma-separated. "
    f"[default: {','.join(DEFAULT_KINDS)}]",
)
@click.option(
    "--domain",
    "domains",
    multiple=True,
    help=f"Only ask about these domains ({', '.join(DOMAINS)}). Repeatable. [default: all]",
)
@click.option(
    "--count",
    type=click.IntRange(min=0),
    help="Fact cases to write. [default: 100, or 0 when dialogues are asked for]",
)
@click.option("--seed", default=0, show_default=True, help="Same KB and seed, same suite byte for byte.")
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
    type=click.IntRange(min=0),
    help="Operator nesting of temporal (MTL) questions; 0 makes none.",
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
    type=click.Choice(WORDINGS),
    default=PLAIN,
    show_default=True,
    help="Questions about years in plain English, or in Drowzee's Table III templates word for word.",
)
@DIALOGUE_OPTIONS
@click.option(
    "--conversations",
    default=0,
    show_default=True,
    type=click.IntRange(min=0),
    help="Conversation scripts (the battery's scripted partner, facts from the KB) to add.",
)
@click.option(
    "--turns", default=20, show_default=True, type=click.IntRange(min=1), help="Rounds per conversation."
)
@click.option("--tests", "test_list", default=",".join(c.value for c in INJECTED), show_default=True,
              help="Tests each conversation injects, comma-separated (a test may repeat); 'none' for a "
              "free conversation with a partner system.")  # fmt: skip
@click.option("--max-distance", default=10, show_default=True, type=click.IntRange(min=1),
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
    files = read_sources(dialogues)  # a malformed file stops here, before anything is written
    settings = app.settings
    scripting = ScriptSettings(tests=injected_tests(test_list), max_distance=max_distance)
    if count is None:
        count = 0 if dialogues.wanted or conversations else 100
    request = SuiteRequest(
        kinds=_names(rules) or DEFAULT_KINDS,
        domains=_names(domains),
        count=count,
        seed=seed,
        balance=balance,
        mtl_depth=mtl_depth,
        temporal_count=count if temporal_count is None else temporal_count,
        reference_year=reference_year,
        wording=wording,
    )
    request.validate()
    path = out or settings.paths.default_suite
    with ExitStack() as stack:
        kb = WorkspaceKb(settings, stack)
        if not no_graph:
            kb.start()  # the database starts while the suite is made
        # A bar per phase, each pulsing with its time while it runs and full when done; the
        # tables come after, when the bars have stopped.
        progress = stack.enter_context(phases(quiet))
        view: KbView | None = None
        needs_kb = bool(count or mtl_depth or dialogues.count or conversations or not dialogues.wanted)
        if needs_kb or kb.builds():  # dialogue files alone need no KB, but link to one that is there
            view = kb.view(progress)
        result = None
        if count or (mtl_depth and request.temporal_count) or not (dialogues.wanted or conversations):
            assert view is not None
            wanted = count + (request.temporal_count if mtl_depth else 0)
            progress("questions", 0, 0)  # the rules derive, then the fact and temporal cases are made
            result = generate_suite(view, kb.reasoner(view), request, spread_of(workers, None).workers)
            progress("questions", len(result.cases), wanted)
        talks = None
        if dialogues.wanted:
            from kgtest.generator.dialogue.generate import generate_dialogues  # only where asked for

            progress("dialogues", 0, 0)
            talks = generate_dialogues(dialogues, files, view)
            progress("dialogues", len(talks.cases), len(talks.cases))
        scripts = build_scripts(view, seed, conversations, turns, scripting) if conversations and view else []
        for script in scripts:
            for why in script.unplaced:
                stderr.print(literal(f"conversation {script.run + 1}: {why}"))
        cases: list[TestCase] = list((shard or WHOLE).of([
            *(result.cases if result else ()),
            *(talks.cases if talks else ()),
            *conversation_cases(scripts),
        ]))  # fmt: skip
        path.parent.mkdir(parents=True, exist_ok=True)
        written = write_suite(path, cases)
        builds = [{"id": b["id"], "source": b["source"]} for b in kb.builds()]
        key = view.key if view is not None else ""
        write_suite_info(path, {
            "seed": seed, "cases": written, "rules": list(request.kinds), "domains": list(request.domains),
            "count": count, "mtl_depth": mtl_depth, "temporal_count": request.temporal_count,
            "balance": balance, "conversations": conversations, "turns": turns, "kb_key": key,
            "kb_builds": builds, "kgtest_version": kgtest_version(),
            **({"shard": str(shard)} if shard else {}),
        })  # fmt: skip
        if not no_graph:
            progress("graph store", 0, 0)  # waits for the database if it is still starting
            _write_graph(kb, path, cases, talks, key, seed)
            progress("graph store", len(cases), len(cases))
    if result is not None:
        _summary(result, mtl_depth)
    if talks is not None:
        print_dialogues(talks)
    if scripts:
        tests = sum(len(s.tests) for s in scripts)
        click.echo(f"conversations: {len(scripts)} of {turns} rounds, {tests} injected tests in all")
    of = f" (shard {shard} of the suite)" if shard else ""
    click.echo(f"Wrote {written} cases{of} to {path}")


def _write_graph(
    kb: WorkspaceKb, path: Path, cases: list[TestCase], talks: DialogueResult | None, key: str, seed: int
) -> None:
    """The suite, its proofs and its dialogues in the graph store, once per suite file's content."""
    info = {"path": str(path.resolve()), "seed": seed}
    shape = f"{key}/{GRAPH_FORMAT}".encode()
    digest = hashlib.sha256(path.read_bytes() + shape).hexdigest()[:20]
    try:
        graph = write_suite_graph(kb.store(), suite_id(path), cases, info, digest)
    except StoreError as exc:
        raise StoreError(
            f"{exc}\nThe suite itself is written to {path}; `gen --no-graph` skips the graph store."
        ) from exc
    stderr.print(
        f"graph store: suite {suite_id(path)!r} with {graph.cases_total} test cases "
        f"({graph.cases_new} new) and {graph.derived_total} derived statements "
        f"({graph.derived_new} new)"
    )
    if talks is not None:
        write_dialogue_graph(kb.store(), suite_id(path), talks.cases, digest)


def _summary(result: SuiteResult, depth: int) -> None:
    out = Console(highlight=False, soft_wrap=True)
    tally = Counter((c.rule, c.domain, c.expected.value) for c in result.cases)
    table = Table("rule", "domain", "Yes", "No", "total", title="cases per rule and domain")
    for rule, domain in sorted({(r, d) for r, d, _ in tally}):
        yes, no = tally[(rule, domain, "Yes")], tally[(rule, domain, "No")]
        table.add_row(literal(rule), literal(domain), str(yes), str(no), str(yes + no))
    yes = sum(n for (_, _, a), n in tally.items() if a == "Yes")
    table.add_row("all", "", str(yes), str(len(result.cases) - yes), str(len(result.cases)), end_section=True)
    out.print(table)
    if result.temporal is not None:
        t = result.temporal
        out.print(
            f"temporal: {t.generated} cases at depth {depth} from {result.temporal_events} events, "
            f"years {result.universe}; {t.filtered} formulas filtered ({t.filtered_disjoint} events too far "
            f"apart, {t.filtered_trivial_true} always true, {t.filtered_trivial_false} always false, "
            f"{t.filtered_too_wide} windows too wide, {t.filtered_anachronism} about years outside what "
            f"they name existed in), {t.duplicates} duplicates"
        )
    checked = Counter(c.meta.checked_by if c.meta else None for c in result.cases)
    out.print(
        f"proofs re-checked: {checked['proofcheck.pl']} fact proofs by prolog/proofcheck.pl, "
        f"{checked['pointwise']} temporal answers year by year (prolog/pointwise.py)"
    )
    f = result.facts
    if f.reference_year is not None:
        out.print(f"present tense: statements that hold in {f.reference_year} (--reference-year)")
    if f.excluded:
        out.print(f"{f.excluded} facts break a sanity rule and are asked about nowhere (`kgtest kb check`)")
    for note in result.notes:
        out.print(line("[yellow]note:[/] ", literal(note)))


def injected_tests(value: str) -> tuple[TestCode, ...]:
    """``--tests``: the codes of the battery's injected tests, or ``none``."""
    names = [n.strip().upper().removeprefix("ML-") for n in value.split(",") if n.strip()]
    if names == ["NONE"]:
        return ()
    known = {c.value for c in INJECTED}
    wrong = [n for n in names if n not in known]
    if wrong:
        raise click.BadParameter(f"{', '.join(wrong)}: injected tests are {', '.join(sorted(known))}")
    return tuple(TestCode(n) for n in names)
