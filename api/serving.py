"""``serve_model``: a local system under test as an OpenAI-compatible server (``kgtest serve-model``)."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager

from kgtest.core.errors import ConfigError
from kgtest.runner.registry import open_sut
from kgtest.runner.server import ModelServer
from kgtest.runner.sut import SutOptions


@contextmanager
def serve_model(
    spec: str = "smollm2",
    *,
    name: str | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    batch_size: int | None = None,
    max_pending: int = 256,
    api_key_env: str | None = None,
) -> Iterator[ModelServer]:
    """The model ``spec`` names, served on /v1/chat/completions until the block ends (``serve_forever``
    serves until interrupted). With ``api_key_env``, requests must carry the key that variable holds.
    ``batch_size`` None: the system's own (hf: 16 on a CPU, 128 on a GPU)."""
    if not 0 <= port <= 65535:  # socket.bind raises OverflowError, after the model has loaded
        raise ConfigError(f"--port {port}: a port is 0-65535 (0: any free one)")
    api_key = os.environ.get(api_key_env) if api_key_env else None
    if api_key_env is not None and not api_key:  # '' (an unset "$VAR") served with no key at all
        raise ConfigError(f"--api-key-env {api_key_env!r}: the variable is not set; export it first")
    sut = open_sut(spec, SutOptions(batch_size=batch_size))
    try:
        try:
            server = ModelServer(
                sut, model=name or spec, host=host, port=port, max_batch=batch_size, max_pending=max_pending,
                api_key=api_key,
            )  # fmt: skip
        except OSError as exc:
            other = "--host" if isinstance(exc, socket.gaierror) else "--port"  # a name no resolver knows
            raise ConfigError(f"cannot listen on {host}:{port} ({exc}); choose another {other}") from exc
        try:
            yield server
        finally:
            server.close()
    finally:
        sut.close()
