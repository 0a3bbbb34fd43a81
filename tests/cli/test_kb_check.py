"""KB sanity rules on a KB with planted impossible facts: listed, marked, counted, never asked about."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.generator.case import read_suite
from kgtest.kg.store import GraphStore

from ..kg.wikidata_fixture import NTriples

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
HUMAN = "Q5"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=ENV)
    return result.exit_code, result.stdout, result.stderr


def planted() -> NTriples:
    nt = NTriples()
    for qid, label, born, died in [
        ("Q101", "Ada", 1900, 1950),
        ("Q102", "Ben", 1905, 1980),
        ("Q103", "Cy", 1960, 2010),
        ("Q105", "Eve", 1930, None),
        ("Q106", "Fay", 1890, None),
        ("Q107", "Gus", 1955, None),
    ]:
        nt.entity(qid, label, HUMAN, born=born, died=died)
    nt.entity("Q201", "Acme", "Q4830453").entity("Q202", "Rovers", "Q476028")
    for qid, label in [("Q301", "Smalltown"), ("Q302", "Midshire"), ("Q303", "Bigland")]:
        nt.entity(qid, label, "Q515")
    (
        nt.fact("Q101", "P26", "Q102", 1920, 1950)  # fine
        .fact("Q101", "P26", "Q103", 1940, None)  # Cy was born in 1960, ten years after Ada died
        .fact("Q102", "P26", "Q105", 1930, None)  # married in the year Eve was born
        .fact("Q101", "P108", "Q201", 1960, None)  # employed ten years after death
        .fact("Q103", "P108", "Q201", 1950, 1955)  # employed before birth
        .fact("Q102", "P54", "Q202", 1990, 1985)  # ends before it starts, and starts after Ben died
        .fact("Q101", "P40", "Q106")  # a child born before her parent
        .fact("Q101", "P40", "Q107")  # a child born five years after his parent died
        .fact("Q101", "P40", "Q105")  # fine
        .fact("Q102", "P108", "Q201", 1930, 1970)  # fine
        .fact("Q301", "P131", "Q302", 1900, 2000)  # fine, and a chain to derive from
        .fact("Q302", "P131", "Q303", 1950, 2020)
    )
    return nt


EXPECTED = {
    ("Q101", "P26", "Q103"): {"before_birth", "never_alive_together"},
    ("Q102", "P26", "Q105"): {"before_birth"},
    ("Q101", "P108", "Q201"): {"after_death"},
    ("Q103", "P108", "Q201"): {"before_birth"},
    ("Q102", "P54", "Q202"): {"start_after_end", "after_death"},
    ("Q101", "P40", "Q106"): {"born_before_parent"},
    ("Q101", "P40", "Q107"): {"born_after_parent_died"},
}


def test_planted_impossible_facts_are_listed_marked_counted_and_never_asked(
    store: GraphStore, tmp_path: Path
) -> None:
    ws = str(tmp_path / "ws")
    code, _, err = run("--workspace", ws, "build-kb", str(planted().write(tmp_path / "kb.nt")), "--quiet")
    assert code == 0, err
    assert "sanity rules: 7 facts cannot be true" in err  # build-kb runs the check itself

    code, out, err = run("--workspace", ws, "kb", "check", "--json")
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    found: dict[tuple[str, str, str], set[str]] = {}
    for r in rows:
        found.setdefault((r["subject"], r["property"], r["object"]), set()).add(r["rule"])
    assert found == EXPECTED
    why = {(r["subject"], r["property"], r["object"], r["rule"]): r["why"] for r in rows}
    assert why[("Q102", "P26", "Q105", "before_birth")] == (
        "it starts before a person in it was born (a marriage: in the year of birth): "
        "the fact is dated 1930 to ?; Eve was born in 1930"
    )
    sentence = {(r["subject"], r["property"], r["object"]): r["sentence"] for r in rows}
    assert sentence[("Q102", "P26", "Q105")] == "Ben was married to Eve"
    bad = {r["fact"] for r in rows}

    code, out, _ = run("--workspace", ws, "kb", "check")
    assert code == 0 and "born_after_parent_died" in out and "7 facts break a sanity rule" in out
    assert "0 newly, 0 cleared" in out  # build-kb marked them already

    stats = json.loads(run("--workspace", ws, "kb", "stats", "--json")[1])
    assert stats["marked_facts"] == 7 and stats["facts"] == 12
    assert stats["marked_by_rule"] == {
        "after_death": 2,
        "before_birth": 3,
        "born_after_parent_died": 1,
        "born_before_parent": 1,
        "never_alive_together": 1,
        "start_after_end": 1,
    }
    code, out, _ = run("--workspace", ws, "kb", "stats")
    assert "facts breaking a sanity rule 7 (after_death 2, before_birth 3" in out

    suite = tmp_path / "suite.jsonl"
    args = ("gen", "--rules", "ground,symmetric,inverse,transitive,composite,negation", "--count", "60")
    code, out, err = run(
        "--workspace", ws, *args, "--seed", "3", "--out", str(suite), "--no-graph", "--quiet"
    )
    assert code == 0, err
    assert "7 facts break a sanity rule and are asked about nowhere" in out
    cases = list(read_suite(suite))
    cited = {e.fact_id for c in cases for e in c.evidence}
    assert cases and not cited & bad
    asked = {tuple(c.meta.statement) for c in cases}
    assert ("Q301", "P131", "Q303") in asked  # the chain shares 1950-2000
    assert not {("Q103", "P26", "Q101"), ("Q201", "^P108", "Q101"), ("Q106", "^P40", "Q101")} & asked
