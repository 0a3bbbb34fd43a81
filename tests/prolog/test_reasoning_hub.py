"""A hub: one subject of 100,000 facts must not make the derivations quadratic.

SWI-Prolog indexes no kb_fact/4 argument whose clauses all hold one value, so without
reasoning.pl's sets of ends (`index_ends/0`, `stated/4`) each step of the containment closure
out of a leaf scanned every fact: a subject with 100,000 places took minutes where it now takes
seconds. The KB is loaded in a fresh process, as `kgtest gen` loads one: SWI-Prolog keeps what it
learnt of an abolished predicate's arguments, so the KBs of earlier tests would choose its indexes.
The timeout bounds the test; nothing here measures time.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

N = 100_000

_CHILD = """
import sys
from pathlib import Path
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.export import kb_program, load_kb

n, cache = int(sys.argv[1]), Path(sys.argv[2])
leaves = [f"Q{i + 2}" for i in range(n)]
facts = [Fact("Q1", "P131", leaf, statement=f"S-{i}") for i, leaf in enumerate(leaves)]
builtin = builtin_catalog()
catalog = RelationCatalog(builtin[p] for p in ("P131", "P150"))
derived = set(load_kb(kb_program([Entity("Q1"), *map(Entity, leaves)], facts, catalog), cache).derivable())
# Q1 lies in every leaf: each leaf contains it (P150), and nothing chains further
print(derived == {(leaf, "P150", "Q1") for leaf in leaves})
"""


def test_a_hub_derives_in_linear_time(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(N), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True"]
