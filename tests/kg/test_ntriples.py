"""The fast N-Triples reader (kg/sources/ntriples.py) against pyoxigraph read triple by triple.

Both must give the same snapshot, or both the same error on the same line, whatever the
lines: Wikidata's shapes, their near misses (escapes, ports, percent signs, odd language
tags, carriage returns, blank nodes) and arbitrary text.
"""

from __future__ import annotations

import gc
import gzip
import tempfile
from pathlib import Path

import pyoxigraph
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.errors import ConfigError, RdfSyntaxError
from kgtest.core.gc_pause import gc_paused
from kgtest.core.settings import load_settings
from kgtest.kg.build import SourceSpec, read_source
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Snapshot
from kgtest.kg.sources import ntriples
from kgtest.kg.sources.rdf import _read, read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder, is_item

from .wikidata_fixture import small_kb

WD = "http://www.wikidata.org/entity/"
_SUBJECTS = st.sampled_from(
    [
        f"<{WD}Q5686>",
        f"<{WD}Q84>",
        f"<{WD}P26>",
        f"<{WD}Q٣>",  # a digit that is not ASCII
        f"<{WD}statement/Q5686-x>",
        f"<{WD}statement/Q5686-x$y>",
        "<http://www.wikidata.org:80/entity/Q1>",
        "<http://www.wikidata.org/entity/Q%41>",
        "<http://example.org/a>",
        "_:b0",
    ]
)
_PREDICATES = st.sampled_from(
    [
        "<http://www.wikidata.org/prop/direct/P19>",
        "<http://www.wikidata.org/prop/direct/P31>",
        "<http://www.wikidata.org/prop/direct/P569>",
        "<http://www.wikidata.org/prop/P26>",
        "<http://www.wikidata.org/prop/statement/P26>",
        "<http://www.wikidata.org/prop/qualifier/P580>",
        "<http://www.wikidata.org/prop/qualifier/P582>",
        "<http://www.w3.org/2000/01/rdf-schema#label>",
        "<http://www.w3.org/2004/02/skos/core#altLabel>",
        "<http://schema.org/description>",
    ]
)
_OBJECTS = st.sampled_from(
    [
        f"<{WD}Q84>",
        f"<{WD}Q5>",
        f"<{WD}statement/Q5686-x>",
        "<http://example.org/b#c#d>",
        '"Charles Dickens"@en',
        '"Charles Dickens"@EN',
        '"Charles \\"Boz\\" Dickens"@en',
        '"x"@de',
        '"x"@en-gb',
        '"x"@en-12',
        '"x"',
        '"-0099-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>',
        '"1812"^^<http://www.w3.org/2001/XMLSchema#gYear>',
        '"1812"^^<http://example.org/year>',
        '"\\u0031812"^^<http://www.w3.org/2001/XMLSchema#gYear>',  # 1812, escaped
        '"not a year"^^<http://www.w3.org/2001/XMLSchema#dateTime>',
        "_:b1",
    ]
)
_ENDS = st.sampled_from([" .", " . ", " .\r", ".", " . # note", ""])
_TRIPLE = st.builds(lambda s, p, o, e: f"{s} {p} {o}{e}", _SUBJECTS, _PREDICATES, _OBJECTS, _ENDS)
_LINE = st.one_of(
    _TRIPLE,
    _TRIPLE,
    st.sampled_from(small_kb().lines),
    st.sampled_from(["", "# a comment", "   ", "\r"]),
    st.text(max_size=40),
)


Read = tuple[Snapshot, int, dict[str, int]] | int | None
"""A snapshot with the triples read and those passed over by why, or the line of an error."""


def _both(content: bytes) -> tuple[Read, Read]:
    """What the fast reader and the reference give: a snapshot, or the line of their error."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.nt"
        path.write_bytes(content)
        out: list[Read] = []
        for read in (
            lambda b: read_dump(path, b),
            lambda b: _read(path, pyoxigraph.RdfFormat.N_TRIPLES, b),
        ):
            builder = SnapshotBuilder("fuzz")
            try:
                read(builder)
                tally = builder.tally
                out.append((builder.finish(builtin_catalog()), tally.read, dict(tally.skipped)))
            except RdfSyntaxError as exc:
                out.append(exc.line)
        return out[0], out[1]


def _same(fast: Read, reference: Read) -> None:
    if isinstance(fast, tuple) and isinstance(reference, tuple):
        assert fast[0].entities == reference[0].entities
        assert fast[0].facts == reference[0].facts
        assert fast[0].property_labels == reference[0].property_labels
        assert fast[1:] == reference[1:], "the same triples passed over, for the same reasons"
    else:
        assert fast == reference


@settings(max_examples=400, deadline=None)
@given(st.lists(_LINE, max_size=15), st.sampled_from(["\n", "\r\n"]))
def test_fast_reader_agrees_with_pyoxigraph(lines: list[str], eol: str) -> None:
    _same(*_both(eol.join(lines).encode("utf-8")))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_fast_reader_agrees_on_any_bytes(content: bytes) -> None:
    _same(*_both(content))


def test_wikidata_shapes_take_the_fast_path(tmp_path: Path) -> None:
    """The real dump's commonest lines never reach pyoxigraph: the point of the reader."""
    dump = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "wikidata" / "litwd1k.nt.gz"
    if not dump.is_file():
        pytest.skip("the shared LitWD1K dump is not here")
    with gzip.open(dump, "rb") as stream:
        found = list(ntriples.blocks(stream))
    shaped = sum(len(b.direct_items) + len(b.direct_literals) + len(b.qualifiers) for b in found)
    total = sum(len(b) for b in found)
    assert shaped / total > 0.9, (shaped, total)


def test_reading_pauses_the_collector_and_gives_it_back(tmp_path: Path) -> None:
    """Two sources read at once (as read_ahead may): collection resumes when the last one ends."""
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ConfigError, match="no such file"):  # a usage error (exit 2), issue 41
        missing = SourceSpec(str(tmp_path / "missing.nt"))
        read_source(missing, load_settings(tmp_path), builtin_catalog(), None)
    assert gc.isenabled()


def test_blocks_end_on_whole_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A block boundary in the middle of a line (or of a character) changes nothing."""
    text = "\n".join(small_kb().lines) + "\nnot a triple at the end but no newline <é>"
    path = tmp_path / "kb.nt"
    path.write_text(text.replace("not a triple at the end but no newline <é>", "# é"), encoding="utf-8")
    whole = SnapshotBuilder("x")
    read_dump(path, whole)
    monkeypatch.setattr(ntriples, "_BLOCK", 7)
    cut = SnapshotBuilder("x")
    read_dump(path, cut)
    assert cut.finish(builtin_catalog()) == whole.finish(builtin_catalog())


def test_an_id_with_digits_that_are_not_ascii_is_no_item() -> None:
    """Q٣ (an Arabic-Indic three) is no Wikidata id: both readers pass its triples over."""
    lines = [
        f"<{WD}Q\u0663> <http://www.wikidata.org/prop/direct/P31> <{WD}Q5> .",
        f"<{WD}Q1> <http://www.wikidata.org/prop/direct/P26> <{WD}Q\u0663> .",
        f"<{WD}Q1> <http://www.wikidata.org/prop/direct/P31> <{WD}Q5> .",
        f'<{WD}Q1> <http://www.w3.org/2000/01/rdf-schema#label> "one"@en .',
    ]
    fast, reference = _both(("\n".join(lines) + "\n").encode("utf-8"))
    _same(fast, reference)
    assert isinstance(fast, tuple)
    assert set(fast[0].entities) == {"Q1"} and not fast[0].facts
    assert is_item("Q12") and not any(map(is_item, ("Q12x", "Q12\n", "Q\u0663", "P12")))
