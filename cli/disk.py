"""A workspace the disk will not let kgtest write, as one clear message instead of a traceback.

A read-only file system, a full disk (or quota), a folder this user may not write, a file where
an output's folder should be (``--out notes.txt/report``), a folder no file system there can
make (``--out /proc/x``): whichever command meets it (``gen``
writing a suite, ``run`` its cache, ``dialogue`` its replies, ``converse`` its battery), it
surfaces as an ``OSError`` or as SQLite's ``OperationalError``.
``disk_error`` turns either into a ``ConfigError`` (exit 2) that names the path and what to do;
``KgtestGroup.invoke`` (cli/main.py) applies it to every command.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

from kgtest.core.errors import ConfigError

_READ_ONLY = "give --workspace (or KGTEST_WORKSPACE) a folder on a writable disk"
_FULL = "free space on that disk, or give --workspace a folder on another"
_DENIED = "make the folder writable for this user, or give --workspace another folder"
_OUT = "this command only reads the workspace: give --out a folder this user can write"
_NOT_FOLDER = "a file stands where a folder is needed: give another path (--out, --junit), or move that file"
_NOT_FILE = "a folder stands where a file is needed: give another path, or move that folder"

_ERRNO = {
    errno.EROFS: _READ_ONLY,
    errno.ENOSPC: _FULL,
    errno.EDQUOT: _FULL,
    errno.EFBIG: _FULL,
    errno.EACCES: _DENIED,
    errno.EPERM: _DENIED,
    errno.ENOTDIR: _NOT_FOLDER,
    errno.EEXIST: _NOT_FOLDER,  # a folder made where a file is (mkdir of an output's parents)
    errno.EISDIR: _NOT_FILE,
}
_SQLITE = (
    ("readonly", _READ_ONLY),
    ("read-only", _READ_ONLY),
    ("disk is full", _FULL),
    ("disk i/o error", _FULL),
    ("unable to open database file", _DENIED),
)
"""SQLite's messages for the same causes (it gives no errno)."""


def disk_error(exc: BaseException, workspace: Path, reads_only: bool = False) -> ConfigError | None:
    """The clear error for ``exc`` when the disk refused a write; None for anything else.

    ``reads_only``: the command writes nothing in the workspace but its ``--out`` (``report``),
    so a workspace it may not write is read where it is, the output put elsewhere; it said to
    move the whole workspace."""
    cause = _first(exc)
    if isinstance(cause, OSError) and cause.errno in _ERRNO:
        path = cause.filename or workspace
        why = cause.strerror or str(cause)
        hint = _ERRNO[cause.errno]
        if reads_only and hint in (_READ_ONLY, _DENIED):
            hint = _OUT
        return ConfigError(f"cannot write {path}: {why}; {hint} (the workspace is {workspace})")
    if isinstance(cause, FileNotFoundError) and _raised_by_mkdir(cause):
        # a folder no file system here can hold (/proc/x; under a folder deleted meanwhile)
        return ConfigError(
            f"cannot make the folder {cause.filename}: {cause.strerror}; give another path (--out, --junit) "
            f"on a disk this user can write"
        )
    if isinstance(cause, sqlite3.OperationalError):
        message = str(cause)
        for needle, hint in _SQLITE:
            if needle in message.lower():
                return ConfigError(
                    f"the workspace's database in {workspace} cannot be written ({message}); {hint}"
                )
    return None


def _raised_by_mkdir(exc: BaseException) -> bool:
    """Whether ``exc`` came from making a folder (pathlib's or os's ``mkdir``/``makedirs``), not
    from reading a file kgtest expected, which stays a bug to show."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code.co_name in ("mkdir", "makedirs")


def _first(exc: BaseException) -> BaseException:
    """A task group's first failure, the error itself otherwise."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc
