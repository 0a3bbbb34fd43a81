"""A bigger Wikidata-shaped dump from a real one: K copies with every item renamed.

    python bench/scale_dump.py IN.nt.gz OUT.nt.gz --copies K

Copy k renames item ``Qn`` to ``Q(n + k * 10^10)`` and statement ``S`` to ``S-k`` (copy 0 is the
input as it is), and adds `` (k)`` to its labels, so the copies share nothing but the classes
(objects of P31, kept so that entities still fall into their domains) and the properties. The
result has K times the input's facts and entities, in the input's shape: what bench/ uses to
check that build-kb's time and memory grow linearly.
"""

from __future__ import annotations

import argparse
import gzip
import re
from pathlib import Path

_ITEM = re.compile(rb"<http://www\.wikidata\.org/entity/Q(\d+)>")
_STATEMENT = re.compile(rb"<http://www\.wikidata\.org/entity/statement/([^>]+)>")
_LABEL = re.compile(rb'^(<[^>]+> <http://www\.w3\.org/2000/01/rdf-schema#label> "(?:[^"\\]|\\.)*)"')
_TYPE = b"<http://www.wikidata.org/prop/direct/P31> "
_TYPE_STATEMENT = b"<http://www.wikidata.org/prop/statement/P31> "
OFFSET = 10**10


def rename(line: bytes, k: int) -> bytes:
    """``line`` as copy ``k`` has it."""
    if k == 0:
        return line
    keep_object = _TYPE in line or _TYPE_STATEMENT in line
    item = lambda m: b"<http://www.wikidata.org/entity/Q%d>" % (int(m[1]) + k * OFFSET)  # noqa: E731
    statement = lambda m: b"<http://www.wikidata.org/entity/statement/%s-%d>" % (m[1], k)  # noqa: E731
    head, sep, tail = line.partition(b"> ")  # the subject, renamed always
    head = _STATEMENT.sub(statement, _ITEM.sub(item, head + b">"))
    if not keep_object:
        tail = _ITEM.sub(item, tail)
    tail = _STATEMENT.sub(statement, tail)
    out = head + b" " + tail if sep else line
    return _LABEL.sub(lambda m: m[1] + b' (%d)"' % k, out, count=1)


def scale(src: Path, dst: Path, copies: int) -> int:
    """Write ``copies`` renamed copies of ``src`` to ``dst``; return the number of lines written."""
    opener = gzip.open if src.suffix == ".gz" else open
    with opener(src, "rb") as f:
        lines = [line for line in f.read().splitlines() if line.strip() and not line.startswith(b"#")]
    with gzip.open(dst, "wb", compresslevel=1) if dst.suffix == ".gz" else dst.open("wb") as out:
        for k in range(copies):
            out.write(b"\n".join(rename(line, k) for line in lines) + b"\n")
    return len(lines) * copies


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("src", type=Path)
    parser.add_argument("dst", type=Path)
    parser.add_argument("--copies", type=int, required=True)
    args = parser.parse_args()
    print(f"{scale(args.src, args.dst, args.copies)} triples written to {args.dst}")


if __name__ == "__main__":
    main()
