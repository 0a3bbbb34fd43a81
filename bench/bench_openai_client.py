"""The ``openai:`` client's own cost: kgtest's (httpx + tenacity) against the openai SDK.

    python bench/bench_openai_client.py [--requests 2000] [--concurrency 8] [--repeat 3]

Both send the same chat requests, with the same concurrency, to one ``kgtest serve-model``
server in this process whose bot answers at once, so what differs is the client. The openai
SDK is measured only when installed (``pip install openai``); its own retries are off, as
kgtest retries across replicas itself. Reports seconds (best of ``--repeat``) and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Callable

from kgtest.runner.plugin import PluginSut
from kgtest.runner.registry import open_sut
from kgtest.runner.server import ModelServer
from kgtest.runner.sut import Conversation, Message, Sampling, SutOptions


class Instant:
    """Answers at once, so the server costs as little as it can."""

    def respond(self, conversation: list[Message]) -> str:
        return "Yes. " + conversation[-1]["content"]


def kgtest_client(url: str, conversations: list[Conversation], concurrency: int) -> None:
    sut = open_sut(f"openai:{url}?model=bench", SutOptions(concurrency=concurrency))
    replies = dict(sut.replies(conversations, Sampling()))
    assert len(replies) == len(conversations) and all(r.ok for r in replies.values())


def sdk_client(url: str, conversations: list[Conversation], concurrency: int) -> None:
    from openai import AsyncOpenAI

    async def ask_all() -> None:
        client = AsyncOpenAI(base_url=url, api_key="unused", max_retries=0)
        gate = asyncio.Semaphore(concurrency)

        async def one(conversation: Conversation) -> str:
            async with gate:
                answer = await client.chat.completions.create(
                    model="bench",
                    messages=list(conversation),
                    temperature=0,
                    max_tokens=64,
                    seed=0,  # type: ignore[arg-type]
                )
                return answer.choices[0].message.content or ""

        texts = await asyncio.gather(*(one(c) for c in conversations))
        assert len(texts) == len(conversations)
        await client.close()

    asyncio.run(ask_all())


def best(run: Callable[[], None], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    conversations = [({"role": "user", "content": f"Question {i}?"},) for i in range(args.requests)]
    bot = PluginSut(Instant(), "plugin:Instant")
    with ModelServer(bot, model="bench", max_batch=64, max_pending=4 * args.requests, gather_s=0.0) as server:
        ours = best(lambda: kgtest_client(server.url, conversations, args.concurrency), args.repeat)
        print(f"kgtest (httpx + tenacity) {ours:6.2f} s  {args.requests / ours:7.1f} requests/s")
        try:
            import openai  # noqa: F401
        except ImportError:
            print("openai SDK not installed: pip install openai to compare")
            return
        sdk = best(lambda: sdk_client(server.url, conversations, args.concurrency), args.repeat)
        print(f"openai SDK                {sdk:6.2f} s  {args.requests / sdk:7.1f} requests/s")
        print(f"SDK time / kgtest time: {sdk / ours:.2f}x")


if __name__ == "__main__":
    main()
