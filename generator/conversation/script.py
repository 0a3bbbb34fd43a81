"""The scripted partner's lines for one conversation, built from the KB and a seed.

Each injected test gets a personal slot of its own and a KB entity as its value, with one KB
fact about the value said beside it; the schedule puts its information and question(s) in
free rounds; small talk fills the rest. The same KB, seed, run and settings give the same
script, byte for byte.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from kgtest.core.errors import GenerationError
from kgtest.generator.conversation.perturb import perturb
from kgtest.generator.conversation.schedule import Request, TestPlacement, place
from kgtest.generator.conversation.script_records import (
    INJECTED,
    PERTURBED,
    InjectedTest,
    KbClaim,
    PartnerLine,
    Script,
    TestCode,
)
from kgtest.generator.conversation.wording import (
    SELF_QUESTIONS,
    SKIPPED_PROPERTIES,
    SLOTS,
    SMALL_TALK,
    Slot,
    clause,
    info_line,
    question_line,
)
from kgtest.generator.kbview import KbView
from kgtest.kg.model import Domain, Entity

_LONGEST_LABEL = 40


@dataclass(frozen=True, slots=True)
class ScriptSettings:
    """How a script is made; the defaults are what ``kgtest converse`` uses."""

    tests: tuple[TestCode, ...] = INJECTED
    """Tests to inject, each once per conversation (a code may repeat)."""
    max_distance: int = 10
    """I1 asks again after 1 to this many rounds (the seed's maxlength_MLI1TC1)."""
    near: int = 3
    """The other tests ask after 1 to this many rounds."""
    closed_share: float = 0.25
    """Share of questions asked as Yes/No questions, half of them with a wrong value (answer No)."""
    i13_asks: int = 3


def build_scripts(view: KbView, seed: int, runs: int, turns: int, settings: ScriptSettings) -> list[Script]:
    """The scripts of ``runs`` conversations of a battery seeded with ``seed``."""
    if turns < 1:
        raise GenerationError(f"turns={turns}: a conversation needs at least one round")
    pool = ValuePool(view)
    return [build_script(pool, seed, run, turns, settings) for run in range(runs)]


def build_script(pool: ValuePool, seed: int, run: int, turns: int, settings: ScriptSettings) -> Script:
    """The script of conversation ``run`` (from 0) of a battery seeded with ``seed``."""
    rng = random.Random(f"kgtest-battery:{seed}:{run}")
    requests = [_request(code, turns, settings, rng) for code in settings.tests]
    placements, unplaced = place(turns, requests, rng)
    slots = [s for s in SLOTS if s.domain is None or pool.entities(s.domain)]
    rng.shuffle(slots)
    tests: list[InjectedTest] = []
    taken: set[str] = set()
    for placement in placements:
        if placement.code is TestCode.I13:
            question = rng.choice(SELF_QUESTIONS)
            tests.append(
                InjectedTest(
                    f"t{len(tests) + 1}",
                    placement.code,
                    question,
                    None,
                    placement.ask_turns,
                    "",
                    (question,) * len(placement.ask_turns),
                    "open",
                    (),
                )
            )
            continue
        if not slots:
            unplaced.append(f"{placement.code.value}: every personal slot is taken")
            continue
        made = _slot_test(f"t{len(tests) + 1}", placement, slots.pop(), pool, taken, settings, rng)
        if made is None:
            unplaced.append(f"{placement.code.value}: the KB has no entity left with a fact to state")
            continue
        tests.append(made)
    return Script(seed, run, turns, _lines(turns, tests, rng), tuple(tests), tuple(unplaced))


def _request(code: TestCode, turns: int, settings: ScriptSettings, rng: random.Random) -> Request:
    if code is TestCode.I13:
        return Request(code, asks=settings.i13_asks)
    if code not in (*PERTURBED, TestCode.I1, TestCode.I4, TestCode.I5, TestCode.I6, TestCode.I7):
        raise GenerationError(f"{code.value} is judged on every reply; it is not injected")
    longest = max(1, min(settings.max_distance if code is TestCode.I1 else settings.near, turns - 1))
    distances = list(range(1, longest + 1))
    rng.shuffle(distances)
    return Request(code, distances=tuple(distances))


def _slot_test(
    test_id: str,
    placement: TestPlacement,
    slot: Slot,
    pool: ValuePool,
    taken: set[str],
    settings: ScriptSettings,
    rng: random.Random,
) -> InjectedTest | None:
    value = pool.pick(slot.domain, taken, rng)
    if value is None:
        return None
    entity, claim = value
    taken.add(entity.id)
    relation = pool.view.relation(claim.property)
    said = clause(entity.id, claim, relation, entity.domain is Domain.PEOPLE)
    code = placement.code
    info = info_line(code, slot.noun, entity.label, said, rng.randrange(6))
    expected: tuple[str, ...] = tuple(dict.fromkeys((entity.label, *entity.aliases)))
    closed_value = None
    if rng.random() < settings.closed_share:
        wrong = pool.distractor(slot.domain, entity, rng) if rng.random() < 0.5 else None
        closed_value = wrong.label if wrong is not None else entity.label
        expected = ("No",) if wrong is not None else ("Yes",)
    question = question_line(code, slot.noun, closed_value, rng.randrange(6))
    strength, bucket, original = 0.0, 0, ""
    if code in PERTURBED:
        perturbed = perturb(code, question, rng)
        original, question = question, perturbed.text
        strength, bucket = perturbed.strength, perturbed.bucket
    return InjectedTest(
        test_id, code, slot.noun, placement.info_turn, placement.ask_turns, info, (question,),
        "closed" if closed_value is not None else "open", expected, entity.id, entity.label, claim,
        strength, bucket, original,
    )  # fmt: skip


def _lines(turns: int, tests: Sequence[InjectedTest], rng: random.Random) -> tuple[PartnerLine, ...]:
    by_turn: dict[int, PartnerLine] = {}
    for t in tests:
        if t.info_turn is not None:
            by_turn[t.info_turn] = PartnerLine(t.info_turn, t.info, "info", t.id)
        for turn, question in zip(t.ask_turns, t.questions, strict=True):
            by_turn[turn] = PartnerLine(turn, question, "question", t.id)
    talk = list(SMALL_TALK)
    rng.shuffle(talk)
    lines = []
    for turn in range(1, turns + 1):
        lines.append(by_turn.get(turn) or PartnerLine(turn, talk[(turn - 1) % len(talk)], "filler"))
    return tuple(lines)


class ValuePool:
    """KB entities a slot may hold, by domain, each with the facts a clause can be made of."""

    def __init__(self, view: KbView) -> None:
        self.view = view

    @cached_property
    def _claims(self) -> dict[str, list[KbClaim]]:
        found: dict[str, list[KbClaim]] = defaultdict(list)
        for fact in self.view.facts:
            if fact.property in SKIPPED_PROPERTIES:
                continue
            s, o = self.view.entities.get(fact.subject), self.view.entities.get(fact.object)
            if s is None or o is None or not _usable(s) or not _usable(o) or s.label == o.label:
                continue
            relation = self.view.relation(fact.property)
            if not relation.curated:  # only the catalog's own words make a sentence worth saying
                continue
            claim = KbClaim(s.id, s.label, fact.property, relation.label, o.id, o.label)
            found[s.id].append(claim)
            found[o.id].append(claim)
        return found

    @cached_property
    def _by_domain(self) -> dict[Domain | None, list[Entity]]:
        found: dict[Domain | None, list[Entity]] = defaultdict(list)
        for eid in sorted(self._claims):
            entity = self.view.entities[eid]
            found[entity.domain].append(entity)
            found[None].append(entity)
        return found

    def entities(self, domain: Domain | None) -> list[Entity]:
        return self._by_domain.get(domain, [])

    def pick(
        self, domain: Domain | None, taken: set[str], rng: random.Random
    ) -> tuple[Entity, KbClaim] | None:
        """An entity not yet used in this conversation and one KB fact about it."""
        free = [e for e in self.entities(domain) if e.id not in taken]
        if not free:
            return None
        entity = rng.choice(free)
        return entity, rng.choice(self._claims[entity.id])

    def distractor(self, domain: Domain | None, entity: Entity, rng: random.Random) -> Entity | None:
        """A wrong value for a Yes/No question: another entity of the same domain, named differently."""
        others = [e for e in self.entities(domain) if e.label.lower() != entity.label.lower()]
        return rng.choice(others) if others else None


def _usable(entity: Entity) -> bool:
    """A name a person would say: a label that is not the bare id, not too long."""
    label = entity.label
    return bool(label) and label != entity.id and len(label) <= _LONGEST_LABEL
