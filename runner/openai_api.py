"""``openai:<base-url>[,<base-url>...]?model=NAME[&api_key_env=VAR]``: OpenAI-compatible chat servers.

Requests go out concurrently (``SutOptions.concurrency``) over httpx to whichever base URL has
the fewest in flight; a URL that refuses connections or answers 5xx sits out for a while.
429, 5xx and dropped connections are retried (tenacity) at once on another URL when one is
up, else after exponential backoff or the server's Retry-After, never longer than
``timeout_s``. A request past ``timeout_s`` is not retried. What still fails is a *transient*
failed reply: the run goes on, and the next run asks it again (runner/run.py never caches
one). Failures no retry can fix (nothing listens at any URL, the key is refused, the model is
unknown) stop the run. A 200 whose body is not a chat completion is a failed reply naming the
field that is wrong (runner/openai_schema.py).

The API key is read from an environment variable (``OPENAI_API_KEY`` unless ``api_key_env``
names another) and is never part of the spec, a reply, a log line or an error message; what a
server echoes of it is masked, in errors and in replies (a 200 that echoes the Authorization
header): every reply is cleaned with the key as a secret (runner/reply_check.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import httpx
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_after_attempt

from kgtest.core.errors import ConfigError, SutUnavailableError
from kgtest.core.retry import backoff, retry_after
from kgtest.runner.openai_schema import read_completion
from kgtest.runner.registry import check_params
from kgtest.runner.reply_check import cleaned
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
    if key_env is not None and not key_env.strip():  # an unset "$VAR": it read OPENAI_API_KEY instead
        raise ConfigError(f"--sut {spec!r}: ?api_key_env= names no variable; give ?api_key_env=VAR")
    if key_env and not os.environ.get(key_env):
        raise ConfigError(
            f"--sut {spec!r} reads its API key from {key_env}, which is not set; export {key_env}"
        )
    return OpenAiSut(urls, model, key_env or DEFAULT_KEY_ENV, options)


def _key(variable: str) -> str | None:
    """The key in ``variable``, without the line end a secret file or a paste leaves on it: with
    it, every request failed as "Illegal header value"; one not in ASCII ended in a traceback."""
    key = os.environ.get(variable, "").strip()
    if key and not (key.isascii() and key.isprintable()):
        raise ConfigError(
            f"{variable} holds a character no HTTP header can carry (not ASCII, or a control "
            "character); set it to the key alone"
        )
    return key or None


class _Transient(Exception):
    """One attempt that another may fix: 429, 5xx, a refused or dropped connection."""

    def __init__(self, problem: str, wait_s: float | None = None, refused: bool = False) -> None:
        super().__init__(problem)
        self.problem, self.wait_s, self.refused = problem, wait_s, refused


class OpenAiSut:
    """A model behind one or more OpenAI-compatible ``/chat/completions`` endpoints."""

    def __init__(self, urls: list[str], model: str, key_env: str, options: SutOptions) -> None:
        self.urls, self.model, self.options = urls, model, options
        self.spec = f"openai:{','.join(urls)}?model={model}"
        self._key_env = key_env
        self._api_key = _key(key_env)

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
                index, reply = item
                yield index, cleaned(reply, (self._api_key,) if self._api_key else ())
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
        started = time.perf_counter()
        refusals = 0
        retrying = AsyncRetrying(
            stop=stop_after_attempt(self.options.retries + 1),
            wait=lambda state: self._wait(state, balancer),
            retry=retry_if_exception_type(_Transient),
            reraise=True,
        )
        try:
            async for attempt in retrying:
                with attempt:
                    try:
                        return await self._attempt(client, balancer, body, sampling, started)
                    except _Transient as exc:
                        refusals += exc.refused
                        raise
        except _Transient as exc:
            if refusals == self.options.retries + 1:  # nobody ever answered
                raise SutUnavailableError(
                    f"no OpenAI-compatible server answers at {', '.join(self.urls)}: {exc.problem}. "
                    "Start the server (e.g. `kgtest serve-model`) or fix the URL in --sut"
                ) from None
            problem = f"{exc.problem} (after {self.options.retries} retries)"
            return self._failed(sampling, started, problem, transient=True)
        raise AssertionError("tenacity returns or raises")  # pragma: no cover

    async def _attempt(
        self,
        client: httpx.AsyncClient,
        balancer: _Balancer,
        body: dict[str, Any],
        sampling: Sampling,
        started: float,
    ) -> Reply:
        url, failed = balancer.take(), False
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        try:
            async with asyncio.timeout(self.options.timeout_s):
                response = await client.post(f"{url}/chat/completions", json=body, headers=headers)
        except TimeoutError:
            failed = True
            problem = f"no reply from {url} within {self.options.timeout_s:g} s"
            return self._failed(sampling, started, problem, transient=True)
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            failed = True
            raise _Transient(f"cannot connect to {url} ({type(exc).__name__}: {exc})", refused=True) from None
        except httpx.DecodingError as exc:  # it answered; the run died with httpx's traceback
            problem = f"{url} sent a body that its Content-Encoding does not decode ({exc})"
            return self._failed(sampling, started, problem)
        except httpx.TransportError as exc:  # the connection broke mid-request
            failed = True
            raise _Transient(f"{url}: {type(exc).__name__}: {exc}") from None
        finally:
            balancer.release(url, failed)
        code = response.status_code
        if code == 429 or code >= 500:
            wait = retry_after(response.headers.get("retry-after"), cap=_MAX_WAIT_S)
            balancer.release_status(url, code, wait if code == 429 else None)
            raise _Transient(f"HTTP {code} from {url}: {self._detail(response)}", wait)
        if 300 <= code < 400:
            location = response.headers.get("location")
            target = str(response.request.url.join(location)) if location else ""
            raise SutUnavailableError(self._mask(_redirected(url, code, target)))
        balancer.answered(url)
        return self._parse(response, url, sampling, started)

    def _wait(self, state: RetryCallState, balancer: _Balancer) -> float:
        """At once when another URL is up; else the server's Retry-After or our backoff, within timeout_s."""
        if balancer.any_up():
            return 0.0
        exc = state.outcome.exception() if state.outcome else None
        asked = exc.wait_s if isinstance(exc, _Transient) else None
        wait = asked if asked is not None else backoff(state.attempt_number - 1, base=0.5, cap=_MAX_WAIT_S)
        return min(wait, self.options.timeout_s, _MAX_WAIT_S)

    def _parse(self, response: httpx.Response, url: str, sampling: Sampling, started: float) -> Reply:
        code = response.status_code
        if code in (401, 403):
            hint = (
                f"the key in {self._key_env} was refused"
                if self._api_key
                else f"it needs an API key: export {self._key_env} (or name another with ?api_key_env=VAR)"
            )
            raise SutUnavailableError(
                f"{url} refused the request (HTTP {code}: {self._detail(response)}); {hint}"
            )
        if code == 404:
            raise SutUnavailableError(
                f"{url}/chat/completions: HTTP 404 ({self._detail(response)}); the base URL usually ends "
                f"in /v1, and model={self.model!r} must be one the server has"
            )
        if code >= 400:  # e.g. the conversation does not fit the context: a finding about this case
            return self._failed(sampling, started, f"HTTP {code} from {url}: {self._detail(response)}")
        completion = read_completion(response.content, response.headers.get("content-type", ""))
        if isinstance(completion, str):
            return self._failed(
                sampling, started, f"{url} sent no valid chat completion: {self._mask(completion)}"
            )
        choice, usage = completion.choices[0], completion.usage
        return Reply(
            text=choice.message.content or "",
            system=self.spec,
            sampling=sampling,
            latency_s=time.perf_counter() - started,
            prompt_tokens=usage.prompt_tokens if usage else None,
            completion_tokens=usage.completion_tokens if usage else None,
            finish_reason=choice.finish_reason or "",
        )

    def _failed(self, sampling: Sampling, started: float, error: str, transient: bool = False) -> Reply:
        return Reply.failed(self.spec, sampling, time.perf_counter() - started, error, transient=transient)

    def _detail(self, response: httpx.Response) -> str:
        """The server's error message, short, with anything that looks like the key masked."""
        try:
            error = response.json().get("error")
            message = error.get("message") if isinstance(error, dict) else error
        except (ValueError, AttributeError):
            message = None
        return self._mask(str(message or response.text or response.reason_phrase))[:300]

    def _mask(self, text: str) -> str:
        return mask_secret(text, self._api_key) if self._api_key else text


def _redirected(url: str, code: int, location: str) -> str:
    """Not followed: a POST redirected with 301/302 comes back a GET, and the key would go where the
    user did not send it. Every request would be redirected alike, so the run stops."""
    if not location:
        return (
            f"{url}/chat/completions answered HTTP {code} (a redirect) with no Location; fix the URL in --sut"
        )
    base = location.split("?")[0].removesuffix("/chat/completions")
    return (
        f"{url}/chat/completions redirects (HTTP {code}) to {location}; kgtest does not follow "
        f"redirects: give the base URL it names in --sut (openai:{base}?model=...)"
    )


def mask_secret(text: str, secret: str, run: int = 8) -> str:
    """``text`` with every word that shares ``run`` characters in a row with ``secret`` starred.

    Servers echo a refused key whole or in part ("sk-proj-Ab12...xy9Z"); any eight characters of
    it in a row give it away.
    """
    if len(secret) < run:
        return text.replace(secret, "***") if secret else text
    pieces = {secret[i : i + run] for i in range(len(secret) - run + 1)}

    def star(match: re.Match[str]) -> str:
        word = match.group()
        leaks = any(word[i : i + run] in pieces for i in range(len(word) - run + 1))
        return "***" if leaks else word

    return _WORD.sub(star, text)


_WORD = re.compile(r"[^\s\"'`,;:()<>\[\]{}]+")


class _Balancer:
    """Fewest requests in flight first, then fewest served; a URL that fails sits out a while.

    A refused connection or a 5xx doubles its time out with each failure in a row (2 s, 4 s ...
    60 s), so the other URLs take the load; a 429 sits it out for its Retry-After. Any other
    answer brings it back.
    """

    def __init__(self, urls: list[str]) -> None:
        self.in_flight = dict.fromkeys(urls, 0)
        self.served = dict.fromkeys(urls, 0)
        self.failures = dict.fromkeys(urls, 0)
        self.down_until = dict.fromkeys(urls, 0.0)

    def any_up(self) -> bool:
        now = time.monotonic()
        return any(t <= now for t in self.down_until.values())

    def take(self) -> str:
        now = time.monotonic()
        up = [u for u, t in self.down_until.items() if t <= now]
        candidates = up or [min(self.down_until, key=self.down_until.__getitem__)]
        url = min(candidates, key=lambda u: (self.in_flight[u], self.served[u]))
        self.in_flight[url] += 1
        self.served[url] += 1
        return url

    def release(self, url: str, failed: bool) -> None:
        """The request to ``url`` is over; ``failed``: no HTTP answer came."""
        self.in_flight[url] -= 1
        if failed:
            self._sit_out(url)

    def release_status(self, url: str, code: int, busy_s: float | None) -> None:
        """``url`` answered ``code``: a 5xx sits it out like a refusal, a 429 for its Retry-After."""
        if code >= 500:
            self._sit_out(url)
        elif busy_s:
            self.down_until[url] = max(self.down_until[url], time.monotonic() + busy_s)

    def answered(self, url: str) -> None:
        self.failures[url] = 0

    def _sit_out(self, url: str) -> None:
        self.failures[url] += 1
        self.down_until[url] = time.monotonic() + min(60.0, 2.0 ** self.failures[url])


def _first(exc: BaseException) -> BaseException:
    """The task group wraps failures; the user needs the first real one."""
    while isinstance(exc, BaseExceptionGroup):
        exc = exc.exceptions[0]
    return exc
