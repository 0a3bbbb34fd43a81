"""``build_kb``: fill the graph store with facts (``kgtest build-kb``).

A source is read and checked completely before anything is written, loaded in chunks a killed
build resumes from, and marked by the KB sanity rules afterwards; running the same build again
changes nothing (with nothing written since, it reads and starts nothing at all).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, closing, contextmanager, nullcontext
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from kgtest.api.gathered import Gathered, whole_kb
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.config_checks import replaced
from kgtest.core.display import Line, TableData, Tell, silent, table
from kgtest.core.errors import ReasoningError, SourceError, UnknownNameError
from kgtest.core.files import write_atomic
from kgtest.core.gc_pause import gc_paused
from kgtest.core.progress import Held, Progress, no_progress
from kgtest.core.settings import Settings
from kgtest.core.workspace import Workspace
from kgtest.generator.kbview import KbView
from kgtest.generator.sanity import breaches, check_kb
from kgtest.kg.build import EXAMPLE, SPARQL, SourceSpec, read_ahead
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.embedded import database_path
from kgtest.kg.kb_stamp import builds_key, data_fingerprint, vouched_builds
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.linger import dismiss
from kgtest.kg.loader import LoadReport, load, record_sanity, sanity_record
from kgtest.kg.marks import FactMark, write_marks
from kgtest.kg.model import Domain
from kgtest.kg.schema import ensure_schema
from kgtest.kg.sources.resolved import Resolved
from kgtest.kg.sources.sparql import Selection
from kgtest.kg.store import GraphStore, open_store
from kgtest.prolog.engine import locked
from kgtest.prolog.export import RULE_FILES, kb_program, load_kb

DOMAINS = tuple(d.value for d in Domain if d is not Domain.UNKNOWN)
"""The domains a SPARQL build can fetch."""

HEAP = "-Xmx1g"
"""The JVM's heap during build-kb. The wheel's default lets it grow to 4 GB, and it did: a
2,031,190-fact build peaked at 4.0 GB of RSS with it, 1.7 GB with this cap, at 1.1x the CPU."""

C1_ONLY = "-XX:TieredStopAtLevel=1"
"""The JIT for a first build: C2's compiles cost a cold 203,119-fact build a quarter of its CPU
(30 s instead of 22 s) and pay back only past about 2,000,000 facts; the whole-KB sanity check
of a KB with other builds reads it back through Cypher, which C2 runs faster."""

C1_MAX_BYTES = 32 * 2**20
"""A dump file above this keeps C2: 28 MB of .gz is 2,031,190 LitWD1K facts, where the two JITs
break even (docs/performance.md, "The JIT of a first build")."""


@dataclass(frozen=True, slots=True)
class KbBuilt:
    """A build done: the sources loaded (``name (build id)``), or none when the KB was already them."""

    loaded: tuple[str, ...]
    unsound: int | None
    """Facts the sanity rules mark as impossible (kept, never asked about); None when they did not
    run (another build is incomplete)."""
    already: bool = False
    """Nothing was read or started: the KB is exactly these sources' builds, checked, untouched since."""


def build_kb(
    sources: Sequence[str],
    *,
    workspace: WorkspaceLike = None,
    domains: Sequence[str] = (),
    limit: int = 100,
    properties: Sequence[str] = (),
    endpoint: str | None = None,
    batch_size: int | None = None,
    starting: Callable[[], AbstractContextManager[object]] = nullcontext,
    bars: Callable[[], AbstractContextManager[Progress]] = lambda: nullcontext(no_progress),
    tell: Tell = silent,
) -> KbBuilt:
    """Load facts into the knowledge base from ``sources``.

    Each source is ``example`` (the bundled KB), a Wikidata-shaped RDF dump (.nt/.ttl, optionally
    .gz), or ``sparql`` (Wikidata's query service, or ``endpoint``; ``domains``, ``limit`` entities
    per domain and ``properties`` say what to fetch). ``starting`` is shown while the database
    starts (a JVM owns the terminal then), ``bars`` once it has.
    """
    settings = settings_of(workspace)
    if endpoint:
        settings = replace(settings, sparql=replaced(settings.sparql, {"endpoint": endpoint}, "--endpoint"))
    catalog = builtin_catalog()
    selection = None
    if SPARQL in sources:
        for d in domains:
            if d not in DOMAINS:
                raise UnknownNameError("domain", d, DOMAINS)
        chosen = tuple(Domain(d) for d in (domains or DOMAINS))
        selection = Selection(chosen, limit, tuple(properties) or tuple(sorted(catalog)))
    specs = [SourceSpec(name) for name in sources]
    for spec in specs:
        spec.check()
    if settings.store.embedded:
        dismiss(settings.paths.db)  # a lingering server stamps the KB as it stops; build-kb runs its own
        if (done := _already_built(settings.paths, specs)) is not None:
            builds, unsound = done
            for b in builds:
                tell(Line(f"{b['source']}: build {b['id']} is loaded already (nothing read)"))
            tell(Line(_sanity_line(unsound)))
            return KbBuilt(tuple(f"{b['source']} (build {b['id']})" for b in builds), unsound, already=True)
    flags = jvm_flags(settings, specs)
    held = Held()  # the JVM owns stderr while it starts; the first bars wait for it
    resolved = read_ahead(specs, settings, catalog, selection, _labelled(held, specs, "reading"))
    with ExitStack() as stack:
        with starting(), flags:  # the database takes seconds to start (a JVM)
            store = stack.enter_context(open_store(settings))
        progress = stack.enter_context(bars())
        held.attach(progress)
        tell(Line(f"graph store: {store.engine} at {store.uri}"))
        ensure_schema(store)  # while the first source is read: it wakes the database's query engine
        lifetime = lifetime_properties()  # so is Prolog: the sanity scope is gathered during the load
        loaded: list[str] = []
        last: tuple[Gathered, LoadReport] | None = None
        try:
            for spec, source in resolved:
                with closing(source):
                    tick = _labelled(progress, specs, _short(spec))
                    last = None  # what the previous source left may go while this one loads
                    alone = len(specs) == 1 and whole_kb(store, source)
                    gathered = Gathered(source, lifetime, catalog, whole=alone)
                    report = load(store, source, catalog, batch_size, tick, seen=gathered)
                tell(_summary(spec, source, report))
                told = source.tally.told()  # a foreign dump built a few facts, with nothing said
                if told and spec.kind != EXAMPLE:  # the bundled KB's 2 are known (docs/graph-model.md)
                    tell(Line(f"{_short(spec)}: {told}", note=True))
                loaded.append(f"{spec.name} (build {report.build_id})")
                last = gathered, report
        except SourceError as exc:
            if not loaded:
                raise
            raise SourceError(f"{exc} Loaded before it, and kept: {', '.join(loaded)}.") from exc
        line, checked = mark_unsound(store, settings, catalog, last, progress)
        tell(Line(line))
    if settings.store.embedded and checked is not None:  # the store is closed: its files are final
        _write_checked(settings.paths, {**checked, "files": data_fingerprint(settings.paths.db)})
    return KbBuilt(tuple(loaded), int(checked["unsound"]) if checked else None)


@contextmanager
def jvm_flags(settings: Settings, specs: list[SourceSpec]) -> Iterator[None]:
    """While the database starts: the heap cap, and C1 alone for a first build of one modest
    source, in the JVM this process starts (what the user's ARCADEDB_JVM_ARGS sets wins).

    Only that JVM: the variable is as it was afterwards, for the processes this one starts later."""
    given = os.environ.get("ARCADEDB_JVM_ARGS")
    args = given or ""
    flags = [] if "-Xmx" in args else [HEAP]
    if "Tiered" not in args and _first_build(settings, specs):
        flags.append(C1_ONLY)
    os.environ["ARCADEDB_JVM_ARGS"] = " ".join([args, *flags]).strip()
    try:
        yield
    finally:
        if given is None:
            os.environ.pop("ARCADEDB_JVM_ARGS", None)
        else:
            os.environ["ARCADEDB_JVM_ARGS"] = given


def _first_build(settings: Settings, specs: list[SourceSpec]) -> bool:
    """A workspace with no database yet and one source, not a big file: only writes follow (the
    sanity check of one build reads nothing back) and the JVM ends with the command."""
    if len(specs) != 1 or database_path(settings.paths.db).exists():
        return False
    return specs[0].kind != "dump" or Path(specs[0].name).stat().st_size <= C1_MAX_BYTES


def mark_unsound(
    store: GraphStore,
    settings: Settings,
    catalog: RelationCatalog,
    last: tuple[Gathered, LoadReport] | None,
    progress: Progress,
) -> tuple[str, dict[str, Any] | None]:
    """Mark the facts the sanity rules find impossible; say how many, and what to record of it."""
    builds = KnowledgeBase(store).builds()
    if any(b.get("status") != "complete" for b in builds):
        return "sanity rules: not run while another build is incomplete; resume it first", None
    rules = rules_digest()
    if last is None or [b["id"] for b in builds] != [last[1].build_id]:
        unsound = check_kb(store, settings.paths, progress).facts  # reads the whole KB back
    else:
        # The KB is this one source, whose scope was gathered as it loaded: no need to read it
        # back, and nothing to do when these very rules marked it and nothing was written since.
        gathered, report = last
        record = sanity_record(store, report.build_id)
        if record is not None and record[0] == rules and report.facts_new == 0:
            unsound = record[1]
        else:
            cache = settings.paths.prolog_cache / "build-kb"
            unsound = _check_scope(store, gathered, report, catalog, cache, progress)
            record_sanity(store, report.build_id, rules, unsound)
        with gc_paused():  # where the view is made here, collections would walk the snapshot for nothing
            # the view gen reads, from memory, instead of gen reading the KB back
            gathered.write_view(settings.paths.kb_view_cache, builds_key(builds))
    return _sanity_line(unsound), {"key": builds_key(builds), "rules": rules, "unsound": unsound}


def _sanity_line(unsound: int) -> str:
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


def _checked_path(paths: Workspace) -> Path:
    return paths.cache / "build-kb" / "checked.json"


def _write_checked(paths: Workspace, record: dict[str, Any]) -> None:
    """Which KB (the key of its builds) build-kb left checked by which rules, what they found, and
    the data files as it left them (kg/kb_stamp.py's ``data_fingerprint``): any later write voids it."""
    write_atomic(_checked_path(paths), json.dumps(record))


def _already_built(paths: Workspace, specs: list[SourceSpec]) -> tuple[list[dict[str, Any]], int] | None:
    """The builds and unsound count, when the workspace's stamp vouches that the KB is exactly
    complete builds of these files' bytes, checked by these rules, and nothing wrote to the
    database since build-kb left it: then nothing is read or started.

    Hashing a file costs a fraction of parsing it. The stamp (kg/kb_stamp.py) is renewed by every
    process that closes the database, so the data files must also be as build-kb left them: a
    command that only read keeps the re-run warm, one that wrote (``gen``'s suites) does not."""
    vouched = vouched_builds(paths)
    if vouched is None or not vouched[1]:
        return None
    key, builds = vouched
    try:
        checked = json.loads(_checked_path(paths).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(checked, dict) or checked.get("key") != key or checked.get("rules") != rules_digest():
        return None
    if checked.get("files") != data_fingerprint(paths.db):
        return None
    if any(b.get("status") != "complete" for b in builds):
        return None
    ids = {spec.file_build_id() for spec in specs}
    if None in ids or ids != {b.get("id") for b in builds}:
        return None
    return builds, int(checked.get("unsound", 0))


def lifetime_properties() -> frozenset[str]:
    """The sanity rules' lifetime properties (negation.pl's ``lifetime_rule/2``), the rules loaded."""
    with locked() as prolog:
        for name in RULE_FILES:
            prolog.load_rules(name)
        row = prolog.once("findall(P, negation:lifetime_rule(P, _), Ps)")
    if row is None or not isinstance(row["Ps"], list):
        raise ReasoningError("negation.pl names no lifetime_rule/2 properties")
    return frozenset(str(p) for p in row["Ps"])


def _check_scope(
    store: GraphStore,
    gathered: Gathered,
    report: LoadReport,
    catalog: RelationCatalog,
    cache: Path,
    progress: Progress,
) -> int:
    """``check_kb`` for a KB that is exactly the source just loaded: the same rules and marks, on its scope.

    Steps on the bar (scope, breaches, marks): compiling the scope's program takes a moment of its own."""
    progress("sanity rules", 0, 3)
    entities, facts = gathered.scope.result()
    progress("sanity rules", 1, 3)
    used = catalog.with_labels(gathered.property_labels)  # what the loader stored as Relations
    view = KbView(entities, tuple(facts), used)
    found = breaches(view, load_kb(kb_program(entities.values(), facts, used), cache))
    progress("sanity rules", 2, 3)
    rules: dict[str, list[str]] = {}
    for b in found:
        rules.setdefault(b.fact.id, []).append(b.rule)
    byid = view.facts_by_id
    marks = [FactMark(i, byid[i].subject, byid[i].object, tuple(rs)) for i, rs in rules.items()]
    if report.facts_new == gathered.fact_count:  # every fact is new: none carries a mark yet
        if marks:
            write_marks(store, marks, old={})
    else:
        write_marks(store, marks)
    progress("sanity rules", 3, 3)
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


def _summary(spec: SourceSpec, source: Resolved, report: LoadReport) -> TableData:
    resumed = " (resumed)" if report.resumed else ""
    entities = len(source.entities)
    rows = [
        ("entities", str(entities), str(report.entities_new), str(entities - report.entities_new)),
        ("facts", str(source.fact_count), str(report.facts_new), str(report.facts_present)),
        ("relations", str(report.relations), "", ""),
    ]
    return table(f"{spec.name}: build {report.build_id}{resumed}", ("", "read", "new", "already there"), rows)
