"""The runs of a workspace found by what users call them, and a finished run's cases read back.

A run is named by its id, a unique prefix of it, or ``latest`` (the complete run that finished
last). A name that matches no run, or several, is a usage error (ConfigError, exit 2, as an
unknown case id is); a run that cannot be read or judged is an OracleError (exit 7: its replies
cannot be judged), and both say what to do.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from kgtest.core.errors import ConfigError, OracleError, RunnerError
from kgtest.core.files import replaced_whole
from kgtest.core.shard import Shard
from kgtest.core.workspace import RunFiles, Workspace
from kgtest.generator.case import TestCase, read_suite
from kgtest.runner.manifest import COMPLETE, RunManifest, list_runs, read_manifest, scan_runs, status_of
from kgtest.runner.transcript import Transcript, read_transcripts

Pairs = list[tuple[TestCase, Transcript]]
"""A run's cases, each with its transcript, in suite order."""


def find_run(workspace: Workspace, ref: str, shard: Shard | None = None) -> RunFiles:
    """A run by id, unique id prefix, or ``latest`` (the complete run that finished last).

    With ``shard``, only the runs of that shard (``kgtest run --shard K/N``) are candidates.
    """
    runs, unreadable = scan_runs(workspace)
    if shard is not None:
        runs = [r for r in runs if r.shard == str(shard)]
    of = f" of shard {shard}" if shard is not None else ""
    broken = [u for u in unreadable if u.run_id.startswith(ref) or (ref == "latest" and not runs)]
    if broken and not any(r.run_id.startswith(ref) for r in runs):  # named, not "no such run"
        why, folder = broken[0].why, broken[0].files.folder
        raise OracleError(f"{why}; run the same `kgtest run` again to rewrite it, or delete {folder}")
    if not runs:
        raise OracleError(f"no runs{of} in {workspace.runs}; make one with `kgtest run SUITE --sut SPEC`")
    if ref == "latest":
        finished = [r for r in runs if r.status == COMPLETE]
        if not finished:
            last = runs[-1]
            raise OracleError(
                f"no run{of} has finished: the last one, {last.run_id}, is {last.status}"
                + (f" ({last.error})" if last.error else "")
                + f"; run the same {again(last.manifest)} again to finish it (`kgtest runs` lists them all)"
            )
        return max(finished, key=lambda r: (r.finished, r.started)).files
    matches = [r for r in runs if r.run_id.startswith(ref)]
    if len(matches) != 1:
        known = ", ".join(r.run_id for r in runs)
        how_many = "more than one" if matches else "no"
        raise ConfigError(f"{how_many} run{of} matches {ref!r}; runs{of}: {known}")
    return matches[0].files


def run_cases(run: RunFiles) -> tuple[RunManifest, Pairs]:
    """The run's manifest and its (case, transcript) pairs in suite order; OracleError says what is wrong."""
    try:
        manifest = read_manifest(run)
    except RunnerError as exc:
        raise OracleError(str(exc)) from exc
    status = status_of(run, manifest)
    if status != COMPLETE:
        why = f" ({manifest.error})" if manifest.error else ""
        raise OracleError(
            f"run {manifest.run_id} is {status or 'not finished'}{why}; "
            f"run the same {again(manifest)} again to finish it first"
        )
    suite = asked_suite(run, manifest)
    if not suite.is_file():
        raise OracleError(
            f"run {manifest.run_id} was made from {suite}, which no longer exists; put the suite back "
            "there (its cases say what each reply is judged against), or ask a suite you have again: "
            f"`kgtest run SUITE --sut {manifest.name}`"
        )
    cases = {c.id: c for c in read_suite(suite)}
    pairs = []
    try:
        for transcript in read_transcripts(run.replies):
            case = cases.get(transcript.case_id)
            if case is None:
                raise OracleError(
                    f"{suite} has no case {transcript.case_id}; was the suite regenerated after the run?"
                )
            pairs.append((case, transcript))
    except RunnerError as exc:
        raise OracleError(str(exc)) from exc
    if len(pairs) != manifest.cases:  # one transcript a case: fewer is a file cut short or edited
        raise OracleError(
            f"{run.replies} holds {len(pairs)} of the run's {manifest.cases} cases (cut short or edited); "
            f"run the same {again(manifest)} again to write it whole"
        )
    return manifest, pairs


def again(manifest: RunManifest) -> str:
    """The command that asks a run's cases again: the shortcuts ask one kind of their suite (their
    runs said `kgtest run`, which the user never typed and which asks every kind)."""
    shortcut = {"conversation": "`kgtest converse`", "dialogue": "`kgtest dialogue`"}
    kinds = manifest.plan.kinds
    if len(kinds) == 1 and kinds[0] in shortcut:
        return f"{shortcut[kinds[0]]} (or `kgtest run --kind {kinds[0]}`)"
    return "`kgtest run`"


def asked_suite(run: RunFiles, manifest: RunManifest) -> Path:
    """The file that holds the run's cases as they were asked: the run's own copy when the suite
    was made again since, else the file it was asked from; that gone or changed, the same file
    (same path below the workspace, same sha256) in this workspace. The manifest names the suite
    by its absolute path, so a workspace moved to another folder left every run out of its report
    as made from a suite that "no longer exists", the suite right there in its suites/; a copy
    read the original's suite, whatever was made of it since."""
    if suite_made_again(run, manifest):
        return run.suite
    made_from = Path(manifest.suite)
    sha = manifest.suite_sha256
    if not sha or _holds(made_from, sha):
        return made_from
    root = run.folder.parent.parent  # runs/<id>/ of the workspace
    parts = made_from.parts[1:]
    for depth in range(1, min(len(parts), _MOVED_DEPTH) + 1):
        candidate = root.joinpath(*parts[-depth:])
        if candidate != made_from and _holds(candidate, sha):
            return candidate
    return made_from


def _holds(path: Path, sha: str) -> bool:
    return path.is_file() and _sha256(path) == sha


_MOVED_DEPTH = 4
"""How many trailing parts of a suite's old path are tried below a moved workspace's root."""


def suite_made_again(run: RunFiles, manifest: RunManifest) -> bool:
    """Whether the suite a run was asked from was replaced since (gen kept the run a copy, which
    judge and report read): `runs` listed both a run of seed 5 and one of seed 9 as suite.jsonl."""
    suite = Path(manifest.suite)
    return run.suite.is_file() and (not suite.is_file() or _sha256(suite) != manifest.suite_sha256)


def keep_suite(workspace: Workspace, suite: Path) -> list[str]:
    """Before ``suite`` is replaced, every run asked from it as it is keeps it (runs/<id>/suite.jsonl,
    a hard link where it can be): judge and report read a run's cases from its suite, and a new
    ``kgtest gen`` over the old one left every earlier run unjudgeable. The ids of those runs."""
    if not suite.is_file():
        return []
    made_from, sha = str(suite.resolve()), _sha256(suite)
    kept = []
    for info in list_runs(workspace):
        files, manifest = info.files, info.manifest
        if manifest.suite != made_from or manifest.suite_sha256 != sha or files.suite.exists():
            continue
        try:
            os.link(suite, files.suite)
        except OSError:  # another file system, or links refused
            with replaced_whole(files.suite) as partial:
                shutil.copyfile(suite, partial)
        kept.append(info.run_id)
    return kept


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as data:
        for block in iter(lambda: data.read(2**20), b""):
            digest.update(block)
    return digest.hexdigest()
