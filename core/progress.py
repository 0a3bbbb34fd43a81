"""Progress bars for long work, on stderr so piped output stays clean."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich import progress as bars
from rich.console import Console

stderr = Console(stderr=True, highlight=False)

Progress = Callable[[str, int, int], None]
"""What long work reports after each step: (phase, done, total); total 0 when unknown."""


def no_progress(phase: str, done: int, total: int) -> None:
    """The reporter for callers that show nothing."""


class Phases:
    """One bar per named phase, updated with (done, total)."""

    def __init__(self, progress: bars.Progress) -> None:
        self._progress = progress
        self._tasks: dict[str, bars.TaskID] = {}

    def __call__(self, phase: str, done: int, total: int) -> None:
        if phase not in self._tasks:
            self._tasks[phase] = self._progress.add_task(phase, total=total or None)
        self._progress.update(self._tasks[phase], completed=done, total=total or None)


@contextmanager
def phases(quiet: bool = False) -> Iterator[Phases]:
    progress = bars.Progress(
        bars.TextColumn("{task.description:>12}"),
        bars.BarColumn(),
        bars.MofNCompleteColumn(),
        bars.TimeElapsedColumn(),
        console=stderr,
        disable=quiet,
        transient=False,
    )
    with progress:
        yield Phases(progress)
