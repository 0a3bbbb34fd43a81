"""A kind registered in the tests alone goes through every stage: gen, run, judge, gate, report, inspect."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import kgtest
from kgtest.core.errors import ConfigError, GenerationError, UnknownNameError
from kgtest.generator.suite_info import read_suite_info
from tests.api.toy_kind import NAME, TOY, Adder, AlwaysYes, SumsRequest


@pytest.fixture
def sums() -> Iterator[None]:
    kgtest.register(TOY)
    try:
        yield
    finally:
        kgtest.KINDS.unregister(NAME)


def test_a_registered_kind_goes_through_every_stage(sums: None, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    suite = kgtest.generate(kgtest.GenRequest(parts={NAME: SumsRequest(count=6)}), workspace=ws, graph=False)
    assert suite.kinds == {NAME: 6} and suite.cases == 6

    done = kgtest.run([suite.path], [Adder(), AlwaysYes()], workspace=ws)
    assert [d.summary.kinds for d in done] == [{NAME: 6}, {NAME: 6}]
    right, yes = (kgtest.judge(d.summary.run_id, workspace=ws, graph=False, fail_under=0.9) for d in done)

    assert [k.kind for k in right.gate.kinds] == [NAME] and right.gate.kinds[0].unit == "replies correct"
    assert right.gate.passed and right.gate.kinds[0].passed == 6
    assert not yes.gate.passed and yes.gate.kinds[0].passed == 3  # half the sums are wrong
    assert {r.outcome for r in yes.verdicts.records} == {"correct", "erroneous_inference"}

    drawn = kgtest.make_report(workspace=ws)
    page = json.loads(drawn.paths["json"].read_text())
    assert set(page["suts"]) == {"adder", "always-yes"}
    assert page["overall"]["adder"]["correct_rate"] == 1.0
    assert {row.kind for row in drawn.report.cases} == {NAME}

    case = next(iter(yes.verdicts.pairs))[0]
    shown = kgtest.inspect(case.id[:10], workspace=ws)
    assert shown.case.id == case.id and shown.lines[0].bold == "expected:"
    assert {a.name.split(" ")[0] for a in shown.judged} == {"adder", "always-yes"}


def test_a_kind_name_is_registered_once_and_its_request_checked(sums: None, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="registered already"):
        kgtest.register(TOY)
    with pytest.raises(GenerationError, match="at least one sum"):
        request = kgtest.GenRequest(parts={NAME: SumsRequest(count=0)})
        kgtest.generate(request, workspace=tmp_path, graph=False)


def test_without_its_registration_a_stage_names_the_unknown_kind() -> None:
    assert NAME not in kgtest.KINDS.names()
    with pytest.raises(UnknownNameError, match=NAME):
        kgtest.KINDS[NAME]


def test_a_suite_replaced_but_killed_before_its_info_keeps_no_stale_info(
    sums: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = tmp_path / "ws"
    first = kgtest.generate(kgtest.GenRequest(parts={NAME: SumsRequest(count=6)}), workspace=ws, graph=False)
    assert read_suite_info(first.path) is not None

    def killed(suite: Path, info: object) -> Path:
        raise KeyboardInterrupt  # the kill lands after the new suite is written, before its info

    monkeypatch.setattr("kgtest.api.generating.write_suite_info", killed)
    with pytest.raises(KeyboardInterrupt):
        kgtest.generate(kgtest.GenRequest(parts={NAME: SumsRequest(count=4)}), workspace=ws, graph=False)
    assert len(first.path.read_text().splitlines()) == 4 and read_suite_info(first.path) is None


def test_a_seed_no_graph_store_can_keep_is_refused_before_any_work(tmp_path: Path) -> None:
    request = kgtest.GenRequest(questions=kgtest.SuiteRequest(count=4, seed=2**63))
    with pytest.raises(GenerationError, match=r"seed=9223372036854775808: a seed is a signed 64-bit"):
        kgtest.generate(request, workspace=tmp_path, graph=False)
    assert not (tmp_path / "suites").exists()
