"""A database folder deleted while a command uses it is an error, not a silent success."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kgtest.core.errors import StoreError
from kgtest.core.settings import load_settings
from kgtest.kg.store import open_store


def test_writes_into_a_deleted_database_folder_are_reported_lost(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "ws", env={})
    lost = pytest.raises(StoreError, match=r"was deleted while kgtest was using it; .* is lost")
    with lost, open_store(settings) as store:
        store.query("CREATE (:Probe {id: 'before'})")
        shutil.rmtree(settings.paths.db)
        store.query("CREATE (:Probe {id: 'after'})")  # the engine still takes it
    with open_store(settings) as store:  # a fresh, empty database: nothing pretended to be kept
        assert store.query("MATCH (p:Probe) RETURN count(p) AS n")[0]["n"] == 0
