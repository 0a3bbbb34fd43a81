"""The kinds of test case, each one unit: how its cases are made, asked, judged, reported, gated and shown.

Every stage loops over this one registry: ``gen`` asks each kind's maker, ``run`` each kind's
driver, ``judge`` each kind's judge, ``report`` each kind's section, the gate counts each kind's
unit, ``inspect`` shows a case through its kind's view. A new kind is a module per stage and one
``register`` call (tests/api/test_kinds.py takes a kind registered in the tests alone through
every stage). Parts are made on first use, once: kinds that share a part (fact and temporal
share all of theirs) are batched together, and a command loads only the parts it uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from kgtest.core.errors import ConfigError, UnknownNameError

if TYPE_CHECKING:
    from kgtest.api.judge_graph import GraphPart
    from kgtest.generator.maker import CaseMaker
    from kgtest.oracle.kind_judge import KindJudge
    from kgtest.report.sections import Section
    from kgtest.report.views import CaseView
    from kgtest.runner.drivers import Driver

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of test case; each part is a factory called once, on first use."""

    name: str
    unit: str
    """What the gate counts for it, as people read it: ``replies correct``, ``checks passed``."""
    maker: Callable[[], CaseMaker]
    driver: Callable[[], Driver]
    judge: Callable[[], KindJudge]
    section: Callable[[], Section]
    view: Callable[[], CaseView]
    graph: Callable[[], GraphPart] | None = None
    """What a judged run of the kind adds to the graph store beyond its replies; None: nothing."""


class Registry:
    """The registered kinds, in the order suites hold and reports show them."""

    def __init__(self, kinds: tuple[Kind, ...] = ()) -> None:
        self._kinds: dict[str, Kind] = {}
        self._made: dict[int, Any] = {}
        for kind in kinds:
            self.register(kind)

    def register(self, kind: Kind) -> None:
        if kind.name in self._kinds:
            raise ConfigError(f"a kind named {kind.name!r} is registered already")
        self._kinds[kind.name] = kind

    def unregister(self, name: str) -> None:
        self._kinds.pop(name, None)

    def names(self) -> tuple[str, ...]:
        return tuple(self._kinds)

    def __iter__(self) -> Iterator[Kind]:
        return iter(tuple(self._kinds.values()))

    def __getitem__(self, name: str) -> Kind:
        try:
            return self._kinds[name]
        except KeyError:
            raise UnknownNameError("kind", name, self.names()) from None

    def part(self, factory: Callable[[], T]) -> T:
        """A part made by ``factory``, made once: kinds naming the same factory share the part."""
        key = id(factory)
        if key not in self._made:
            self._made[key] = (factory, factory())  # the factory is kept so its id stays its own
        return self._made[key][1]  # type: ignore[no-any-return]

    def makers(self, names: tuple[str, ...] | None = None) -> list[tuple[CaseMaker, tuple[str, ...]]]:
        """Each maker once, with the kinds it makes, in registry order."""
        return self._grouped(lambda k: k.maker, names)

    def drivers(self, names: tuple[str, ...] | None = None) -> dict[str, Driver]:
        return {k.name: self.part(k.driver) for k in self._chosen(names)}

    def judges(self, names: tuple[str, ...] | None = None) -> dict[str, KindJudge]:
        return {k.name: self.part(k.judge) for k in self._chosen(names)}

    def sections(self, names: tuple[str, ...] | None = None) -> list[tuple[Section, tuple[str, ...]]]:
        """Each section once, with the kinds it shows, in registry order."""
        return self._grouped(lambda k: k.section, names)

    def known(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """Those of ``names`` that are registered, once each, in their order."""
        return tuple(n for n in dict.fromkeys(names) if n in self._kinds)

    def graphs(self) -> list[tuple[GraphPart, tuple[str, ...]]]:
        """Each kind's own graph writer once, with its kinds."""
        groups: dict[int, tuple[GraphPart, list[str]]] = {}
        for kind in self:
            if kind.graph is not None:
                part = self.part(kind.graph)
                groups.setdefault(id(part), (part, []))[1].append(kind.name)
        return [(part, tuple(kinds)) for part, kinds in groups.values()]

    def units(self) -> dict[str, str]:
        return {k.name: k.unit for k in self}

    def _chosen(self, names: tuple[str, ...] | None) -> list[Kind]:
        return [self[n] for n in names] if names is not None else list(self)

    def _grouped(
        self, factory: Callable[[Kind], Callable[[], T]], names: tuple[str, ...] | None
    ) -> list[tuple[T, tuple[str, ...]]]:
        groups: dict[int, tuple[T, list[str]]] = {}
        for kind in self._chosen(names):
            part = self.part(factory(kind))
            groups.setdefault(id(part), (part, []))[1].append(kind.name)
        return [(part, tuple(kinds)) for part, kinds in groups.values()]


def _questions() -> CaseMaker:
    from kgtest.generator.makers import Questions

    return Questions()


def _dialogues() -> CaseMaker:
    from kgtest.generator.makers import Dialogues

    return Dialogues()


def _scripts() -> CaseMaker:
    from kgtest.generator.makers import Scripts

    return Scripts()


def _single_question() -> Driver:
    from kgtest.runner.drivers import SingleQuestion

    return SingleQuestion()


def _dialogue_rounds() -> Driver:
    from kgtest.runner.drivers import DialogueRounds

    return DialogueRounds()


def _held_conversations() -> Driver:
    from kgtest.runner.drivers import HeldConversations

    return HeldConversations()


def _single_turn_judge() -> KindJudge:
    from kgtest.oracle.single_turn import SingleTurnJudge

    return SingleTurnJudge()


def _dialogue_judge() -> KindJudge:
    from kgtest.oracle.dialogue_verdicts import DialogueJudge

    return DialogueJudge()


def _conversation_judge() -> KindJudge:
    from kgtest.oracle.conversation_verdicts import ConversationJudge

    return ConversationJudge()


def _case_list() -> Section:
    from kgtest.report.sections import CaseList

    return CaseList()


def _dialogue_tables() -> Section:
    from kgtest.report.dialogue_tables import DialogueTables

    return DialogueTables()


def _battery_tables() -> Section:
    from kgtest.report.battery import BatteryTables

    return BatteryTables()


def _answer_view() -> CaseView:
    from kgtest.report.views import AnswerView

    return AnswerView()


def _turns_view() -> CaseView:
    from kgtest.report.views import TurnsView

    return TurnsView()


def _script_view() -> CaseView:
    from kgtest.report.views import ScriptView

    return ScriptView()


def _conflicts() -> GraphPart:
    from kgtest.api.judge_graph import Conflicts

    return Conflicts()


def _conversations() -> GraphPart:
    from kgtest.api.judge_graph import Conversations

    return Conversations()


_ANSWERED = "replies correct"

KINDS = Registry((
    Kind("fact", _ANSWERED, _questions, _single_question, _single_turn_judge, _case_list, _answer_view),
    Kind("temporal", _ANSWERED, _questions, _single_question, _single_turn_judge, _case_list, _answer_view),
    Kind("dialogue", "checks passed", _dialogues, _dialogue_rounds, _dialogue_judge, _dialogue_tables,
         _turns_view, _conflicts),
    Kind("conversation", "tests passed", _scripts, _held_conversations, _conversation_judge, _battery_tables,
         _script_view, _conversations),
))  # fmt: skip
"""Every kind kgtest knows; ``register`` adds one."""


def register(kind: Kind) -> None:
    """Add a kind: every stage then makes, asks, judges, reports, gates and shows its cases."""
    KINDS.register(kind)
