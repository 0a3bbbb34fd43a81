"""Judge replies without an LLM: read the answer, read the claims, check both against the proof.

Drowzee's Algorithm 3 (screen, extract, compare, classify), with the comparison done by the
rule library instead of graph overlap: a reply is judged on its own reasoning. Its knowledge
is wrong when it states facts the KB contradicts or that miss the proof's facts; its
inference is wrong when its answer does not follow from what it states. docs/oracle.md
defines each outcome with worked examples. The models, the rules and the KB are loaded only
when a reply needs them: a run of bare "Yes."/"No." replies loads none of them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from kgtest.core.records import from_plain, to_plain
from kgtest.generator.case import Answer, TestCase
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.extract.parse_cache import extractor_for
from kgtest.kg.extract.triples import Triple, TripleExtractor
from kgtest.oracle import arithmetic
from kgtest.oracle.answer import ParsedAnswer, Stance, parse_answer
from kgtest.oracle.answered import after_verdict, answer_restated
from kgtest.oracle.asked import AskedWords
from kgtest.oracle.both import about_the_two
from kgtest.oracle.cannot_tell import cannot_tell
from kgtest.oracle.cards import card_subject, fields
from kgtest.oracle.checks import Checker
from kgtest.oracle.claims import Claim, ReadSettings, read_claims
from kgtest.oracle.classify import classify as classify
from kgtest.oracle.dated import attach
from kgtest.oracle.editions import editions
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph, ground_graph
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.mergers import mergers
from kgtest.oracle.not_held import not_held
from kgtest.oracle.other_words import in_other_words
from kgtest.oracle.outcome import HALLUCINATIONS as HALLUCINATIONS
from kgtest.oracle.outcome import Outcome as Outcome
from kgtest.oracle.quantified import mark
from kgtest.oracle.relations import RelationKeys, RelationReader
from kgtest.oracle.restated import strip_restated
from kgtest.oracle.rewrite import asked_subject, readable
from kgtest.oracle.said_again import said_again
from kgtest.oracle.similarity import Thresholds
from kgtest.oracle.unknowing import only_unknowing
from kgtest.oracle.unread import Unread, could_change, find_unread
from kgtest.oracle.unread_asked import asked_again
from kgtest.oracle.unread_bearing import Bearing, bearing
from kgtest.oracle.unread_premises import premises
from kgtest.oracle.unread_values import unread_values
from kgtest.oracle.upbringing import only_raised
from kgtest.oracle.vague import vague

READ_LIMIT = 20_000
"""Characters of a reply the oracle reads (docs/oracle.md): its first 20,000, some 4,000 words,
read in about a second; the verdict of a longer reply says it was cut. Unbounded, 30 replies of
900 KB took 24 GB and a 10 MB one stopped spaCy (E088) and with it the whole run's verdicts."""


@dataclass(frozen=True, slots=True)
class JudgeSettings:
    thresholds: Thresholds = field(default_factory=Thresholds)
    extractor: str = "spacy"
    """A registered triple extractor (``kgtest.oracle.extractor_names()``)."""
    embedding_model: str | None = None
    """A local sentence-transformers folder; None for the packaged all-MiniLM-L6-v2."""
    aliases: bool = True
    """Read relations by Wikidata's aliases of each property too (kg/data/relations.toml)."""
    paraphrases: bool = True
    """And by kgtest's own paraphrases of them."""
    fallback: bool = True
    """Cosine for relations no label, alias or phrase names (the synonym threshold, relations.py)."""
    leanings: bool = True
    """Read a hedge around one answer ("Probably not", "I'd lean towards yes") as that answer, as
    people label it (bench/styled_blind9..12/DEFINITIONS.md); off: ``ambiguous``, as the older
    labelled sets in tests/oracle/labelled define it (docs/oracle.md)."""
    parse_cache: Path | None = None
    """Where the triples read from each text are kept (kg/extract/parse_cache.py); None: nowhere."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome for one reply and everything that decided it."""

    case_id: str
    outcome: Outcome
    expected: Answer
    answer: ParsedAnswer
    reasons: tuple[str, ...]
    """Why, in words: each wrong fact, whether the answer follows, relations no catalog word names."""
    thresholds: Thresholds
    triples: tuple[Triple, ...] = ()
    """Everything read from the reasoning (claims or not; see ``claims``)."""
    claims: tuple[Claim, ...] = ()
    """Each triple in the KB's terms, with the knowledge check's finding."""
    ground: GroundGraph | None = None
    world: str = ""
    """What the reply's own world says of the question (checks.py); empty for a screened reply."""
    implied: Answer | None = None
    """The answer that world gives."""
    cut_from: int | None = None
    """The reply's length when only its first ``READ_LIMIT`` characters were judged."""
    unread: tuple[str, ...] = ()
    """The reply's sentences that relate the KB's entities but were not read into claims (each
    with what it names); they make the outcome ``unreadable`` where they could change the class."""

    @property
    def hallucination(self) -> bool:
        return self.outcome in HALLUCINATIONS

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (enums are strings); ``hallucination`` is added for readers of the file."""
        return {**to_plain(self), "hallucination": self.hallucination}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Verdict:
        """The Verdict ``to_dict`` wrote."""
        fields = {k: v for k, v in data.items() if k != "hallucination"}
        return from_plain(Verdict, fields, where=f"verdict of {data.get('case_id', '?')}")


class Judge:
    """Judges batches of replies; loads each model, the rules and the KB on first need only."""

    def __init__(
        self,
        settings: JudgeSettings | None = None,
        *,
        extractor: TripleExtractor | None = None,
        embedder: Embedder | None = None,
        catalog: RelationCatalog | None = None,
        kb: KbLookup | None = None,
    ) -> None:
        """``kb``: where names beyond a case's evidence are looked up (oracle/kb_lookup.py); None: nowhere."""
        self.settings = settings or JudgeSettings()
        self._extractor = extractor
        self._embedder = embedder
        self._catalog = catalog or builtin_catalog()
        self._relations = RelationReader(
            self._catalog, aliases=self.settings.aliases, paraphrases=self.settings.paraphrases
        )
        self._entities = EntityReader(kb)
        self._checker = Checker(self._catalog, kb)
        self._keys: RelationKeys | None = None
        self._grounds: OrderedDict[Hashable, GroundGraph] = OrderedDict()
        self._asked = AskedWords(self._catalog, self._relations)
        self._bearing = Bearing(self._relations, self._asked)

    @property
    def loaded(self) -> tuple[str, ...]:
        """What the judge has started so far: ``extractor``, ``embedder``, ``rules``, ``kb``."""
        kb = self._entities.kb
        return tuple(
            name
            for name, on in (
                ("extractor", self._extractor is not None),
                ("embedder", self._embedder is not None),
                ("rules", self._checker.started),
                ("kb", kb is not None and getattr(kb, "loaded", True)),
            )
            if on
        )

    def judge(self, case: TestCase, reply: str) -> Verdict:
        return self.judge_many([(case, reply)])[0]

    def judge_many(self, cases_and_replies: Iterable[tuple[TestCase, str]]) -> list[Verdict]:
        """One parse batch, at most one embedding call for the batch; replies read up to ``READ_LIMIT``."""
        full = list(cases_and_replies)
        verdicts = self._judge_read([(case, reply[:READ_LIMIT]) for case, reply in full])
        return [
            v if len(reply) <= READ_LIMIT else _cut(v, len(reply))
            for v, (_, reply) in zip(verdicts, full, strict=True)
        ]

    def _judge_read(self, pairs: list[tuple[TestCase, str]]) -> list[Verdict]:
        parsed = [parse_answer(reply, case.question, self.settings.leanings) for case, reply in pairs]
        todo = [i for i, p in enumerate(parsed) if p.stance in (Stance.YES, Stance.NO)]
        grounds = {i: self._ground(pairs[i][0]) for i in todo}
        subjects = {i: grounds[i].only or card_subject(parsed[i].reasoning, grounds[i]) for i in todo}
        texts = {
            i: readable(
                fields(strip_restated(parsed[i].reasoning, pairs[i][0].question), subjects[i]),
                subjects[i],
                grounds[i].pair,
                asked_subject(grounds[i]),
            )
            for i in todo
        }
        triples: dict[int, list[Triple]] = {i: [] for i in todo}
        said = [i for i in todo if texts[i]]
        if said:
            names = [[n for e in grounds[i].entities for n in (e.label, *e.aliases)] for i in said]
            triples.update(zip(said, self._extract().extract([texts[i] for i in said], names), strict=True))
        for i in todo:
            for fact in pairs[i][0].evidence:
                self._relations.ensure(fact.property, fact.property_label)
        read = read_claims(
            [(triples[i], grounds[i]) for i in todo],
            self._relations,
            self._entities,
            self._relation_keys(),
            self._embed,
            ReadSettings(self.settings.thresholds, self.settings.fallback),
        )
        read = [
            [*r, *editions(texts[i], r, grounds[i], self._entities)] for i, r in zip(todo, read, strict=True)
        ]
        claims = {
            i: answer_restated(
                texts[i],
                about_the_two(
                    texts[i],
                    arithmetic.read(attach(mark(vague(r, grounds[i])))),
                    grounds[i],
                    self._asked.words(grounds[i]),
                    self._asked.family,
                    self._asked.symmetric,
                ),
                grounds[i],
                self._catalog,
                after_verdict(pairs[i][1], parsed[i]),
                pairs[i][0].question,
            )
            for i, r in zip(todo, read, strict=True)
        }
        for i, mine in claims.items():  # "Milan spell: 1986–1990": the evidence's dated fact
            question = pairs[i][0].question
            claims[i] = [*mine, *in_other_words(texts[i], mine, grounds[i], self._entities, question)]
        verdicts = []
        for i, ((case, _), answer) in enumerate(zip(pairs, parsed, strict=True)):
            if i not in claims:
                verdicts.append(self._screened(case, answer))
                continue
            checked = self._checker.check(grounds[i], claims[i], case.expected)
            outcome, reasons = classify(checked, answer, case.expected)
            unread = find_unread(
                texts[i],
                checked.claims,
                grounds[i],
                self._entities,
                self._asked.words(grounds[i]),
                self._asked.family,
                case.question,
            )
            unread += [
                u
                for u in unread_values(
                    texts[i],
                    checked.claims,
                    grounds[i],
                    self._entities,
                    self._asked.own(grounds[i]),
                    self._asked.family,
                )
                if all(u.sentence != v.sentence for v in unread)
            ]
            again = said_again(unread, checked.claims, grounds[i], self._entities.kb, self._catalog)
            facts = premises([u for u in unread if u not in again], grounds[i], self._entities)
            facts += mergers(
                [u for u in unread if u not in again and u not in facts], grounds[i], bool(checked.wrong)
            )
            facts += asked_again(  # "he was one of its participants": the question's statement again
                [u for u in unread if u not in again and u not in facts],
                grounds[i],
                self._entities,
                self._asked.either_way(grounds[i]),
            )
            left = [u for u in unread if u not in again and u not in facts]
            asides = [
                u for u in left if not self._about(grounds[i], case.question, texts[i], u, facts_only=True)
            ]
            still = bearing([u for u in left if u not in asides], grounds[i], self._bearing, case.question)
            held = [u for u in not_held(texts[i], grounds[i]) if all(u.sentence != v.sentence for v in still)]
            still, unread = still + held, unread + [u for u in held if u not in unread]
            changes = could_change(still, grounds[i], bool(checked.wrong))
            if again and not changes:
                shown = "; ".join(u.text() for u in again)
                reasons = (f"read alone: unread, restating a proven fact stated elsewhere: {shown}", *reasons)
            if facts and not changes:
                shown = "; ".join(u.text() for u in facts)
                reasons = (f"read as a fact of the case it restates, unread: {shown}", *reasons)
            why = cannot_tell(
                outcome,
                checked,
                grounds[i],
                texts[i],
                unread,
                changes,
                self._entities,
                facts,
                partial(self._about, grounds[i], case.question, texts[i]),
            )
            if why is not None:
                head, unreadable = why
                reasons = (f"cannot tell: {head} (read alone, it is {outcome.value}): {unreadable}", *reasons)
                outcome = Outcome.UNREADABLE
            reasons += grounds[i].notes
            verdicts.append(
                Verdict(
                    case.id,
                    outcome,
                    case.expected,
                    answer,
                    reasons,
                    self.settings.thresholds,
                    tuple(triples[i]),
                    checked.claims,
                    grounds[i],
                    checked.world,
                    checked.implied,
                    unread=tuple(u.text() for u in unread),
                )
            )
        return verdicts

    def _about(
        self, ground: GroundGraph, question: str, text: str, unread: Unread, facts_only: bool = False
    ) -> bool:
        """Whether an unread sentence about the case could be a premise of its answer (cannot_tell.py);
        ``facts_only``: only whether it could state a fact at all ("where he grew up", "I'm not aware of
        any link to Rome" cannot)."""
        if only_raised(unread, ground, text) or only_unknowing(unread):
            return False
        return facts_only or self._bearing.about(unread, ground, question)

    def _extract(self) -> TripleExtractor:
        if self._extractor is None:
            self._extractor = extractor_for(self.settings.extractor, self.settings.parse_cache)
        return self._extractor

    def _embed(self) -> Embedder:
        if self._embedder is None:
            self._embedder = Embedder(self.settings.embedding_model)
        return self._embedder

    def _relation_keys(self) -> RelationKeys:
        if self._keys is None:
            self._keys = RelationKeys(self._extract)
        return self._keys

    def _ground(self, case: TestCase) -> GroundGraph:
        """Cached: a suite is judged once per system under test."""
        key = (case.id, case.evidence, case.proof, case.expected)
        graph = self._grounds.get(key)
        if graph is None:
            graph = self._grounds[key] = ground_graph(case)
            if len(self._grounds) > 10_000:
                self._grounds.popitem(last=False)
        return graph

    def _screened(self, case: TestCase, answer: ParsedAnswer) -> Verdict:
        """Algorithm 3's preliminary screening: no Yes/No to check reasoning against."""
        if answer.stance is Stance.IDK and case.expected is Answer.IDK:
            outcome, why = Outcome.CORRECT, "says it does not know, and the proof leaves the answer unknown"
        elif answer.stance is Stance.IDK:
            outcome, why = Outcome.IDK, "says it does not know: honest, not judged further"
        elif answer.stance is Stance.REFUSAL:
            outcome, why = Outcome.REFUSAL, "declines to answer: not judged further"
        elif answer.stance is Stance.MISSING:
            outcome, why = Outcome.AMBIGUOUS, "no Yes, No or I don't know found where an answer goes"
        else:
            outcome, why = (
                Outcome.AMBIGUOUS,
                f"no single answer ({answer.rule}): {' / '.join(answer.evidence)!r}",
            )
        return Verdict(case.id, outcome, case.expected, answer, (why,), self.settings.thresholds)


def _cut(verdict: Verdict, length: int) -> Verdict:
    note = f"reply cut: only its first {READ_LIMIT:,} of {length:,} characters were judged"
    return replace(verdict, cut_from=length, reasons=(*verdict.reasons, note))


@lru_cache(maxsize=4)
def shared_judge(settings: JudgeSettings | None = None) -> Judge:
    """One judge per settings per process, so the models load once."""
    return Judge(settings)


def judge_many(
    cases_and_replies: Iterable[tuple[TestCase, str]], settings: JudgeSettings | None = None
) -> list[Verdict]:
    """Judge a batch with the process's shared judge."""
    return shared_judge(settings).judge_many(cases_and_replies)


def judge_reply(case: TestCase, reply: str, settings: JudgeSettings | None = None) -> Verdict:
    return shared_judge(settings).judge(case, reply)
