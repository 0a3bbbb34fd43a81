"""A judged run as JUnit XML, the format CI systems draw: one test case per kgtest case, of every kind.

A passing outcome (``correct``; a dialogue ``consistent``; a conversation ``passed``) passes;
any other is a ``<failure>`` whose text is the verdict's reasons (a dialogue's failed relations,
a conversation's failed tests), the expected answer and the reply; a reply the system never
gave is an ``<error>``.
Characters XML 1.0 cannot hold (control characters a model may emit) are dropped.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from kgtest.core.files import write_atomic
from kgtest.generator.case import TestCase
from kgtest.oracle.outcomes import NO_REPLY, PASSING, JudgedReply

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def write_junit(
    path: Path, run_id: str, name: str, cases: Sequence[TestCase], records: Sequence[JudgedReply]
) -> Path:
    """Write the verdicts to ``path``, whole or not at all; ``cases`` holds every case of ``records``."""
    by_id = {c.id: c for c in cases}
    failures = sum(r.outcome not in PASSING and r.outcome != NO_REPLY for r in records)
    errors = sum(r.outcome == NO_REPLY for r in records)
    root = ET.Element("testsuites", name="kgtest")
    suite = ET.SubElement(
        root,
        "testsuite",
        name=_text(f"kgtest run {run_id} ({name})"),
        tests=str(len(records)),
        failures=str(failures),
        errors=str(errors),
        skipped="0",
    )
    for record in records:
        case = by_id[record.case_id]
        element = ET.SubElement(
            suite,
            "testcase",
            classname=_text(f"kgtest.{case.kind}.{case.rule}.{case.domain}"),
            name=_text(f"{case.id}: {case.question}"),
        )
        if record.outcome in PASSING:
            continue
        kind = "error" if record.outcome == NO_REPLY else "failure"
        detail = ET.SubElement(element, kind, message=_text(record.outcome), type=record.outcome)
        detail.text = _text(_explain(case, record))
    ET.indent(root)
    write_atomic(path, ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n")
    return path


def _explain(case: TestCase, record: JudgedReply) -> str:
    reasons = record.why
    lines = [f"question: {case.question}", f"expected: {case.expected.value}"]
    lines += [f"reason: {reason}" for reason in reasons]
    lines.append(f"reply: {record.reply}")
    return "\n".join(lines)


def _text(value: str) -> str:
    return _NOT_XML.sub("", value)
