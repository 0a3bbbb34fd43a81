"""build-kb's sanity check on part of the KB finds what the check of the whole KB finds."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.cli.main import cli
from kgtest.core.settings import load_settings
from kgtest.generator.kbview import KbView
from kgtest.generator.sanity import breaches
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.marks import stored_marks
from kgtest.kg.model import Entity, Fact, Snapshot
from kgtest.kg.sanity_scope import HUMAN, sanity_scope
from kgtest.kg.store import GraphStore, open_store
from kgtest.prolog.engine import locked
from kgtest.prolog.export import RULE_FILES, kb_program, load_kb

from ..cli.test_kb_check import ENV, planted

PROPERTIES = ("P26", "P40", "P22", "P25", "P108", "P54", "P166", "P131")
YEARS = st.one_of(st.none(), st.integers(1890, 1990))


@st.composite
def snapshots(draw: st.DrawFn) -> Snapshot:
    snap = Snapshot("test")
    n = draw(st.integers(2, 9))
    for i in range(n):
        eid = f"Q{100 + i}"
        types = draw(st.sampled_from([(HUMAN,), ("Q515",), ()]))
        snap.entities[eid] = Entity(eid, f"E{i}", types=types, start_year=draw(YEARS), end_year=draw(YEARS))
    for _ in range(draw(st.integers(0, 25))):
        s, o = (f"Q{100 + draw(st.integers(0, n - 1))}" for _ in range(2))
        fact = Fact(s, draw(st.sampled_from(PROPERTIES)), o, draw(YEARS), draw(YEARS), "test")
        snap.facts[fact.id] = fact
    return snap


def found(entities: dict[str, Entity], facts: list[Fact], cache: Path) -> set[tuple[str, str]]:
    catalog = builtin_catalog()
    facts = sorted(facts, key=lambda f: f.id)
    reasoner = load_kb(kb_program(entities.values(), facts, catalog), cache)
    return {(b.fact.id, b.rule) for b in breaches(KbView(entities, tuple(facts), catalog), reasoner)}


def lifetime_properties() -> frozenset[str]:
    with locked() as prolog:
        for name in RULE_FILES:  # in load_kb's order (negation.pl alone first breaks path/5's tabling)
            prolog.load_rules(name)
        row = prolog.once("findall(P, negation:lifetime_rule(P, _), Ps)")
    assert row is not None and isinstance(row["Ps"], list)
    return frozenset(str(p) for p in row["Ps"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(snapshots())
def test_the_scope_holds_every_breach_of_the_whole_kb(tmp_path_factory: object, snap: Snapshot) -> None:
    cache = Path(tmp_path_factory.mktemp("prolog"))  # type: ignore[attr-defined]
    whole = found(dict(snap.entities), list(snap.facts.values()), cache)
    entities, facts = sanity_scope(snap, lifetime_properties())
    assert found(entities, facts, cache) == whole


def test_undated_facts_between_humans_are_in_scope_only_for_lifetime_properties() -> None:
    """A child born before the parent breaks a rule without a year on the fact itself."""
    snap = Snapshot("test")
    for eid, born in (("Q1", 1950), ("Q2", 1900)):
        snap.entities[eid] = Entity(eid, eid, types=(HUMAN,), start_year=born)
    child = Fact("Q1", "P40", "Q2")
    snap.facts = {f.id: f for f in (child, Fact("Q1", "P166", "Q2"), Fact("Q1", "P108", "Q2", 1990, 1980))}
    entities, facts = sanity_scope(snap, lifetime_properties())
    assert {(f.property, f.start_year) for f in facts} == {("P40", None), ("P108", 1990)}
    assert set(entities) == {"Q1", "Q2"}
    assert lifetime_properties() >= {"P26", "P40", "P22", "P25"}


def test_build_kb_marks_again_only_what_it_wrote_again(store: GraphStore, tmp_path: Path) -> None:
    """A re-run trusts the marks of its own complete build; facts it writes again are checked again."""
    ws = tmp_path / "ws"
    dump = str(planted().write(tmp_path / "kb.nt"))
    for _ in range(2):  # built, then re-run: the re-run reads its record, the count stays
        result = CliRunner().invoke(cli, ["--workspace", str(ws), "build-kb", dump, "--quiet"], env=ENV)
        assert result.exit_code == 0, result.stderr
        assert "sanity rules: 7 facts cannot be true" in result.stderr
    with open_store(load_settings(ws, env={})) as kb_store:
        assert len(stored_marks(kb_store)) == 7
        kb_store.query("MATCH ()-[f:FACT]->() WHERE f.violates IS NOT NULL DELETE f")
        assert not stored_marks(kb_store)
    result = CliRunner().invoke(cli, ["--workspace", str(ws), "build-kb", dump, "--quiet"], env=ENV)
    assert result.exit_code == 0, result.stderr
    assert "sanity rules: 7 facts cannot be true" in result.stderr
    with open_store(load_settings(ws, env={})) as kb_store:
        assert len(stored_marks(kb_store)) == 7
