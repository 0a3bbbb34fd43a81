"""Which runs a report covers: the runs named, or every judged run of the workspace, oldest first.

Runs are taken in the order they were started, so a case one system answered in several
runs counts once, as the latest run answered it (report/sections.py). A system is known by its
name in kgtest.toml (its spec when it has none), so a renamed or re-configured model is a new
row. The runs of one suite's shards (``run --shard K/N``) read as one run: their cases are
disjoint, so their rows simply add up, and their dialogue checks are drawn as one section.
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.core.errors import OracleError
from kgtest.core.workspace import RunFiles, Workspace
from kgtest.runner.manifest import list_runs
from kgtest.runner.runs import find_run


def judged_runs(workspace: Workspace, refs: Sequence[str] = ()) -> list[RunFiles]:
    """The runs named by ``refs`` (ids or prefixes), or every judged run; oldest first."""
    if refs:
        started = {r.run_id: r.started for r in list_runs(workspace)}
        runs = [find_run(workspace, ref) for ref in refs]
        return sorted(runs, key=lambda run: started.get(run.run_id, ""))
    judged = [r for r in list_runs(workspace) if r.judged]
    if not judged:
        find_run(workspace, "latest")  # explains what to do when there are no runs at all
        raise OracleError("no judged runs yet; run `kgtest judge` first")
    return [r.files for r in judged]
