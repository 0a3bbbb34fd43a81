"""Wikidata-shaped RDF dumps (N-Triples or Turtle, optionally gzipped), read as a stream.

The whole file is parsed and checked before anything is written to the store, so a
malformed line stops the build with its line number and leaves the KB as it was. The file's
bytes are hashed as they are read: a build is named after them (kg/build.py).
"""

from __future__ import annotations

import gzip
import hashlib
import io
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, Protocol, cast

import pyoxigraph

from kgtest.core.errors import ConfigError, RdfSyntaxError, SourceError
from kgtest.kg.sources.ntriples import Block, blocks
from kgtest.kg.sources.tally import Why
from kgtest.kg.sources.wikidata import (
    DATE_PROPERTIES,
    PQ,
    PS,
    QUALIFIERS,
    RDFS_LABEL,
    SCHEMA_DESCRIPTION,
    SKOS_ALT_LABEL,
    WDS,
    WDT,
    P,
    SnapshotBuilder,
    item_id,
    property_id,
    year_of,
)

_FORMATS = {
    ".nt": pyoxigraph.RdfFormat.N_TRIPLES,
    ".ttl": pyoxigraph.RdfFormat.TURTLE,
    ".n3": pyoxigraph.RdfFormat.N3,
}

Progress = Callable[[int], None]


def rdf_format(path: Path) -> pyoxigraph.RdfFormat:
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes = suffixes[:-1]
    fmt = _FORMATS.get(suffixes[-1] if suffixes else "")
    if fmt is None:
        raise SourceError(
            f"{path}: cannot tell the RDF format from the name; use .nt, .ttl or .n3 (optionally .gz)"
        )
    return fmt


def dump_format(path: Path) -> pyoxigraph.RdfFormat:
    """The format of a dump that exists; what can be checked without reading it. A path that is
    not there, or no dump, is a usage error (exit 2), as an unknown flag is."""
    if path.is_dir():
        raise ConfigError(f"{path} is a folder; give a dump file (.nt, .ttl or .n3, optionally .gz)")
    if not path.is_file():
        raise ConfigError(f"{path}: no such file")
    try:
        return rdf_format(path)
    except SourceError as exc:
        raise ConfigError(str(exc)) from None


def read_dump(path: Path, builder: SnapshotBuilder, progress: Progress | None = None) -> int:
    """Feed every triple of ``path`` to ``builder``; return the number of triples read."""
    return read_hashed(path, builder, progress)[0]


def read_hashed(path: Path, builder: SnapshotBuilder, progress: Progress | None = None) -> tuple[int, str]:
    """``read_dump``, and a digest of the file's bytes as read (compressed, if it is).

    N-Triples goes through kg/sources/ntriples.py's fast reader; a file it finds malformed is
    read again through pyoxigraph alone, whose error names the line.
    """
    fmt = dump_format(path)
    if fmt != pyoxigraph.RdfFormat.N_TRIPLES:
        return _read_hashed(path, fmt, builder, progress)
    count = 0
    feed = _feeder(builder)
    digest = hashlib.blake2b(digest_size=16)
    try:
        with _open(path, digest) as stream:
            for block in blocks(stream):
                _apply(block, builder, feed)
                builder.end_block()
                count += len(block)
                if progress is not None:
                    progress(len(block))
    except (SyntaxError, UnicodeDecodeError):
        # pyoxigraph alone: its error names the line; where it reads the file after all (bytes
        # that are not UTF-8 inside a comment), what it reads is the source.
        builder.reset()
        return _read_hashed(path, fmt, builder)
    except (OSError, EOFError) as exc:
        raise RdfSyntaxError(str(path), None, _unreadable(exc)) from exc
    builder.tally.read = count
    return count, digest.hexdigest()


def _read_hashed(
    path: Path, fmt: pyoxigraph.RdfFormat, builder: SnapshotBuilder, progress: Progress | None = None
) -> tuple[int, str]:
    digest = hashlib.blake2b(digest_size=16)
    return _read(path, fmt, builder, progress, digest), digest.hexdigest()


def file_digest(path: Path) -> str:
    """What ``read_hashed`` gives for ``path``, without parsing it."""
    with path.open("rb") as f:
        return hashlib.file_digest(f, lambda: hashlib.blake2b(digest_size=16)).hexdigest()


def _apply(block: Block, b: SnapshotBuilder, feed: Feed) -> None:
    """What ``feed`` would do with each triple of ``block``; the shapes in bulk, the rest in order."""
    b.direct_items(block.direct_items)
    skip = b.tally.skip
    for entity, pid, text in block.direct_literals:
        year = year_of(text)
        if year is not None and pid in DATE_PROPERTIES:
            b.direct_date(entity, pid, year)
        else:
            skip(Why.VALUE, WDT + pid)
    for statement, pid, text in block.qualifiers:
        year = year_of(text)
        if year is not None and pid in QUALIFIERS:
            b.qualifier(statement, pid, year)
        else:
            skip(Why.VALUE, PQ + pid)
    for terms in block.rest:
        feed(*terms)


def _read(
    path: Path,
    fmt: pyoxigraph.RdfFormat,
    builder: SnapshotBuilder,
    progress: Progress | None = None,
    digest: _Digest | None = None,
) -> int:
    """Any RDF format through pyoxigraph's own terms: the reference the fast reader must match."""
    count = 0
    feed = _feeder(builder)
    try:
        with _open(path, digest) as stream:
            for t in pyoxigraph.parse(stream, format=fmt):
                s, o = t.subject, t.object
                if isinstance(s, pyoxigraph.NamedNode) and isinstance(o, pyoxigraph.NamedNode):
                    feed(s.value, t.predicate.value, o.value, None, None)
                elif isinstance(s, pyoxigraph.NamedNode) and isinstance(o, pyoxigraph.Literal):
                    feed(s.value, t.predicate.value, None, o.value, o.language)
                else:
                    feed("", "", None, None, None)  # a blank node, or an RDF-star triple
                count += 1
                if count % 50_000 == 0:
                    builder.end_block()
                    if progress is not None:
                        progress(50_000)
    except SyntaxError as exc:
        line, detail = exc.lineno, exc.msg or str(exc)
        if fmt == pyoxigraph.RdfFormat.N_TRIPLES and line and "line jumps are not allowed" in detail:
            # The parser notices at the next line; the unfinished triple is on this one.
            line, detail = (
                line - 1,
                "the triple does not end on this line (N-Triples needs one triple per line)",
            )
        if fmt == pyoxigraph.RdfFormat.N_TRIPLES and line and _turtle_line(path, line):
            detail += " (a Turtle @prefix or PREFIX line: N-Triples has none; name the file .ttl, or .ttl.gz)"
        raise RdfSyntaxError(str(path), line, detail) from exc
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise RdfSyntaxError(str(path), None, _unreadable(exc)) from exc
    if progress is not None:
        progress(count % 50_000)
    builder.tally.read = count
    return count


def _turtle_line(path: Path, number: int) -> bool:
    """Whether line ``number`` declares a Turtle prefix or base: Turtle saved as .nt, which the
    N-Triples parser calls a subject that is no IRI."""
    with _open(path) as stream:
        for n, raw in enumerate(stream, 1):
            if n == number:
                word = raw.decode("utf-8", "replace").lstrip().split(" ", 1)[0]
                return word.lower() in ("@prefix", "@base", "prefix", "base")
    return False


def _unreadable(exc: OSError | EOFError | UnicodeDecodeError) -> str:
    if isinstance(exc, EOFError):  # gzip's stream stops short: a download that did not finish
        return f"cannot read: {exc} (the file is cut short; download or copy it again)"
    if isinstance(exc, gzip.BadGzipFile):
        return f"cannot read: {exc} (named .gz but not gzip; name it without .gz, or compress it)"
    return f"cannot read: {exc}"


class _Digest(Protocol):
    def update(self, data: bytes | memoryview, /) -> None: ...


class _Hashing(io.RawIOBase):
    """The file's bytes, passed to ``digest`` as they are read."""

    def __init__(self, raw: IO[bytes], digest: _Digest) -> None:
        self._raw, self._digest = raw, digest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = self._raw.readinto(buffer)  # type: ignore[attr-defined]
        self._digest.update(memoryview(buffer)[:n])
        return int(n)

    def close(self) -> None:
        self._raw.close()
        super().close()


def _open(path: Path, digest: _Digest | None = None) -> IO[bytes]:
    """The file's text as bytes, gunzipped, past a UTF-8 byte order mark: Windows editors write
    one, and both parsers took it for the first subject ("must be an IRI" at column 1)."""
    raw: IO[bytes] = path.open("rb")
    if digest is not None:
        raw = cast(IO[bytes], io.BufferedReader(_Hashing(raw, digest), 1 << 20))
    stream = cast(io.BufferedIOBase, _Gunzip(raw) if path.suffix.lower() == ".gz" else raw)
    if stream.peek(len(_BOM))[: len(_BOM)] == _BOM:  # type: ignore[attr-defined]
        stream.read(len(_BOM))
    return cast(IO[bytes], stream)


_BOM = b"\xef\xbb\xbf"


class _Gunzip(gzip.GzipFile):
    """A GzipFile that closes the file object it reads, as ``gzip.open`` does a file it opens."""

    def __init__(self, raw: IO[bytes]) -> None:
        super().__init__(fileobj=raw, mode="rb")
        self._raw = raw

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._raw.close()


Feed = Callable[[str, str, str | None, str | None, str | None], None]


def _feeder(b: SnapshotBuilder) -> Feed:
    """One triple (subject IRI, predicate IRI, object IRI or literal text and language) to ``b``;
    one it passes over is counted in ``b.tally``, by why."""
    skip = b.tally.skip

    def feed(subject: str, pred: str, obj: str | None, text: str | None, lang: str | None) -> None:
        if obj is None:
            if text is None:
                skip(Why.SUBJECT, "a blank node")
            elif pred in _TEXTS:
                entity = _local(subject) if pred == RDFS_LABEL else item_id(subject)
                if entity is None:
                    skip(Why.SUBJECT, subject)
                elif lang not in (None, "", "en"):
                    skip(Why.LANGUAGE, f"@{lang}")
                else:
                    _TEXTS[pred](b, entity, text, lang)
            elif pred.startswith(WDT):
                pid, entity, year = property_id(pred, WDT), item_id(subject), year_of(text)
                if entity is None:
                    skip(Why.SUBJECT, subject)
                elif pid in DATE_PROPERTIES and year is not None:
                    b.direct_date(entity, pid, year)
                else:
                    skip(Why.VALUE, pred)
            elif pred.startswith(PQ) and subject.startswith(WDS):
                pid, year = property_id(pred, PQ), year_of(text)
                if pid in QUALIFIERS and year is not None:
                    b.qualifier(subject[len(WDS) :], pid, year)
                else:
                    skip(Why.VALUE, pred)
            else:
                skip(Why.VALUE if pred.startswith(P) else Why.PREDICATE, pred)
        elif pred.startswith(WDT):
            pid, entity, target = property_id(pred, WDT), item_id(subject), item_id(obj)
            if pid and entity and target:
                b.direct_item(entity, pid, target)
            else:
                skip(Why.SUBJECT if entity is None else Why.VALUE, subject if entity is None else pred)
        elif pred.startswith(PS):
            pid, target = property_id(pred, PS), item_id(obj)
            if pid and target and subject.startswith(WDS):
                b.statement_object(subject[len(WDS) :], pid, target)
            else:
                skip(Why.VALUE, pred)
        elif pred.startswith(P) and obj.startswith(WDS):
            pid, entity = property_id(pred, P), item_id(subject)
            if pid and entity:
                b.statement_subject(obj[len(WDS) :], entity, pid)
            else:
                skip(Why.SUBJECT if entity is None else Why.VALUE, subject if entity is None else pred)
        else:
            skip(Why.VALUE if pred.startswith(P) else Why.PREDICATE, pred)

    return feed


_TEXTS: dict[str, Callable[[SnapshotBuilder, str, str, str | None], None]] = {
    RDFS_LABEL: SnapshotBuilder.label,
    SCHEMA_DESCRIPTION: SnapshotBuilder.description,
    SKOS_ALT_LABEL: SnapshotBuilder.alias,
}
"""The English texts an entity has, each to its builder method."""


def _local(iri: str) -> str | None:
    """``Q42`` or ``P26`` for an entity or property IRI."""
    return item_id(iri) or property_id(iri, "http://www.wikidata.org/entity/")
