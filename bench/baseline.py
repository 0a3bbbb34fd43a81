"""Run a benchmark against another commit of kgtest in the same run, so speed is a ratio.

``tree(rev)`` exports the commit (``git archive``) into a temporary folder laid out as the
installed ``kgtest`` namespace; a subprocess with ``PYTHONPATH`` pointing there imports that
commit's code instead of the working tree's. ``compare`` runs one measurement command under
both, alternating, so a load from other processes falls on both alike.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "kg", "prolog", "generator", "oracle", "runner", "cli")


def tree(rev: str) -> Path:
    """The commit ``rev`` as an importable ``kgtest`` package, in a fresh temporary folder."""
    out = Path(tempfile.mkdtemp(prefix="kgtest-baseline-"))
    src = out / "src"
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    package = out / "py" / "kgtest"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for name in PACKAGES:
        (src / name).rename(package / name)
    return out / "py"


def run_json(argv: Sequence[str], pythonpath: Path | None) -> dict[str, float]:
    """Run ``argv`` with this interpreter; its last stdout line is a JSON object of numbers."""
    env = dict(os.environ)
    if pythonpath is None:
        env.pop("PYTHONPATH", None)
    else:
        env["PYTHONPATH"] = str(pythonpath)
    done = subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env, cwd=ROOT)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr[-3000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(argv: Sequence[str], rev: str, rounds: int, key: str) -> tuple[float, float]:
    """Median of ``key`` over ``rounds`` alternating runs: (this working tree, commit ``rev``)."""
    base = tree(rev)
    ours, theirs = [], []
    try:
        for _ in range(rounds):
            theirs.append(run_json(argv, base)[key])
            ours.append(run_json(argv, None)[key])
    finally:
        shutil.rmtree(base.parent)
    return statistics.median(ours), statistics.median(theirs)
