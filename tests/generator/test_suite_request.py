"""generator/suite.SuiteRequest.validate: a request that cannot be met says so before any work."""

from __future__ import annotations

import pytest

from kgtest.core.errors import GenerationError
from kgtest.generator.suite import MAX_MTL_DEPTH, SuiteRequest


def test_a_depth_no_question_can_be_worded_at_is_refused_at_once() -> None:
    """`gen --mtl-depth 99` drew formulas for ten silent minutes; the API refuses it as the CLI does."""
    SuiteRequest(mtl_depth=MAX_MTL_DEPTH).validate()
    with pytest.raises(GenerationError, match=r"mtl_depth=99: at most 4; deeper formulas cannot be said"):
        SuiteRequest(mtl_depth=99).validate()


def test_a_shortfall_names_the_rule_kinds_not_asked_for_yet() -> None:
    """`gen --rules ground` once told the user to add `--rules ground`."""
    from kgtest.generator.suite import _more

    assert _more(SuiteRequest(kinds=("ground",))).startswith("add rule kinds (--rules ground,symmetric,")
    assert "widen --domain" in _more(SuiteRequest(domains=("people",)))
