"""A battery: its conversations held and kept in the workspace, under an id derived from what was asked.

``battery/<id>/battery.json`` says what was run (systems, seed, rounds, tests, sampling) and
its status; ``conversations.jsonl`` holds the conversations, written once all are complete.
The id comes from the conversations' own ids, so the same command finds the same folder, and
after a kill the reply cache makes it ask only what is missing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kgtest.core.errors import RunnerError
from kgtest.core.files import write_atomic
from kgtest.core.progress import Progress
from kgtest.core.records import to_plain
from kgtest.core.workspace import BatteryFiles, Workspace
from kgtest.generator.battery.model import Script
from kgtest.runner.converse import ChatRecord, ConverseSettings, converse, write_conversations
from kgtest.runner.sut import Sampling, SystemUnderTest


@dataclass(frozen=True, slots=True)
class BatteryRun:
    files: BatteryFiles
    records: tuple[ChatRecord, ...]
    failed: int
    """Replies that are failures (a timeout, an error), kept with their reason."""


def run_battery(
    workspace: Workspace,
    scripts: Sequence[Script],
    sut: SystemUnderTest,
    sampling: Sampling,
    settings: ConverseSettings,
    *,
    partner: SystemUnderTest | None = None,
    about: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> BatteryRun:
    """Hold one conversation per script and keep them; ``about`` goes into the manifest as it is."""
    records = converse(
        scripts, sut, sampling, settings, workspace.reply_cache, partner=partner, progress=progress
    )
    digest = hashlib.blake2b("\n".join(r.id for r in records).encode("utf-8"), digest_size=6).hexdigest()
    files = workspace.battery(f"b{digest}")
    files.folder.mkdir(parents=True, exist_ok=True)
    write_conversations(files.conversations, records)
    failed = sum(u.failed for r in records for u in r.utterances)
    manifest = {
        "battery_id": files.battery_id,
        "sut": sut.spec,
        "partner": records[0].partner if records else "",
        "conversations": len(records),
        "sampling": to_plain(sampling),
        "settings": to_plain(settings),
        "failed_replies": failed,
        "status": "held",
        **(about or {}),
    }
    write_manifest(files, manifest)
    return BatteryRun(files, tuple(records), failed)


def write_manifest(files: BatteryFiles, manifest: dict[str, Any]) -> None:
    """Write ``battery.json``, keeping when the battery was first held."""
    previous = json.loads(files.manifest.read_text(encoding="utf-8")) if files.manifest.exists() else {}
    now = datetime.now(UTC).isoformat(timespec="seconds")
    merged = {**previous, **manifest, "started": previous.get("started", now), "updated": now}
    write_atomic(files.manifest, json.dumps(merged, indent=2, sort_keys=True) + "\n")


def read_manifest(files: BatteryFiles) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(files.manifest.read_text(encoding="utf-8"))
    return data


def find_battery(workspace: Workspace, ref: str = "latest") -> BatteryFiles:
    """The battery ``ref`` names: an id, a prefix of one, or ``latest`` (the last one held)."""
    batteries = workspace.all_batteries()
    if not batteries:
        raise RunnerError(f"no battery in {workspace.root} yet; hold one with `kgtest converse --sut SPEC`")
    if ref == "latest":
        return max(batteries, key=lambda b: str(read_manifest(b).get("updated", "")))
    found = [b for b in batteries if b.battery_id.startswith(ref)]
    if len(found) != 1:
        known = ", ".join(b.battery_id for b in batteries)
        what = "matches no battery" if not found else "matches several batteries"
        raise RunnerError(f"{ref!r} {what}; give more of one of: {known}")
    return found[0]
