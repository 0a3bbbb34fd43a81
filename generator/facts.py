"""Fact questions with proven answers (Drowzee 3.3 and 3.5).

Each case asks about one statement ``P(S, O)`` that the reasoner has proven true (a
derivation: inverse, symmetric, transitive or a composite of them; or a plain KB fact,
``ground``) or false (``negation``, under a stated assumption). The case's rule kind is
the kind of that proof. Yes and No are balanced however many truths and falsities the KB
yields. The plain wording asks every statement positively, as a person would: half of the
count goes to refuted near misses (answer No), the other half to truths (answer Yes). Up to two
thirds of the truths are drawn beside near misses in their own words (generator/pairs.py: a
truth of a kind asked, else the KB fact the near miss contradicts, rule ``ground``), so that the
wording does not give the answer away; the rest is shared evenly over the kinds proven true.
Only where the KB refutes too few near misses are that many true statements asked in the
negated wording. Drowzee's wording keeps its own balance: the count
split evenly over the kinds, half of each kind's cases negated, whose answer is flipped.

A kind with too few statements leaves its share to the others. Every draw comes from a
``random.Random`` seeded with the seed and the kind, so the same KB and seed give the same
cases in the same order.

A statement proven true holds in the years of its proof (all premises together), one proven
false by a rule about a time (negation.pl's dated rules) in the years of its premises. It is
asked in the present wording when it is undated or holds in the KB's reference year, else
about one year of those, within the known existence of both its entities (asked.py); a
statement with no such year, or whose entities cannot be named apart (names.py), is not
asked. Facts a sanity rule excludes are never asked about, and every proof is re-checked by
proofcheck.pl before it is returned.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice

from kgtest.core.errors import ReasoningError
from kgtest.generator.asked import WHERE, Asker
from kgtest.generator.balance import halved_variants, plain_split, plain_variants, split
from kgtest.generator.case import Answer, FactMeta, TestCase, case_id
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_random import clip
from kgtest.generator.mtl_text import DROWZEE, PLAIN
from kgtest.generator.near_misses import IN_USE, ONE_AT_A_TIME, confusable, in_use
from kgtest.generator.negatives import Rules, candidates
from kgtest.generator.pairs import GROUND, draw_partners
from kgtest.generator.proofs import leaves, prolog_text, to_proof
from kgtest.generator.templates import ORIGINAL, fact_prompt, wording
from kgtest.kg.model import Fact
from kgtest.prolog.reasoner import Derivable, Derivation, FactPremise, Reasoner, Statement, Years, known_years

CHECKED_BY = "proofcheck.pl"
"""What re-checked a fact case's proof at generation time (``meta["checked_by"]``)."""

RULE_KINDS = ("ground", "symmetric", "inverse", "transitive", "composite", "negation")
DEFAULT_KINDS = ("symmetric", "inverse", "transitive", "composite", "negation")
"""The kinds that need reasoning; ``ground`` (recall of a stated fact) is asked for by name."""
PAIRED = 2 / 3
"""The most of a plain suite's truths drawn as near misses' partners (generator/pairs.py)."""
_REFUTE_AT_ONCE = 16
"""Candidates refuted by one Prolog call: few enough that little past the last one kept is asked."""


@dataclass(frozen=True, slots=True)
class FactReport:
    requested: int
    generated: int
    available: dict[str, int]
    """Statements each positive kind could be drawn from, after the domain filter."""
    negation_tried: int
    """Candidate false statements sent to the reasoner."""
    negation_refuted: int
    reference_year: int | None = None
    """The year the present tense speaks of; None when the KB has no years."""
    excluded: int = 0
    """KB facts a sanity rule excludes from every question."""
    negation_reversed: int = 0
    """Negation cases that only turn a containment around (at most a quarter of them)."""


def kind_of(rules: frozenset[str]) -> str:
    """The kind of a derivation that applies ``rules``: the one rule it uses, or ``composite``."""
    used = rules - {"ground"}
    if not used:
        return "ground"
    return next(iter(used)) if len(used) == 1 else "composite"


def statement_domain(view: KbView, statement: Statement) -> str:
    """The domain of the statement's subject, or of its object when the subject's is unknown."""
    for eid in (statement[0], statement[2]):
        entity = view.entities.get(eid)
        if entity is not None and entity.domain.value != "unknown":
            return entity.domain.value
    return "unknown"


def latest_year(view: KbView) -> int | None:
    """The KB's default reference year: the latest year any fact or entity names."""
    return None if view.years is None else view.years[1]


def usable(view: KbView, reasoner: Reasoner) -> KbView:
    """The view without the facts a sanity rule excludes (the reasoner's kb_excluded)."""
    excluded = reasoner.excluded()
    return view.without(frozenset(excluded)) if excluded else view


def generate_fact_cases(
    view: KbView,
    reasoner: Reasoner,
    *,
    kinds: Sequence[str] = DEFAULT_KINDS,
    domains: Sequence[str] = (),
    count: int,
    seed: int,
    balance: bool = True,
    reference_year: int | None = None,
    wording_style: str = PLAIN,
) -> tuple[list[TestCase], FactReport]:
    """Up to ``count`` fact cases over ``kinds`` (and ``domains``, all when empty).

    ``reference_year`` is the year the present tense speaks of (default: ``latest_year``).
    """
    excluded = len(view.facts)
    view = usable(view, reasoner)
    excluded -= len(view.facts)
    now = latest_year(view) if reference_year is None else reference_year
    if count == 0:
        return [], FactReport(0, 0, {}, 0, 0, now, excluded)
    keep = _keeper(view, domains)
    asker = Asker(view, now, wording_style)
    derivable = reasoner.derivable()
    asks_plainly = balance and wording_style == PLAIN and "negation" in kinds
    ground = _ground(view.facts) if "ground" in kinds else {}
    pools: dict[str, list[Statement]] = {k: [] for k in kinds if k != "negation"}
    if "ground" in pools:
        pools["ground"] = [st for st, d in ground.items() if keep(st) and asker.askable(st, d.years)]
    for st, found in derivable.items():
        kind = kind_of(found.rules)
        if kind in pools and keep(st) and asker.askable(st, found.years):
            pools[kind].append(st)
    caps: dict[str, int | None] = {k: len(pool) for k, pool in pools.items()}
    caps["negation"] = None
    quotas = plain_split(count, kinds, caps) if asks_plainly else split(count, kinds, caps)
    negatives: list[tuple[Derivation, Years | None]] = []
    tried = 0
    if "negation" in kinds:
        negatives, tried = _refuted(view, reasoner, list(derivable), quotas["negation"], seed, keep, asker)
        if len(negatives) < quotas["negation"]:
            caps["negation"] = len(negatives)
            quotas = plain_split(count, kinds, caps) if asks_plainly else split(count, kinds, caps)
    paired: dict[str, list[Statement]] = {}
    if asks_plainly:
        asked_no = negatives[: quotas["negation"]]
        if "ground" not in kinds:  # a mirror is a fact of a near miss's own subject and property
            own = {(d.subject, d.property) for d, _ in asked_no}
            ground = _ground(f for f in view.facts_of({p for _, p in own}) if (f.subject, f.property) in own)
        worth = {st: d for st, d in ground.items() if keep(st)}  # named, in a domain asked for
        paired, quotas = _paired(asker, pools, derivable, worth, asked_no, quotas, seed)
    order = [*kinds, *(k for k in paired if k not in kinds)]  # a mirror's kind, ground, comes last
    chosen: dict[str, list[tuple[Derivation, Years | None]]] = {}
    rngs = {kind: random.Random(f"{seed}:{kind}") for kind in order}
    for kind in order:
        if kind == "negation":
            chosen[kind] = negatives[: quotas[kind]]
            continue
        mine = paired.get(kind, [])
        rest = [st for st in sorted(pools.get(kind, ())) if st not in mine]
        statements = [*mine, *rngs[kind].sample(rest, quotas.get(kind, 0))]
        proven = [ground[st] for st in statements] if kind == GROUND else _proven(reasoner, statements)
        chosen[kind] = [(d, d.years) for d in proven]
    protected = {k: len(v) for k, v in paired.items()}
    flips = {k: [asker.flip_reading(d.statement) for d, _ in v] for k, v in chosen.items()}
    variants = (
        plain_variants(chosen, seed, protected, flips)
        if asks_plainly
        else halved_variants(chosen, rngs, balance)
    )
    cases: list[TestCase] = []
    for kind in order:
        for (d, asked_years), variant in zip(chosen[kind], variants[kind], strict=True):
            near_miss = kind == "negation"
            settled = near_miss and _contested(d)
            year, tense = asker.when(d.statement, asked_years, rngs[kind], near_miss, settled)
            cases.append(
                make_case(
                    d, kind, variant, view, asker.question(d.statement, variant, year, tense), year, now
                )
            )
    _recheck(reasoner, cases)
    available = {k: len(pool) for k, pool in pools.items()}
    reversed_ = sum(_reverses(d) for d, _ in negatives[: quotas.get("negation", 0)])
    report = FactReport(count, len(cases), available, tried, len(negatives), now, excluded, reversed_)
    return cases, report


def _paired(
    asker: Asker,
    pools: Mapping[str, Sequence[Statement]],
    derivable: Mapping[Statement, Derivable],
    ground: Mapping[Statement, Derivation],
    near_misses: Sequence[tuple[Derivation, Years | None]],
    quotas: Mapping[str, int],
    seed: int,
) -> tuple[dict[str, list[Statement]], dict[str, int]]:
    """Truths drawn beside the near misses in their words (generator/pairs.py), by kind, and the
    quotas left to draw at random: at most ``PAIRED`` of the truths, so every kind asked keeps a
    share of the rest."""
    truths = [k for k in quotas if k != "negation"]
    wanted = sum(quotas[k] for k in truths)
    budget = min(len(near_misses), int(wanted * PAIRED))
    settled = [(d, years, _contested(d)) for d, years in near_misses]
    paired = draw_partners(asker, {k: pools[k] for k in truths}, derivable, ground, settled, budget, seed)
    caps = {k: len(pools[k]) - len(paired.get(k, ())) for k in truths}
    left = split(wanted - sum(map(len, paired.values())), truths, caps)
    return paired, {**left, "negation": quotas["negation"]}


def _recheck(reasoner: Reasoner, cases: Sequence[TestCase]) -> None:
    """Every proof through proofcheck.pl: a suite never carries a proof that does not check."""
    verdicts = reasoner.check_all([prolog_text(c.proof) for c in cases if c.proof is not None])
    for case, ok in zip(cases, verdicts, strict=True):
        if not ok:
            raise ReasoningError(
                f"the proof of case {case.id} ({case.question!r}) does not check against the KB; "
                "this is a bug in the rule library, please report it with the suite"
            )


def make_case(
    d: Derivation,
    kind: str,
    variant: str,
    view: KbView,
    text: str,
    year: int | None = None,
    now: int | None = None,
) -> TestCase:
    """The case asking ``text`` about ``d``'s statement (about ``year``, when it names one)."""
    s, p, o = d.statement
    how = wording(p, view.catalog)
    proof = to_proof(d, view)
    return TestCase(
        # a statement false in some years may be true in others, and asked about as both
        id=case_id("fact", s, p, o, variant)
        if d.holds or d.years is None
        else case_id("fact", s, p, o, variant, year),
        kind="fact",
        rule=kind,
        domain=statement_domain(view, d.statement),
        question=text,
        prompt=fact_prompt(text),
        expected=Answer.YES if d.holds == (variant == ORIGINAL) else Answer.NO,
        evidence=tuple(dict.fromkeys(leaves(proof))),
        proof=proof,
        variant=variant,
        meta=FactMeta(
            statement=(s, p, o),
            sentence=f"{view.label(s)} {how.phrase} {view.label(o)}",
            holds=d.holds,
            category=how.category.value,
            proof_rules=tuple(sorted(d.rules())),
            years=None if d.years is None else tuple(d.years),
            year=year,
            reference_year=now,
            checked_by=CHECKED_BY,
        ),
    )


def _ground(facts: Iterable[Fact]) -> dict[Statement, Derivation]:
    """One ground derivation per stated (S, P, O): its undated fact, else the one with most years."""
    found: dict[Statement, Derivation] = {}
    for f in facts:
        st = (f.subject, f.property, f.object)
        years = known_years(f.start_year, f.end_year)
        if years == ():  # a start after its end: no known year (a sanity rule excludes it)
            continue
        d = Derivation(True, "ground", *st, (FactPremise(f.id),), years)
        if st not in found or _span(d.years) > _span(found[st].years):
            found[st] = d
    return found


def _span(years: tuple[tuple[int, int], ...] | None) -> float:
    return float("inf") if years is None else sum(b - a + 1 for a, b in years)


def _proven(reasoner: Reasoner, statements: Sequence[Statement]) -> list[Derivation]:
    proofs = reasoner.prove(statements)
    missing = [st for st, d in zip(statements, proofs, strict=True) if d is None]
    if missing:
        raise ReasoningError(f"the reasoner derived {missing[0]} but cannot prove it again; this is a bug")
    return [d for d in proofs if d is not None]


def _keeper(view: KbView, domains: Sequence[str]) -> Callable[[Statement], bool]:
    """Statements worth asking: both entities have (different) labels, in a domain asked for."""
    wanted = set(domains)

    def keep(st: Statement) -> bool:
        s, _, o = st
        if view.label(s) in (s, view.label(o)) or view.label(o) == o:
            return False
        return not wanted or statement_domain(view, st) in wanted

    return keep


def _refuted(
    view: KbView,
    reasoner: Reasoner,
    derived: Sequence[Statement],
    need: int,
    seed: int,
    keep: Callable[[Statement], bool],
    asker: Asker,
) -> tuple[list[tuple[Derivation, Years | None]], int]:
    """The first ``need`` askable candidates the reasoner refutes, each with the years it may be asked
    about, and how many candidates it was asked about.

    Reversed containments (Drowzee's wording only: a plain question reads as a relation worded
    backwards) come after every plausible candidate and are kept to at most a third of the
    plausible ones found, so at most a quarter of the negations.
    """
    rng = random.Random(f"{seed}:negation-candidates")
    one, parts, clubs = reasoner.near_miss_rules()
    used = in_use(view)
    rules = Rules(reasoner.lifetime_rules(), one, parts, used, reasoner.seasonal_rules(), clubs)
    stream = candidates(view, derived, rules, rng, keep, reverse=asker.style == DROWZEE)
    found: list[tuple[Derivation, Years | None]] = []
    plausible = reversed_ = tried = 0
    while len(found) < need:
        batch = list(islice(stream, max(64, 3 * (need - len(found)))))  # most near misses are refuted
        if not batch:
            break
        tried += len(batch)
        for is_reversed, d in _refutations(reasoner, batch, lambda: len(found) >= need):
            years = None if d is None else _plausible_years(d, used)
            if d is None or years == () or confusable(view, d):
                continue
            if not asker.askable(d.statement, years, True, _contested(d)) or _told(asker, d):
                continue
            if is_reversed or _reverses(d):
                if reversed_ >= plausible // 3:
                    continue
                reversed_ += 1
            else:
                plausible += 1
            found.append((d, years))
    return found[:need], tried


def _refutations(
    reasoner: Reasoner, batch: Sequence[tuple[bool, Statement]], enough: Callable[[], bool]
) -> Iterator[tuple[bool, Derivation | None]]:
    """Each candidate of ``batch`` with its refutation, asked of Prolog a few at a time until
    ``enough``: a batch is drawn three times the size still needed, and refuting the last one's
    tail, never kept, was a tenth of a suite's refutations (Wikidata12k seed 41: 308 to 276)."""
    for start in range(0, len(batch), _REFUTE_AT_ONCE):
        if enough():
            return
        part = batch[start : start + _REFUTE_AT_ONCE]
        yield from zip((r for r, _ in part), reasoner.refute([st for _, st in part]), strict=True)


def _told(asker: Asker, d: Derivation) -> bool:
    """The value a near miss puts in place of the truth needs telling apart: it is ours to choose,
    and "Was the cyclist Jhonatan Narváez born in the country Georgia?" read stiff to both of the
    twelfth session's end readers where another country reads plainly."""
    while d.rule in ("inverse", "symmetric") and d.premises and isinstance(d.premises[0], Derivation):
        d = d.premises[0]
    return asker.names.tells(d.object, d.subject, d.property in WHERE)


def _contested(d: Derivation) -> bool:
    """A near miss whose other value was in use around then: asked in the year the true one
    began or ended, it is half true."""
    return not ONE_AT_A_TIME.isdisjoint(d.rules())


def _reverses(d: Derivation) -> bool:
    """The refutation only turns a containment around (antisymmetric, maybe read through R-Inverse)."""
    return d.rule == "antisymmetric" or any(
        isinstance(p, Derivation) and _reverses(p) for p in d.premises if d.rule in ("inverse", "symmetric")
    )


def _plausible_years(d: Derivation, used: dict[tuple[str, str], Years]) -> Years | None:
    """The years a refutation may be asked about: its own, and for a country (IN_USE) only those some
    place is known to lie in it (empty: never plausible)."""
    _, p, o = d.statement
    if d.years is None or p not in IN_USE:
        return d.years
    return tuple(piece for span in used.get((p, o), ()) for piece in clip(d.years, *span))
