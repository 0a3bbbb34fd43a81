"""``kgtest gen``: write a suite of questions with proven answers (docs/suite-format.md)."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from kgtest.cli.main import AppContext, pass_app
from kgtest.core.progress import phases, stderr
from kgtest.core.version import kgtest_version
from kgtest.generator.case import write_suite
from kgtest.generator.facts import DEFAULT_KINDS, RULE_KINDS
from kgtest.generator.kbview import read_view
from kgtest.generator.suite import DOMAINS, SuiteRequest, SuiteResult, generate_suite
from kgtest.generator.suite_info import write_suite_info
from kgtest.generator.suite_nodes import GRAPH_FORMAT, suite_id, write_suite_graph
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.store import open_store
from kgtest.prolog.export import kb_program, load_kb


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
    "--count", default=100, show_default=True, type=click.IntRange(min=0), help="Fact cases to write."
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
@click.option("--no-graph", is_flag=True, help="Do not write the suite and its proofs to the graph store.")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def command(
    app: AppContext,
    rules: tuple[str, ...],
    domains: tuple[str, ...],
    count: int,
    seed: int,
    out: Path | None,
    balance: bool,
    mtl_depth: int,
    temporal_count: int | None,
    no_graph: bool,
    quiet: bool,
) -> None:
    """Generate questions whose answers the knowledge base proves.

    Fact questions ask about statements that Prolog derives (inverse, symmetric,
    transitive, composite) or refutes under a stated assumption (negation); each case
    carries its evidence and proof. With --mtl-depth, temporal questions over the KB's
    dated facts are added to the same suite.

    \b
    kgtest gen --count 200 --seed 1
    kgtest gen --rules negation,transitive --domain places --out places.jsonl
    kgtest gen --count 50 --mtl-depth 2 --temporal-count 50
    """
    settings = app.settings
    request = SuiteRequest(
        kinds=_names(rules) or DEFAULT_KINDS,
        domains=_names(domains),
        count=count,
        seed=seed,
        balance=balance,
        mtl_depth=mtl_depth,
        temporal_count=count if temporal_count is None else temporal_count,
    )
    request.validate()
    path = out or settings.paths.default_suite
    with open_store(settings) as store:
        with phases(quiet) as progress:
            view = read_view(KnowledgeBase(store), settings.paths.kb_view_cache, progress)
        program = kb_program(view.entities.values(), view.facts, view.catalog)
        reasoner = load_kb(program, settings.paths.prolog_cache)
        result = generate_suite(view, reasoner, request)
        path.parent.mkdir(parents=True, exist_ok=True)
        written = write_suite(path, result.cases)
        builds = [{"id": b["id"], "source": b["source"]} for b in KnowledgeBase(store).builds()]
        write_suite_info(path, {
            "seed": seed, "cases": written, "rules": list(request.kinds), "domains": list(request.domains),
            "count": count, "mtl_depth": mtl_depth, "temporal_count": request.temporal_count,
            "balance": balance, "kb_key": view.key, "kb_builds": builds, "kgtest_version": kgtest_version(),
        })  # fmt: skip
        if not no_graph:
            info = {"path": str(path.resolve()), "seed": seed}
            shape = f"{view.key}/{GRAPH_FORMAT}".encode()
            digest = hashlib.sha256(path.read_bytes() + shape).hexdigest()[:20]
            graph = write_suite_graph(store, suite_id(path), result.cases, info, digest)
            stderr.print(
                f"graph store: suite {suite_id(path)!r} with {graph.cases_total} test cases "
                f"({graph.cases_new} new) and {graph.derived_total} derived statements "
                f"({graph.derived_new} new)"
            )
    _summary(result, mtl_depth)
    click.echo(f"Wrote {written} cases to {path}")


def _summary(result: SuiteResult, depth: int) -> None:
    out = Console(highlight=False, soft_wrap=True)
    tally = Counter((c.rule, c.domain, c.expected.value) for c in result.cases)
    table = Table("rule", "domain", "Yes", "No", "total", title="cases per rule and domain")
    for rule, domain in sorted({(r, d) for r, d, _ in tally}):
        yes, no = tally[(rule, domain, "Yes")], tally[(rule, domain, "No")]
        table.add_row(rule, domain, str(yes), str(no), str(yes + no))
    yes = sum(n for (_, _, a), n in tally.items() if a == "Yes")
    table.add_row("all", "", str(yes), str(len(result.cases) - yes), str(len(result.cases)), end_section=True)
    out.print(table)
    if result.temporal is not None:
        t = result.temporal
        out.print(
            f"temporal: {t.generated} cases at depth {depth} from {result.temporal_events} events, "
            f"years {result.universe}; {t.filtered} formulas filtered ({t.filtered_disjoint} events too far "
            f"apart, {t.filtered_trivial_true} always true, {t.filtered_trivial_false} always false, "
            f"{t.filtered_too_wide} windows too wide), {t.duplicates} duplicates"
        )
    for note in result.notes:
        out.print(f"[yellow]note:[/] {note}")
