"""Put test cases to systems under test and keep their replies (docs/runner.md).

``open_sut(spec)`` gives a ``SystemUnderTest`` (a local transformers model, an OpenAI-compatible
server, or a plug-in class); ``run_suite`` asks it a suite's cases, caching every ``Reply`` as it
arrives, one driver per kind of case deciding what to send next, and ``read_replies`` reads a
run's replies back for the oracle. Backends import torch or
httpx only when a spec chooses them.

Importing this package loads none of them: a name is imported on first use (PEP 562), as in
oracle/__init__.py, so ``judge`` reading a run's transcripts does not import the runner and its
model server (75 ms).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgtest.core.lazy import lazy_names

if TYPE_CHECKING:
    from kgtest.runner.cache import ReplyCache, reply_key
    from kgtest.runner.drivers import conversation_of
    from kgtest.runner.plan import RunPlan
    from kgtest.runner.registry import ALIASES, SCHEMES, open_sut
    from kgtest.runner.run import RunSummary, read_replies, run_suite
    from kgtest.runner.server import ModelServer
    from kgtest.runner.sut import Conversation, Message, Reply, Sampling, SutOptions, SystemUnderTest

_WHERE = {
    "ALIASES": "kgtest.runner.registry",
    "SCHEMES": "kgtest.runner.registry",
    "Conversation": "kgtest.runner.sut",
    "Message": "kgtest.runner.sut",
    "ModelServer": "kgtest.runner.server",
    "Reply": "kgtest.runner.sut",
    "ReplyCache": "kgtest.runner.cache",
    "RunPlan": "kgtest.runner.plan",
    "RunSummary": "kgtest.runner.run",
    "Sampling": "kgtest.runner.sut",
    "SutOptions": "kgtest.runner.sut",
    "SystemUnderTest": "kgtest.runner.sut",
    "conversation_of": "kgtest.runner.drivers",
    "open_sut": "kgtest.runner.registry",
    "read_replies": "kgtest.runner.run",
    "reply_key": "kgtest.runner.cache",
    "run_suite": "kgtest.runner.run",
}


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "ALIASES",
    "SCHEMES",
    "Conversation",
    "Message",
    "ModelServer",
    "Reply",
    "ReplyCache",
    "RunPlan",
    "RunSummary",
    "Sampling",
    "SutOptions",
    "SystemUnderTest",
    "conversation_of",
    "open_sut",
    "read_replies",
    "reply_key",
    "run_suite",
]
