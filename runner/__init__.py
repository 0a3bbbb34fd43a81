"""Put test cases to systems under test and keep their replies (docs/runner.md).

``open_sut(spec)`` gives a ``SystemUnderTest`` (a local transformers model, an OpenAI-compatible
server, or a plug-in class); ``run_suite`` asks it a suite's cases, caching every ``Reply`` as it
arrives, one driver per kind of case deciding what to send next, and ``read_replies`` reads a
run's replies back for the oracle. Backends import torch or
httpx only when a spec chooses them.
"""

from kgtest.runner.cache import ReplyCache, reply_key
from kgtest.runner.registry import ALIASES, SCHEMES, open_sut
from kgtest.runner.run import RunPlan, RunSummary, conversation_of, read_replies, run_suite
from kgtest.runner.server import ModelServer
from kgtest.runner.sut import Conversation, Message, Reply, Sampling, SutOptions, SystemUnderTest

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
