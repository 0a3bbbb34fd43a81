"""The one door into SWI-Prolog: every call in kgtest goes through this module.

pyswip has traps (see docs/prolog.md): it is not re-entrant, it does not quote atoms,
it opens the debugger on stdin after an error (and the process then exits), it returns
compound terms as lossy strings, and ``consult`` only prints syntax errors. This module
closes each one: one lock, one quoting helper, ``debug_on_error`` off, results as plain
Python values, and loads that are checked by clause counts and recorded errors.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from kgtest.core.errors import ReasoningError

PrologValue = int | float | str | list[Any]

_BOOT = r"""
:- set_prolog_flag(debug_on_error, false).
:- set_prolog_flag(report_error, false).
:- dynamic(kgtest_load_error/1).
:- multifile(user:message_hook/3).
user:message_hook(Term, error, _) :- assertz(kgtest_load_error(Term)).
"""


_ATOM_ESCAPES = {
    ord("'"): "\\'",
    ord("\\"): "\\\\",
    ord("\n"): "\\n",
    ord("\t"): "\\t",
    **{c: f"\\x{c:x}\\" for c in (*range(32), 127) if c not in (ord("\n"), ord("\t"))},
}


def quote_atom(text: str) -> str:
    """Return ``text`` as a quoted Prolog atom, safe whatever it contains.

    Every atom that reaches Prolog from data (labels, ids, relation names) must pass here.
    (``str.translate`` over a table: writing a 226,000-atom KB program took 5 s a character at a time.)
    """
    return f"'{text.translate(_ATOM_ESCAPES)}'"


def term(functor: str, *args: object) -> str:
    """Build the text of a ground term; strings become quoted atoms, lists Prolog lists."""
    return f"{quote_atom(functor)}({', '.join(_arg(a) for a in args)})" if args else quote_atom(functor)


def _arg(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return quote_atom(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_arg(v) for v in value) + "]"
    if isinstance(value, Raw):
        return value.text
    raise TypeError(f"cannot pass {type(value).__name__} to Prolog: {value!r}")


@dataclass(frozen=True)
class Raw:
    """Prolog text passed through unquoted: variables (``Raw('X')``) or trusted sub-terms."""

    text: str


class PrologEngine:
    """A serialised, checked view of the process's single SWI-Prolog instance."""

    def __init__(self) -> None:
        from pyswip import Prolog  # heavy: loads libswipl

        self._prolog = Prolog()
        self._lock = threading.RLock()
        self._loaded: set[str] = set()
        with tempfile.TemporaryDirectory(prefix="kgtest-prolog-") as folder:  # consulted, then gone
            boot = Path(folder) / "kgtest_boot.pl"
            boot.write_text(":- encoding(utf8).\n" + _BOOT, encoding="utf-8")
            with self._lock:
                self._prolog.consult(str(boot), catcherrors=True)

    # -- queries -------------------------------------------------------------------------
    def query(self, goal: str, limit: int = -1) -> list[dict[str, PrologValue]]:
        """All solutions of ``goal`` (or the first ``limit``), as plain Python values."""
        from pyswip.prolog import PrologError

        with self._lock:
            try:
                rows = list(self._prolog.query(goal, maxresult=limit, catcherrors=True))
            except PrologError as exc:
                raise ReasoningError(f"Prolog goal failed with an error: {goal[:200]}: {exc}") from exc
        return [{k: _plain(v) for k, v in row.items()} for row in rows]

    def once(self, goal: str) -> dict[str, PrologValue] | None:
        rows = self.query(goal, limit=1)
        return rows[0] if rows else None

    def holds(self, goal: str) -> bool:
        return self.once(goal) is not None

    def clause_count(self, name: str, arity: int) -> int:
        row = self.once(
            f"(current_predicate({quote_atom(name)}/{arity}) -> "
            f"functor(H, {quote_atom(name)}, {arity}), predicate_property(H, number_of_clauses(N)) ; N = 0)"
        )
        assert row is not None
        return int(row["N"])  # type: ignore[arg-type]

    # -- loading -------------------------------------------------------------------------
    def load(
        self,
        path: Path,
        expect: Mapping[tuple[str, int], int] | None = None,
        when: Literal["true", "not_loaded"] = "true",
    ) -> None:
        """Load a .pl or .qlf file; raise if Prolog reported any error or a count is off."""
        self._load_checked(f"load_files({quote_atom(str(path))}, [if({when}), silent(true)])", path, expect)

    def load_cached(
        self, source: Path, cache_dir: Path, expect: Mapping[tuple[str, int], int] | None = None
    ) -> Path:
        """Load ``source`` through a compiled .qlf kept in ``cache_dir``.

        The cache key covers the file's content and the SWI-Prolog version, because a .qlf
        only loads in the version that wrote it. Returns the .qlf path used.
        """
        digest = hashlib.sha256(source.read_bytes()).hexdigest()[:20]
        qlf = cache_dir / f"{source.stem}-{digest}-swi{self.version()}.qlf"
        if qlf.exists():
            self.load(qlf, expect)
        else:
            self.compile(source, qlf, expect)
        return qlf

    def compile(self, source: Path, qlf: Path, expect: Mapping[tuple[str, int], int] | None = None) -> None:
        """Compile ``source`` into ``qlf``, which appears whole or not at all (private staging name).

        ``qcompile`` loads the program as it writes the .qlf, so it is loaded here too, checked
        as ``load`` checks it: loading the .qlf again took 2 s more for a 243,000-clause KB.
        """
        qlf.parent.mkdir(parents=True, exist_ok=True)
        staged = qlf.with_name(f".{qlf.stem}.{os.getpid()}.pl")
        try:
            shutil.copyfile(source, staged)
            self._load_checked(f"qcompile({quote_atom(str(staged))})", source, expect)
            staged.with_suffix(".qlf").replace(qlf)
        finally:
            staged.unlink(missing_ok=True)
            staged.with_suffix(".qlf").unlink(missing_ok=True)

    def _load_checked(self, goal: str, path: Path, expect: Mapping[tuple[str, int], int] | None) -> None:
        with self._lock:
            self.query("retractall(kgtest_load_error(_))")
            self.query(goal)
            errors = self.query("kgtest_load_error(E), term_string(E, S)")
            if errors:
                shown = "; ".join(str(e["S"]) for e in errors[:3])
                raise ReasoningError(
                    f"{path}: SWI-Prolog reported {len(errors)} error(s) while loading: {shown}"
                )
            self._loaded.add(str(path))
            for (name, arity), want in (expect or {}).items():
                got = self.clause_count(name, arity)
                if got != want:
                    raise ReasoningError(
                        f"{path}: expected {want} clauses of {name}/{arity} after loading, found {got}; "
                        "the file is damaged or a quote swallowed a clause"
                    )

    def load_rules(self, name: str) -> None:
        """Load one of the rule files shipped in the kgtest.prolog package (once per process)."""
        with resources.as_file(resources.files("kgtest.prolog") / name) as path:
            if str(path) not in self._loaded:
                self.load(path, when="not_loaded")

    def version(self) -> int:
        row = self.once("current_prolog_flag(version, V)")
        assert row is not None
        return int(row["V"])  # type: ignore[arg-type]


def _plain(value: Any) -> PrologValue:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, int | float | str):
        return value
    return str(value)


_ENGINE: PrologEngine | None = None
_ENGINE_LOCK = threading.Lock()


def engine() -> PrologEngine:
    """The process-wide engine (SWI-Prolog can only be embedded once per process)."""
    global _ENGINE
    with _ENGINE_LOCK:
        if _ENGINE is None:
            _ENGINE = PrologEngine()
        return _ENGINE


@contextmanager
def locked() -> Iterator[PrologEngine]:
    """Hold the engine for a sequence of calls that must not interleave with other threads."""
    eng = engine()
    with eng._lock:
        yield eng
