"""The report page in a real headless Chromium: it draws, and its filters and search work offline."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from kgtest.report.rates import build_report
from kgtest.report.render import write_report

from .rows import ROWS

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture(scope="module")
def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("Chromium is not installed (apt-get install chromium); .ci/setup installs it")
    return found


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_report(build_report(ROWS), tmp_path_factory.mktemp("report"))["html"]


def browse(chromium: str, url: str, profile: Path, *extra: str) -> str:
    done = subprocess.run(
        [chromium, *FLAGS, f"--user-data-dir={profile}", *extra, url],
        check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    return done.stdout


def test_a_real_browser_draws_the_page(chromium: str, page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    browse(chromium, page.as_uri(), tmp_path / "profile", "--window-size=1200,2000", f"--screenshot={shot}")
    from PIL import Image

    image = Image.open(shot).convert("RGB")
    assert image.size == (1200, 2000)
    # The heatmap and bars put saturated red on the page; a blank or unstyled page has none.
    raw = image.tobytes()
    reds = sum(1 for i in range(0, len(raw), 3) if raw[i] > 150 and raw[i + 1] < 90 and raw[i + 2] < 90)
    assert reds > 2_000


def _visible_cases(dom: str) -> list[str]:
    cases = re.findall(r'<details class="case"([^>]*)>', dom)
    assert len(cases) == len(ROWS)
    return [re.search(r'data-case="([^"]+)"', c)[1] + "@" + re.search(r'data-sut="([^"]+)"', c)[1]  # type: ignore[index]
            for c in cases if "hidden" not in c]  # fmt: skip


@pytest.mark.parametrize(
    ("fragment", "visible"),
    [
        ("", ["c1@a", "c2@a", "c3@a", "c4@a", "c5@a", "c1@b", "c2@b"]),
        ("#outcome=erroneous_knowledge", ["c2@a"]),
        ("#sut=b", ["c1@b", "c2@b"]),
        ("#failing=1", ["c2@a", "c3@a", "c4@a", "c5@a"]),
        ("#q=HYPERLINK", ["c2@a"]),  # words of the reply
        ("#q=reason%20333", ["c3@a"]),  # words of the verdict's reasons
        ("#domain=places&rule=transitive&failing=1", ["c3@a", "c4@a", "c5@a"]),
    ],
)
def test_filters_and_search_run_in_the_browser(
    chromium: str, page: Path, tmp_path: Path, fragment: str, visible: list[str]
) -> None:
    dom = browse(chromium, page.as_uri() + fragment, tmp_path / "profile", "--dump-dom")
    assert 'data-ready="1"' in dom, "the page's script did not finish"
    assert _visible_cases(dom) == visible
    assert f'<span id="shown">{len(visible)}</span>' in dom


def test_a_case_can_be_linked_to(chromium: str, page: Path, tmp_path: Path) -> None:
    dom = browse(chromium, page.as_uri() + "#case=c3", tmp_path / "profile", "--dump-dom")
    opened = re.findall(r'<details class="case"[^>]*data-case="(c\d)"[^>]*open=""', dom)
    assert opened == ["c3"]


@pytest.fixture(scope="module")
def sections_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The case list beside a dialogue conflict and a conversation, both drawn as cases too."""
    from kgtest.report.battery import BatteryReport, ConversationView, TurnView

    from .test_dialogue_page import _conflict, _section

    turn = TurnView(1, "Hello there.", "filler", "Hi!", "", (), ())
    talk = ConversationView("r2", "talk-1", "a", "script", None, (turn,))
    battery = BatteryReport(("a",), (), {}, (), (talk,), ("r2",))
    report = build_report(ROWS, dialogues=[_section([_conflict(0, severe=True, mss=0.1)])], battery=battery)
    return write_report(report, tmp_path_factory.mktemp("sections"))["html"]


@pytest.mark.parametrize("fragment", ["", "#sut=b", "#outcome=erroneous_knowledge&failing=1", "#q=nothing"])
def test_the_case_filters_count_and_hide_only_the_case_list(
    chromium: str, sections_page: Path, tmp_path: Path, fragment: str
) -> None:
    """Issue 41: the counter read "108 of 18 shown" (conflicts and conversations counted), and a
    filter emptied the Conflicts and the conversations' sections."""
    dom = browse(chromium, sections_page.as_uri() + fragment, tmp_path / "profile", "--dump-dom")
    assert 'data-ready="1"' in dom
    listed = dom[dom.index('id="case-list"') :]
    visible = [c for c in re.findall(r'<details class="case"([^>]*)>', listed) if "hidden" not in c]
    assert re.search(rf'<span id="shown">{len(visible)}</span> of {len(ROWS)} cases shown', dom)
    before = dom[: dom.index('id="case-list"')]
    others = re.findall(r'<details class="case"([^>]*)>', before)
    assert len(others) == 2 and not [c for c in others if "hidden" in c], "conflict and conversation stay"
