"""``import_questions``: your own questions with expected answers as a suite (``kgtest import``).

The suite is an ordinary one: ``run``, ``judge``, ``report``, ``inspect``, the pytest plugin and
``export`` take it as they take a generated one, and the same oracle judges its replies.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from kgtest.api.generating import Suite
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.version import kgtest_version
from kgtest.generator.case import write_suite
from kgtest.generator.own_questions import read_questions
from kgtest.generator.suite_info import forget_suite_info, write_suite_info
from kgtest.runner.runs import keep_suite


def import_questions(path: str | Path, *, workspace: WorkspaceLike = None, out: Path | None = None) -> Suite:
    """The questions of ``path`` (JSON Lines, or CSV by its suffix) written as a suite at ``out``
    (default: the workspace's ``suites/<file name>.jsonl``). The whole file is checked first: a
    GenerationError names the file, the line and the field of the first problem, and nothing is
    written."""
    source = Path(path)
    cases = read_questions(source)
    target = out or settings_of(workspace).paths.suites / f"{source.stem}.jsonl"
    if target.resolve() == source.resolve():
        target = target.with_name(f"{source.stem}.suite.jsonl")
    target.parent.mkdir(parents=True, exist_ok=True)
    keep_suite(settings_of(workspace).paths, target)  # runs asked from the file it replaces keep it
    forget_suite_info(target)
    written = write_suite(target, cases)
    info = {"source": str(source.resolve()), "cases": written, "kgtest_version": kgtest_version()}
    write_suite_info(target, info)
    return Suite(target, written, dict(Counter(c.kind for c in cases)), ())
