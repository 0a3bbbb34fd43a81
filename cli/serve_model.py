"""``kgtest serve-model``: a local system under test as an OpenAI-compatible server."""

from __future__ import annotations

import contextlib
import logging

import click

from kgtest import api


@click.command("serve-model")
@click.option("--sut", "spec", default="smollm2", show_default=True, help="What to serve (any --sut spec).")
@click.option("--name", help="Model name clients must send. [default: the --sut spec]")
@click.option("--host", default="127.0.0.1", show_default=True, help="0.0.0.0 to accept other machines.")
@click.option(
    "--port", default=8000, type=click.IntRange(0, 65535), show_default=True, help="0: any free port."
)
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    help="Requests answered together at most. [default: the model's own: 16 on a CPU, 128 on a GPU]",
)
@click.option(
    "--max-pending",
    default=256,
    type=click.IntRange(min=1),
    show_default=True,
    help="Beyond this many waiting requests, answer 429.",
)
@click.option("--api-key-env", help="Require the key held in this environment variable (Bearer token).")
def command(
    spec: str,
    name: str | None,
    host: str,
    port: int,
    batch_size: int | None,
    max_pending: int,
    api_key_env: str | None,
) -> None:
    """Serve a model on /v1/chat/completions so kgtest runs (or any OpenAI client) can share it.

    \b
    kgtest serve-model --sut smollm2 --port 8000
    kgtest run suite.jsonl --sut 'openai:http://127.0.0.1:8000/v1?model=smollm2'
    """
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    held = api.serve_model(
        spec, name=name, host=host, port=port, batch_size=batch_size, max_pending=max_pending,
        api_key_env=api_key_env,
    )  # fmt: skip
    with held as server:
        click.echo(f"serving {server.sut.spec} as model {server.model!r} at {server.url} (Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
