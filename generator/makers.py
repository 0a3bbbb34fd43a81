"""The built-in kinds' makers: fact and temporal questions, dialogues, conversation scripts."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from kgtest.core.display import Column, Line, Shown, TableData, table
from kgtest.generator.conversation.cases import conversation_cases
from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.generator.dialogue.request import read_sources
from kgtest.generator.maker import Made, MakeContext
from kgtest.generator.request import GenRequest
from kgtest.generator.suite import SuiteResult, generate_suite

if TYPE_CHECKING:  # the dialogue stage loads only where dialogues are made
    from kgtest.generator.dialogue.generate import DialogueResult
    from kgtest.generator.dialogue.sources import DialogueFile
    from kgtest.kg.store import GraphStore


class Questions:
    """Fact questions the rules derive or refute, and temporal questions over the KB's dated facts."""

    def asked(self, request: GenRequest) -> bool:
        q = request.questions
        others = request.dialogues.wanted or request.conversations.count or request.parts
        return bool(q.count or (q.mtl_depth and q.temporal_count) or not others)

    def needs_kb(self, request: GenRequest) -> bool:
        return True

    def prepare(self, request: GenRequest) -> None:
        request.questions.validate()

    def make(self, request: GenRequest, prepared: object, context: MakeContext) -> Made:
        q = request.questions
        view = context.view
        assert view is not None  # needs_kb
        wanted = q.count + (q.temporal_count if q.mtl_depth else 0)
        context.progress("questions", 0, 0)  # the rules derive, then the fact and temporal cases are made
        result = generate_suite(view, context.reasoner(view), q, context.workers)
        context.progress("questions", len(result.cases), wanted)
        return Made(result.cases, tuple(questions_summary(result, q.mtl_depth)), result=result)


def questions_summary(result: SuiteResult, depth: int) -> list[Shown]:
    """Cases per rule and domain, the temporal part's filters, the re-checks, and the shortfalls."""
    tally = Counter((c.rule, c.domain, c.expected.value) for c in result.cases)
    rows = []
    for rule, domain in sorted({(r, d) for r, d, _ in tally}):
        yes, no = tally[(rule, domain, "Yes")], tally[(rule, domain, "No")]
        rows.append((rule, domain, str(yes), str(no), str(yes + no)))
    yes = sum(n for (_, _, a), n in tally.items() if a == "Yes")
    rows.append(("all", "", str(yes), str(len(result.cases) - yes), str(len(result.cases))))
    shown: list[Shown] = [
        table("cases per rule and domain", ("rule", "domain", "Yes", "No", "total"), rows, total_row=True)
    ]
    if result.temporal is not None:
        t = result.temporal
        shown.append(Line(
            f"temporal: {t.generated} cases at depth {depth} from {result.temporal_events} events, "
            f"years {result.universe}; {t.filtered} formulas filtered ({t.filtered_disjoint} events too far "
            f"apart, {t.filtered_trivial_true} always true, {t.filtered_trivial_false} always false, "
            f"{t.filtered_too_wide} windows too wide, {t.filtered_anachronism} about years outside what "
            f"they name existed in, {t.filtered_unsayable} not sayable plainly), {t.duplicates} duplicates"
        ))  # fmt: skip
    checked = Counter(c.meta.checked_by if c.meta else None for c in result.cases)
    shown.append(Line(
        f"proofs re-checked: {checked['proofcheck.pl']} fact proofs by prolog/proofcheck.pl, "
        f"{checked['pointwise']} temporal answers year by year (prolog/pointwise.py)"
    ))  # fmt: skip
    f = result.facts
    if f.reference_year is not None:
        shown.append(Line(f"present tense: statements that hold in {f.reference_year} (--reference-year)"))
    if f.excluded:
        shown.append(
            Line(f"{f.excluded} facts break a sanity rule and are asked about nowhere (`kgtest kb check`)")
        )
    shown += [Line(note, note=True) for note in result.notes]
    return shown


class Dialogues:
    """Multi-turn dialogues (from the KB, or read from CoQA and ConvQuestions files) and their
    perturbations, each turn's answerability proven (docs/dialogue.md)."""

    def asked(self, request: GenRequest) -> bool:
        return request.dialogues.wanted

    def needs_kb(self, request: GenRequest) -> bool:
        return request.dialogues.count > 0

    def prepare(self, request: GenRequest) -> list[DialogueFile]:
        return read_sources(request.dialogues)

    def make(self, request: GenRequest, prepared: object, context: MakeContext) -> Made:
        from kgtest.generator.dialogue.generate import generate_dialogues  # only where asked for

        assert isinstance(prepared, list)
        context.progress("dialogues", 0, 0)
        result = generate_dialogues(request.dialogues, prepared, context.view)
        context.progress("dialogues", len(result.cases), len(result.cases))

        def graph(store: GraphStore, suite: str, digest: str) -> str:
            from kgtest.generator.dialogue.graph import dialogue_graph
            from kgtest.kg.dialogue_graph import write_dialogue_graph

            report = write_dialogue_graph(store, dialogue_graph(suite, result.cases, digest))
            done = "already there" if report.skipped else f"{report.links} links"
            return f"graph store: {report.dialogues} dialogues with {report.rounds} rounds ({done})"

        return Made(result.cases, tuple(dialogues_summary(result)), graph, result)


def dialogues_summary(result: DialogueResult) -> list[Shown]:
    """MORTAR's Table 1: rounds, unanswerable rounds, dialogues with an unanswerable round."""
    from kgtest.generator.dialogue.kb_dialogues import MIN_ASKS
    from kgtest.generator.dialogue.perturb import PERTURBATIONS

    rows: Counter[tuple[str, str, str]] = Counter()
    for c in result.cases:
        d = c.dialogue
        assert d is not None
        unanswerable = sum(t.answerable is False for t in d.turns)
        rows[(d.source, d.perturbation, "dialogues")] += 1
        rows[(d.source, d.perturbation, "rounds")] += len(d.turns)
        rows[(d.source, d.perturbation, "unanswerable")] += unanswerable
        rows[(d.source, d.perturbation, "with")] += unanswerable > 0
        rows[(d.source, d.perturbation, "undecided")] += sum(t.answerable is None for t in d.turns)
    order = {name: i for i, name in enumerate(("original", *PERTURBATIONS))}
    keys = sorted({(s, p) for s, p, _ in rows}, key=lambda k: (k[0], order.get(k[1], 99)))
    columns = (
        Column("source", no_wrap=True), Column("perturbed", no_wrap=True), Column("dialogues"),
        Column("rounds"), Column("unanswerable rounds"), Column("dialogues with unanswerable"),
        Column("undecided rounds"),
    )  # fmt: skip
    cells = tuple(
        (
            source,
            name,
            *(
                str(rows[(source, name, k)])
                for k in ("dialogues", "rounds", "unanswerable", "with", "undecided")
            ),
        )
        for source, name in keys
    )
    shown: list[Shown] = [TableData("dialogue cases", columns, cells, compact=True)]
    if result.kb is not None:
        kb = result.kb
        shown.append(
            Line(f"from the KB: {kb.made} dialogues, topics chosen among {kb.candidates} rich enough")
        )
        if kb.made < kb.asked:
            shown.append(Line(
                f"only {kb.made} of the {kb.asked} dialogues asked for: the KB has no more topics with a "
                f"label and at least {MIN_ASKS} askable facts; a larger KB, or no --domain filter, "
                "gives more",
                note=True,
            ))  # fmt: skip
    for s in result.sources:
        skipped = f", {s.skipped} skipped (no usable round)" if s.skipped else ""
        shown.append(Line(f"{s.path}: {s.format}, {s.read} read, {s.made} dialogues{skipped}"))
    if result.impossible:
        shown.append(
            Line(f"{result.impossible} perturbations not made: one round cannot be shuffled", note=True)
        )
    return shown


class Scripts:
    """Conversation scripts: the battery's scripted partner, injecting tests with facts from the KB."""

    def asked(self, request: GenRequest) -> bool:
        return request.conversations.count > 0

    def needs_kb(self, request: GenRequest) -> bool:
        return True

    def prepare(self, request: GenRequest) -> None:
        request.conversations.validate()

    def make(self, request: GenRequest, prepared: object, context: MakeContext) -> Made:
        c = request.conversations
        assert context.view is not None  # needs_kb
        settings = ScriptSettings(tests=c.tests, max_distance=c.max_distance)
        scripts = build_scripts(context.view, request.seed, c.count, c.turns, settings)
        for script in scripts:
            for why in script.unplaced:
                context.tell(Line(f"conversation {script.run + 1}: {why}"))
        tests = sum(len(s.tests) for s in scripts)
        line = Line(f"conversations: {len(scripts)} of {c.turns} rounds, {tests} injected tests in all")
        return Made(tuple(conversation_cases(scripts)), (line,) if scripts else (), result=tuple(scripts))
