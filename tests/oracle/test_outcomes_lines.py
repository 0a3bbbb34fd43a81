"""oracle/outcomes.py ``verdicts_mentioning``: a case's verdicts from the lines that name it alone."""

from __future__ import annotations

import json
from pathlib import Path

from kgtest.oracle.outcomes import JudgedReply, verdicts_mentioning


def _record(case_id: str, reply: str) -> str:
    return json.dumps(JudgedReply(case_id, "sys", "correct", False, False, reply, None).to_dict())


def test_only_the_case_s_own_records_come_back(tmp_path: Path) -> None:
    path = tmp_path / "verdicts.jsonl"
    lines = [
        _record("ab12", "Yes."),
        "not a record ab12",
        _record("cd34", "ab12 is named here"),
        _record("ab12", "No."),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [r.reply for r in verdicts_mentioning(path, "ab12")] == ["Yes.", "No."]
    assert verdicts_mentioning(path, "zz") == []
    assert verdicts_mentioning(tmp_path / "gone.jsonl", "ab12") == []
