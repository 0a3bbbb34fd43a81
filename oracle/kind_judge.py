"""How a kind of case is judged: one ``KindJudge`` per kind, behind one ``judge_run`` (oracle/verdicts.py).

A kind's judge gets every (case, transcript) pair of its kinds in a run and gives each case
one ``JudgedReply``, with the kind's detail (the dialogue checks, the conversation audit) that
``keep`` writes beside the verdicts and ``detail`` reads back, so every reader of a judged run
gets one record with each kind's detail (oracle/run_verdicts.py). ``credit`` says what the
kind's headline score counts (docs/scores.md). The oracles a judge uses come from the
``OracleKit``, each made on first use and shared by every kind: a run of fact cases loads no
dialogue model, and the sentence model loads once for all kinds. Judging writes nothing, so
the same judge also scores the know-nothing baselines' replies (oracle/chance.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

from kgtest.core.pool import Spread
from kgtest.core.progress import Progress
from kgtest.core.settings import Settings
from kgtest.core.workspace import RunFiles
from kgtest.generator.case import TestCase
from kgtest.runner.manifest import RunManifest
from kgtest.runner.transcript import Transcript

if TYPE_CHECKING:  # the oracles load with the first kind that needs them
    from kgtest.generator.kbview import KbView
    from kgtest.oracle.embeddings import Embedder
    from kgtest.oracle.judge import Judge
    from kgtest.oracle.kb_lookup import KbLookup
    from kgtest.oracle.outcomes import JudgedReply
    from kgtest.oracle.pool import JudgeRecipe


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class OracleKit:
    """What a kind's judge may use, each made on first call and kept for every kind."""

    settings: Settings
    fact_judge: Callable[[], Judge]
    """The fact oracle (oracle/judge.py): a reply's answer and claims against its case's proof."""
    embedder: Callable[[], Embedder]
    """The one sentence model every oracle shares."""
    view: Callable[[], KbView]
    """The workspace's KB view (read, or its database started, on the first call)."""
    kb: KbLookup | None = None
    """Names and facts of the workspace's KB, read on first lookup; None: the workspace has no KB
    (dialogues read from CoQA files need none)."""
    spread: Spread = field(default_factory=Spread)
    """Where fact and temporal replies are judged: here, on worker processes, or on a Dask cluster."""
    recipe: Callable[[], JudgeRecipe] | None = None
    """How a worker makes the fact oracle; needed when ``spread`` is parallel."""
    _made: dict[str, object] = field(default_factory=dict, repr=False)

    def once(self, name: str, make: Callable[[], T]) -> T:
        """The oracle ``name``, made by ``make`` on first call and kept for every later one: a kind's
        own oracle is made once per command, however many runs (and know-nothing baselines) it judges."""
        if name not in self._made:
            self._made[name] = make()
        return cast(T, self._made[name])


@dataclass(frozen=True, slots=True)
class JudgeContext:
    """One run being judged: its files, its manifest, the oracles, and where progress goes."""

    run: RunFiles
    manifest: RunManifest
    kit: OracleKit
    progress: Progress | None = None
    batch_size: int = 256


@dataclass(frozen=True, slots=True)
class KindVerdicts:
    """A kind's verdicts on a run's cases, by case id, and the detail they rest on."""

    records: dict[str, JudgedReply]
    detail: object | None = None


@dataclass(frozen=True, slots=True)
class Credit:
    """What a kind's headline score counts: a credit per unit (a case, a dialogue round, a
    conversation), each from 0 to 1, and the kind's measure over them."""

    measure: str
    """What is counted, in words: ``correct replies``, ``rounds right and consistent``, ``SWAN``."""
    units: dict[str, float]
    """Each unit's credit, by a key the same unit has in every system's run (for paired differences)."""
    value: float | None
    """The measure over the units (their mean, or SWAN); None when no unit could be judged."""
    unjudged: frozenset[str] = frozenset()
    """Units the oracle failed to judge (its error kept): left out of the score and of the baselines'
    beside it, not counted 0: a judge's failure says nothing of the system."""


class KindJudge(Protocol):
    """How the cases of a kind are judged."""

    def judge(self, pairs: Sequence[tuple[TestCase, Transcript]], context: JudgeContext) -> KindVerdicts:
        """One verdict per case of ``pairs``, and the detail they rest on; nothing is written."""
        ...

    def keep(self, run: RunFiles, detail: object | None) -> None:
        """Write ``detail`` beside the run's verdicts (nothing, for a kind that keeps none)."""
        ...

    def detail(self, run: RunFiles) -> object | None:
        """What ``keep`` wrote, read back; None when the kind keeps nothing."""
        ...

    def credit(self, records: Sequence[JudgedReply], detail: object | None) -> Credit:
        """What the kind's headline score counts, from its verdicts and their detail."""
        ...
