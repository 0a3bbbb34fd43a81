"""``openai:<base-url>[,<base-url>...]?model=NAME[&api_key_env=VAR]``: OpenAI-compatible chat servers.

Requests go out concurrently (``SutOptions.concurrency``) to whichever base URL has the fewest
in flight. 429, 5xx and dropped connections are retried with exponential backoff, or after
the server's Retry-After. A request past ``timeout_s`` becomes a failed reply, not a retry:
the run goes on and ``--retry-failed`` asks again later. Failures no retry can fix (nothing
listens at any URL, the key is refused, the model is unknown) stop the run.

The API key is read from an environment variable (``OPENAI_API_KEY`` unless ``api_key_env``
names another) and is never part of the spec, a reply, a log line or an error message.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import httpx

from kgtest.core.errors import ConfigError, SutUnavailableError
from kgtest.core.retry import backoff, retry_after
from kgtest.runner.registry import check_params
from kgtest.runner.sut import Conversation, Reply, Sampling, SutOptions

DEFAULT_KEY_ENV = "OPENAI_API_KEY"
_PARAMS = ("model", "api_key_env")
_MAX_WAIT_S = 120.0
"""Longest pause between attempts, whatever Retry-After says."""

_Result = tuple[int, Reply] | BaseException | None


def open(target: str, params: dict[str, str], options: SutOptions) -> OpenAiSut:
    spec = f"openai:{target}"
    check_params(params, _PARAMS, spec)
    urls = [u.strip().rstrip("/") for u in target.split(",") if u.strip()]
    bad = [u for u in urls if not u.startswith(("http://", "https://"))]
    if bad or not urls:
        raise ConfigError(
            f"--sut {spec!r}: base URLs must start with http:// or https:// (got {bad or target!r})"
        )
    model = params.get("model")
    if not model:
        raise ConfigError(
            f"--sut {spec!r} needs ?model=NAME, e.g. openai:http://127.0.0.1:8000/v1?model=smollm2"
        )
    key_env = params.get("api_key_env")
    if key_env and not os.environ.get(key_env):
        raise ConfigError(
            f"--sut {spec!r} reads its API key from {key_env}, which is not set; export {key_env}"
        )
    return OpenAiSut(urls, model, key_env or DEFAULT_KEY_ENV, options)


class OpenAiSut:
    """A model behind one or more OpenAI-compatible ``/chat/completions`` endpoints."""

    def __init__(self, urls: list[str], model: str, key_env: str, options: SutOptions) -> None:
        self.urls, self.model, self.options = urls, model, options
        self.spec = f"openai:{','.join(urls)}?model={model}"
        self._key_env = key_env
        self._api_key = os.environ.get(key_env) or None

    def __repr__(self) -> str:  # no key in tracebacks or logs
        return f"OpenAiSut({self.spec!r})"

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        results: queue.Queue[_Result] = queue.Queue()
        loop = asyncio.new_event_loop()
        main = (
            loop.create_task(self._ask_all(conversations, sampling, results.put)) if conversations else None
        )

        def work() -> None:
            try:
                if main is not None:
                    loop.run_until_complete(main)
                results.put(None)
            except BaseException as exc:  # handed to the consumer, which raises it
                results.put(_first(exc))

        thread = threading.Thread(target=work, name="openai-client", daemon=True)
        thread.start()
        try:
            while (item := results.get()) is not None:
                if isinstance(item, BaseException):
                    raise item
                yield item
        finally:  # also when the consumer stops early (Ctrl-C): cancel what is in flight
            if main is not None and not main.done():
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(main.cancel)
            thread.join()
            loop.close()

    def close(self) -> None:
        """Connections live only as long as one ``replies`` call."""

    async def _ask_all(
        self, conversations: Sequence[Conversation], sampling: Sampling, put: Callable[[_Result], None]
    ) -> None:
        balancer = _Balancer(self.urls)
        gate = asyncio.Semaphore(self.options.concurrency)
        limits = httpx.Limits(max_connections=self.options.concurrency * len(self.urls))
        # The per-request limit is asyncio.timeout in _ask; httpx only bounds the connect phase.
        timeout = httpx.Timeout(None, connect=min(self.options.timeout_s, 10.0))
        async with httpx.AsyncClient(limits=limits, timeout=timeout) as client:

            async def one(i: int) -> None:
                async with gate:
                    put((i, await self._ask(client, balancer, conversations[i], sampling)))

            async with asyncio.TaskGroup() as group:
                for i in range(len(conversations)):
                    group.create_task(one(i))

    async def _ask(
        self, client: httpx.AsyncClient, balancer: _Balancer, conversation: Conversation, sampling: Sampling
    ) -> Reply:
        body = {
            "model": self.model,
            "messages": list(conversation),
            "temperature": sampling.temperature,
            "max_tokens": sampling.max_tokens,
            "seed": sampling.seed,
        }
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        started = time.perf_counter()
        problem, unreachable = "", True
        for attempt in range(self.options.retries + 1):
            url, refused = balancer.take(), False
            try:
                async with asyncio.timeout(self.options.timeout_s):
                    response = await client.post(f"{url}/chat/completions", json=body, headers=headers)
            except TimeoutError:
                return self._failed(
                    sampling, started, f"no reply from {url} within {self.options.timeout_s:g} s"
                )
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                problem, refused = f"cannot connect to {url} ({type(exc).__name__}: {exc})", True
                wait = _backoff(attempt)
            except httpx.TransportError as exc:  # the connection broke mid-request
                problem, wait, unreachable = f"{url}: {type(exc).__name__}: {exc}", _backoff(attempt), False
            else:
                if response.status_code != 429 and response.status_code < 500:
                    return self._parse(response, url, sampling, started)
                problem, unreachable = f"HTTP {response.status_code} from {url}: {_detail(response)}", False
                wait = _retry_after(response) or _backoff(attempt)
            finally:
                balancer.release(url, refused)
            if attempt < self.options.retries:
                await asyncio.sleep(wait)
        if unreachable:
            raise SutUnavailableError(
                f"no OpenAI-compatible server answers at {', '.join(self.urls)}: {problem}. "
                "Start the server (e.g. `kgtest serve-model`) or fix the URL in --sut"
            )
        return self._failed(sampling, started, f"{problem} (after {self.options.retries} retries)")

    def _parse(self, response: httpx.Response, url: str, sampling: Sampling, started: float) -> Reply:
        code = response.status_code
        if code in (401, 403):
            hint = (
                f"the key in {self._key_env} was refused"
                if self._api_key
                else f"it needs an API key: export {self._key_env} (or name another with ?api_key_env=VAR)"
            )
            raise SutUnavailableError(f"{url} refused the request (HTTP {code}: {_detail(response)}); {hint}")
        if code == 404:
            raise SutUnavailableError(
                f"{url}/chat/completions: HTTP 404 ({_detail(response)}); the base URL usually ends in /v1, "
                f"and model={self.model!r} must be one the server has"
            )
        if code >= 400:  # e.g. the conversation does not fit the context: a finding about this case
            return self._failed(sampling, started, f"HTTP {code} from {url}: {_detail(response)}")
        try:
            data = response.json()
            choice = data["choices"][0]
            text = choice["message"]["content"] or ""
            usage: dict[str, Any] = data.get("usage") or {}
        except (ValueError, KeyError, IndexError, TypeError):
            return self._failed(
                sampling, started, f"{url} did not send a chat completion: {response.text[:200]!r}"
            )
        return Reply(
            text=text,
            system=self.spec,
            sampling=sampling,
            latency_s=time.perf_counter() - started,
            prompt_tokens=usage.get("prompt_tokens"),
            completion_tokens=usage.get("completion_tokens"),
            finish_reason=choice.get("finish_reason") or "",
        )

    def _failed(self, sampling: Sampling, started: float, error: str) -> Reply:
        return Reply.failed(self.spec, sampling, time.perf_counter() - started, error)


class _Balancer:
    """Fewest requests in flight first, then fewest served; a URL that refuses connections sits out.

    Its time out doubles with each refusal in a row (2 s, 4 s ... 60 s), so it outlasts the
    caller's own backoff and the other URLs take the load; any HTTP answer brings it back.
    """

    def __init__(self, urls: list[str]) -> None:
        self.in_flight = dict.fromkeys(urls, 0)
        self.served = dict.fromkeys(urls, 0)
        self.refusals = dict.fromkeys(urls, 0)
        self.down_until = dict.fromkeys(urls, 0.0)

    def take(self) -> str:
        now = time.monotonic()
        up = [u for u, t in self.down_until.items() if t <= now]
        candidates = up or [min(self.down_until, key=self.down_until.__getitem__)]
        url = min(candidates, key=lambda u: (self.in_flight[u], self.served[u]))
        self.in_flight[url] += 1
        self.served[url] += 1
        return url

    def release(self, url: str, refused: bool) -> None:
        self.in_flight[url] -= 1
        if not refused:
            self.refusals[url] = 0
            return
        self.refusals[url] += 1
        self.down_until[url] = time.monotonic() + min(60.0, 2.0 ** self.refusals[url])


def _backoff(attempt: int) -> float:
    return backoff(attempt, base=0.5, cap=_MAX_WAIT_S)


def _retry_after(response: httpx.Response) -> float | None:
    return retry_after(response.headers.get("retry-after"), cap=_MAX_WAIT_S)


def _detail(response: httpx.Response) -> str:
    """The server's error message, short."""
    try:
        error = response.json().get("error")
        message = error.get("message") if isinstance(error, dict) else error
    except (ValueError, AttributeError):
        message = None
    return str(message or response.text or response.reason_phrase)[:300]


def _first(exc: BaseException) -> BaseException:
    """The task group wraps failures; the user needs the first real one."""
    while isinstance(exc, BaseExceptionGroup):
        exc = exc.exceptions[0]
    return exc
