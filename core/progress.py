"""Progress bars for long work, on stderr so piped output stays clean."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich import progress as bars
from rich.console import Console

stderr = Console(stderr=True, highlight=False)

Progress = Callable[[str, int, int], None]
"""What long work reports after each step: (phase, done, total); total 0 when unknown."""


def no_progress(phase: str, done: int, total: int) -> None:
    """The reporter for callers that show nothing."""


class Held:
    """A reporter that keeps the latest report per phase until a display is attached.

    Work can start before its progress can be shown: a source is read while the embedded
    database's JVM starts, and the JVM owns stderr for that moment.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: dict[str, tuple[int, int]] = {}
        self._target: Progress | None = None

    def __call__(self, phase: str, done: int, total: int) -> None:
        with self._lock:
            if self._target is None:
                self._latest[phase] = (done, total)
            else:
                self._target(phase, done, total)

    def attach(self, target: Progress) -> None:
        with self._lock:
            self._target = target
            for phase, (done, total) in self._latest.items():
                target(phase, done, total)
            self._latest.clear()


class Phases:
    """One bar per named phase, updated with (done, total)."""

    def __init__(self, progress: bars.Progress) -> None:
        self._progress = progress
        self._tasks: dict[str, bars.TaskID] = {}

    def __call__(self, phase: str, done: int, total: int) -> None:
        if phase not in self._tasks:
            self._tasks[phase] = self._progress.add_task(phase, total=total or None)
            console = self._progress.console
            if not self._progress.disable and not console.is_terminal:
                # Off a terminal the bars are drawn once, at the end: a gen whose Prolog ran for
                # minutes (a KB of one subject) printed nothing at all until then (probe-14b).
                console.print(f"{phase}: started", markup=False, highlight=False)
        elif done == 0:  # the phase starts again (a model's next batch): its time too
            self._progress.reset(self._tasks[phase], total=total or None)
        self._progress.update(self._tasks[phase], completed=done, total=total or None)


@contextmanager
def phases(quiet: bool = False) -> Iterator[Phases]:
    progress = bars.Progress(
        bars.TextColumn("{task.description:>12}", markup=False),  # phases may name files
        bars.BarColumn(),
        bars.MofNCompleteColumn(),
        bars.TimeElapsedColumn(),
        console=stderr,
        disable=quiet,
        transient=False,
    )
    with progress:
        yield Phases(progress)
