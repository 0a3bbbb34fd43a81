"""``kgtest gen``'s dialogue options, and what it prints and writes for dialogue cases."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.console import Console
from rich.table import Column, Table

from kgtest.core.progress import stderr
from kgtest.generator.case import TestCase
from kgtest.generator.dialogue.kb import MIN_ASKS
from kgtest.generator.dialogue.perturb import PERTURBATIONS
from kgtest.generator.dialogue.request import FORMATS, OFFLINE, DialogueRequest

if TYPE_CHECKING:  # the dialogue stage and its graph writer load only where dialogues are made
    from kgtest.generator.dialogue.generate import DialogueResult
    from kgtest.kg.store import GraphStore

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
        type=click.Path(dir_okay=False, path_type=Path),
        help="CoQA or ConvQuestions file (JSON, or .json.gz) to read dialogues from. Repeatable.",
    ),
    click.option(
        "--dialogue-format",
        type=click.Choice(FORMATS),
        default="auto",
        show_default=True,
        help="Format of the --dialogues-from files; auto tells them apart by their shape.",
    ),
    click.option(
        "--perturbations",
        default=",".join(PERTURBATIONS),
        show_default=True,
        help="Dialogue perturbations to make, comma-separated (the original is always kept).",
    ),
    click.option(
        "--variants",
        default=1,
        show_default=True,
        type=click.IntRange(min=1),
        help="Perturbed dialogues per perturbation and dialogue.",
    ),
    click.option(
        "--dialogue-rounds",
        default=8,
        show_default=True,
        type=click.IntRange(min=3),
        help="Rounds of a dialogue written from the KB, at most.",
    ),
    click.option(
        "--dialogue-story/--no-dialogue-story",
        default=True,
        show_default=True,
        help="Give dialogues written from the KB a short story; without one, 'she' needs her named first.",
    ),
    click.option(
        "--ie",
        default=OFFLINE,
        show_default=True,
        help="How CoQA rounds are read: offline (spaCy), or openai:URL?model=NAME with MORTAR's prompts.",
    ),
]


def DIALOGUE_OPTIONS(command: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def dialogue_request(options: Mapping[str, Any], seed: int, domains: Sequence[str]) -> DialogueRequest:
    request = DialogueRequest(
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


def write_dialogue_graph(store: GraphStore, suite: str, cases: Sequence[TestCase], digest: str) -> None:
    from kgtest.generator.dialogue.graph import dialogue_graph
    from kgtest.kg.dialogue_graph import write_dialogue_graph as write_graph

    report = write_graph(store, dialogue_graph(suite, cases, digest))
    done = "already there" if report.skipped else f"{report.links} links"
    stderr.print(f"graph store: {report.dialogues} dialogues with {report.rounds} rounds ({done})")


def print_dialogues(result: DialogueResult) -> None:
    """MORTAR's Table 1: rounds, unanswerable rounds, dialogues with an unanswerable round."""
    out = Console(highlight=False, soft_wrap=True)
    table = Table(
        Column("source", no_wrap=True),
        Column("perturbed", no_wrap=True),
        "dialogues",
        "rounds",
        "unanswerable rounds",
        "dialogues with unanswerable",
        "undecided rounds",
        title="dialogue cases",
        box=box.SIMPLE_HEAD,
    )
    rows: Counter[tuple[str, str, str]] = Counter()
    for c in result.cases:
        d = c.dialogue
        assert d is not None
        unanswerable = sum(t.answerable is False for t in d.turns)
        rows[(d.source, d.perturbation, "dialogues")] += 1
        rows[(d.source, d.perturbation, "rounds")] += len(d.turns)
        rows[(d.source, d.perturbation, "unanswerable")] += unanswerable
        rows[(d.source, d.perturbation, "with")] += unanswerable > 0
        rows[(d.source, d.perturbation, "undecided")] += sum(t.answerable is None for t in d.turns)
    order = {name: i for i, name in enumerate(("original", *PERTURBATIONS))}
    for source, name in sorted({(s, p) for s, p, _ in rows}, key=lambda k: (k[0], order.get(k[1], 99))):
        table.add_row(
            source,
            name,
            *(
                str(rows[(source, name, k)])
                for k in ("dialogues", "rounds", "unanswerable", "with", "undecided")
            ),
        )
    out.print(table)
    if result.kb is not None:
        kb = result.kb
        out.print(f"from the KB: {kb.made} dialogues, topics chosen among {kb.candidates} rich enough")
        if kb.made < kb.asked:
            out.print(
                f"[yellow]note:[/] only {kb.made} of the {kb.asked} dialogues asked for: the KB has no more "
                f"topics with a label and at least {MIN_ASKS} askable facts; a larger KB, or no --domain "
                "filter, gives more"
            )
    for s in result.sources:
        skipped = f", {s.skipped} skipped (no usable round)" if s.skipped else ""
        out.print(f"{s.path}: {s.format}, {s.read} read, {s.made} dialogues{skipped}")
    if result.impossible:
        out.print(
            f"[yellow]note:[/] {result.impossible} perturbations not made: one round cannot be shuffled"
        )
