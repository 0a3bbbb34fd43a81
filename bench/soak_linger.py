"""The lingering server's soak: hundreds of commands from two workspaces, servers and clients killed.

    python bench/soak_linger.py [--steps 300] [--seed 0] [--kill-share 0.12]

tests/kg/soak.py does the work (tests/kg/test_soak.py runs six steps of it in CI): two workspaces
of the example KB, the second a ``cp -a`` of the first made while the first's server lingered;
each step a fresh ``kgtest gen`` (writing its suite's graph) or ``kb stats`` on one of them,
before which, with ``--kill-share`` each, that workspace's lingering server or a ``gen`` in
flight is killed with SIGKILL. Prints what ran, what failed or hung, and what was lost.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kill-share", type=float, default=0.12)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from tests.kg.soak import soak

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="kgtest-soak-") as tmp:
        found = soak(Path(tmp), args.steps, args.seed, kill_share=args.kill_share)
    print(json.dumps({**found.summary(), "wall_s": round(time.monotonic() - started)}))
    for problem in (*found.hangs, *found.failed, *found.lost):
        print(problem)
    raise SystemExit(1 if found.hangs or found.failed or found.lost else 0)


if __name__ == "__main__":
    main()
