"""The two checks a reply is judged by: is what it states true, and does its answer follow from it?

Knowledge. Each claim is put to the KB's facts about what it names (the case's evidence, and
the KB's own facts when it names more), read with the rule library: a claim the rules
refute (a functional property with another value: born in London when the KB says
Portsmouth), a denial of what they prove, another value where the proof has its fact
(Berkshire where the proof has Oxfordshire), or another year of birth or death is wrong
knowledge. A claim the KB neither proves nor refutes is not: the KB is incomplete. A place
within or around the right one is not another value (born in New York City, KB: Queens).

Inference. The reply's own world is the evidence and the KB's containment facts, minus what
its claims contradict, plus its claims; the rules then prove or refute the question's
statement, or neither. The answer follows when it is the one that world gives. A temporal
question is evaluated the same way: the formula over the events, with the years the reply
states in place of the KB's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from kgtest.generator.case import Answer
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Fact
from kgtest.oracle import arithmetic
from kgtest.oracle.answered import ANSWER
from kgtest.oracle.checked import Checked
from kgtest.oracle.claims import ALIVE, COMPUTED, VALUE_PROPERTIES, Claim
from kgtest.oracle.dated import MISDATED, another_time, date_kind, denial_unplaced, wrong_dates, year_holds
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.kb_lookup import KbLookup, containing
from kgtest.oracle.kb_years import date_of, lifetime, lifetimes, year_of
from kgtest.oracle.kind_of_place import another_place, in_another_country, is_place, kb_types, kinds_of
from kgtest.oracle.lifetimes import YEAR_EVENT, events, lived, stated_years
from kgtest.oracle.listed import listed
from kgtest.oracle.moved_away import moved_away
from kgtest.oracle.quantified import COUNTED, denied_by_only, too_many
from kgtest.oracle.renamed import renamed_pairs
from kgtest.oracle.similarity import year_text
from kgtest.oracle.unknown_value import unknown_values
from kgtest.oracle.worlds import (
    CHARITY,
    CROWDED,
    RANK,
    SAME_FACT,
    containment,
    evidence_facts,
    implied_answer,
    is_year_id,
    kb_fact,
    one_containment,
    placed_unknowns,
    places_above,
    quoted,
    readings,
    upward,
    world_denied,
    world_stated,
)
from kgtest.prolog.claims import ClaimLogic, Status, World, WorldFact


class Checker:
    """Runs both checks; reads the KB only for claims that name something the case does not."""

    def __init__(self, catalog: RelationCatalog, kb: KbLookup | None) -> None:
        self._catalog = catalog
        self._kb = kb
        self._logic: ClaimLogic | None = None

    def check(self, ground: GroundGraph, claims: Sequence[Claim], expected: Answer) -> Checked:
        claims = [self._counted(c, ground) if c.status == COUNTED else c for c in claims]
        read = [c for c in claims if c.statement is not None]
        if not read:
            return Checked(tuple(claims), "unstated", expected)
        read = [one_containment(c, ground) for c in read]
        background = self._background(ground, read)
        renamed = renamed_pairs(claims)
        known = unknown_values(
            listed(self._knowledge(ground, read, background, renamed), self._catalog), ground
        )
        concluding = {id(c.triple) for c in claims if c.status == ANSWER}  # the answer restated (answered.py)
        judged = self._conclusions(ground, known, background, concluding)
        judged = [
            replace(c, status=ANSWER, note="") if id(c.triple) in concluding and c.wrong else c
            for c in judged
        ]
        found = {id(c.triple): c for c in judged}
        every = tuple(found.get(id(c.triple), c) for c in claims)  # the unread ones too, in order
        moved = moved_away(judged, ground, self._catalog)
        kept = [c for c in judged if c.status != ANSWER]  # no premise: it would make its answer follow
        if ground.temporal is not None:
            holds = ground.temporal.holds(events(ground, kept))
            return Checked(
                every, "holds" if holds else "fails", Answer.YES if holds else Answer.NO, moved=moved
            )
        if ground.statement is None:
            return Checked(every, "unchecked", expected)
        kept = [c for c in kept if not another_time(c, ground)]  # of other years than the question's
        premises = [c for c in kept if id(c.triple) not in concluding]  # the answer said again, right
        restated = [c for c in kept if id(c.triple) in concluding]  # counts only where they settle nothing
        only = denied_by_only(ground, claims)
        inferred = self._inference(ground, premises, background, every, expected, only, restated)
        return replace(inferred, moved=moved)

    def _knowledge(
        self,
        ground: GroundGraph,
        claims: list[Claim],
        background: list[Fact],
        renamed: frozenset[tuple[str, str]],
    ) -> list[Claim]:
        placed = placed_unknowns(claims, partial(is_place, self._kb))
        facts = evidence_facts(ground) + [kb_fact(f) for f in background] + placed
        asked = [
            (c, alternative, reading)
            for c in claims
            if c.statement and c.statement[1] not in VALUE_PROPERTIES
            for alternative in c.alternatives or (c.statement,)
            for reading in sorted(readings(self._catalog, *alternative))
        ]
        types = ground.types + kb_types(self._kb, ground, claims, background)
        statuses = self._rules().statuses(
            lived(World(tuple(facts), types=types, years=lifetimes(self._kb, ground, claims))),
            [(reading, c.negated) for c, _, reading in asked],
        )
        pairs = {
            (s, p)
            for e in ground.edges
            for s, p, _ in readings(self._catalog, e.subject, e.property, e.object)
        }
        stated = {(r[0], r[2]) for c, _, r in asked if not c.negated}  # the ends it relates, in any words
        above = places_above(self._catalog, facts)
        per: dict[tuple[int, tuple[str, str, str]], Status] = {}
        for (c, alternative, reading), status in zip(asked, statuses, strict=True):
            if status.kind == "other" and (
                not self._miss(reading, status.other, pairs, types, ground, stated, renamed, above)
                or another_time(c, ground)
            ):
                status = Status("open")  # another value of a fact the proof does not rest on: no miss
            best = per.get((id(c), alternative))
            if best is None or RANK.index(status.kind) < RANK.index(best.kind):
                per[(id(c), alternative)] = status
        values: dict[tuple[str, str], list[str]] = {}
        for f in facts:
            values.setdefault((f.subject, f.property), []).append(f.object)
        out = []
        for c in claims:
            found = [(alt, st) for (key, alt), st in per.items() if key == id(c)]
            if found:  # the reading the KB bears out best: wrong only if every reading is
                alt, status = min(found, key=lambda pair: CHARITY.index(pair[1].kind))
                c = replace(c, statement=alt)
                out.append(self._dated(self._judged(c, status, ground, values), facts))
            else:
                out.append(self._judged(c, None, ground, values))
        return out

    def _counted(self, claim: Claim, ground: GroundGraph) -> Claim:
        """ "Her only Nobel was in Physics": wrong when the KB has two of that kind (quantified.py)."""

        def values(s: str, p: str) -> list[str]:
            found = [e.object for e in ground.edges if (e.subject, e.property) == (s, p)]
            facts = self._kb.facts_of([s]) if self._kb is not None else []
            found += [f.object for f in facts if (f.subject, f.property) == (s, p)]
            found += [f.subject for f in facts if f.object == s and SAME_FACT.get(f.property) == p]
            return found

        why = too_many(claim, values, lambda eid: self._name(eid, ground))
        return replace(claim, note=f"{quoted(claim)} {why}") if why else claim

    def _dated(self, claim: Claim, facts: list[WorldFact]) -> Claim:
        """A fact said with years the KB dates otherwise ("won it in 1922", KB: 1921) is wrong knowledge.
        A denial of a fact the KB dates is wrong only for its years: "from 2006 it was never in Nuoro"
        (KB: until 2005) denies nothing the KB holds then; where the years are not read, nor is it."""
        if claim.statement is None:
            return claim
        said = readings(self._catalog, *claim.statement)
        spans = [(f.start, f.end) for f in facts if (f.subject, f.property, f.object) in said]
        if claim.negated and claim.status == "refuted" and denial_unplaced(claim, spans):
            return replace(claim, status="open", note="")
        if claim.when is None or claim.wrong:
            return claim
        why = wrong_dates(claim, spans)
        return replace(claim, status=MISDATED, note=f"says {quoted(claim)}, but {why}") if why else claim

    def _miss(
        self,
        reading: tuple[str, str, str],
        other: str,
        pairs: set[tuple[str, str]],
        types: tuple[tuple[str, str], ...],
        ground: GroundGraph,
        stated: set[tuple[str, str]],
        renamed: frozenset[tuple[str, str]],
        above: dict[str, set[str]],
    ) -> bool:
        """Another value where the proof has its fact, read the way the fact points (a place contains
        many things: "Zürich contains X" misses nothing), and of the proof value's kind where both kinds
        are known ("an island nation in the Indian Ocean" misses no region it is part of). A value the
        KB does not know misses nothing where the reply relates the same two ends as the proof's fact too, in
        whatever words ("since 2016 it has belonged to Auvergne-Rhône-Alpes"), or relates it to the proof's
        value where it renames (``renamed``: "Friedrich-Wilhelms-Universität, which only took the name
        Humboldt University"): "started the 2012 Tour de France ... rode the Giro d'Italia that year as
        well" (the KB has only editions), "a department in southern France ... from 2016 in Occitania" (a
        place around, unlabelled). A country of another kind than the proof's value misses it where a
        country around that value is another ("Munich is in Austria", Upper Bavaria being in Germany)."""
        s, p, o = reading
        if (s, p) not in pairs or p.startswith("^") or p in CROWDED:
            return False
        if o.startswith("?") and ((s, other) in stated or (o, other) in renamed):  # "..., renamed Y in 1949"
            return False
        mine = {t for e, t in types if e == o}
        theirs = {t for e, t in types if e == other}
        if mine and theirs:
            return bool(mine & theirs) or in_another_country(
                o, other, above, partial(kinds_of, self._kb, types)
            )
        return another_place(self._name(o, ground), self._name(other, ground))  # no kind: water, a state

    def _judged(
        self,
        claim: Claim,
        status: Status | None,
        ground: GroundGraph,
        values: dict[tuple[str, str], list[str]],
    ) -> Claim:
        assert claim.statement is not None
        s, p, o = claim.statement
        said = quoted(claim)
        if p in COMPUTED:  # an age, who outlived whom: arithmetic on the KB's years
            found, why = arithmetic.wrong(claim, lambda eid: lifetime(self._kb, ground, eid))
            return replace(claim, status=found, note=f"says {said}, but {why}" if why else "")
        if status is None and p == ALIVE:  # a year of a lifetime, or of a thing's existence
            born = year_of(self._kb, ground, "born", s) or date_of(self._kb, ground, "start", s)
            died = year_of(self._kb, ground, "died", s) or date_of(self._kb, ground, "end", s)
            if born is None or claim.year is None:
                return replace(claim, status="open")
            alive = born <= claim.year <= (died if died is not None else claim.year)
            if alive != claim.negated:  # "was not alive in 1902" is right after a death in 1901
                return replace(claim, status="proven")
            span = (
                f"{year_text(born)} to {year_text(died)}" if died is not None else f"from {year_text(born)}"
            )
            return replace(claim, status="refuted", note=f"says {said}, but the KB gives the lifetime {span}")
        if status is None:  # a year of birth or death, of an inception, a point in time ...
            event = YEAR_EVENT.get(p)
            known = (
                year_of(self._kb, ground, event, s) if event else date_of(self._kb, ground, date_kind(p), s)
            )
            if known is None or claim.year is None:
                return replace(claim, status="open")
            if year_holds(claim, known):  # "he was not born in 1992 or earlier": right after 1993
                return replace(claim, status="proven")
            return replace(claim, status="refuted", note=f"says {said}, but the KB gives {year_text(known)}")
        rel = self._catalog.resolve(p.lstrip("^"))
        if status.kind == "refuted" and claim.negated:
            fact = f"{self._name(s, ground)} {rel.phrase} {self._name(o, ground)}"
            return replace(claim, status="refuted", note=f"says {said}, but the KB holds that {fact}")
        if status.kind == "refuted":
            others = list(dict.fromkeys(self._name(x, ground) for x in values.get((s, p), []) if x != o))
            has = (
                f", but the KB has {self._name(s, ground)} {rel.phrase} {' and '.join(others)}"
                if others
                else ""
            )
            why = f" ({rel.label} has one value)" if rel.functional and others else ""
            return replace(claim, status="refuted", note=f"says {said}{has or ', which the KB refutes'}{why}")
        if status.kind == "other" and not claim.negated:
            note = f"says {said}, where the proof has {self._name(status.other, ground)}"
            return replace(claim, status="other", note=note)
        return replace(claim, status=status.kind)

    def _conclusions(
        self, ground: GroundGraph, claims: list[Claim], background: list[Fact], concluding: set[int]
    ) -> list[Claim]:
        """A wrong statement of the question itself, drawn from premises of the reply's own that prove
        the truth ("Oxford is in Oxfordshire, Oxfordshire in England, yet Oxford is not in England"),
        is a wrong inference, not wrong knowledge: it contradicts what the reply itself states. The
        answer restated (``concluding``) is no such premise."""
        if ground.statement is None or ground.holds is None:
            return claims
        question = readings(self._catalog, *ground.statement)
        out = []
        for c in claims:
            if c.wrong and c.statement and c.statement in question and c.status != MISDATED:  # its years only
                others = [x for x in claims if x is not c and id(x.triple) not in concluding]
                world = World(
                    tuple(containment(self._catalog, background) + world_stated(others)),
                    world_denied(others),
                    ground.types,
                )
                answer, _ = self._rules().answer(world, ground.statement)
                if answer == ("holds" if ground.holds else "fails"):
                    c = replace(c, status="concluded", note="")
            out.append(c)
        return out

    def _inference(
        self,
        ground: GroundGraph,
        claims: list[Claim],
        background: list[Fact],
        every: tuple[Claim, ...],
        expected: Answer,
        others: tuple[tuple[str, str, str], ...] = (),
        restated: Sequence[Claim] = (),
    ) -> Checked:
        assert ground.statement is not None
        missed = {
            (s, p)
            for c in claims
            if c.status == "other" and c.statement
            for s, p, _ in readings(self._catalog, *c.statement)
        }
        kept = [
            f
            for f in evidence_facts(ground) + containment(self._catalog, background)
            if not any(
                (s, p) in missed for s, p, _ in readings(self._catalog, f.subject, f.property, f.object)
            )
        ]
        world = lived(
            World(
                tuple(kept + world_stated(claims)),
                world_denied(claims) + others,
                ground.types,
                stated_years(ground, claims),
            )
        )
        answer, dropped = self._rules().answer(world, ground.statement, drop_contradicted=True)
        if answer == "open" and restated and not dropped and all(f in kept for f in evidence_facts(ground)):
            return self._inference(ground, claims + list(restated), background, every, expected, others)
        if answer == "both":
            # a denial against facts it never stated stands; against its own, it contradicts itself
            own_facts = containment(self._catalog, background) + world_stated(claims)
            own = World(tuple(own_facts), (), ground.types)
            answer = "both" if self._rules().answer(own, ground.statement)[0] == "holds" else "fails"
        texts = {f"e:{e.id}": e.text() for e in ground.edges}
        gone = [texts[f.id] for f in evidence_facts(ground) if f not in kept] + [
            texts[d] for d in dropped if d in texts
        ]
        if answer == "open" and gone:  # the reply took away what the proof rests on: it no longer holds
            answer = "fails"
        elif answer == "open" and not world.denied:
            # Nothing the proof rests on was taken away and the rules cannot redo it from these facts
            # (a claim the KB neither proves nor refutes settles nothing): the KB's facts stand.
            answer = "holds" if ground.holds else "fails"
        notes: tuple[str, ...] = ()
        baseline, _ = self._rules().answer(
            lived(
                World(
                    tuple(evidence_facts(ground) + containment(self._catalog, background)),
                    (),
                    ground.types,
                    ground.years,
                )
            ),
            ground.statement,
        )
        if implied_answer(ground, baseline) is not expected:  # the rules cannot redo the proof from its facts
            notes = (
                f"the rules give {baseline!r} for the case's own facts; the proof's answer stands for them",
            )
            if not gone and answer == "open":  # what it states settles nothing the case's own facts do
                answer = "holds" if ground.holds else "fails"
        return Checked(every, answer, implied_answer(ground, answer), tuple(gone), notes)

    def _name(self, eid: str, ground: GroundGraph) -> str:
        if ground.entity(eid) is not None or self._kb is None:
            return ground.label(eid)
        entity = self._kb.entity(eid)
        return entity.label if entity is not None and entity.label else eid

    def _background(self, ground: GroundGraph, claims: list[Claim]) -> list[Fact]:
        """The KB's facts about what the claims name beyond the case, and the places around all of it."""
        if self._kb is None:
            return []
        case = {e.id for e in ground.entities}
        named = {x for c in claims if c.statement for x in (c.statement[0], c.statement[2])}
        beyond = {x for x in named - case if not x.startswith("?") and not is_year_id(x)}
        outside = {c.statement[1] for c in claims if c.statement} - ground.properties
        if not beyond and not outside:
            return []
        ids = sorted((named | case) - {x for x in named if x.startswith("?") or is_year_id(x)})
        facts = {f.id: f for f in self._kb.facts_of(ids) if f.property not in VALUE_PROPERTIES}
        above = containing(self._kb, ids, partial(upward, self._catalog))
        facts.update((f.id, f) for f in above)
        return [facts[k] for k in sorted(facts)]

    @property
    def started(self) -> bool:
        """Whether the rules were needed yet (a reply that states nothing needs none)."""
        return self._logic is not None

    def _rules(self) -> ClaimLogic:
        if self._logic is None:
            self._logic = ClaimLogic(self._catalog)
        return self._logic
