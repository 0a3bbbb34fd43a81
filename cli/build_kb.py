"""``kgtest build-kb``: fill the graph store with facts."""

from __future__ import annotations

import hashlib
from contextlib import AbstractContextManager, ExitStack, nullcontext
from importlib import resources
from pathlib import Path

import click
from rich.table import Table

from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import literal
from kgtest.core.errors import ReasoningError, SourceError, UnknownNameError
from kgtest.core.progress import Held, Progress, phases, stderr
from kgtest.core.settings import Settings
from kgtest.generator.kbview import KbView, snapshot_view, write_view
from kgtest.generator.sanity import breaches, check_kb
from kgtest.kg.build import SPARQL, SourceSpec, read_ahead
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.kb_stamp import builds_key
from kgtest.kg.loader import LoadReport, load_snapshot, record_sanity, sanity_record
from kgtest.kg.marks import FactMark, write_marks
from kgtest.kg.model import Domain, Snapshot
from kgtest.kg.sanity_scope import sanity_scope
from kgtest.kg.schema import ensure_schema
from kgtest.kg.sources.sparql import Selection
from kgtest.kg.store import GraphStore, open_store
from kgtest.prolog.engine import locked
from kgtest.prolog.export import RULE_FILES, kb_program, load_kb

_DOMAINS = [d.value for d in Domain if d is not Domain.UNKNOWN]


@click.command("build-kb")
@click.argument("sources", nargs=-1, required=True)
@click.option(
    "--domain",
    "domains",
    multiple=True,
    help=f"SPARQL: domains to fetch ({', '.join(_DOMAINS)}). Repeatable; default all.",
)
@click.option("--limit", default=100, show_default=True, help="SPARQL: entities per domain.")
@click.option(
    "--property",
    "properties",
    multiple=True,
    help="SPARQL: property ids to fetch (repeatable); default the curated catalog's.",
)
@click.option(
    "--endpoint",
    help="SPARQL endpoint URL. [default: the workspace's, else Wikidata] [env: KGTEST_SPARQL_ENDPOINT]",
)
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    help="Rows per write chunk, the unit a killed build resumes from. "
    "[default: 100,000 into the embedded database, 10,000 over Bolt]",
)
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def command(
    app: AppContext,
    sources: tuple[str, ...],
    domains: tuple[str, ...],
    limit: int,
    properties: tuple[str, ...],
    endpoint: str | None,
    batch_size: int | None,
    quiet: bool,
) -> None:
    """Load facts into the knowledge base from SOURCES.

    Each source is `example` (the bundled KB, no internet needed), a Wikidata-shaped RDF
    dump (.nt/.ttl, optionally .gz), or `sparql` (Wikidata's query service or --endpoint).
    Running it again with the same input changes nothing; after an interruption it resumes.
    Afterwards the KB sanity rules mark the facts that cannot be true (`kgtest kb check`).

    \b
    kgtest build-kb example
    kgtest build-kb latest-truthy.nt.gz
    kgtest build-kb sparql --domain people --domain places --limit 200
    """
    settings = app.settings
    if endpoint:
        from dataclasses import replace

        settings = replace(settings, sparql=replace(settings.sparql, endpoint=endpoint))
    catalog = builtin_catalog()
    selection = None
    if SPARQL in sources:
        for d in domains:
            if d not in _DOMAINS:
                raise UnknownNameError("domain", d, _DOMAINS)
        chosen = tuple(Domain(d) for d in domains) if domains else tuple(Domain(d) for d in _DOMAINS)
        selection = Selection(chosen, limit, tuple(properties) or tuple(sorted(catalog)))
    specs = [SourceSpec(name) for name in sources]
    held = Held()  # the JVM owns stderr while it starts; the first bars wait for it
    snapshots = read_ahead(specs, settings, catalog, selection, _labelled(held, specs, "reading"))
    with ExitStack() as stack:
        # The database takes seconds to start (a JVM): say so while the user waits.
        waiting: AbstractContextManager[object] = (
            nullcontext() if quiet else stderr.status("starting the graph database")
        )
        with waiting:
            store = stack.enter_context(open_store(settings))
        progress = stack.enter_context(phases(quiet))
        held.attach(progress)
        stderr.print(literal(f"graph store: {store.engine} at {store.uri}"))
        ensure_schema(store)  # while the first source is read: it wakes the database's query engine
        loaded: list[str] = []
        last: tuple[Snapshot, LoadReport] | None = None
        try:
            for spec, snapshot in snapshots:
                tick = _labelled(progress, specs, _short(spec))
                last = None  # the previous snapshot may go while this one loads
                report = load_snapshot(store, snapshot, catalog, batch_size, tick)
                stderr.print(_summary(spec, snapshot, report))
                loaded.append(f"{spec.name} (build {report.build_id})")
                last = snapshot, report
        except SourceError as exc:
            if not loaded:
                raise
            raise SourceError(f"{exc} Loaded before it, and kept: {', '.join(loaded)}.") from exc
        stderr.print(mark_unsound(store, settings, catalog, last, progress))
    click.echo(
        "Done. `kgtest kb stats` shows what the knowledge base holds; "
        "`kgtest db serve` opens it to Neo4j Browser."
    )


def mark_unsound(
    store: GraphStore,
    settings: Settings,
    catalog: RelationCatalog,
    last: tuple[Snapshot, LoadReport] | None,
    progress: Progress,
) -> str:
    """Mark the facts the sanity rules find impossible; say how many."""
    builds = KnowledgeBase(store).builds()
    if any(b.get("status") != "complete" for b in builds):
        return "sanity rules: not run while another build is incomplete; resume it first"
    if last is None or [b["id"] for b in builds] != [last[1].build_id]:
        unsound = check_kb(store, settings.paths, progress).facts  # reads the whole KB back
    else:
        # The KB is this one snapshot, still in memory: no need to read it back, and nothing
        # to do when these very rules marked it and nothing was written since.
        snapshot, report = last
        rules = rules_digest()
        record = sanity_record(store, report.build_id)
        if record is not None and record[0] == rules and report.facts_new == 0:
            unsound = record[1]
        else:
            cache = settings.paths.prolog_cache / "build-kb"
            unsound = _check_snapshot(store, snapshot, report, catalog, cache, progress)
            record_sanity(store, report.build_id, rules, unsound)
        # the view gen reads, from memory, instead of gen reading the KB back
        write_view(settings.paths.kb_view_cache, snapshot_view(snapshot, catalog, builds_key(builds)))
    return (
        f"sanity rules: {unsound} facts cannot be true (marked, never asked about; "
        "`kgtest kb check` lists them)"
    )


def rules_digest() -> str:
    """Which sanity rules marked a KB: a digest of the rule files (they change with kgtest)."""
    h = hashlib.blake2b(digest_size=8)
    for name in RULE_FILES:
        h.update((resources.files("kgtest.prolog") / name).read_bytes())
    return h.hexdigest()


def _check_snapshot(
    store: GraphStore,
    snapshot: Snapshot,
    report: LoadReport,
    catalog: RelationCatalog,
    cache: Path,
    progress: Progress,
) -> int:
    """``check_kb`` for a KB that is exactly ``snapshot``: the same rules and marks, on its scope.

    Four steps on the bar (rules, scope, breaches, marks): starting Prolog and compiling the
    rules takes seconds of its own, which the user would otherwise wait through unshown."""
    progress("sanity rules", 0, 4)
    with locked() as prolog:
        for name in RULE_FILES:  # in load_kb's order: negation.pl alone first leaves path/5 untabled
            prolog.load_rules(name)
        row = prolog.once("findall(P, negation:lifetime_rule(P, _), Ps)")
    if row is None or not isinstance(row["Ps"], list):
        raise ReasoningError("negation.pl names no lifetime_rule/2 properties")
    lifetime = frozenset(str(p) for p in row["Ps"])
    progress("sanity rules", 1, 4)
    entities, facts = sanity_scope(snapshot, lifetime)
    progress("sanity rules", 2, 4)
    used = catalog.with_labels(snapshot.property_labels)  # what the loader stored as Relations
    view = KbView(entities, tuple(facts), used)
    found = breaches(view, load_kb(kb_program(entities.values(), facts, used), cache))
    progress("sanity rules", 3, 4)
    rules: dict[str, list[str]] = {}
    for b in found:
        rules.setdefault(b.fact.id, []).append(b.rule)
    byid = view.facts_by_id
    marks = [FactMark(i, byid[i].subject, byid[i].object, tuple(rs)) for i, rs in rules.items()]
    if report.facts_new == len(snapshot.facts):  # every fact is new: none carries a mark yet
        if marks:
            write_marks(store, marks, old={})
    else:
        write_marks(store, marks)
    progress("sanity rules", 4, 4)
    return len(rules)


def _labelled(progress: Progress, specs: list[SourceSpec], label: str) -> Progress:
    """With several sources, one is read while another loads: name each bar after its source."""
    if len(specs) < 2:
        return progress

    def tick(phase: str, done: int, total: int) -> None:
        progress(f"{label}: {phase}", done, total)

    return tick


def _short(spec: SourceSpec) -> str:
    return Path(spec.name).name if spec.kind == "dump" else spec.name


def _summary(spec: SourceSpec, snapshot: Snapshot, report: LoadReport) -> Table:
    resumed = " (resumed)" if report.resumed else ""
    table = Table(title=literal(f"{spec.name}: build {report.build_id}{resumed}"))
    for col in ("", "read", "new", "already there"):
        table.add_column(col)
    table.add_row(
        "entities",
        str(len(snapshot.entities)),
        str(report.entities_new),
        str(len(snapshot.entities) - report.entities_new),
    )
    table.add_row("facts", str(len(snapshot.facts)), str(report.facts_new), str(report.facts_present))
    table.add_row("relations", str(report.relations), "", "")
    return table
