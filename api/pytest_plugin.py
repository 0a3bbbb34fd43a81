"""kgtest's pytest plugin (entry point ``pytest11``): each case of a suite one test item (docs/pytest.md).

    import pytest

    @pytest.mark.kgtest(MyBot(), questions="questions.jsonl", kinds=["fact"])
    def test_bot(kgtest_case):
        kgtest_case.assert_passed()

A test that takes ``kgtest_case`` and carries the ``kgtest`` marker becomes one item per case
the marker chooses, named by the case id; the first item asks the system every chosen case and
judges them (api/testing.py), the others read the verdicts. A failure shows the prompt sent, the
reply, the oracle's reasons and the proof. The plugin loads with every pytest run, so it imports
nothing of kgtest until a test asks for a case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from kgtest.api.testing import Ask, CaseResult

MARKER = "kgtest"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "kgtest_workspace",
        "kgtest's workspace for the kgtest marker, relative to the rootdir "
        "(default: $KGTEST_WORKSPACE, else ./kgtest-workspace)",
        default="",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(system, suite=None, questions=None, kinds=(), rules=(), domains=(), ids=(), "
        "workspace=None, **settings): ask SYSTEM (a spec, a [[sut]] name or an object with "
        "respond(conversation)) the chosen cases of SUITE or of a QUESTIONS file; a test taking "
        "`kgtest_case` runs once per case (docs/pytest.md)",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "kgtest_case" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker(MARKER)
    if marker is None:
        raise pytest.UsageError(
            f"{metafunc.definition.nodeid} takes kgtest_case but has no @pytest.mark.kgtest(system, ...) "
            "saying what to ask whom"
        )
    from kgtest.api.testing import case_ids

    ask = _ask(marker, metafunc.config)
    ids = case_ids(ask)
    metafunc.parametrize("kgtest_case", [(ask, i) for i in ids], ids=ids, indirect=True)


@pytest.fixture
def kgtest_case(request: pytest.FixtureRequest) -> CaseResult:
    """The case this item stands for, asked and judged (``.passed``, ``.explain()``, ``.assert_passed()``)."""
    from kgtest.api.testing import asked

    ask, case_id = request.param
    return asked(ask)[case_id]


def _ask(marker: pytest.Mark, config: pytest.Config) -> Ask:
    from kgtest.api.testing import Ask

    if len(marker.args) != 1:
        raise pytest.UsageError(
            f"@pytest.mark.{MARKER} takes one system (a spec or an object), then keywords"
        )
    given: dict[str, Any] = dict(marker.kwargs)
    kinds, rules, domains, ids = (_names(given.pop(k, ())) for k in ("kinds", "rules", "domains", "ids"))
    suite, questions, workspace = (given.pop(k, None) for k in ("suite", "questions", "workspace"))
    if workspace is None:
        ini = str(config.getini("kgtest_workspace"))
        workspace = config.rootpath / ini if ini else None
    return Ask(marker.args[0], suite, questions, kinds, rules, domains, ids, workspace, given)


def _names(value: object) -> tuple[str, ...]:
    """A name, or a list of them."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list | tuple):
        return tuple(str(v) for v in value)
    raise pytest.UsageError(f"@pytest.mark.{MARKER}: expected a name or a list of names, got {value!r}")
