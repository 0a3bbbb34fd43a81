"""``kgtest dialogue``: run, judge and report in one command, resumable, with the baselines."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli

from ..generator.dialogue.wordnet_fixture import write_wordnet
from ..runner.dialogue_fixture import dialogue_suite


def kgtest(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env={"NEO4J_URI": "", "KGTEST_STORE_URI": ""})
    return result.exit_code, result.output


def test_a_consistent_system_gets_no_conflict_and_the_report_counts_every_relation(tmp_path: Path) -> None:
    suite, cases = dialogue_suite(tmp_path)
    wordnet = write_wordnet(tmp_path / "wordnet")
    bot = f"plugin:tests.runner.dialogue_bots:GoldBot?suite={suite}"
    args = [
        "--workspace",
        str(tmp_path / "ws"),
        "dialogue",
        "--no-graph",
        str(suite),
        "--sut",
        bot,
        "--wordnet",
        str(wordnet),
    ]
    code, out = kgtest(*args, "--quiet")
    assert code == 0, out
    assert "Conflicts (0, first 0)" in out and "0 failed, 0 dialogues incomplete" in out
    report_path = Path(out.rsplit("report: ", 1)[1].strip())
    report = json.loads(report_path.with_suffix(".json").read_text())
    assert {(r["group"], r["relation"]) for r in report["relations"]} >= {
        ("MORTAR", "MR1"),
        ("MORTAR", "MR2"),
        ("MORTAR", "MR3"),
        ("SYR", "MR2"),
        ("L33t", "MR1"),
        ("Typo", "MR2"),
    }
    assert all(r["conflicts"] == 0 and r["tested"] > 0 for r in report["relations"])
    assert [b["method"] for b in report["bugs"]] == ["MORTAR", "SYR", "L33t", "Typo"]
    assert all(b["unique"] == 0 == b["severe"] for b in report["bugs"])
    judged = sum(1 for c in cases if c.dialogue for t in c.dialogue.turns if t.judged)
    assert report["rounds_judged"] > judged  # the baselines' questions too
    code, again = kgtest(*args, "--quiet")
    assert code == 0 and ", 0 asked," in again


def test_an_inconsistent_system_is_drilled_down_with_both_dialogues_and_the_proof(tmp_path: Path) -> None:
    suite, _ = dialogue_suite(tmp_path)
    code, out = kgtest(
        "--workspace",
        str(tmp_path / "ws"),
        "dialogue",
        "--no-graph",
        str(suite),
        "--sut",
        f"plugin:tests.runner.dialogue_bots:Alternating?suite={suite}",
        "--baselines",
        "none",
        "--conflicts",
        "50",
    )
    assert code == 0, out
    report = json.loads(Path(out.rsplit("report: ", 1)[1].strip()).with_suffix(".json").read_text())
    assert {c["relation"] for c in report["conflicts"]} == {"MR1", "MR2", "MR3"}
    mr2 = next(c for c in report["conflicts"] if c["relation"] == "MR2" and c["severe"])
    assert len(mr2["sides"]) == 2 and all("before" in s and "proof" in s for s in mr2["sides"])
    assert mr2["mss"] < 0.05 and set(mr2["parts"]) == {"semantic", "exact", "f1"}
    unanswerable = next(
        c for c in report["conflicts"] if c["relation"] == "MR1" and not c["sides"][0]["answerable"]
    )
    assert any("not said before" in p for p in unanswerable["sides"][0]["proof"])
    assert "MR1 on " in out and "    proof: " in out
    shown = unanswerable["sides"][0]["case_id"]
    code, page = kgtest("--workspace", str(tmp_path / "ws"), "inspect", shown[:10])
    assert code == 0, page
    assert "UNANSWERABLE" in page and "not said before" in page and "banana bread recipe" in page
    assert "conflict MR1" in page and f'{{id: "{shown}"}}' in page


def test_an_unknown_baseline_is_refused_with_the_choices(tmp_path: Path) -> None:
    suite, _ = dialogue_suite(tmp_path)
    code, out = kgtest(
        "--workspace",
        str(tmp_path),
        "dialogue",
        "--no-graph",
        str(suite),
        "--sut",
        "plugin:x:Y",
        "--baselines",
        "SYR,Leet",
    )
    assert code != 0 and "unknown Leet; choose from SYR, L33t, Typo or none" in out
