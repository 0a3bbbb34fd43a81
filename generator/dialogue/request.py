"""What `kgtest gen` asks of the dialogue stage, and its files read: nothing heavy imported.

Every `gen` reads its dialogue options, even when it asks for no dialogue; the stage itself
(generate.py: the KB's dialogues, CoQA's reader, the perturbations, the proofs) is imported
only by a command that asks for dialogues (issue 25: `gen --count 100` saved 0.1-0.2 s).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kgtest.core.errors import GenerationError, UnknownNameError
from kgtest.generator.dialogue.perturb import PERTURBATIONS, validate

if TYPE_CHECKING:
    from kgtest.generator.dialogue.sources import DialogueFile

OFFLINE = "offline"
COQA, CONVQUESTIONS = "coqa", "convquestions"
FORMATS = ("auto", COQA, CONVQUESTIONS)
MIN_ROUNDS = 3
"""A KB-built dialogue shorter than this has nothing to perturb."""


@dataclass(frozen=True, slots=True)
class DialogueRequest:
    count: int = 0
    """Seed dialogues to write from the KB."""
    files: tuple[Path, ...] = ()
    """CoQA or ConvQuestions files to read seed dialogues from."""
    format: str = "auto"
    perturbations: tuple[str, ...] = PERTURBATIONS
    variants: int = 1
    """Perturbed dialogues per perturbation and seed dialogue."""
    rounds: int = 8
    """Rounds of a KB-built dialogue, at most."""
    story: bool = True
    """KB-built dialogues come with a story; without one, a pronoun needs the topic named before."""
    ie: str = OFFLINE
    """How CoQA rounds are read: ``offline`` (spaCy) or ``openai:URL?model=NAME`` (MORTAR's prompts)."""
    seed: int = 0
    domains: tuple[str, ...] = ()

    @property
    def wanted(self) -> bool:
        return self.count > 0 or bool(self.files)

    def validate(self) -> None:
        validate(self.perturbations)
        if self.format not in FORMATS:
            raise UnknownNameError("dialogue format", self.format, FORMATS)
        if self.ie != OFFLINE and not self.ie.startswith("openai:"):
            raise GenerationError(f"--ie {self.ie!r}: use 'offline' or 'openai:URL?model=NAME'")
        if self.count < 0 or self.variants < 1 or self.rounds < MIN_ROUNDS:
            raise GenerationError(
                f"dialogues={self.count}, variants={self.variants}, rounds={self.rounds}: dialogues may not "
                f"be negative, variants must be at least 1 and rounds at least {MIN_ROUNDS}"
            )


def read_sources(request: DialogueRequest) -> list[DialogueFile]:
    """Every file read and checked; DialogueInputError names the first problem."""
    request.validate()
    if not request.files:
        return []
    from kgtest.generator.dialogue.sources import read_dialogue_file

    return [read_dialogue_file(path, request.format) for path in request.files]
