"""The command line's exit (cli/main.py ``exit_now``): what a command started ends as at any exit,
its threads joined and its ``atexit`` handlers run, then the teardown that only frees objects is
skipped (0.25 s after a ``judge`` that loaded spaCy)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import atexit, sys, threading, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from kgtest.cli.main import exit_now

out = Path(sys.argv[1])

def late(name):
    time.sleep(0.3)
    (out / name).write_text("done")

atexit.register(lambda: (out / "atexit").write_text("done"))
threading.Thread(target=late, args=("thread",)).start()
ThreadPoolExecutor(max_workers=1).submit(late, "pool")  # never shut down: the exit waits for it

class Freed:
    def __del__(self):
        print("freed one by one")

kept = Freed()
print("output", end="")  # no newline: flushed by the exit
exit_now(3, wind_down=True)
"""


def test_the_exit_waits_for_threads_and_runs_atexit_then_skips_the_teardown(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 3, done.stderr
    assert done.stdout == "output", "flushed, and the object left was not torn down"
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {
        "atexit": "done",
        "thread": "done",
        "pool": "done",
    }
