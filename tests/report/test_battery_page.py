"""The conversations' section of the page: histograms only where they show something."""

from __future__ import annotations

import re
from pathlib import Path

from openpyxl import load_workbook

from kgtest.oracle.conversation.swan import ScoredNugget
from kgtest.report.battery import BatteryReport, Bucket, ConversationView, TurnView
from kgtest.report.rates import build_report
from kgtest.report.render import write_report


def test_a_test_tried_at_one_strength_gets_no_histogram_and_the_page_says_why(tmp_path: Path) -> None:
    """Issue 41: a short conversation drew five empty histograms (one attempt each)."""
    histograms = {
        "bot": {
            "U3": (Bucket("0", 0, 1), Bucket("1", 0, 0)),
            "I1": (Bucket("1 rounds", 1, 1), Bucket("2 rounds", 0, 0), Bucket("3 rounds", 0, 2)),
        },
        "short": {"U4": (Bucket("0", 0, 1),)},
    }
    battery = BatteryReport(("bot", "short"), (), histograms, (), (), ("r1",))
    page = write_report(build_report([], battery=battery), tmp_path)["html"].read_text(encoding="utf-8")
    part = page[page.index("Success by strength") : page.index("Every conversation")]
    assert part.count("<figure>") == 1, "I1 of bot only: attempts at two distances"
    assert re.search(r"<h4>bot</h4><figure>.*I1.*</figure>", part, flags=re.S)
    said = re.sub(r"<[^>]+>", "", part)  # the codes are explained on hover
    assert "No histogram for U3 (1 attempt, all at 0)" in said
    assert "No histogram for U4 (1 attempt, all at 0)" in said
    assert 'title="Typing mistakes' in part


def test_a_long_reply_is_in_the_workbook_once_not_once_a_sentence(tmp_path: Path) -> None:
    """Each nugget's row held the whole reply: 4,000 sentences of a 1 MB reply made a sheet of
    133 MB (probe-14b)."""
    reply = "Yes. " * 3000
    nuggets = tuple(
        ScoredNugget("c1", "bot", 1, i, "O", "agree", "Yes.", "", "", {}, 1.0) for i in range(1, 3001)
    )
    turn = TurnView(1, "Is Paris in France?", "question", reply, "", (), nuggets)
    talk = ConversationView("r1", "c1", "bot", "", None, (turn,))
    battery = BatteryReport(("bot",), (), {}, (), (talk,), ("r1",))
    path = write_report(build_report([], battery=battery), tmp_path)["xlsx"]
    rows = list(load_workbook(path, read_only=True)["battery turns"].iter_rows(min_row=2, values_only=True))
    assert len(rows) == 3000 and rows[0][5] in (reply, reply.rstrip())
    assert all(row[5] is None for row in rows[1:])
