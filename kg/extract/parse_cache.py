"""The triples each text was read as, kept in the workspace: a re-judge parses nothing.

Loading spaCy is most of what `judge` of a dozen replies costs (about 1.5 s of 3), and judging
a run again (another threshold, a fixed catalog, `--junit` added) reads the same texts. So the
triples are stored by a digest of the text, the names offered with it and the extractor's
identity: its name, model, the versions of spaCy and the model, and the code of the rules
(this folder). Any change to one of them is another key; the extractor loads only for a text
no key answers. Other extractors (a CoreNLP server the user runs) are not cached: their
answers are not kgtest's to vouch for.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import astuple, fields
from functools import cache
from importlib import metadata
from pathlib import Path

from kgtest.core.sqlite_wal import open_shared
from kgtest.kg.extract.triples import Triple, TripleExtractor, make_extractor

_FORMAT = 3
_FIELDS = tuple(f.name for f in fields(Triple))


def extractor_for(name: str, cache_file: Path | None) -> TripleExtractor:
    """The extractor ``name``, answered from ``cache_file`` where it can be (None: no cache)."""
    identity = _identity(name) if cache_file is not None else None
    if cache_file is None or identity is None:
        return make_extractor(name)
    return CachedExtractor(lambda: make_extractor(name), cache_file, identity)


class CachedExtractor:
    """Reads only the texts the cache has not seen, with the extractor made on the first of them."""

    def __init__(self, make: Callable[[], TripleExtractor], path: Path, identity: str) -> None:
        self.name = identity.split(" ", 1)[0]
        self._make = make
        self._inner: TripleExtractor | None = None
        self._path = path
        self._identity = identity

    def extract(
        self, texts: Sequence[str], names: Sequence[Sequence[str]] | None = None
    ) -> list[list[Triple]]:
        offered = [list(names[i]) if names else [] for i in range(len(texts))]
        keys = [self._key(text, offered[i]) for i, text in enumerate(texts)]
        with _open(self._path) as db:
            found = _get(db, keys)
            missing = [i for i, key in enumerate(keys) if key not in found]
            if missing:
                if self._inner is None:
                    self._inner = self._make()
                read = self._inner.extract([texts[i] for i in missing], [offered[i] for i in missing])
                rows = [(keys[i], _dump(triples)) for i, triples in zip(missing, read, strict=True)]
                with db:
                    db.executemany("INSERT OR REPLACE INTO parses VALUES (?, ?)", rows)
                found.update(rows)
        return [_load(found[key]) for key in keys]

    def _key(self, text: str, names: list[str]) -> str:
        what = json.dumps([_FORMAT, self._identity, text, names], ensure_ascii=False)
        return hashlib.sha256(what.encode("utf-8")).hexdigest()


class _open:
    """The cache database, made on first use; WAL so that a judge's workers read while one writes."""

    def __init__(self, path: Path) -> None:
        self._db = open_shared(path)

    def __enter__(self) -> sqlite3.Connection:
        self._db.execute("CREATE TABLE IF NOT EXISTS parses (key TEXT PRIMARY KEY, triples TEXT NOT NULL)")
        return self._db

    def __exit__(self, *exc: object) -> None:
        self._db.close()


def _get(db: sqlite3.Connection, keys: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    unique = sorted(set(keys))
    for start in range(0, len(unique), 500):
        part = unique[start : start + 500]
        marks = ",".join("?" * len(part))
        found.update(db.execute(f"SELECT key, triples FROM parses WHERE key IN ({marks})", part).fetchall())
    return found


def _dump(triples: list[Triple]) -> str:
    return json.dumps([astuple(t) for t in triples], ensure_ascii=False)


def _load(text: str) -> list[Triple]:
    """Rows of every field of a Triple, by name: a field added to Triple is read back without another
    list of them here (``acted_on`` was dropped by one, and every cached reply judged `unjudged`)."""
    out = []
    for row in json.loads(text):
        named = dict(zip(_FIELDS, row, strict=True))
        out.append(Triple(**{**named, "antecedents": tuple(named["antecedents"])}))
    return out


def _identity(name: str) -> str | None:
    """What the triples of a text depend on besides the text; None for an extractor not cached."""
    if name != "spacy":
        return None
    from kgtest.kg.extract.spacy_triples import MODEL

    try:
        versions = f"spacy=={metadata.version('spacy')} {MODEL}=={metadata.version(MODEL)}"
    except metadata.PackageNotFoundError:
        return None  # the extractor says what is missing when it loads
    return f"spacy {versions} rules={_rules_digest()}"


@cache
def _rules_digest() -> str:
    """The extractor's code: a changed rule reads texts anew."""
    h = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]
