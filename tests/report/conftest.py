"""The oracle's real models, for tests that read real verdicts (loaded once per session)."""

from tests.oracle.conftest import embedder, judge

__all__ = ["embedder", "judge"]
