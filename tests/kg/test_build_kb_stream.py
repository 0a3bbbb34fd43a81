"""build-kb's streamed build: a warm re-run reads nothing, and a malformed dump changes nothing.

The real command in this process (CliRunner), on the embedded database.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.core.settings import load_settings
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.store import open_store

from .wikidata_fixture import random_kb, small_kb

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
LOADED = "is loaded already (nothing read)"


def _build(ws: Path, *sources: Path) -> str:
    result = CliRunner().invoke(
        cli,
        ["--workspace", str(ws), "build-kb", *map(str, sources), "--quiet"],
        env={**ENV, "COLUMNS": "500"},
    )
    assert result.exit_code == 0, result.stderr
    return result.stderr


def _kb(ws: Path) -> tuple[list[str], int]:
    with open_store(load_settings(ws, env={})) as store:
        builds = [b["id"] for b in KnowledgeBase(store).builds()]
        return builds, int(store.query("MATCH ()-[f:FACT]->() RETURN count(f) AS n")[0]["n"])


def test_a_warm_rerun_reads_nothing_until_the_database_or_the_dump_changes(tmp_path: Path) -> None:
    ws, dump = tmp_path / "ws", small_kb().write(tmp_path / "kb.nt")
    assert LOADED not in _build(ws, dump)
    assert LOADED in _build(ws, dump)
    builds, facts = _kb(ws)  # opening the database without writing leaves the stamp good

    assert LOADED in _build(ws, dump)
    with open_store(load_settings(ws, env={})) as store:  # a write the builds do not show
        store.query("MATCH ()-[f:FACT]->() WITH f LIMIT 1 DELETE f")
    assert LOADED not in _build(ws, dump)
    assert _kb(ws) == (builds, facts)  # the full path found the fact missing and wrote it again

    random_kb(facts=20, entities=10).write(tmp_path / "other.nt")
    dump.write_text(dump.read_text(encoding="utf-8") + (tmp_path / "other.nt").read_text(encoding="utf-8"))
    assert LOADED not in _build(ws, dump)  # new bytes, a new build
    assert len(_kb(ws)[0]) == 2


def test_a_malformed_dump_names_its_line_and_leaves_the_kb_and_no_spill_behind(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    _build(ws, small_kb().write(tmp_path / "ok.nt"))
    before = _kb(ws)
    lines = random_kb(facts=400, entities=80).lines
    lines.insert(300, "<http://x> <http://y> broken .")
    bad = tmp_path / "bad.nt"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["--workspace", str(ws), "build-kb", str(bad), "--quiet"], env=ENV)
    assert result.exit_code != 0
    assert f"{bad}:301:" in result.stderr
    assert _kb(ws) == before
    assert not list((ws / "cache" / "build-kb").glob("spill-*"))


FOREIGN = [
    "<http://dbpedia.org/resource/Paris> <http://dbpedia.org/ontology/country> <http://dbpedia.org/> .",
    '<http://dbpedia.org/resource/Paris> <http://www.w3.org/2000/01/rdf-schema#label> "Paris"@en .',
    '<http://www.wikidata.org/entity/Q90> <http://www.w3.org/2000/01/rdf-schema#label> "Paris"@fr .',
    '<http://www.wikidata.org/entity/Q90> <http://www.wikidata.org/prop/direct/P1082> "2100000" .',
    "_:b1 <http://www.wikidata.org/prop/direct/P17> <http://www.wikidata.org/entity/Q142> .",
]


def test_build_kb_says_how_many_triples_it_passed_over_and_why(tmp_path: Path) -> None:
    """A DBpedia dump built a KB of a few facts, or of nothing, and never said why (probe-13)."""
    ws, kb = tmp_path / "ws", small_kb()
    mixed = tmp_path / "mixed.nt"
    mixed.write_text("\n".join([*kb.lines, *FOREIGN]) + "\n", encoding="utf-8")
    said = " ".join(_build(ws, mixed).split())
    assert f" of {len(kb.lines) + 5} triples passed over: " in said
    for why in (
        "2 with a subject that is no Wikidata item (first: <http://dbpedia.org/resource/Paris>)",
        "1 with a predicate kgtest does not read (first: <http://dbpedia.org/ontology/country>)",
        "1 with a value kgtest does not read (first: <http://www.wikidata.org/prop/direct/P1082>)",
        "with a text not in English (first: @",
    ):
        assert why in said, why

    assert "passed over" not in _build(tmp_path / "bundled", Path("example")), "the bundled KB's 2 are known"

    foreign = tmp_path / "foreign.nt"
    foreign.write_text("\n".join(FOREIGN[:2]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["--workspace", str(ws), "build-kb", str(foreign), "--quiet"], env=ENV)
    assert result.exit_code == 3
    assert "no Wikidata entity or fact in it" in result.stderr
    assert "2 of 2 triples passed over" in " ".join(result.stderr.split())
