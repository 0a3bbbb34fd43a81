"""Truths asked in the same words as the near misses: each form asked both ways.

A refuted near miss is asked "Was X born in Y?" and answered No; if every truth the suite asks is
worded otherwise ("Was X ever located in Y?"), a system that knows no fact answers by the wording
alone (an audit's one-line cue reader scored 0.53 to 0.71 above chance; ``baseline:wording``
counts it). So the plain wording draws, for a near miss, a truth whose question has the same form
(generator/forms.py): one of the kinds asked (an inverse or transitive truth "Was X in Y in
1990?"), else the KB fact the near miss contradicts, asked as a ``ground`` truth ("Was Galina
Vishnevskaya born in Saint Petersburg?" beside "... born in Moscow?"). A system that knows the
fact answers both; one that reads the form gets one of the two.

Every draw is in the near misses' order, from pools in a fixed order, so the same seed gives the
same pairs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from kgtest.generator.asked import Asker
from kgtest.generator.forms import question_form
from kgtest.generator.templates import ORIGINAL
from kgtest.prolog.reasoner import Derivable, Derivation, Statement, Years

GROUND = "ground"
"""The kind of a partner that is the KB's own fact."""


@dataclass(frozen=True, slots=True)
class Partner:
    """A truth drawn beside a near miss: its kind and statement (its proof is made later)."""

    kind: str
    statement: Statement


class FormIndex:
    """The truths of each kind by the form their plain question takes, found when first asked."""

    def __init__(self, asker: Asker, pools: Mapping[str, Sequence[tuple[Statement, Years | None]]]) -> None:
        self._asker = asker
        self._pools = pools
        self._by_form: dict[str, dict[str, list[Statement]]] | None = None

    def truths(self, form: str) -> dict[str, list[Statement]]:
        """Each kind's truths whose question has ``form``, in the pool's order."""
        if self._by_form is None:
            self._by_form = {}
            for kind, pool in self._pools.items():
                for st, years in pool:
                    found = self._by_form.setdefault(form_of(self._asker, st, years), {})
                    found.setdefault(kind, []).append(st)
        return self._by_form.get(form, {})


def form_of(asker: Asker, statement: Statement, years: Years | None, near_miss: bool = False,
            settled: bool = False) -> str:  # fmt: skip
    """The form of ``statement``'s plain question: the tense and wording ``asker`` gives it (the
    year it would draw is masked, so any draw gives the same form)."""
    year, tense = asker.when(statement, years, random.Random(0), near_miss, settled)
    return question_form(asker.question(statement, ORIGINAL, year, tense))


def draw_partners(
    asker: Asker,
    pools: Mapping[str, Sequence[Statement]],
    derivable: Mapping[Statement, Derivable],
    ground: Mapping[Statement, Derivation],
    near_misses: Sequence[tuple[Derivation, Years | None, bool]],
    budget: int,
    seed: int,
) -> dict[str, list[Statement]]:
    """Up to ``budget`` partners of ``near_misses`` (``(derivation, years, settled)``) by kind: from
    each kind's ``pools`` in an order drawn with ``seed``, else from the ``ground`` facts with the
    near miss's subject and property."""

    def years(st: Statement) -> Years | None:  # a pool's statement is derived, or stated (``ground``)
        return derivable[st].years if st in derivable else ground[st].years

    shuffled = {k: random.Random(f"{seed}:{k}:pairs").sample(sorted(p), len(p)) for k, p in pools.items()}
    index = FormIndex(asker, {k: [(st, years(st)) for st in order] for k, order in shuffled.items()})
    by_subject: dict[tuple[str, str], list[Statement]] = {}
    for st in ground:
        by_subject.setdefault((st[0], st[1]), []).append(st)

    def mirrors(d: Derivation) -> list[tuple[Statement, Years | None]]:
        return [(st, ground[st].years) for st in by_subject.get((d.subject, d.property), ())]

    paired: dict[str, list[Statement]] = {}
    for p in partners(near_misses, index, mirrors, asker, budget):
        paired.setdefault(p.kind, []).append(p.statement)
    return paired


def partners(
    near_misses: Iterable[tuple[Derivation, Years | None, bool]],
    index: FormIndex,
    mirrors: Callable[[Derivation], Sequence[tuple[Statement, Years | None]]],
    asker: Asker,
    budget: int,
) -> list[Partner]:
    """Up to ``budget`` truths, one for each near miss in turn (``(derivation, years, settled)``)
    whose form some truth shares: a truth of a kind asked first (the kinds in their order), else one
    of the near miss's ``mirrors`` (the KB facts it contradicts) worded the same; none drawn twice."""
    found: list[Partner] = []
    taken: set[Statement] = set()
    for d, years, settled in near_misses:
        if len(found) >= budget:
            break
        form = form_of(asker, d.statement, years, True, settled)
        partner = _first_truth(index.truths(form), taken) or _mirror(mirrors(d), form, asker, taken)
        if partner is not None:
            taken.add(partner.statement)
            found.append(partner)
    return found


def _first_truth(by_kind: Mapping[str, Sequence[Statement]], taken: set[Statement]) -> Partner | None:
    for kind, statements in by_kind.items():
        for st in statements:
            if st not in taken:
                return Partner(kind, st)
    return None


def _mirror(
    stated: Sequence[tuple[Statement, Years | None]], form: str, asker: Asker, taken: set[Statement]
) -> Partner | None:
    for st, years in stated:
        if st not in taken and asker.askable(st, years) and form_of(asker, st, years) == form:
            return Partner(GROUND, st)
    return None
