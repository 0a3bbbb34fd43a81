"""The test case record and its JSON Lines form (schema in docs/suite-format.md).

Every generator (fact questions, temporal questions, dialogues) emits ``TestCase``; the
runner, the oracles and the graph store read it back. Serialisation is canonical (sorted
keys, no floats from timing) so the same seed gives the same file byte for byte.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from kgtest.core.errors import GenerationError
from kgtest.core.files import atomic_writer
from kgtest.core.jsonl import records_holding
from kgtest.core.records import RecordError, from_plain, to_plain
from kgtest.generator.conversation.script_records import Script
from kgtest.generator.dialogue.records import DialogueCase

SCHEMA_VERSION = 1


class Answer(StrEnum):
    YES = "Yes"
    NO = "No"
    IDK = "I don't know"
    PER_ROUND = "per round"
    """Dialogue cases: each judged round has its own expected answer (``dialogue.turns[i].expected``);
    conversation cases: each injected test has its own (``script.tests[i].expected``)."""


@dataclass(frozen=True, slots=True)
class EvidenceFact:
    """A KB fact a case rests on, with labels so a reader needs no lookup."""

    subject: str
    subject_label: str
    property: str
    property_label: str
    object: str
    object_label: str
    start_year: int | None = None
    end_year: int | None = None
    fact_id: str = ""
    derived: bool = False

    def years(self) -> str:
        """When the fact holds, in words: ``1995-2001``, ``1995``, ``from 1995`` (end unknown),
        ``until 2001``; empty when undated."""
        from kgtest.generator.mtl_text import year_text

        start, end = self.start_year, self.end_year
        if start is None:
            return "" if end is None else f"until {year_text(end)}"
        if end is None:
            return f"from {year_text(start)}"
        return year_text(start) if start == end else f"{year_text(start)}-{year_text(end)}"


@dataclass(frozen=True, slots=True)
class Proof:
    """Why the expected answer holds: a rule applied to premises (facts or sub-proofs)."""

    rule: str
    """e.g. ``ground``, ``inverse``, ``symmetric``, ``transitive``, ``functional_conflict``, ``mtl``."""
    conclusion: str
    """The proven statement as Prolog text, e.g. ``fact('Q1','P26','Q2')`` or ``not(...)``."""
    premises: tuple[Proof | EvidenceFact, ...] = ()
    assumption: str = ""
    """The stated assumption a "No" rests on (e.g. P19 is functional), empty for a "Yes"."""
    said: str = ""
    """The conclusion in words, with the KB's labels ("not: Albert Einstein spouse Elsa Einstein in
    1903-1917"): what ``inspect`` shows; empty for a temporal formula and in older suites."""


Span = tuple[int, int]
"""Years ``(first, last)``, both included."""


@dataclass(frozen=True, slots=True)
class FactMeta:
    """What a fact case asks, in the KB's terms, and how its answer was checked."""

    statement: tuple[str, str, str]
    """(subject, property, object); ``^P`` reads P backwards."""
    sentence: str
    """The statement in plain words, true or not (the graph store's text for it)."""
    holds: bool
    category: str
    proof_rules: tuple[str, ...]
    years: tuple[Span, ...] | None = None
    """The years the statement holds in; None when undated (or a suite from before time-aware rules)."""
    year: int | None = None
    """The year the question names; None when it is asked in the present."""
    reference_year: int | None = None
    """The KB's present: the latest year it names."""
    checked_by: str = ""
    """What re-checked the answer at generation time; empty in suites from before the re-check."""


@dataclass(frozen=True, slots=True)
class TemporalMeta:
    depth: int
    """MTL operator nesting of the formula."""
    horizon: int
    """Years past the query year the formula looks at."""
    checked_by: str = ""


@dataclass(frozen=True, slots=True)
class DialogueMeta:
    source: str
    turns: int
    unanswerable: int
    checked_by: str = ""
    undecided: int = 0
    """Turns whose answerability the reader could not decide (asked, not judged by MR1/MR3)."""


CaseMeta = FactMeta | TemporalMeta | DialogueMeta


@dataclass(frozen=True, slots=True)
class TemporalQuestion:
    """What a temporal case asks: an MTL formula at a year, over its events' intervals."""

    formula: dict[str, Any]
    """The formula as ``prolog.mtl.to_json`` writes it (``mtl.from_json`` reads it back)."""
    text: str
    query_year: int
    universe: Span
    satisfying: tuple[Span, ...]
    """The years the formula holds in, over the KB's intervals."""
    events: dict[str, tuple[Span, ...]]
    boundary: bool
    """The query year is next to a change of the answer."""
    unknown: tuple[Span, ...] = ()
    """Years whose answer depends on an open end (never asked); none in suites from before open ends."""
    events_unknown: dict[str, tuple[Span, ...]] = field(default_factory=dict)
    """Per event, the years an open-ended fact may or may not cover."""


@dataclass(frozen=True, slots=True)
class TestCase:
    """One question with a proven answer."""

    __test__ = False  # not a pytest class

    id: str
    kind: str
    """A registered kind (api/kinds.py): ``fact``, ``temporal``, ``dialogue``, ``conversation`` built in."""
    rule: str
    """The rule type that produced it (``negation``, ``inverse``, ..., ``mtl``)."""
    domain: str
    question: str
    prompt: str
    expected: Answer
    evidence: tuple[EvidenceFact, ...] = ()
    proof: Proof | None = None
    variant: str = "original"
    """``original`` or ``negated`` (antonym template, answer flipped)."""
    temporal: TemporalQuestion | None = None
    turns: tuple[dict[str, str], ...] = ()
    """A conversation to send before ``prompt`` (a single question asked in context)."""
    meta: CaseMeta | None = None
    """Kind-specific facts about the case: FactMeta, TemporalMeta or DialogueMeta."""
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Other names of the entities in the evidence, by id, from the KB ("NYC" for New York City):
    the oracle accepts them for the labels."""
    dialogue: DialogueCase | None = None
    """For ``kind == "dialogue"``: the perturbed dialogue, its turns, answerability and proofs.
    Left out of the JSON when absent, so fact and temporal suites read as before."""
    script: Script | None = None
    """For ``kind == "conversation"``: what the scripted partner says and the tests it injects.
    Left out of the JSON when absent."""

    def to_json(self) -> str:
        return json.dumps(_jsonable(self), sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def from_json(line: str) -> TestCase:
        """One suite line as a case; RecordError names what is wrong with it."""
        try:
            data = json.loads(line)
        except RecursionError:
            raise RecordError("JSON nested too deeply") from None
        if not isinstance(data, dict):
            raise RecordError(f"expected a JSON object, got {type(data).__name__}")
        if "schema" not in data and (other := _other_kgtest_record(data)):
            raise RecordError(f"{other}; give a suite made by kgtest gen")
        if data.get("schema") != SCHEMA_VERSION:
            raise RecordError(
                f"suite schema {data.get('schema')!r} is not {SCHEMA_VERSION}; regenerate it with kgtest gen"
            )
        data.pop("schema")
        if data.get("meta") == {}:  # schema 1 before meta was typed: a case without details
            data["meta"] = None
        return from_plain(TestCase, data, where=f"case {data.get('id', '?')!r:.60}")


def _other_kgtest_record(data: dict[str, object]) -> str:
    """What kgtest file a line without a schema comes from (a run's replies or verdicts), or ''."""
    if "case_id" in data and "exchanges" in data:
        return "it is a run's replies (runs/RUN/replies.jsonl), which `kgtest judge RUN` judges"
    if "case_id" in data and "outcome" in data:
        return "it is a run's verdicts (runs/RUN/verdicts.jsonl), which `kgtest report RUN` draws"
    if "question" in data and "expected" in data:
        return "it is a questions file, which `kgtest import FILE` turns into a suite"
    return ""


def case_id(*parts: object) -> str:
    """A short stable id from what makes a case unique."""
    text = "\x1f".join(str(p) for p in parts)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def write_suite(path: Path, cases: Iterable[TestCase]) -> int:
    """Write atomically: a reader never sees half a suite."""
    n = 0
    with atomic_writer(path) as out:
        for case in cases:
            out.write(case.to_json() + "\n")
            n += 1
    return n


def read_suite(path: Path) -> Iterator[TestCase]:
    """The cases of a suite file; GenerationError names the file and line of anything wrong.

    Case ids must be unique: the runner, the oracle and the report find a case by its id.
    """
    if path.is_dir():
        raise GenerationError(f"{path} is a folder; give a suite file (JSON Lines), e.g. suites/suite.jsonl")
    if path.suffix.lower() == ".csv":
        raise GenerationError(
            f"{path} is a CSV file, not a suite; `kgtest import {path}` turns questions into one"
        )
    try:
        lines = path.open("rb")
    except OSError as exc:
        raise GenerationError(f"cannot read the suite {path}: {exc.strerror or exc}") from exc
    seen: dict[str, int] = {}
    with lines:
        for number, raw in enumerate(lines, 1):
            try:
                line = raw.decode("utf-8")
                if not line.strip():
                    continue
                case = TestCase.from_json(line)
            except UnicodeDecodeError as exc:
                raise GenerationError(
                    f"{path}:{number}: not UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
                ) from None
            except (ValueError, TypeError, KeyError) as exc:  # RecordError and JSON errors are ValueErrors
                raise GenerationError(f"{path}:{number}: not a kgtest test case: {exc}") from None
            if case.id in seen:
                raise GenerationError(
                    f"{path}:{number}: case id {case.id!r} is already used on line {seen[case.id]}; "
                    "case ids must be unique within a suite"
                )
            seen[case.id] = number
            yield case


def cases_mentioning(path: Path, text: str) -> Iterator[TestCase]:
    """The cases on the lines of a suite that hold ``text``, each read alone.

    Finding one case in a suite of thousands then parses a few lines, not all (``kgtest
    inspect``: 6 s for a suite read whole). A line that is not a case is passed over;
    ``read_suite`` is the reader that checks a whole file.
    """
    return records_holding(path, text, TestCase.from_json)


def _jsonable(case: TestCase) -> dict[str, Any]:
    data: dict[str, Any] = to_plain(case)
    for optional in ("dialogue", "script"):
        if data[optional] is None:
            del data[optional]
    data["schema"] = SCHEMA_VERSION
    return data
