"""``kgtest build-kb`` that dies inside ArcadeDB's ingest, as a kill would leave it.

    python -m tests.kg.crash_build HOOK CHUNK kgtest-arguments...

While writing its CHUNK-th chunk of facts, the process exits at once (no clean-up, like a
SIGKILL) when the engine reaches the GraphBatch stage HOOK names, e.g.
TEST_BEFORE_INCOMING_EDGE_COMMIT_HOOK: edge records exist there, linked from neither end.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import jpype

from kgtest.cli.main import main
from kgtest.kg import arcade_batch
from kgtest.kg.model import Fact

KILLED = 137


def die(attempt: int) -> None:
    os._exit(KILLED)


def crash_in_chunk(hook: str, chunk: int) -> None:
    original = arcade_batch.ArcadeBatchWriter.create_facts
    calls = 0

    def create_facts(self: arcade_batch.ArcadeBatchWriter, facts: Sequence[Fact]) -> None:
        nonlocal calls
        calls += 1
        if calls == chunk:
            graph_batch = jpype.JClass("com.arcadedb.graph.GraphBatch")
            setattr(graph_batch, hook, jpype.JProxy("java.util.function.IntConsumer", dict(accept=die)))
        original(self, facts)

    arcade_batch.ArcadeBatchWriter.create_facts = create_facts  # type: ignore[method-assign]


if __name__ == "__main__":
    crash_in_chunk(sys.argv[1], int(sys.argv[2]))
    sys.argv = ["kgtest", *sys.argv[3:]]
    main()
