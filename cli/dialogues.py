"""``kgtest gen``'s dialogue options, read into the dialogue part of the request."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from kgtest import api

_DEFAULT = api.DialogueRequest()

_OPTIONS = [
    click.option(
        "--dialogues",
        "dialogue_count",
        default=0,
        type=click.IntRange(min=0),
        help="Dialogues to write from the KB: a topic, a short story, rounds that refer back.",
    ),
    click.option(
        "--dialogues-from",
        "dialogue_files",
        multiple=True,
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        help="CoQA or ConvQuestions file (JSON, or .json.gz) to read dialogues from. Repeatable.",
    ),
    click.option(
        "--dialogue-format",
        type=click.Choice(api.DIALOGUE_FORMATS),
        default=_DEFAULT.format,
        show_default=True,
        help="Format of the --dialogues-from files; auto tells them apart by their shape.",
    ),
    click.option(
        "--perturbations",
        default=",".join(_DEFAULT.perturbations),
        show_default=True,
        help="Dialogue perturbations to make, comma-separated (the original is always kept).",
    ),
    click.option(
        "--variants",
        default=_DEFAULT.variants,
        show_default=True,
        type=click.IntRange(min=1),
        help="Perturbed dialogues per perturbation and dialogue.",
    ),
    click.option(
        "--dialogue-rounds",
        default=_DEFAULT.rounds,
        show_default=True,
        type=click.IntRange(min=api.MIN_DIALOGUE_ROUNDS),
        help="Rounds of a dialogue written from the KB, at most.",
    ),
    click.option(
        "--dialogue-story/--no-dialogue-story",
        default=_DEFAULT.story,
        show_default=True,
        help="Give dialogues written from the KB a short story; without one, 'she' needs her named first.",
    ),
    click.option(
        "--ie",
        default=_DEFAULT.ie,
        show_default=True,
        help="How CoQA rounds are read: offline (spaCy), or openai:URL?model=NAME with MORTAR's prompts.",
    ),
]


def DIALOGUE_OPTIONS(command: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def dialogue_request(options: Mapping[str, Any], seed: int, domains: Sequence[str]) -> api.DialogueRequest:
    request = api.DialogueRequest(
        count=int(options["dialogue_count"]),
        files=tuple(options["dialogue_files"]),
        format=str(options["dialogue_format"]),
        perturbations=tuple(p.strip() for p in str(options["perturbations"]).split(",") if p.strip()),
        variants=int(options["variants"]),
        rounds=int(options["dialogue_rounds"]),
        story=bool(options["dialogue_story"]),
        ie=str(options["ie"]),
        seed=seed,
        domains=tuple(domains),
    )
    request.validate()
    return request
