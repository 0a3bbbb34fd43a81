"""Every path in a workspace, named in one place.

A workspace is the folder that holds everything kgtest makes::

    kgtest.toml              settings (core/settings.py)
    db/                      the embedded graph database (kg/embedded.py); credentials inside
    cache/                   kb-view.json, prolog/ (.qlf), replies.sqlite: safe to delete
    suites/suite.jsonl       test cases (generator/)
    suites/suite.info.json   how the suite was made: seed, KB build (generator/suite_info.py)
    suites/suite.shard-K-of-N.jsonl   a shard's cases (``gen --shard K/N``), with its .info.json
    runs/<run id>/           run.json, run.lock, replies.jsonl (runner/), verdicts.jsonl,
                             dialogue.json (dialogue cases), battery/ (conversations:
                             verdicts.jsonl, nuggets.jsonl, swan.json) (oracle/)
    report/                  report.html, report.json, report.xlsx (report/)

Stages ask this module for a path instead of joining names themselves, so the tree above
is the whole truth about where files go.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

CONFIG_NAME = "kgtest.toml"


@dataclass(frozen=True, slots=True)
class RunFiles:
    """The files of one run, in ``runs/<run id>/``."""

    folder: Path

    @property
    def run_id(self) -> str:
        return self.folder.name

    @property
    def manifest(self) -> Path:
        """``run.json``: what was run, its status and counts."""
        return self.folder / "run.json"

    @property
    def replies(self) -> Path:
        return self.folder / "replies.jsonl"

    @property
    def verdicts(self) -> Path:
        return self.folder / "verdicts.jsonl"

    @property
    def lock(self) -> Path:
        """Locked by the process asking this run's questions; free once it ends, however it ends."""
        return self.folder / "run.lock"

    @property
    def dialogue(self) -> Path:
        """``dialogue.json``: the dialogue cases' metamorphic checks and the rounds left out."""
        return self.folder / "dialogue.json"

    @property
    def scores(self) -> Path:
        """``scores.json``: each kind's headline score beside the know-nothing baselines'."""
        return self.folder / "scores.json"

    @property
    def battery(self) -> BatteryFiles:
        """``battery/``: the audit of the run's conversations."""
        return BatteryFiles(self.folder / "battery")

    @property
    def suite(self) -> Path:
        """``suite.jsonl``: the run's suite as it was asked, kept when ``gen`` replaced the file."""
        return self.folder / "suite.jsonl"

    @property
    def judged(self) -> tuple[Path, ...]:
        """What ``kgtest judge`` writes from replies.jsonl, verdicts first (the run counts as judged
        while they are there): new replies make them stale."""
        return (self.verdicts, self.scores, self.dialogue, self.battery.folder)


@dataclass(frozen=True, slots=True)
class BatteryFiles:
    """The audit of a run's conversations, in ``runs/<run id>/battery/``."""

    folder: Path

    @property
    def battery_id(self) -> str:
        return self.folder.name

    @property
    def verdicts(self) -> Path:
        """One verdict per judged test attempt."""
        return self.folder / "verdicts.jsonl"

    @property
    def nuggets(self) -> Path:
        """Every nugget of every reply, with its criterion scores and weight."""
        return self.folder / "nuggets.jsonl"

    @property
    def swan(self) -> Path:
        """WAN and SWAN per conversation and per system."""
        return self.folder / "swan.json"


@dataclass(frozen=True, slots=True)
class Workspace:
    """The paths of one workspace; nothing is created until a stage writes there."""

    root: Path

    @property
    def config(self) -> Path:
        return self.root / CONFIG_NAME

    @property
    def db(self) -> Path:
        return self.root / "db"

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    @property
    def kb_view_cache(self) -> Path:
        return self.cache / "kb-view.json"

    @property
    def prolog_cache(self) -> Path:
        return self.cache / "prolog"

    @property
    def reply_cache(self) -> Path:
        return self.cache / "replies.sqlite"

    @property
    def suites(self) -> Path:
        return self.root / "suites"

    @property
    def default_suite(self) -> Path:
        return self.suites / "suite.jsonl"

    def shard_suite(self, index: int, count: int) -> Path:
        """Where ``gen --shard K/N`` writes by default, so that shards made at once keep apart, and
        where ``run --shard K/N`` looks first: ``suite.shard-K-of-N.jsonl``."""
        return self.suites / f"suite.shard-{index}-of-{count}.jsonl"

    @staticmethod
    def suite_info(suite: Path) -> Path:
        """Beside a suite file: ``suite.jsonl`` -> ``suite.info.json``."""
        return suite.with_name(f"{suite.stem}.info.json")

    @property
    def runs(self) -> Path:
        return self.root / "runs"

    def run(self, run_id: str) -> RunFiles:
        return RunFiles(self.runs / run_id)

    def all_runs(self) -> list[RunFiles]:
        """Every run folder that has a manifest, in name order."""
        if not self.runs.exists():
            return []
        return [RunFiles(p.parent) for p in sorted(self.runs.glob("*/run.json"))]

    @property
    def report(self) -> Path:
        return self.root / "report"
