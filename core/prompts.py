"""``[prompt]``: the templates that make the text kgtest sends for a case (docs/configuration.md).

A suite stores each case's own ``prompt`` (Drowzee's Table IV instruction around a fact or
temporal question, MORTAR's instruction for a dialogue). A template rewrites it before it is
sent, from placeholders filled per case; the text it makes is what the reply cache keys on, so
a new template asks again and a run under it is another run. Templates are checked when
kgtest.toml is read: an unknown placeholder or a stray brace names the key and the line.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Annotated

from pydantic import AfterValidator, Strict
from pydantic.dataclasses import dataclass

from kgtest.core.setting_types import _CHECKED

PLACEHOLDERS = {
    "prompt": "the case's own prompt, as the suite has it (instruction and question)",
    "question": "the bare question",
    "kind": "the kind of case (fact, temporal, dialogue)",
    "rule": "the rule that proves it (inverse, negation, mtl, ...)",
    "domain": "its knowledge domain",
}
"""What a template may name, and what each is filled with."""

TEMPLATED = ("fact", "temporal", "dialogue")
"""The kinds with a prompt of their own to shape; a conversation's lines are its script's."""

IDENTITY = "{prompt}"
"""The template that sends each case's prompt as the suite has it: kgtest's default."""


def check_template(text: str) -> str:
    """``text`` if it is a template kgtest can fill; ValueError names the first problem."""
    try:
        parsed = [
            (name, spec, how) for _, name, spec, how in string.Formatter().parse(text) if name is not None
        ]
    except ValueError as exc:
        raise ValueError(f"{exc}; write {{{{ and }}}} for a brace of the text itself") from None
    fields = [name for name, _, _ in parsed]
    known = ", ".join(f"{{{n}}}" for n in PLACEHOLDERS)
    for name, spec, how in parsed:
        if name not in PLACEHOLDERS:
            shown = f"{{{name}}}" if name else "{}"
            raise ValueError(f"unknown placeholder {shown}; a template may use {known}")
        if spec or how:  # {prompt!r} quotes the text, {prompt:>99999999} pads it to 100 MB
            shown = f"{{{name}{'!' + how if how else ''}{':' + spec if spec else ''}}}"
            raise ValueError(f"{shown}: a placeholder takes no conversion or format; write {{{name}}}")
    if not fields:
        raise ValueError(f"names no placeholder, so every case would be sent the same text; use {known}")
    return text


Template = Annotated[str, Strict(), AfterValidator(check_template)]


@dataclass(frozen=True, config=_CHECKED)
class PromptSettings:
    """``[prompt]`` (and a ``[[sut]]``'s ``prompt`` table): a template for every kind, or one per kind."""

    template: Template | None = None
    """Every kind's, unless the kind has its own."""
    fact: Template | None = None
    temporal: Template | None = None
    dialogue: Template | None = None
    """Shapes the instruction that opens a dialogue's system message (the story follows it)."""

    def of(self, kind: str) -> str | None:
        """The template of ``kind`` set here; None when this table sets none for it."""
        own: str | None = getattr(self, kind, None) if kind in TEMPLATED else None
        return own if own is not None else self.template


SutPrompt = PromptSettings | Template
"""A ``[[sut]]``'s ``prompt``: one template for every kind, or a table like ``[prompt]``."""


def templates(kinds: tuple[str, ...], common: PromptSettings, own: SutPrompt | None = None) -> dict[str, str]:
    """Each of ``kinds``' template, the system's own over ``[prompt]``; kinds sent as the suite has
    them (no template, or ``{prompt}``) are left out, so the default records nothing."""
    mine = PromptSettings(template=own) if isinstance(own, str) else own
    found: dict[str, str] = {}
    for kind in kinds:
        chosen = mine.of(kind) if mine is not None else None
        chosen = chosen if chosen is not None else common.of(kind)
        if kind in TEMPLATED and chosen is not None and chosen != IDENTITY:
            found[kind] = chosen
    return found


def fill(template: str, values: Mapping[str, str]) -> str:
    """The template with its placeholders filled (a value's own braces are kept as they are)."""
    return template.format_map({name: values[name] for name in PLACEHOLDERS})
