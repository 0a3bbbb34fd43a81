"""Progress off a terminal: each phase says it started, as it starts."""

from __future__ import annotations

import pytest

from kgtest.core.progress import phases


def test_a_phase_says_it_started_off_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    # rich draws the bars once, at the end, when stderr is a file: `gen` on a KB of one subject
    # with 100,000 facts spent minutes in Prolog and printed nothing until then (probe-14b)
    with phases() as progress:
        progress("questions", 0, 0)
        assert capsys.readouterr().err == "questions: started\n"
        progress("questions", 3, 5)
        progress("questions", 0, 5)  # a phase started again (a model's next batch) says nothing more
        assert capsys.readouterr().err == ""
    with phases(quiet=True) as progress:
        progress("questions", 0, 0)
    assert "started" not in capsys.readouterr().err
