"""The knowledge base as a Prolog program, loaded through the checked .qlf cache.

The rule files (reasoning.pl, negation.pl, proofcheck.pl) read these predicates from
module ``user``; docs/reasoning.md describes them:

    kb_entity(Id, Label, Domain).      kb_type(Id, Class).
    kb_start(Id, Year).                kb_end(Id, Year).          (birth/death for humans)
    kb_fact(Fid, S, P, O).             kb_fact_time(Fid, Start, End).  (``none``: open end)
    kb_symmetric(P).  kb_transitive(P).  kb_functional(P).  kb_inverse(P, Q).  kb_inverse_phrase(P).

Only curated catalog entries contribute flags, so an unknown property derives nothing.
Every atom goes through ``quote_atom``; the file is written sorted so the same KB gives the
same bytes and the .qlf cache (keyed by content) is hit on every later run.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from kgtest.core.files import write_atomic
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.engine import PrologEngine, engine, locked, quote_atom
from kgtest.prolog.reasoner import Reasoner

PREDICATES: tuple[tuple[str, int], ...] = (
    ("kb_entity", 3),
    ("kb_type", 2),
    ("kb_start", 2),
    ("kb_end", 2),
    ("kb_fact", 4),
    ("kb_fact_time", 3),
    ("kb_symmetric", 1),
    ("kb_transitive", 1),
    ("kb_functional", 1),
    ("kb_inverse", 2),
    ("kb_inverse_phrase", 1),
)
RULE_FILES = ("reasoning.pl", "negation.pl", "near_miss.pl", "proofcheck.pl", "sanity.pl")

_atom = functools.lru_cache(maxsize=200_000)(quote_atom)  # ids repeat across thousands of facts


@dataclass(frozen=True, slots=True)
class KbProgram:
    """The text of a KB's facts file and how many clauses each predicate must end up with."""

    text: str
    counts: dict[tuple[str, int], int]

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:20]


def kb_program(entities: Iterable[Entity], facts: Iterable[Fact], catalog: RelationCatalog) -> KbProgram:
    """Write entities, facts and the catalog's curated flags as Prolog clauses."""
    clauses: dict[str, list[str]] = {name: [] for name, _ in PREDICATES}
    for e in sorted(entities, key=lambda e: e.id):
        i = _atom(e.id)
        clauses["kb_entity"].append(f"kb_entity({i}, {_atom(e.label)}, {_atom(e.domain.value)}).")
        clauses["kb_type"].extend(f"kb_type({i}, {_atom(t)})." for t in e.types)
        if e.start_year is not None:
            clauses["kb_start"].append(f"kb_start({i}, {e.start_year}).")
        if e.end_year is not None:
            clauses["kb_end"].append(f"kb_end({i}, {e.end_year}).")
    for f in sorted(facts, key=lambda f: f.id):
        fid = _atom(f.id)
        clauses["kb_fact"].append(
            f"kb_fact({fid}, {_atom(f.subject)}, {_atom(f.property)}, {_atom(f.object)})."
        )
        if f.start_year is not None or f.end_year is not None:
            clauses["kb_fact_time"].append(
                f"kb_fact_time({fid}, {_year(f.start_year)}, {_year(f.end_year)})."
            )
    curated = [catalog[p] for p in sorted(catalog) if catalog[p].curated]
    curated_ids = {r.id for r in curated}
    inverse_pairs: set[tuple[str, str]] = set()
    for r in curated:
        p = _atom(r.id)
        for flag in ("symmetric", "transitive", "functional"):
            if getattr(r, flag):
                clauses[f"kb_{flag}"].append(f"kb_{flag}({p}).")
        if r.inverse in curated_ids:
            inverse_pairs |= {(r.id, r.inverse), (r.inverse, r.id)}
        elif r.inverse_phrase:
            clauses["kb_inverse_phrase"].append(f"kb_inverse_phrase({p}).")
    clauses["kb_inverse"] = [f"kb_inverse({_atom(p)}, {_atom(q)})." for p, q in sorted(inverse_pairs)]

    lines = [
        ":- encoding(utf8).",
        "% kgtest knowledge base (kgtest.prolog.export); regenerated, do not edit.",
    ]
    for name, arity in PREDICATES:
        if not clauses[name]:  # declared, so the rules see an empty predicate, not an unknown one
            lines.append(f":- dynamic({name}/{arity}).")
    for name, _ in PREDICATES:
        lines.extend(clauses[name])
    counts = {(name, arity): len(clauses[name]) for name, arity in PREDICATES}
    return KbProgram("\n".join(lines) + "\n", counts)


def _year(year: int | None) -> str:
    return "none" if year is None else str(year)


_current: str | None = None
_current_lock = threading.Lock()


def load_kb(program: KbProgram, cache_dir: Path) -> Reasoner:
    """Make ``program`` the KB that the rules see, replacing any earlier one.

    The facts go through ``engine().load_cached`` (a .qlf in ``cache_dir``, clause counts
    checked). The previous KB's predicates are abolished first, so no clause of it survives,
    and the tables are dropped, so no derivation of it survives either. Facts that break a
    sanity rule (sanity.pl) are then marked excluded, so no derivation rests on them.
    """
    cache_dir.mkdir(parents=True, exist_ok=True)
    source = cache_dir / "kb.pl"

    def load(eng: PrologEngine) -> None:
        _write_if_changed(source, program.text)
        eng.load_cached(source, cache_dir, program.counts)

    return _make_current(program.digest, load, cache_dir)


def load_kb_keyed(key: str, make: Callable[[], KbProgram], cache_dir: Path) -> Reasoner:
    """``load_kb`` for the KB that ``key`` names (its view's identity), without writing it again.

    The compiled program and its clause counts are kept under the key (and this module's code),
    so a later command loads them without building the program text; ``make`` runs on a miss.
    A new key's files replace the previous key's.
    """
    digest = f"{key}-{_code_digest()}"
    qlf = cache_dir / f"kbkey-{digest}-swi{engine().version()}.qlf"
    counts_file = qlf.with_suffix(".counts.json")

    def load(eng: PrologEngine) -> None:
        counts = _read_counts(counts_file) if qlf.exists() else None
        if counts is not None:
            eng.load(qlf, counts)
            return
        program = make()
        source = cache_dir / f".kbkey-{os.getpid()}.pl"
        try:
            write_atomic(source, program.text)
            eng.compile(source, qlf, program.counts)  # loaded as it compiles
        finally:
            source.unlink(missing_ok=True)
        write_atomic(counts_file, json.dumps([[n, a, c] for (n, a), c in program.counts.items()]))
        for old in cache_dir.glob("kbkey-*"):
            if old not in (qlf, counts_file):
                old.unlink(missing_ok=True)

    return _make_current(digest, load, cache_dir)


def _make_current(digest: str, load: Callable[[PrologEngine], None], cache_dir: Path) -> Reasoner:
    global _current
    cache_dir.mkdir(parents=True, exist_ok=True)
    with _current_lock, locked() as eng:
        for name in RULE_FILES:
            eng.load_rules(name)
        if _current != digest:
            wipe = ", ".join(f"{quote_atom(n)}/{a}" for n, a in PREDICATES)
            eng.query(f"forall(member(PI, [{wipe}]), abolish(user:PI))")
            _current = None
            load(eng)
            eng.query("reasoning:index_ends")
            eng.query("sanity:flag_violations")  # before anything is tabled over the facts
            eng.query("abolish_all_tables")
            _current = digest
    return Reasoner(digest, current=lambda: _current, cache=cache_dir)


def _read_counts(path: Path) -> dict[tuple[str, int], int] | None:
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        return {(str(n), int(a)): int(c) for n, a, c in rows}
    except (OSError, ValueError, TypeError):
        return None


@functools.cache
def _code_digest() -> str:
    """This module's code: a change to how the KB is written out invalidates every keyed program."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]


def _write_if_changed(path: Path, text: str) -> None:
    if path.exists() and path.read_bytes() == text.encode("utf-8"):
        return
    write_atomic(path, text)
