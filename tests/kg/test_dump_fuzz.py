"""The N-Triples reader against anything a file may hold: a snapshot or a SourceError, never a traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.errors import SourceError
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Snapshot
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder

from .wikidata_fixture import small_kb

WD = "http://www.wikidata.org/entity/"
_TERMS = st.sampled_from(
    [
        f"<{WD}Q5686>",
        f"<{WD}Q84>",
        f"<{WD}P26>",
        f"<{WD}statement/Q5686-x>",
        "<http://www.wikidata.org/prop/direct/P19>",
        "<http://www.wikidata.org/prop/direct/P569>",
        "<http://www.wikidata.org/prop/P26>",
        "<http://www.wikidata.org/prop/statement/P26>",
        "<http://www.wikidata.org/prop/qualifier/P580>",
        "<http://www.w3.org/2000/01/rdf-schema#label>",
        "<http://schema.org/description>",
        '"Charles Dickens"@en',
        '"x"@de',
        '"-0099-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>',
        '"99999999999-13-45T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>',
        '"1812"^^<http://www.w3.org/2001/XMLSchema#gYear>',
        "_:b0",
        "<not an iri>",
        '"unterminated',
        ".",
        "",
    ]
)
_LINE = st.one_of(
    st.lists(_TERMS, min_size=1, max_size=5).map(lambda terms: " ".join(terms)),
    st.text(max_size=60),
    st.sampled_from(small_kb().lines),
)


def read(content: bytes, name: str = "fuzz.nt") -> Snapshot | SourceError:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(content)
        builder = SnapshotBuilder("fuzz")
        try:
            read_dump(path, builder)
            return builder.finish(builtin_catalog())
        except SourceError as exc:
            assert str(exc).startswith(str(path)), exc
            return exc


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE, max_size=12))
def test_any_lines_give_a_snapshot_or_an_error_naming_the_file(lines: list[str]) -> None:
    read("\n".join(lines).encode("utf-8"))


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_a_snapshot_or_an_error_naming_the_file(content: bytes) -> None:
    read(content)
    read(content, "fuzz.nt.gz")


@pytest.mark.timeout(60)
def test_a_long_line_is_read_in_time() -> None:
    label = "x" * 5_000_000
    snapshot = read(f'<{WD}Q5686> <http://www.w3.org/2000/01/rdf-schema#label> "{label}"@en .\n'.encode())
    assert isinstance(snapshot, Snapshot), snapshot
