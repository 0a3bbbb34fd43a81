"""What a plug-in's ``print`` and ``input`` reach: never kgtest's own stdout or stdin.

A bot's ``print`` went into kgtest's stdout between its result lines; one that read stdin took
the input piped to kgtest (or waited out ``--timeout`` on a terminal); one that closed
``sys.stdout`` ended the command in a ``ValueError: I/O operation on closed file`` traceback.
While ``routed()`` holds (the CLI holds it around every command), the process's standard
streams send a thread marked by ``as_plugin()`` elsewhere: its stdout and stderr to stderr,
which a plug-in cannot close, and its stdin to an empty one (``input()`` raises EOFError, a
failed reply that says so). Every other thread sees the streams as they were.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

_marked = threading.local()


@contextmanager
def as_plugin() -> Iterator[None]:
    """The plug-in's code runs in this block, on this thread."""
    before = getattr(_marked, "plugin", False)
    _marked.plugin = True
    try:
        yield
    finally:
        _marked.plugin = before


class _Unclosable:
    """A stream the plug-in may write to and flush, and never close."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def close(self) -> None:
        """A plug-in's ``sys.stdout.close()`` closes nothing of kgtest's."""

    @property
    def closed(self) -> bool:
        return False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _Routed:
    """A standard stream: kgtest's own for its threads, ``plugin``'s for a plug-in's."""

    def __init__(self, own: TextIO, plugin: object) -> None:
        self._own = own
        self._plugin = plugin

    def _stream(self) -> Any:
        return self._plugin if getattr(_marked, "plugin", False) else self._own

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream(), name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._stream())


@contextmanager
def routed() -> Iterator[None]:
    """The standard streams routed by thread for the block; as they were after it."""
    own = sys.stdin, sys.stdout, sys.stderr
    err = _Unclosable(sys.stderr)
    sys.stdin = _Routed(sys.stdin, io.StringIO(""))
    sys.stdout = _Routed(sys.stdout, err)
    sys.stderr = _Routed(sys.stderr, err)
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = own
