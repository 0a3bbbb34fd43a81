"""The family-and-places KB (tests/generator/kb_fixture.py) in memory, without a graph store."""

from __future__ import annotations

import pytest

from kgtest.generator.kbview import KbView

from ..kb_fixture import family_view


@pytest.fixture(scope="session")
def view(tmp_path_factory: pytest.TempPathFactory) -> KbView:
    return family_view(tmp_path_factory.mktemp("kb"))
