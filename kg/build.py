"""``build-kb`` as a function: read a source completely, then load it into the store.

Reading happens before any write, so bad input (a malformed line, an endpoint that keeps
failing) stops the build with nothing written. Loading is resumable (kg/loader.py). A dump
(or the bundled example) is read into a spill file (kg/sources/spill.py) and its build named
after its bytes; a SPARQL selection is held in memory and named after its content.

``read_ahead`` reads sources on a second thread: the first while the embedded database starts
(a JVM, seconds of its own), each next one while the previous one loads. Parsing is Python and
loading is mostly Java, which runs without the GIL, so the two cores both work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from kgtest.core.background import in_background
from kgtest.core.errors import SourceError
from kgtest.core.gc_pause import gc_paused
from kgtest.core.progress import Progress, no_progress
from kgtest.core.settings import Settings
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.loader import LoadReport, load_snapshot
from kgtest.kg.model import Snapshot
from kgtest.kg.sources.rdf import dump_format, file_digest, read_dump, read_hashed
from kgtest.kg.sources.resolved import InMemory, Resolved, file_build_id
from kgtest.kg.sources.sparql import Selection, SparqlClient, read_endpoint
from kgtest.kg.sources.spill import SpillBuilder, spill_folder
from kgtest.kg.sources.tally import Tally
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.kg.store import GraphStore

EXAMPLE = "example"
SPARQL = "sparql"


@dataclass(frozen=True, slots=True)
class SourceSpec:
    """A source named on the command line: the bundled example, a dump file, or SPARQL."""

    name: str

    @property
    def kind(self) -> str:
        return self.name if self.name in (EXAMPLE, SPARQL) else "dump"

    def check(self) -> None:
        """Fail now, before anything starts, on what can be seen without reading the source."""
        if self.kind == "dump":
            dump_format(Path(self.name))

    @property
    def label(self) -> str:
        """The build's ``source``, as facts and the build node record it."""
        return f"dump:{Path(self.name).name}" if self.kind == "dump" else self.name

    def file_build_id(self) -> str | None:
        """The id a build of this file gets, from its bytes alone; None for SPARQL."""
        if self.kind == SPARQL:
            return None
        with _file(self) as path:
            return file_build_id(self.label, file_digest(path))


@contextmanager
def _file(spec: SourceSpec) -> Iterator[Path]:
    if spec.kind == EXAMPLE:
        with resources.as_file(resources.files("kgtest.kg") / "data" / "example.nt") as path:
            yield path
    else:
        yield Path(spec.name)


def open_source(
    spec: SourceSpec,
    settings: Settings,
    catalog: RelationCatalog,
    selection: Selection | None,
    progress: Progress | None = None,
) -> Resolved:
    """``spec`` read and resolved; a file's facts wait on disk until the caller closes it."""
    if spec.kind == SPARQL:
        return InMemory(read_source(spec, settings, catalog, selection, progress))
    tick = progress or no_progress
    builder = SpillBuilder(spec.label, folder=spill_folder(settings.paths.cache))
    try:
        with gc_paused(), _file(spec) as path:
            digest = read_hashed(path, builder, _running_total(tick, "triples"))[1]
            resolved = builder.resolve(catalog, digest)
    except BaseException:
        builder.close()
        raise
    if not resolved.entities and not resolved.fact_count:
        resolved.close()
        raise _nothing(spec, resolved.tally)
    return resolved


def read_source(
    spec: SourceSpec,
    settings: Settings,
    catalog: RelationCatalog,
    selection: Selection | None,
    progress: Progress | None = None,
) -> Snapshot:
    with gc_paused():
        return _read_source(spec, settings, catalog, selection, progress or no_progress)


def _read_source(
    spec: SourceSpec,
    settings: Settings,
    catalog: RelationCatalog,
    selection: Selection | None,
    tick: Progress,
) -> Snapshot:
    if spec.kind == EXAMPLE:
        builder = SnapshotBuilder(EXAMPLE)
        with _file(spec) as path:
            read_dump(path, builder)
    elif spec.kind == SPARQL:
        if selection is None:
            raise SourceError("a SPARQL build needs a selection (--domain, --limit, --property)")
        builder = SnapshotBuilder(f"sparql:{settings.sparql.endpoint}")
        client = SparqlClient(settings.sparql, on_page=_running_total(tick, "sparql rows"))
        read_endpoint(client, selection, builder)
    else:
        builder = SnapshotBuilder(spec.label)
        read_dump(Path(spec.name), builder, _running_total(tick, "triples"))
    snapshot = builder.finish(catalog)
    if not snapshot.entities and not snapshot.facts:
        raise _nothing(spec, builder.tally)
    return snapshot


def _nothing(spec: SourceSpec, tally: Tally) -> SourceError:
    """A build of nothing would record "complete"."""
    why = f" ({tally.told()})" if tally.told() else ""
    return SourceError(
        f"{spec.name}: no Wikidata entity or fact in it (labels, wdt: or p:/ps: statements){why}; "
        "nothing of it was written"
    )


def _running_total(tick: Progress, phase: str) -> Callable[[int], None]:
    """Turn "n more" reports into a progress phase of unknown length."""
    done = 0

    def add(n: int) -> None:
        nonlocal done
        done += n
        tick(phase, done, 0)

    return add


def build(
    store: GraphStore,
    spec: SourceSpec,
    settings: Settings,
    catalog: RelationCatalog,
    selection: Selection | None = None,
    batch_size: int | None = None,
    progress: Progress | None = None,
) -> tuple[Snapshot, LoadReport]:
    snapshot = read_source(spec, settings, catalog, selection, progress)
    return snapshot, load_snapshot(store, snapshot, catalog, batch_size, progress)


def read_ahead(
    specs: Sequence[SourceSpec],
    settings: Settings,
    catalog: RelationCatalog,
    selection: Selection | None,
    progress: Progress | None = None,
) -> Iterator[tuple[SourceSpec, Resolved]]:
    """Start reading ``specs`` in the background now; iterate to get each source in turn.

    One source is read ahead of the one being loaded. A source that fails to read raises when
    its turn comes, after the ones before it loaded. The caller closes each source it gets;
    one it never gets is closed here.
    """
    for spec in specs:
        spec.check()

    def read(spec: SourceSpec) -> Future[Resolved]:
        return in_background(
            lambda: open_source(spec, settings, catalog, selection, progress), f"kgtest-read {spec.name}"
        )

    def in_turn(first: Future[Resolved]) -> Iterator[tuple[SourceSpec, Resolved]]:
        pending: Future[Resolved] | None = first
        try:
            for i, spec in enumerate(specs):
                assert pending is not None
                source = pending.result()
                pending = read(specs[i + 1]) if i + 1 < len(specs) else None
                yield spec, source
        finally:
            if pending is not None:
                pending.add_done_callback(_close)

    return in_turn(read(specs[0])) if specs else iter(())


def _close(future: Future[Resolved]) -> None:
    if not future.cancelled() and future.exception() is None:
        future.result().close()
