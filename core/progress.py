"""Progress bars for long work, on stderr so piped output stays clean."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

stderr = Console(stderr=True, highlight=False)


class Phases:
    """One bar per named phase, updated with (done, total)."""

    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._tasks: dict[str, TaskID] = {}

    def __call__(self, phase: str, done: int, total: int) -> None:
        if phase not in self._tasks:
            self._tasks[phase] = self._progress.add_task(phase, total=total or None)
        self._progress.update(self._tasks[phase], completed=done, total=total or None)


@contextmanager
def phases(quiet: bool = False) -> Iterator[Phases]:
    progress = Progress(
        TextColumn("{task.description:>12}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=stderr,
        disable=quiet,
        transient=False,
    )
    with progress:
        yield Phases(progress)
