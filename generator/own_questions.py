"""Your own questions as a suite: a JSON Lines or CSV file of questions with expected answers
(and, if you have them, the facts that prove them), judged by the same oracle as kgtest's own
(docs/suite-format.md, "Your own questions").

Each question becomes a ``fact`` case: the oracle reads the reply's Yes, No or "I don't know"
against ``expected`` and the facts it states against ``evidence``, as it does for a generated
case. What no rule can prove here (the file states no rule) is never held against a reply: a
stated fact the evidence neither confirms nor contradicts is not wrong knowledge. Every problem
names the file, the line and the field; nothing is written until the whole file is read.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from kgtest.core.errors import GenerationError
from kgtest.generator.case import Answer, EvidenceFact, TestCase, case_id
from kgtest.generator.templates import fact_prompt
from kgtest.kg.catalog import builtin_catalog

KIND, RULE, DOMAIN = "fact", "own", "own"
"""What a question of your own is, unless its line says otherwise."""

FIELDS = ("id", "question", "expected", "domain", "rule", "prompt", "evidence")
FACT_FIELDS = (
    "subject",
    "relation",
    "object",
    "subject_id",
    "property",
    "object_id",
    "start_year",
    "end_year",
)
_EXPECTED = {a.value.lower(): a for a in (Answer.YES, Answer.NO, Answer.IDK)}


def read_questions(path: Path) -> list[TestCase]:
    """The cases of a questions file (``.csv``, else JSON Lines); GenerationError names what is wrong."""
    by_label = {r.label.lower(): pid for pid, r in builtin_catalog().items() if r.label}
    seen: dict[str, int] = {}
    cases = []
    for line, record in _records(path):
        where = f"{path}:{line}"
        case = _case(record, where, by_label)
        if case.id in seen:
            raise GenerationError(f"{where}: id {case.id!r} is already used on line {seen[case.id]}")
        seen[case.id] = line
        cases.append(case)
    if not cases:
        raise GenerationError(f"{path} holds no questions; docs/suite-format.md shows the format")
    return cases


def _records(path: Path) -> Iterator[tuple[int, Mapping[str, Any]]]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise GenerationError(f"{path}: not UTF-8 ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise GenerationError(f"cannot read {path}: {exc.strerror or exc}") from None
    if path.suffix.lower() == ".csv":
        yield from _csv_records(path, text)
        return
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise GenerationError(f"{path}:{number}: not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise GenerationError(f"{path}:{number}: a question is a JSON object, not {type(data).__name__}")
        yield number, data


def _csv_records(path: Path, text: str) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """CSV rows with a header; the evidence column holds ``subject | relation | object`` facts
    separated by ``;``."""
    reader = csv.DictReader(text.splitlines())
    header = [h.strip() for h in reader.fieldnames or []]
    unknown = [h for h in header if h not in FIELDS]
    if unknown:
        raise GenerationError(f"{path}:1: unknown column {unknown[0]!r}; known: {', '.join(FIELDS)}")
    line = 1
    for row in reader:
        line = reader.line_num
        record: dict[str, Any] = {
            k.strip(): v for k, v in row.items() if k is not None and v not in (None, "")
        }
        if None in row:
            raise GenerationError(f"{path}:{line}: more cells than the header has columns")
        if "evidence" in record:
            record["evidence"] = [
                _csv_fact(path, line, f) for f in record["evidence"].split(";") if f.strip()
            ]
        yield line, record


def _csv_fact(path: Path, line: int, text: str) -> dict[str, str]:
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 3 or not all(parts):
        raise GenerationError(
            f"{path}:{line}: field 'evidence': {text.strip()!r} is not 'subject | relation | object'"
        )
    return dict(zip(("subject", "relation", "object"), parts, strict=True))


def _case(record: Mapping[str, Any], where: str, by_label: Mapping[str, str]) -> TestCase:
    unknown = [k for k in record if k not in FIELDS]
    if unknown:
        raise GenerationError(f"{where}: unknown field {unknown[0]!r}; known: {', '.join(FIELDS)}")
    question = _text(record, "question", where)
    said = _text(record, "expected", where)
    expected = _EXPECTED.get(said.lower().rstrip("."))
    if expected is None:
        raise GenerationError(f"{where}: field 'expected' = {said!r}: write Yes, No or I don't know")
    evidence = record.get("evidence", [])
    if not isinstance(evidence, list):
        raise GenerationError(f"{where}: field 'evidence' is a list of facts, not {type(evidence).__name__}")
    facts = tuple(_fact(f, f"{where}: field 'evidence[{i}]'", by_label) for i, f in enumerate(evidence))
    return TestCase(
        id=_text(record, "id", where) if "id" in record else case_id(RULE, question),
        kind=KIND,
        rule=_text(record, "rule", where) if "rule" in record else RULE,
        domain=_text(record, "domain", where) if "domain" in record else DOMAIN,
        question=question,
        prompt=_text(record, "prompt", where) if "prompt" in record else fact_prompt(question),
        expected=expected,
        evidence=facts,
    )


_PROPERTY_ID = re.compile(r"P[1-9][0-9]*")


def _fact(data: Any, where: str, by_label: Mapping[str, str]) -> EvidenceFact:
    """One fact; its relation is a Wikidata property's when the catalog knows it by that label."""
    if not isinstance(data, dict):
        raise GenerationError(f"{where}: a fact is an object with subject, relation, object")
    unknown = [k for k in data if k not in FACT_FIELDS]
    if unknown:
        raise GenerationError(f"{where}: unknown field {unknown[0]!r}; known: {', '.join(FACT_FIELDS)}")
    subject, obj = _text(data, "subject", where), _text(data, "object", where)
    relation = _text(data, "relation", where)
    pid = _property(data, where) if "property" in data else by_label.get(relation.lower(), relation)
    return EvidenceFact(
        subject=_text(data, "subject_id", where) if "subject_id" in data else subject,
        subject_label=subject,
        property=pid,
        property_label=relation,
        object=_text(data, "object_id", where) if "object_id" in data else obj,
        object_label=obj,
        start_year=_year(data, "start_year", where),
        end_year=_year(data, "end_year", where),
    )


def _property(data: Mapping[str, Any], where: str) -> str:
    """A given ``property`` is a Wikidata property id: another text would match no relation the
    rules know, and the oracle would then check nothing against the fact (a reply contradicting
    it was judged correct)."""
    pid = _text(data, "property", where)
    if not _PROPERTY_ID.fullmatch(pid):
        raise GenerationError(
            f"{where}: field 'property' = {pid!r} is not a Wikidata property id like P19; "
            "leave it out to name the relation by its label alone"
        )
    return pid


def _text(data: Mapping[str, Any], field: str, where: str) -> str:
    if field not in data:
        raise GenerationError(f"{where}: field {field!r} is missing")
    value = data[field]
    if not isinstance(value, str) or not value.strip():
        raise GenerationError(f"{where}: field {field!r} = {value!r}: must be a non-empty text")
    return value.strip()


def _year(data: Mapping[str, Any], field: str, where: str) -> int | None:
    value = data.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise GenerationError(f"{where}: field {field!r} = {value!r}: must be a whole year (e.g. 1836)")
    return value
