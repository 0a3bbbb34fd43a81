"""A kind of test case that exists in the tests alone: sums, asked as Yes/No questions.

One module's worth per stage, as a new kind of kgtest would have: a maker (generator), a judge
(oracle); the single-question driver, the case list and the answer view are the built-in ones,
shared as a kind may share them. ``TOY`` is the one line a registry needs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.api.kinds import Kind
from kgtest.core.errors import GenerationError
from kgtest.core.workspace import RunFiles
from kgtest.generator.case import Answer, TestCase, case_id
from kgtest.generator.maker import Made, MakeContext
from kgtest.generator.request import GenRequest
from kgtest.oracle.kind_judge import Credit, JudgeContext, KindVerdicts
from kgtest.oracle.outcomes import NO_REPLY, JudgedReply
from kgtest.report.sections import CaseList
from kgtest.report.views import AnswerView
from kgtest.runner.drivers import SingleQuestion
from kgtest.runner.transcript import Transcript

NAME = "sums"


@dataclass(frozen=True, slots=True)
class SumsRequest:
    count: int


class SumsMaker:
    def asked(self, request: GenRequest) -> bool:
        return NAME in request.parts

    def needs_kb(self, request: GenRequest) -> bool:
        return False

    def prepare(self, request: GenRequest) -> SumsRequest:
        part = request.parts[NAME]
        if not isinstance(part, SumsRequest) or part.count < 1:
            raise GenerationError(f"{NAME}: ask for at least one sum")
        return part

    def make(self, request: GenRequest, prepared: object, context: MakeContext) -> Made:
        assert isinstance(prepared, SumsRequest)
        rng = random.Random(f"sums:{request.seed}")
        cases = []
        for i in range(prepared.count):
            a, b = rng.randint(1, 50), rng.randint(1, 50)
            said = a + b + (0 if i % 2 == 0 else rng.choice((-1, 1)))
            question = f"Is {a} + {b} equal to {said}?"
            expected = Answer.YES if said == a + b else Answer.NO
            case = TestCase(case_id(NAME, i, question), NAME, "sum", "numbers", question, question, expected)
            cases.append(case)
        return Made(tuple(cases))


class SumsJudge:
    """A reply is correct when its first word is the expected answer."""

    def judge(self, pairs: Sequence[tuple[TestCase, Transcript]], context: JudgeContext) -> KindVerdicts:
        found = {}
        for case, transcript in pairs:
            reply = transcript.reply
            said = reply.text.strip().split(" ")[0].strip(".,!").capitalize() if reply.ok else ""
            wrong = said != case.expected.value
            outcome = NO_REPLY if not reply.ok else "erroneous_inference" if wrong else "correct"
            why = f"said {said or 'nothing'}, expected {case.expected.value}"
            found[case.id] = JudgedReply(
                case_id=case.id, system=reply.system, outcome=outcome, hallucination=reply.ok and wrong,
                abstained=not reply.ok, reply=reply.text, verdict=None, kind=NAME,
                reasons=(why,) if outcome != "correct" else (),
            )  # fmt: skip
        return KindVerdicts(found)

    def keep(self, run: RunFiles, detail: object | None) -> None:
        """A sum's verdict is all there is."""

    def detail(self, run: RunFiles) -> None:
        return None

    def credit(self, records: Sequence[JudgedReply], detail: object | None) -> Credit:
        units = {r.case_id: float(r.outcome == "correct") for r in records}
        return Credit("sums right", units, sum(units.values()) / len(units) if units else None)


_MAKER, _DRIVER, _JUDGE = SumsMaker(), SingleQuestion(), SumsJudge()
_SECTION, _VIEW = CaseList(), AnswerView()

TOY = Kind(
    NAME, "replies correct", lambda: _MAKER, lambda: _DRIVER, lambda: _JUDGE, lambda: _SECTION, lambda: _VIEW
)
"""The kind, as one ``kgtest.register`` line adds it."""


class Adder:
    """A system under test that can add: it answers every sum right, and says so."""

    name = "adder"

    def respond(self, conversation: list[dict[str, str]]) -> str:
        words = conversation[-1]["content"].removeprefix("Is ").rstrip("?").split()
        a, b, said = int(words[0]), int(words[2]), int(words[-1])
        return f"Yes, {a} + {b} is {said}." if a + b == said else f"No, {a} + {b} is {a + b}."


class AlwaysYes:
    name = "always-yes"

    def respond(self, conversation: list[dict[str, str]]) -> str:
        return "Yes."
