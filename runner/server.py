"""An OpenAI-compatible chat server in front of any system under test (``kgtest serve-model``).

It lets a local model be questioned over HTTP like a hosted one: by several kgtest runs at
once, from another machine, or by the ``openai:`` client in tests. Requests that arrive
together with the same sampling settings are answered in one batch. More than
``max_pending`` waiting requests get 429 with Retry-After, as busy hosted APIs do; with an
API key set, requests without it get 401. Without a temperature a request is answered
greedily (deterministic), unlike OpenAI's default of 1. Standard library only.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, cast

from kgtest.runner.reply_check import cleaned
from kgtest.runner.sut import Conversation, Reply, Sampling, SystemUnderTest

log = logging.getLogger(__name__)

_MAX_BODY = 10 * 2**20


@dataclass(eq=False)
class _Job:
    conversation: Conversation
    sampling: Sampling
    done: threading.Event = field(default_factory=threading.Event)
    reply: Reply | None = None


class _Batcher:
    """One worker thread owns the model; requests queue here and leave in batches: at most
    ``max_batch``, or (None) every waiting one, which the system splits into its own batches (hf:
    16 on a CPU, 128 on a GPU), so a GPU is not held to a CPU's batch."""

    def __init__(
        self, sut: SystemUnderTest, max_batch: int | None, max_pending: int, gather_s: float
    ) -> None:
        self._sut, self._max_batch, self._max_pending, self._gather_s = sut, max_batch, max_pending, gather_s
        self._jobs: list[_Job] = []
        self._pending = 0
        self._closed = False
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._work, name="model-batcher", daemon=True)
        self._thread.start()

    def submit(self, job: _Job) -> bool:
        """Queue a job; False when ``max_pending`` are already waiting or running."""
        with self._cond:
            if self._pending >= self._max_pending:
                return False
            self._pending += 1
            self._jobs.append(job)
            self._cond.notify()
            return True

    @property
    def pending(self) -> int:
        with self._cond:
            return self._pending

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._jobs and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
            time.sleep(self._gather_s)  # requests sent together join this batch
            with self._cond:
                sampling = self._jobs[0].sampling
                batch = [j for j in self._jobs if j.sampling == sampling][: self._max_batch]
                self._jobs = [j for j in self._jobs if j not in batch]
            try:
                for i, reply in self._sut.replies([j.conversation for j in batch], sampling):
                    batch[i].reply = reply
                    batch[i].done.set()
            except Exception as exc:  # a crash of the system answers every request in the batch
                log.exception("the system under test failed")
                for job in batch:
                    job.reply = job.reply or Reply.failed(
                        self._sut.spec, sampling, 0.0, f"{type(exc).__name__}: {exc}"
                    )
                    job.done.set()
            with self._cond:
                self._pending -= len(batch)


class _Listener(ThreadingHTTPServer):
    """The standard library's server with room for a GPU batch of clients connecting at once: its
    listen backlog of 5 dropped the rest, which connected a second or more later, or timed out."""

    request_queue_size = 256


class ModelServer:
    """Serves ``/v1/chat/completions`` and ``/v1/models`` on ``host:port`` (port 0: any free one)."""

    def __init__(
        self,
        sut: SystemUnderTest,
        *,
        model: str,
        host: str = "127.0.0.1",
        port: int = 0,
        max_batch: int | None = None,
        max_pending: int = 256,
        retry_after_s: int = 1,
        api_key: str | None = None,
        gather_s: float = 0.02,
    ) -> None:
        self.sut, self.model, self.retry_after_s = sut, model, retry_after_s
        self._api_key = api_key
        self.status_counts: Counter[int] = Counter()
        """Responses sent, by HTTP status: what operators (and tests) look at."""
        self._batcher = _Batcher(sut, max_batch, max_pending, gather_s)
        self._http = _Listener((host, port), _Handler)
        self._http.daemon_threads = True
        cast(Any, self._http).app = self
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The base URL for ``openai:`` specs."""
        host, port = self._http.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def authorized(self, header: str | None) -> bool:
        return self._api_key is None or header == f"Bearer {self._api_key}"

    def submit(self, job: _Job) -> bool:
        return self._batcher.submit(job)

    @property
    def pending(self) -> int:
        """Requests waiting or being answered (beyond ``max_pending``, 429)."""
        return self._batcher.pending

    def start(self) -> ModelServer:
        """Serve from a background thread."""
        self._thread = threading.Thread(target=self._http.serve_forever, name="model-server", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self._http.serve_forever()

    def close(self) -> None:
        if self._thread is not None:
            self._http.shutdown()
        self._http.server_close()
        self._batcher.close()

    def __enter__(self) -> ModelServer:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, which the openai: client relies on
    server_version = "kgtest-serve-model"

    @property
    def app(self) -> ModelServer:
        return cast(ModelServer, cast(Any, self.server).app)

    def do_GET(self) -> None:
        if self.path.rstrip("/") == "/v1/models":
            self._send(200, {"object": "list", "data": [{"id": self.app.model, "object": "model"}]})
        else:
            self._send(404, _error(f"no route {self.path}; try /v1/models or /v1/chat/completions"))

    def do_POST(self) -> None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0:  # no body can be read to its end: answer, and close rather than guess
            self.close_connection = True
            self._send(400, _error("Content-Length is not a byte count", "invalid_request_error"))
            return
        if length > _MAX_BODY:
            while length > 0:  # read it to the end, or the client sees a reset instead of our answer
                length -= len(self.rfile.read(min(length, 2**16))) or length
            self._send(413, _error(f"request body over {_MAX_BODY} bytes", "invalid_request_error"))
            return
        body = self.rfile.read(length)
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._send(404, _error(f"no route {self.path}; POST /v1/chat/completions"))
        elif not self.app.authorized(self.headers.get("Authorization")):
            self._send(401, _error("missing or wrong API key (Authorization: Bearer ...)", "invalid_api_key"))
        else:
            self._complete(body)

    def _complete(self, body: bytes) -> None:
        try:
            request = json.loads(body)
            conversation, sampling = _read_request(request)
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError) as exc:
            # each was a traceback in the handler and a connection closed without an answer
            self._send(400, _error(f"bad request: {exc}", "invalid_request_error"))
            return
        if request.get("model") != self.app.model:
            self._send(
                404,
                _error(
                    f"The model {request.get('model')!r} does not exist; this server has {self.app.model!r}"
                ),
            )
            return
        job = _Job(conversation, sampling)
        if not self.app.submit(job):
            self._send(429, _error("too many requests waiting; retry later", "rate_limit"), retry_after=True)
            return
        job.done.wait()
        reply = cleaned(cast(Reply, job.reply))  # text JSON can carry, no secret of this machine's
        if not reply.ok:
            self._send(500, _error(str(reply.error), "server_error"))
            return
        usage = {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens}
        if reply.prompt_tokens is not None and reply.completion_tokens is not None:
            usage["total_tokens"] = reply.prompt_tokens + reply.completion_tokens
        self._send(
            200,
            {
                "id": f"chatcmpl-{uuid.uuid4().hex}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": self.app.model,
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": reply.text},
                        "finish_reason": reply.finish_reason or "stop",
                    }
                ],
                "usage": usage,
            },
        )

    def _send(self, status: int, payload: dict[str, Any], retry_after: bool = False) -> None:
        try:
            data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: JSON's escapes carry it, raw UTF-8 cannot
            data = json.dumps(payload).encode("ascii")
        self.app.status_counts[status] += 1
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            if retry_after:
                self.send_header("Retry-After", str(self.app.retry_after_s))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (its timeout)
            self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:  # to logging, not raw stderr
        log.info("%s %s", self.address_string(), format % args)


def _read_request(request: dict[str, Any]) -> tuple[Conversation, Sampling]:
    if request.get("stream"):
        raise ValueError("stream=true is not supported")
    messages = request["messages"]
    if not isinstance(messages, list) or not messages:
        raise ValueError("messages must be a non-empty list")
    conversation = tuple({"role": str(m["role"]), "content": str(m["content"])} for m in messages)
    temperature = float(request.get("temperature") or 0.0)
    if not 0.0 <= temperature < math.inf:  # nan fails it too
        raise ValueError(f"temperature {temperature} is not a finite number >= 0")
    max_tokens = int(request.get("max_tokens") or request.get("max_completion_tokens") or 256)
    if max_tokens < 1:
        raise ValueError(f"max_tokens {max_tokens} is not a positive whole number")
    seed = int(request.get("seed") or 0)
    if not -(2**63) <= seed < 2**63:
        raise ValueError(f"seed {seed} is not a 64-bit integer")
    return conversation, Sampling(temperature=temperature, max_tokens=max_tokens, seed=seed)


def _error(message: str, kind: str = "not_found_error") -> dict[str, Any]:
    return {"error": {"message": message, "type": kind}}
