"""A hub: one subject of 100,000 facts must not make the derivations quadratic.

SWI-Prolog indexes no kb_fact/4 argument whose clauses all hold one value, so without
reasoning.pl's sets of ends (`index_ends/0`, `stated/4`) each step of the containment closure
out of a leaf scanned every fact: a subject with 100,000 places took minutes where it now takes
seconds. The timeout bounds the test; nothing here measures time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.export import kb_program, load_kb

N = 100_000


def _derivable(facts: list[Fact], cache: Path) -> set[tuple[str, str, str]]:
    builtin = builtin_catalog()
    catalog = RelationCatalog(builtin[p] for p in ("P131", "P150"))
    ids = sorted({f.subject for f in facts} | {f.object for f in facts})
    reasoner = load_kb(kb_program((Entity(i) for i in ids), facts, catalog), cache)
    return set(reasoner.derivable())


@pytest.mark.timeout(120)
def test_a_hub_derives_in_linear_time(tmp_path: Path) -> None:
    leaves = [f"Q{n + 2}" for n in range(N)]
    facts = [Fact("Q1", "P131", leaf, statement=f"S-{n}") for n, leaf in enumerate(leaves)]
    # Q1 lies in every leaf: each leaf contains it (P150), and nothing chains further
    assert _derivable(facts, tmp_path) == {(leaf, "P150", "Q1") for leaf in leaves}
