"""Reasoner derivations as the suite's Proof records, and back to Prolog for checking.

A ``Proof`` names its rule, its conclusion as Prolog text (``holds('Q1', 'P26', 'Q2')``
from undated premises, ``holds('Q1', 'P26', 'Q2', [[1836, 1870]])`` with the years it holds
in, or ``not(holds(...))`` for a statement proven false), its premises (KB facts with labels,
or sub-proofs) and the assumption it rests on: for a "No", the property's (docs/reasoning.md);
for a dated "Yes" with undated premises, that those held in its years. A ground fact used as
a step appears as the fact itself, not as a one-line proof of it.
"""

from __future__ import annotations

from collections.abc import Iterator

from kgtest.core.errors import ReasoningError
from kgtest.generator.case import EvidenceFact, Proof
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_text import year_text
from kgtest.prolog.engine import quote_atom
from kgtest.prolog.reasoner import (
    Derivation,
    FactPremise,
    Premise,
    Statement,
    TypePremise,
    YearPremise,
    Years,
    known_years,
)

_YEAR_PROPERTY = {"born": ("P569", "date of birth"), "died": ("P570", "date of death")}
_YEAR_EVENT = {pid: event for event, (pid, _) in _YEAR_PROPERTY.items()}


def conclusion(statement: Statement, holds: bool, years: Years | None = None) -> str:
    """``holds(S, P, O)``, with the years it holds in when dated, or ``not(...)`` of it."""
    s, p, o = (quote_atom(x) for x in statement)
    if years is None:
        said = f"holds({s}, {p}, {o})"
    else:
        spans = ", ".join(f"[{a}, {b}]" for a, b in years)
        said = f"holds({s}, {p}, {o}, [{spans}])"
    return said if holds else f"not({said})"


def to_proof(d: Derivation, view: KbView) -> Proof:
    """The Proof record of a derivation, with labels from ``view``."""
    premises = tuple(_premise(p, view) for p in d.premises)
    said = statement_words(d, view)
    proof = Proof(d.rule, conclusion(d.statement, d.holds, d.years), premises, said=said)
    if not d.holds:
        return Proof(proof.rule, proof.conclusion, premises, assumption(d, view), said)
    undated = [e for e in leaves(proof) if e.fact_id and e.start_year is None and e.end_year is None]
    if d.years is None or not undated:
        return proof
    named = "; ".join(
        f"{e.subject_label} {view.relation(e.property).phrase} {e.object_label}" for e in undated
    )
    why = f"undated facts held in {years_text(d.years)}: {named}"
    return Proof(proof.rule, proof.conclusion, premises, why, said)


def statement_words(d: Derivation, view: KbView) -> str:
    """``d``'s conclusion in words: "Albert Einstein spouse Elsa Einstein in 1903-1917", "not: "
    before one proven false; ``^P`` reads P backwards ("O P S")."""
    s, p, o = d.statement
    if p.startswith("^"):
        s, o = o, s
    when = f" in {years_text(d.years)}" if d.years else ""
    said = f"{_triple_words(s, p.lstrip('^'), o, view)}{when}"
    return said if d.holds else f"not: {said}"


def years_text(years: Years) -> str:
    """``[(1836, 1870), (1880, 1880)]`` -> "1836-1870 and 1880" (BC years as "44 BC")."""
    spans = [year_text(a) if a == b else f"{year_text(a)}-{year_text(b)}" for a, b in years]
    return spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " and " + spans[-1]


def _premise(p: Premise, view: KbView) -> Proof | EvidenceFact:
    match p:
        case FactPremise(fact_id=fid):
            return fact_evidence(fid, view)
        case Derivation(rule="ground", premises=(FactPremise(fact_id=fid),)):
            return fact_evidence(fid, view)
        case Derivation():
            return to_proof(p, view)
        case YearPremise(entity=e, event=event, year=y):
            pid, label = _YEAR_PROPERTY[event]
            return EvidenceFact(e, view.label(e), pid, label, str(y), str(y), start_year=y)
        case TypePremise(entity=e, cls=c):
            return EvidenceFact(e, view.label(e), "P31", "instance of", c, view.label(c))
    raise ReasoningError(f"unknown premise {p!r}")


def fact_evidence(fid: str, view: KbView) -> EvidenceFact:
    f = view.facts_by_id.get(fid)
    if f is None:
        raise ReasoningError(f"the proof cites fact id={fid!r}, which the KB view does not hold; regenerate")
    return EvidenceFact(
        f.subject,
        view.label(f.subject),
        f.property,
        view.relation(f.property).label,
        f.object,
        view.label(f.object),
        f.start_year,
        f.end_year,
        fact_id=fid,
    )


def assumption(d: Derivation, view: KbView) -> str:
    """What a proof of falsity assumes beyond the KB's facts, in words."""
    s, p, o = (view.label(x) for x in d.statement)
    rel = view.relation(d.property.lstrip("^"))
    subs = [x for x in d.premises if isinstance(x, Derivation)]
    match d.rule:
        case "functional_conflict":
            known = view.label(
                next(x.entity for x in d.premises if isinstance(x, TypePremise) and x.entity != d.object)
            )
            cls = view.label(next(x.cls for x in d.premises if isinstance(x, TypePremise)))
            return (
                f"{rel.label} ({rel.id}) has one value; the knowledge base gives {s} exactly one, {known}, "
                f"without dates; {o} is another instance of {cls} and neither is known to lie within "
                "the other"
            )
        case "coexistence_conflict":
            return f"{rel.label} ({rel.id}) links two people who were alive at the same time"
        case "parent_lifetime_conflict":
            return (
                f"{rel.label} ({rel.id}) links a parent and a child: a parent is born before the child "
                "and dies at most a year before the child's birth"
            )
        case "one_at_a_time" | "one_club_at_a_time":
            known = next(_fact_text(x, view) for x in d.premises if isinstance(x, FactPremise))
            rule, other = (
                (" has one value at a time", "value")
                if d.rule == "one_at_a_time"
                else (": a player plays for one club at a time, a national team beside it", "club")
            )
            when = years_text(d.years) if d.years else "any year"
            return (
                f"{rel.label} ({rel.id}){rule}; the knowledge base says {known}, and gives {s} no other "
                f"{other} in {when}, where nothing it states may make {o} one"
            )
        case "partition":
            facts = [_fact_text(x, view) for x in d.premises if isinstance(x, FactPremise)]
            return (
                f"{rel.label} ({rel.id}): units directly within one unit, of one level, do not overlap; "
                f"{facts[1]} and {facts[2]}, neither is known to lie within the other, and {facts[0]}"
                + (f", in {years_text(d.years)}" if d.years else "")
            )
        case "one_league_a_season":
            facts = [_fact_text(x, view) for x in d.premises if isinstance(x, FactPremise)]
            return (
                f"{rel.label} ({rel.id}) of a club and a league's season: a club plays in one league of its "
                f"country a season; {facts[0]}, {facts[1]}, {facts[2]}, both seasons of the same years, "
                f"{facts[3]} and {facts[4]}, and nothing is known to have taken part in both"
            )
        case "antisymmetric":
            return (
                f"{rel.label} ({rel.id}) is a strict containment order, never true in both directions, "
                f"and the knowledge base proves that {o} {rel.phrase} {s}"
            )
        case "symmetric" if subs:
            return f"{rel.label} ({rel.id}) is symmetric; {assumption(subs[0], view)}"
        case "inverse" if subs:
            return (
                f"{d.property} and {subs[0].property} state the same fact in opposite directions; "
                + assumption(subs[0], view)
            )
    raise ReasoningError(f"no assumption is known for the refutation rule {d.rule!r} of {s}, {p}, {o}")


def _fact_text(p: FactPremise, view: KbView) -> str:
    """ "Aachen country Nazi Germany (1933-1945)": a premise fact in words, for an assumption."""
    f = view.facts_by_id[p.fact_id]
    years = known_years(f.start_year, f.end_year)
    when = f" ({years_text(years)})" if years else ""
    return f"{_triple_words(f.subject, f.property, f.object, view)}{when}"


def _triple_words(s: str, p: str, o: str, view: KbView) -> str:
    """ "Aachen country Nazi Germany": a statement by its labels and its relation's label."""
    return f"{view.label(s)} {view.relation(p).label} {view.label(o)}"


def leaves(proof: Proof) -> Iterator[EvidenceFact]:
    """The KB facts a proof rests on, depth first."""
    for p in proof.premises:
        if isinstance(p, Proof):
            yield from leaves(p)
        else:
            yield p


def prolog_text(proof: Proof) -> str:
    """The proof as proofcheck.pl reads it: ``[Rule, Conclusion, Premises]``."""
    items = ", ".join(prolog_text(p) if isinstance(p, Proof) else _evidence_text(p) for p in proof.premises)
    return f"[{quote_atom(proof.rule)}, {proof.conclusion}, [{items}]]"


def _evidence_text(e: EvidenceFact) -> str:
    if e.fact_id:
        return f"fact({quote_atom(e.fact_id)})"
    if e.property == "P31":
        return f"type({quote_atom(e.subject)}, {quote_atom(e.object)})"
    if e.property in _YEAR_EVENT and e.start_year is not None:
        return f"{_YEAR_EVENT[e.property]}({quote_atom(e.subject)}, {e.start_year})"
    raise ReasoningError(f"evidence {e!r} is neither a KB fact, a class nor a birth or death year")
