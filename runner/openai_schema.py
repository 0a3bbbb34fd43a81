"""What an OpenAI-compatible server must send back: the parts of a chat completion kgtest reads.

Validated, not trusted: valid JSON of the wrong shape (``"usage": [1, 2]``, a number of tokens
given as ``"lots"``, a ``content`` that is an object) is a failed reply that says what was
wrong, instead of a traceback or a reply that breaks the oracle later. Fields kgtest does not
read may be anything.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError


class _Part(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class Message(_Part):
    content: StrictStr | None = None
    """None when a model only calls tools, which kgtest does not ask for."""


class Choice(_Part):
    message: Message
    finish_reason: StrictStr | None = None


class Usage(_Part):
    prompt_tokens: StrictInt | None = Field(default=None, ge=0)
    completion_tokens: StrictInt | None = Field(default=None, ge=0)


class ChatCompletion(_Part):
    choices: list[Choice] = Field(min_length=1)
    usage: Usage | None = None


def read_completion(body: bytes, content_type: str = "") -> ChatCompletion | str:
    """The completion in ``body``, or why it is not one: the first field that is wrong, where it is."""
    try:
        return ChatCompletion.model_validate_json(body)
    except ValidationError as exc:
        if exc.errors()[0]["type"] != "json_invalid":
            return _describe(exc)
        try:  # pydantic refuses JSON escapes of lone surrogates ("\\ud800"), the standard library reads
            data = json.loads(body)  # them, and runner/reply_check.py replaces them
        except (ValueError, RecursionError):
            return _not_json(body, content_type, exc)
    try:
        return ChatCompletion.model_validate(data)
    except ValidationError as exc:
        return _describe(exc)


def _not_json(body: bytes, content_type: str, exc: ValidationError) -> str:
    """A body that is no JSON at all: "Invalid JSON: expected value at line 1 column 1" named neither
    a streamed reply nor the proxy's HTML page that came instead."""
    kind = content_type.split(";")[0].strip() or "no Content-Type"
    if kind == "text/event-stream" or body.lstrip().startswith(b"data:"):
        return (
            f"the body is a streamed reply ({kind}), not one JSON object; kgtest asks without "
            '"stream": turn streaming off on the server'
        )
    if not body.strip():
        return f"the body is empty ({kind})"
    start = body[:120].decode("utf-8", "replace")
    return f"the body: {exc.errors(include_url=False)[0]['msg']} ({kind}), starting {start!r}"


def _describe(exc: ValidationError) -> str:
    first = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "the body"
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{where}: {first['msg']}{more}"
