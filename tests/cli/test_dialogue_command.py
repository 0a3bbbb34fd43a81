"""``kgtest dialogue``: the shortcut for run, judge and report of dialogue cases, with the baselines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.cli.run import baseline_names
from kgtest.core.errors import ConfigError

from ..generator.dialogue.wordnet_fixture import write_wordnet
from ..runner.dialogue_fixture import dialogue_suite
from .output import bare_punctuation


def kgtest(*args: str, wordnet: Path | None = None) -> tuple[int, str]:
    env = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
    if wordnet is not None:
        env["KGTEST_DIALOGUE_WORDNET"] = str(wordnet)
    result = CliRunner().invoke(cli, list(args), env=env)
    assert not bare_punctuation(result.stdout), (args, result.stdout)
    return result.exit_code, result.output


def dialogue_report(workspace: Path) -> dict[str, Any]:
    (section,) = json.loads((workspace / "report" / "report.json").read_text())["dialogue"]
    assert isinstance(section, dict)
    return section


def test_a_consistent_system_gets_no_conflict_and_the_report_counts_every_relation(tmp_path: Path) -> None:
    suite, cases = dialogue_suite(tmp_path)
    wordnet = write_wordnet(tmp_path / "wordnet")
    bot = f"plugin:tests.runner.dialogue_bots:GoldBot?suite={suite}"
    ws = tmp_path / "ws"
    args = ["--workspace", str(ws), "dialogue", "--no-graph", str(suite), "--sut", bot, "--quiet"]
    code, out = kgtest(*args, wordnet=wordnet)
    assert code == 0, out
    assert ", 0 failed replies" in out and "dialogue checks" in out
    report = dialogue_report(ws)
    assert report["conflicts"] == []
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
    assert report["decided"] == {"rounds": judged, "undecided": 0, "coverage": 1.0}  # KB: all decided
    assert "Answerability decided for" in (ws / "report" / "report.html").read_text()
    code, again = kgtest(*args, wordnet=wordnet)
    assert code == 0 and ", 0 asked," in again


def test_an_inconsistent_system_is_drilled_down_with_both_dialogues_and_the_proof(tmp_path: Path) -> None:
    suite, _ = dialogue_suite(tmp_path)
    ws = tmp_path / "ws"
    bot = f"plugin:tests.runner.dialogue_bots:Alternating?suite={suite}"
    code, out = kgtest(
        "--workspace", str(ws), "dialogue", "--no-graph", str(suite), "--sut", bot, "--baselines", "none"
    )
    assert code == 0, out
    report = dialogue_report(ws)
    assert {c["relation"] for c in report["conflicts"]} == {"MR1", "MR2", "MR3"}
    mr2 = next(c for c in report["conflicts"] if c["relation"] == "MR2" and c["severe"])
    assert len(mr2["sides"]) == 2 and all("before" in s and "proof" in s for s in mr2["sides"])
    assert mr2["mss"] < 0.05 and set(mr2["parts"]) == {"semantic", "exact", "f1"}
    unanswerable = next(
        c for c in report["conflicts"] if c["relation"] == "MR1" and not c["sides"][0]["answerable"]
    )
    assert any("not said before" in p for p in unanswerable["sides"][0]["proof"])
    page = (ws / "report" / "report.html").read_text()
    assert "Conflicts (" in page and "not said before" in page  # drilled down in the one report
    shown = unanswerable["sides"][0]["case_id"]
    code, text = kgtest("--workspace", str(ws), "inspect", shown[:10])
    assert code == 0, text
    assert "UNANSWERABLE" in text and "not said before" in text and "banana bread recipe" in text
    assert "inconsistent" in text and "MR1: round" in text and f'{{id: "{shown}"}}' in text


def test_an_unknown_baseline_is_refused_with_the_choices(tmp_path: Path) -> None:
    suite, _ = dialogue_suite(tmp_path)
    code, out = kgtest(
        "--workspace", str(tmp_path), "dialogue", "--no-graph", str(suite), "--sut", "plugin:x:Y",
        "--baselines", "SYR,Leet",
    )  # fmt: skip
    assert code == 2 and "unknown Leet; choose from SYR, L33t, Typo or none" in out


def test_baseline_names_are_read_in_any_case_and_an_empty_list_is_refused() -> None:
    """`--baselines syr` was 'unknown syr'; `--baselines ,,,` was taken as none, saying nothing."""
    assert baseline_names("syr, l33t,SYR") == ("SYR", "L33t")
    assert baseline_names("none") == () and baseline_names("None") == ()
    with pytest.raises(
        ConfigError, match=r"^--baselines ',,,': give SYR, L33t, Typo \(comma-separated\) or none"
    ):
        baseline_names(",,,")
