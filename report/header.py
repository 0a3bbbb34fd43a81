"""The facts of a run a report states at its top: what was asked, of whom, with which settings, when.

Read from the run's run.json (runner/run.py), which also carries the suite's own record of how
it was made (generator/suite_info.py: seed, KB build), so a report says where its numbers come
from even after the suite was regenerated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class RunHeader:
    run_id: str
    name: str
    system: str
    """The canonical spec: what answered."""
    settings: str
    """Sampling and the other recorded settings, as ``key=value`` words."""
    system_prompt: str
    suite: str
    suite_sha256: str
    seed: str
    """The suite's generator seed, empty when the suite does not record one."""
    kb: str
    """The KB builds the suite was generated from (source and build id), empty when unknown."""
    kgtest_version: str
    started: str
    finished: str
    cases: int
    failed: int
    truncated: int


def run_header(manifest: dict[str, Any]) -> RunHeader:
    info = manifest.get("suite_info") or {}
    settings = {**(manifest.get("sampling") or {}), **(manifest.get("options") or {})}
    builds = info.get("kb_builds") or []
    return RunHeader(
        run_id=str(manifest.get("run_id", "")),
        name=str(manifest.get("name") or manifest.get("system", "")),
        system=str(manifest.get("system", "")),
        settings=" ".join(f"{k}={v}" for k, v in settings.items()),
        system_prompt=str(manifest.get("system_prompt") or ""),
        suite=str(manifest.get("suite", "")),
        suite_sha256=str(manifest.get("suite_sha256", ""))[:16],
        seed="" if info.get("seed") is None else str(info["seed"]),
        kb=", ".join(f"{b.get('source')} ({str(b.get('id'))[:12]})" for b in builds if isinstance(b, dict)),
        kgtest_version=str(manifest.get("kgtest_version", "")),
        started=str(manifest.get("started", "")),
        finished=str(manifest.get("finished", "")),
        cases=int(manifest.get("cases", 0)),
        failed=int(manifest.get("failed") or 0),
        truncated=int(manifest.get("truncated") or 0),
    )
