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
from dataclasses import dataclass, field, fields, replace
from datetime import UTC, datetime
from typing import Any

from kgtest.core.errors import RunnerError
from kgtest.core.files import write_atomic
from kgtest.core.records import from_plain, to_plain
from kgtest.core.settings import BatterySettings
from kgtest.core.workspace import RunFiles, Workspace
from kgtest.runner.sut import Sampling, SutOptions

RUNNING, COMPLETE, FAILED, INTERRUPTED = "running", "complete", "failed", "interrupted"
_BATTERY = BatterySettings()
"""``[battery]``'s defaults: the plan of a run.json written before they were recorded."""


@dataclass(frozen=True, slots=True)
class PlanRecord:
    """How a run's drivers asked (runner/plan.py's ``RunPlan``), as run.json keeps it: the
    single-turn baselines' questions by count, not whole."""

    system_prompt: str = ""
    kinds: tuple[str, ...] = ()
    history: str = "gold"
    probes: dict[str, int] = field(default_factory=dict)
    """Baseline questions asked, by variant (SYR, L33t, Typo)."""
    reverted: dict[str, int] = field(default_factory=dict)
    """Of those, the ones that fell back to the original question (semantic filter)."""
    context_tokens: int = _BATTERY.context_tokens
    partner_context_tokens: int = _BATTERY.partner_context_tokens
    partner: str = "script"
    prompts: dict[str, str] = field(default_factory=dict)
    """Each kind's prompt template (core/prompts.py); a kind not named was sent as the suite has it."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """A later attempt on a finished run that stopped: the run stays complete, the attempt is noted."""

    status: str
    error: str
    at: str


@dataclass(frozen=True, slots=True)
class RunManifest:
    """A run's run.json: what was asked of which system, how, and how far it got.

    Every reader of a run reads this record, never the file's keys (docs/runner.md lists them)."""

    run_id: str
    name: str
    """The system's name in kgtest.toml (its spec when it has none): how reports and lists call it."""
    system: str
    """The canonical spec of what answered."""
    suite: str
    suite_sha256: str
    suite_info: dict[str, Any] | None
    """The suite's own record of how it was made (generator/suite_info.py), None when it has none."""
    system_prompt: str
    sampling: Sampling
    options: SutOptions | None
    cases: int
    kinds: dict[str, int]
    """Cases per kind."""
    plan: PlanRecord
    kgtest_version: str
    status: str
    """As written; ``status_of`` says what it is now (a dead ``running`` run is ``interrupted``)."""
    shard: str = ""
    """``K/N`` for a run of one shard of its suite (``run --shard``), empty for the whole suite."""
    started: str = ""
    updated: str = ""
    finished: str | None = None
    """When its replies were last written whole; None if never."""
    asked: int | None = None
    failed: int | None = None
    """Replies that are failures; None until the run first completes."""
    truncated: int | None = None
    incomplete: int | None = None
    error: str | None = None
    """Why a failed or interrupted run stopped."""
    last_attempt: Attempt | None = None

    def to_dict(self) -> dict[str, Any]:
        """run.json's object: the optional keys appear only once they have a value."""
        data: dict[str, Any] = to_plain(self)
        for key in _OPTIONAL:
            if data[key] is None:
                del data[key]
        if not self.shard:
            del data["shard"]
        return data

    @staticmethod
    def from_dict(data: dict[str, Any], where: str) -> RunManifest:
        """run.json read back; keys this kgtest does not know are passed over (a newer run's)."""
        known = {k: v for k, v in data.items() if k in _FIELDS}
        return from_plain(RunManifest, known, where=where)


_FIELDS = frozenset(f.name for f in fields(RunManifest))
_OPTIONAL = ("finished", "asked", "failed", "truncated", "incomplete", "error", "last_attempt")


@dataclass(frozen=True, slots=True)
class RunInfo:
    """One run as `kgtest runs` lists it."""

    files: RunFiles
    status: str
    """``running``, ``complete``, ``failed`` or ``interrupted``, as of now (see the module docstring)."""
    manifest: RunManifest
    judged: bool

    @property
    def run_id(self) -> str:
        return self.files.run_id

    @property
    def name(self) -> str:
        return self.manifest.name

    @property
    def shard(self) -> str:
        return self.manifest.shard

    @property
    def error(self) -> str:
        return self.manifest.error or ""

    @property
    def started(self) -> str:
        return self.manifest.started

    @property
    def finished(self) -> str:
        return self.manifest.finished or ""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A run folder whose run.json cannot be read: listed with why, and left out of everything else."""

    files: RunFiles
    why: str

    @property
    def run_id(self) -> str:
        return self.files.run_id


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def read_manifest(files: RunFiles) -> RunManifest:
    """A run's run.json; a RunnerError names the file when it is not one."""
    try:
        data = json.loads(files.manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RunnerError(
            f"{files.folder} is not a kgtest run (no run.json); `kgtest run` makes one"
        ) from None
    except (OSError, ValueError) as exc:
        raise RunnerError(f"{files.manifest}: not a kgtest run manifest ({exc})") from exc
    except RecursionError:
        raise RunnerError(f"{files.manifest}: not a kgtest run manifest (JSON nested too deeply)") from None
    if not isinstance(data, dict) or not isinstance(data.get("run_id"), str):
        raise RunnerError(f"{files.manifest}: not a kgtest run manifest (no run_id)")
    try:
        return RunManifest.from_dict(data, where="run.json")
    except (ValueError, TypeError) as exc:  # RecordError is a ValueError
        raise RunnerError(f"{files.manifest}: not a kgtest run manifest ({exc})") from exc


def write_manifest(files: RunFiles, manifest: RunManifest) -> RunManifest:
    """Replace run.json whole, keeping when the run was first started; returns what was written."""
    files.folder.mkdir(parents=True, exist_ok=True)
    started = _started(files)
    stamp = now()
    written = replace(manifest, started=started or stamp, updated=stamp)
    text = json.dumps(written.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    write_atomic(files.manifest, text)
    return written


def _started(files: RunFiles) -> str:
    """When the run in ``files`` was first started, as its run.json says; empty for a new run."""
    try:
        data = json.loads(files.manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return ""
    started = data.get("started") if isinstance(data, dict) else None
    return started if isinstance(started, str) else ""


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


def status_of(files: RunFiles, manifest: RunManifest) -> str:
    """The manifest's status, except that a ``running`` run whose process is gone is ``interrupted``."""
    if manifest.status == RUNNING and not _locked(files):
        return INTERRUPTED
    return manifest.status


def run_info(files: RunFiles) -> RunInfo:
    manifest = read_manifest(files)
    return RunInfo(files, status_of(files, manifest), manifest, files.verdicts.exists())


def scan_runs(workspace: Workspace) -> tuple[list[RunInfo], list[Unreadable]]:
    """Every run in the workspace, oldest first, and apart the folders whose run.json cannot be read."""
    runs, unreadable = [], []
    for files in workspace.all_runs():
        try:
            runs.append(run_info(files))
        except RunnerError as exc:
            unreadable.append(Unreadable(files, str(exc)))
    runs.sort(key=lambda r: (r.started, r.run_id))
    return runs, unreadable


def list_runs(workspace: Workspace) -> list[RunInfo]:
    """Every readable run in the workspace, oldest first (``scan_runs`` also gives the others)."""
    return scan_runs(workspace)[0]


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
