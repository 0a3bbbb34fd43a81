"""A fast reader for the N-Triples lines Wikidata's dumps are made of.

pyoxigraph's parser is Rust, but handing each triple to Python as three term objects and
reading their values back cost more than the parse itself (docs/performance.md, "Loading
speed"). This reader takes the file in blocks of whole lines and lets the regular expression
engine pick out, in one pass per shape, the lines of the three shapes that make up most of a
dump and whose order does not matter to the snapshot builder (it keeps sets, minima and
maxima of them): ``wdt:`` item values, ``wdt:`` literal values (dates) and ``pq:`` qualifiers
(literals). Each pattern matches only well-formed triples. Every other line goes through a
general pattern (absolute http(s) IRIs, literals without escapes) or, failing that, through
pyoxigraph alone, in file order. A syntax error is reported by reading the whole file again
through pyoxigraph, which names the line exactly as before (kg/sources/rdf.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO

import pyoxigraph

_PCHARS = r"A-Za-z0-9._~!$&'()*+,;=:@"
_IRI = rf"<(https?://[A-Za-z0-9.-]+(?:/[{_PCHARS}/-]*)?(?:\?[{_PCHARS}/?-]*)?(?:#[{_PCHARS}/?-]*)?)>"
"""What RFC 3987 accepts in every case: no port, no percent escapes, no brackets."""
_TAG = r"[a-z]{2,3}(?:-[a-z]{2}|-[a-z]{4})?"
"""Language tags BCP 47 accepts in every case, lower case as pyoxigraph gives them."""
_LINE = re.compile(rf"{_IRI} {_IRI} (?:{_IRI}|\"([^\"\\\r\n]*)\"(?:@({_TAG})|\^\^{_IRI})?) \.[ \t\r]*")
"""subject, predicate, then an IRI object, or a literal's text, language tag and datatype."""

_WD = r"<http://www\.wikidata\.org/entity/"
_WDT = r"<http://www\.wikidata\.org/prop/direct/(P\d+)>"
_PQ = r"<http://www\.wikidata\.org/prop/qualifier/(P\d+)>"
_LITERAL = r"\"([^\"\\\r\n]*)\"(?:\^\^<http://www\.w3\.org/2001/XMLSchema#[A-Za-z]+>)?"
_END = r" \.[ \t\r]*(?=\n)"
# Each shape starts with the newline before its line: a literal prefix, which the regular
# expression engine searches for far faster than it tries a line start at every character.
_DIRECT_ITEM = rf"\n{_WD}(Q\d+)> {_WDT} {_WD}(Q\d+)>{_END}"
_DIRECT_LITERAL = rf"\n{_WD}(Q\d+)> {_WDT} {_LITERAL}{_END}"
_QUALIFIER = rf"\n{_WD}statement/([A-Za-z0-9_-]+)> {_PQ} {_LITERAL}{_END}"
# ASCII: a bare \d also takes Arabic-Indic and other digits, which no Wikidata id has.
_SHAPES = [re.compile(p, re.ASCII) for p in (_DIRECT_ITEM, _DIRECT_LITERAL, _QUALIFIER)]
_ANY_SHAPE = re.compile(
    rf"\n{_WD}(?:Q\d+> {_WDT} (?:{_WD}Q\d+>|{_LITERAL})|statement/[A-Za-z0-9_-]+> {_PQ} {_LITERAL}){_END}",
    re.ASCII,
)
"""The three shapes at once (their groups unused), to take their lines out."""

_BLOCK = 1 << 22

Terms = tuple[str, str, str | None, str | None, str | None]
"""subject IRI, predicate IRI, object IRI (None for a literal), literal text, language tag."""


@dataclass(slots=True)
class Block:
    """The triples of some whole lines: the unordered shapes apart, the rest in file order."""

    direct_items: list[tuple[str, str, str]] = field(default_factory=list)
    """(item, property, item) of ``wdt:`` triples."""
    direct_literals: list[tuple[str, str, str]] = field(default_factory=list)
    """(item, property, literal text) of ``wdt:`` triples."""
    qualifiers: list[tuple[str, str, str]] = field(default_factory=list)
    """(statement, property, literal text) of ``pq:`` triples."""
    rest: list[Terms] = field(default_factory=list)
    """Every other triple, in file order; one with a blank node at either end comes as
    ``("", "", None, None, None)`` (counted; no Wikidata entity is a blank node)."""

    def __len__(self) -> int:
        return len(self.direct_items) + len(self.direct_literals) + len(self.qualifiers) + len(self.rest)


def blocks(stream: IO[bytes]) -> Iterator[Block]:
    """The N-Triples ``stream`` in blocks of about 4 MiB of whole lines.

    Raises SyntaxError on a malformed line (its number relative to that line alone) and
    UnicodeDecodeError on bytes that are not UTF-8.
    """
    rest = b""
    while chunk := stream.read(_BLOCK):
        chunk = rest + chunk
        cut = chunk.rfind(b"\n") + 1
        rest = chunk[cut:]
        if cut:
            yield _block(chunk[:cut].decode("utf-8"))
    if rest:
        yield _block(rest.decode("utf-8") + "\n")


def _block(lines: str) -> Block:
    text = "\n" + lines
    items, literals, qualifiers = (shape.findall(text) for shape in _SHAPES)
    block = Block(items, literals, qualifiers)
    match = _LINE.fullmatch
    for line in _ANY_SHAPE.sub("", text).split("\n"):
        m = match(line)
        if m is not None:
            s, p, o, literal, lang, _ = m.groups()
            block.rest.append((s, p, o, literal, lang))
        elif line.strip(" \t\r"):  # N-Triples' white space only: str.isspace() takes \x1f too
            block.rest.extend(_slow(line))
    return block


def _slow(line: str) -> Iterator[Terms]:
    for t in pyoxigraph.parse(line.encode("utf-8"), format=pyoxigraph.RdfFormat.N_TRIPLES):
        s, o = t.subject, t.object
        if isinstance(s, pyoxigraph.NamedNode) and isinstance(o, pyoxigraph.NamedNode):
            yield s.value, t.predicate.value, o.value, None, None
        elif isinstance(s, pyoxigraph.NamedNode) and isinstance(o, pyoxigraph.Literal):
            yield s.value, t.predicate.value, None, o.value, o.language
        else:
            yield "", "", None, None, None
