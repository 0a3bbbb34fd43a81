"""``import_questions``: your own questions with expected answers as a suite (``kgtest import``).

The suite is an ordinary one: ``run``, ``judge``, ``report``, ``inspect``, the pytest plugin and
``export`` take it as they take a generated one, and the same oracle judges its replies.
"""

from __future__ import annotations

import csv
import difflib
from collections import Counter
from pathlib import Path

from kgtest.api.generating import Suite
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.errors import ConfigError, GenerationError
from kgtest.core.sole_writer import sole_writer
from kgtest.core.version import kgtest_version
from kgtest.generator.case import write_suite
from kgtest.generator.own_questions import FIELDS, read_questions
from kgtest.generator.suite_info import forget_suite_info, read_suite_info, write_suite_info
from kgtest.runner.runs import keep_suite


def import_questions(path: str | Path, *, workspace: WorkspaceLike = None, out: Path | None = None) -> Suite:
    """The questions of ``path`` (JSON Lines, or CSV by its suffix) written as a suite at ``out``
    (default: the workspace's ``suites/<file name>.jsonl``). The whole file is checked first: a
    GenerationError names the file, the line and the field of the first problem, and nothing is
    written."""
    source = Path(path)
    _check_header(source)
    try:
        cases = read_questions(source)
    except (csv.Error, RecursionError) as exc:  # were tracebacks: a cell over 128 KiB, JSON nested deep
        why = str(exc) if isinstance(exc, csv.Error) else "JSON nested too deeply"
        raise GenerationError(f"{source}: cannot be read as questions ({why}); nothing was written") from None
    for case in cases:  # a lone surrogate (an escaped "\ud800") no suite file can hold
        try:
            case.to_json().encode("utf-8")
        except UnicodeEncodeError:
            raise GenerationError(
                f"{source}: question {case.id!r:.60} holds half of a character (a lone surrogate such as "
                "\\ud800); write the character itself. Nothing was written"
            ) from None
    target = out or settings_of(workspace).paths.suites / f"{source.stem}.jsonl"
    if target.resolve() == source.resolve():
        target = target.with_name(f"{source.stem}.suite.jsonl")
    paths = settings_of(workspace).paths
    with sole_writer(target, paths.cache / "locks", "kgtest import"):
        if out is None:
            _refuse_another(target, source)
        target.parent.mkdir(parents=True, exist_ok=True)
        keep_suite(paths, target)  # runs asked from the file it replaces keep it
        forget_suite_info(target)
        written = write_suite(target, cases)
        info = {"source": str(source.resolve()), "cases": written, "kgtest_version": kgtest_version()}
        write_suite_info(target, info)
    return Suite(target, written, dict(Counter(c.kind for c in cases)), ())


def _check_header(source: Path) -> None:
    """A CSV header as spreadsheets write it, named by column with what to do: a column named twice
    (the reader kept the last one's cells, silently, and asked that question), an unnamed one (a
    trailing comma), a name in capitals, cells split by ';' or tabs."""
    if source.suffix.lower() != ".csv":
        return
    try:
        with source.open(encoding="utf-8-sig", newline="") as f:
            header = next(csv.reader(f), [])
    except (OSError, UnicodeDecodeError, csv.Error):
        return  # read_questions names what is wrong with the file
    seen: dict[str, int] = {}
    for number, name in enumerate((h.strip() for h in header), 1):
        where = f"{source}:1: column {number}"
        if name in seen:
            raise GenerationError(
                f"{where}: {name!r} is named twice (columns {seen[name]} and {number}); keep one of them "
                "or rename the other. Nothing was written"
            )
        if not name:
            raise GenerationError(f"{where} has no name (a comma ending the header?); name it or remove it")
        if name not in FIELDS:
            split = next((s for s in (";", "\t") if s in name), None)
            close = difflib.get_close_matches(name.lower(), FIELDS, n=1, cutoff=0.6)
            hint = (
                f"columns are separated by commas, not {split!r} (save the sheet as CSV with commas)"
                if split
                else f"did you mean {close[0]!r}?"
                if close
                else f"known: {', '.join(FIELDS)}"
            )
            raise GenerationError(f"{where}: {name!r:.80} is no column kgtest reads; {hint}")
        seen[name] = number


def _refuse_another(target: Path, source: Path) -> None:
    """The default target is replaced only by the same file imported again: a questions file named
    ``suite.csv`` replaced the suite ``kgtest gen`` wrote, with nothing said."""
    if not target.exists():
        return
    made = (read_suite_info(target) or {}).get("source")
    if made == str(source.resolve()):
        return
    by = f"imported from {made}" if isinstance(made, str) else "made by kgtest gen, or by hand"
    raise ConfigError(
        f"{target} holds another suite ({by}); give --out FILE to write these questions elsewhere, "
        "or delete it first"
    )
