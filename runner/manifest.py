"""A run's manifest (run.json) and its status, so a failed or killed run is never taken for a finished one.

The process asking a run's questions holds an exclusive lock on ``run.lock`` for as long as it
lives; the kernel frees it when the process ends, however it ends (kill -9 included). So a
manifest that still says ``running`` while nobody holds the lock belongs to a run that was
killed: readers report it as ``interrupted``. A run that fails with an error says ``failed``
and why; Ctrl-C or SIGTERM leaves ``interrupted``. Only ``complete`` runs have a whole
replies.jsonl, and only they are judged or shown as the latest run.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kgtest.core.errors import RunnerError
from kgtest.core.files import write_atomic
from kgtest.core.workspace import RunFiles, Workspace

RUNNING, COMPLETE, FAILED, INTERRUPTED = "running", "complete", "failed", "interrupted"


@dataclass(frozen=True, slots=True)
class RunInfo:
    """One run as `kgtest runs` lists it."""

    files: RunFiles
    status: str
    """``running``, ``complete``, ``failed`` or ``interrupted``, as of now (see the module docstring)."""
    name: str
    system: str
    suite: str
    cases: int
    failed: int | None
    started: str
    finished: str
    """When its replies were last written whole; empty if never."""
    error: str
    judged: bool
    kinds: dict[str, int]
    """Cases per kind (fact, temporal, dialogue, conversation)."""
    shard: str = ""
    """``K/N`` for a run of one shard of its suite (``run --shard``), empty for the whole suite."""

    @property
    def run_id(self) -> str:
        return self.files.run_id


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def read_manifest(files: RunFiles) -> dict[str, Any]:
    """A run's run.json; a RunnerError names the file when it is not one."""
    try:
        data = json.loads(files.manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RunnerError(
            f"{files.folder} is not a kgtest run (no run.json); `kgtest run` makes one"
        ) from None
    except (OSError, ValueError) as exc:
        raise RunnerError(f"{files.manifest}: not a kgtest run manifest ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("run_id"), str):
        raise RunnerError(f"{files.manifest}: not a kgtest run manifest (no run_id)")
    return data


def write_manifest(files: RunFiles, manifest: dict[str, Any]) -> None:
    """Replace run.json whole, keeping when the run was first started."""
    files.folder.mkdir(parents=True, exist_ok=True)
    previous = json.loads(files.manifest.read_text(encoding="utf-8")) if files.manifest.exists() else {}
    stamp = now()
    manifest = {**manifest, "started": previous.get("started", stamp), "updated": stamp}
    write_atomic(files.manifest, json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


@contextmanager
def asking(files: RunFiles) -> Iterator[None]:
    """Hold the run's lock while its questions are asked; a second process asking the same run is refused."""
    files.folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(files.lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if not _lock(fd):
            owner = os.read(fd, 100).decode("utf-8", "replace").strip() or "another process"
            raise RunnerError(
                f"run {files.run_id} is being asked by {owner}; wait for it to finish (`kgtest runs` "
                "shows it) or stop it, then run again"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"process {os.getpid()} on {socket.gethostname()}".encode())
        yield
    finally:
        os.close(fd)  # releases the lock


def status_of(files: RunFiles, manifest: dict[str, Any]) -> str:
    """The manifest's status, except that a ``running`` run whose process is gone is ``interrupted``."""
    status = str(manifest.get("status", ""))
    if status == RUNNING and not _locked(files):
        return INTERRUPTED
    return status


def run_info(files: RunFiles) -> RunInfo:
    manifest = read_manifest(files)
    failed = manifest.get("failed")
    return RunInfo(
        files=files,
        status=status_of(files, manifest),
        name=str(manifest.get("name") or manifest.get("system", "")),
        system=str(manifest.get("system", "")),
        suite=str(manifest.get("suite", "")),
        cases=int(manifest.get("cases", 0)),
        failed=failed if isinstance(failed, int) else None,
        started=str(manifest.get("started", "")),
        finished=str(manifest.get("finished", "")),
        error=str(manifest.get("error", "")),
        judged=files.verdicts.exists(),
        kinds={str(k): int(v) for k, v in dict(manifest.get("kinds") or {}).items()},
        shard=str(manifest.get("shard") or ""),
    )


def list_runs(workspace: Workspace) -> list[RunInfo]:
    """Every run in the workspace, oldest first."""
    return sorted((run_info(f) for f in workspace.all_runs()), key=lambda r: (r.started, r.run_id))


def _lock(fd: int, tries: int = 20) -> bool:
    """Take the lock; a reader's probe holds it for microseconds, so try a few times before giving up."""
    for attempt in range(tries):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if attempt + 1 < tries:
                time.sleep(0.05)
    return False


def _locked(files: RunFiles) -> bool:
    """Whether a live process holds the run's lock (probed without waiting, released at once)."""
    try:
        fd = os.open(files.lock, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
