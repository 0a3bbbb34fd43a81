"""The KB's sanity check: stated facts that break a rule of prolog/sanity.pl, in words, and marked.

``kgtest build-kb`` runs it once a build is complete and ``kgtest kb check`` on demand: the
reasoner applies the rules (the same ones that keep these facts out of every proof), this
module says why each fact breaks one, and kg/marks.py records the verdicts on the facts'
FACT relationships so the graph shows them and ``kgtest kb stats`` counts them.
"""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.core.progress import Progress
from kgtest.core.workspace import Workspace
from kgtest.generator.kbview import KbView, read_view
from kgtest.generator.mtl_text import year_text
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.marks import FactMark, MarkReport, write_marks
from kgtest.kg.model import Fact
from kgtest.kg.store import GraphStore
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import Reasoner, Violation, YearPremise

RULES = {
    "start_after_end": "it starts after it ends",
    "before_birth": "it starts before a person in it was born (a marriage: in the year of birth)",
    "after_death": "something only the living do starts after the person died",
    "never_alive_together": "one spouse was born after the other died",
    "born_before_parent": "the child was born no later than the parent",
    "born_after_parent_died": "the child was born more than a year after the parent died",
}
"""Each rule of prolog/sanity.pl, as the reason a fact cannot be true."""


@dataclass(frozen=True, slots=True)
class Breach:
    """A stated fact, the rule it breaks, and the years that show it, in words."""

    fact: Fact
    rule: str
    why: str
    sentence: str
    """The fact in words, with labels: "Ada was married to Cy"."""


@dataclass(frozen=True, slots=True)
class SanityReport:
    breaches: tuple[Breach, ...]
    marks: MarkReport

    @property
    def facts(self) -> int:
        return len({b.fact.id for b in self.breaches})


def breaches(view: KbView, reasoner: Reasoner) -> list[Breach]:
    """Every (fact, rule) the reasoner's sanity rules find, ordered by fact id then rule."""
    return [_breach(v, view) for v in reasoner.violations()]


def check_kb(store: GraphStore, paths: Workspace, progress: Progress | None = None) -> SanityReport:
    """Run the sanity rules over the store's KB and mark what breaks them there."""
    view = read_view(KnowledgeBase(store), paths.kb_view_cache, progress)
    reasoner = load_kb(kb_program(view.entities.values(), view.facts, view.catalog), paths.prolog_cache)
    found = breaches(view, reasoner)
    rules: dict[str, list[str]] = {}
    for b in found:
        rules.setdefault(b.fact.id, []).append(b.rule)
    marks = [
        FactMark(fid, view.facts_by_id[fid].subject, view.facts_by_id[fid].object, tuple(rs))
        for fid, rs in rules.items()
    ]
    return SanityReport(tuple(found), write_marks(store, marks))


def _breach(v: Violation, view: KbView) -> Breach:
    fact = view.facts_by_id[v.fact_id]
    years = [
        f"{view.label(p.entity)} {'was born' if p.event == 'born' else 'died'} in {year_text(p.year)}"
        for p in v.premises
        if isinstance(p, YearPremise)
    ]
    span = "undated" if fact.start_year is None and fact.end_year is None else _span(fact)
    why = f"{RULES.get(v.rule, v.rule)}: the fact is {span}" + "".join(f"; {y}" for y in years)
    phrase = view.relation(fact.property).phrase or fact.property
    return Breach(fact, v.rule, why, f"{view.label(fact.subject)} {phrase} {view.label(fact.object)}")


def _span(f: Fact) -> str:
    start = "?" if f.start_year is None else year_text(f.start_year)
    end = "?" if f.end_year is None else year_text(f.end_year)
    return f"dated {start} to {end}"
