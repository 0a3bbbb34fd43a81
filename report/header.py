"""The facts of a run a report states at its top: what was asked, of whom, with which settings, when.

Read from the run's run.json (runner/run.py), which also carries the suite's own record of how
it was made (generator/suite_info.py: seed, KB build), so a report says where its numbers come
from even after the suite was regenerated.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from kgtest.runner.manifest import RunManifest
from kgtest.runner.registry import ALIASES


@dataclass(frozen=True, slots=True)
class RunHeader:
    run_id: str
    name: str
    system: str
    """The canonical spec: what answered."""
    spec_shown: bool
    """Whether the spec says more than the name (not when the name is the spec, or its alias)."""
    settings: str
    """Sampling and the other recorded settings, as ``key=value`` words."""
    system_prompt: str
    prompts: dict[str, str]
    """Each kind's prompt template (core/prompts.py); empty: every case sent as the suite has it."""
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


def run_header(manifest: RunManifest) -> RunHeader:
    info = manifest.suite_info or {}
    options = asdict(manifest.options) if manifest.options is not None else {}
    settings = {**dict(sorted(asdict(manifest.sampling).items())), **dict(sorted(options.items()))}
    builds = info.get("kb_builds") or []
    return RunHeader(
        run_id=manifest.run_id,
        name=manifest.name,
        system=manifest.system,
        spec_shown=manifest.system not in (manifest.name, ALIASES.get(manifest.name)),
        settings=" ".join(f"{k}={v}" for k, v in settings.items()),
        system_prompt=manifest.system_prompt,
        prompts=dict(manifest.plan.prompts),
        suite=manifest.suite,
        suite_sha256=manifest.suite_sha256[:16],
        seed="" if info.get("seed") is None else str(info["seed"]),
        kb=", ".join(f"{b.get('source')} ({str(b.get('id'))[:12]})" for b in builds if isinstance(b, dict)),
        kgtest_version=manifest.kgtest_version,
        started=manifest.started,
        finished=manifest.finished or "",
        cases=manifest.cases,
        failed=manifest.failed or 0,
        truncated=manifest.truncated or 0,
    )
