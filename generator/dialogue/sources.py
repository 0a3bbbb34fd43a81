"""Dialogue files read and checked whole, before anything is written: CoQA and ConvQuestions.

CoQA: ``{"data": [{"id", "story", "questions": [{"input_text", "turn_id"}], "answers":
[{"input_text", "span_text"?, "turn_id", "bad_turn"?}]}]}``. ConvQuestions: ``[{"conv_id",
"seed_entity", "seed_entity_text", "questions": [{"turn", "question", "answer", "answer_text"}]}]``
with Wikidata URLs as answers. Either may be gzipped. The format is detected from the shape
unless named. A malformed file stops with ``DialogueInputError`` naming the file and the field
(``data[3].questions[1].turn_id``) or, for broken JSON, the line and column; so does a file with
no usable dialogue (no story or conversation with a question and an answer), JSON nested deeper
than Python can read, a story over ``MAX_STORY`` characters (spaCy's parser needs about 1 GB per
100,000), any other text over ``MAX_TEXT``, and text with a lone surrogate (``"\ud800"``), which no
suite file can hold. Nothing is written before the whole file has been read and checked.

Empty answers: CoQA's answer texts are stripped and empty ones dropped (an empty additional
answer is no answer). A round left with none keeps its question, as context for the rounds
after it, with CoQA's own "unknown" as its answer, and is not judged (as CoQA's ``bad_turn``
rounds are): an expected "" would make every reply to it an MR1 failure. A ConvQuestions turn
without an answer is dropped (docs/dialogue.md).
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgtest.core.errors import DialogueInputError, UnknownNameError
from kgtest.generator.dialogue.records import UNKNOWN
from kgtest.generator.dialogue.request import CONVQUESTIONS, COQA, FORMATS

_QID = re.compile(r"(?:wikidata\.org/(?:wiki|entity)/)?(Q\d+)$")
MAX_STORY = 100_000
"""Characters of a story at most: CoQA's are a few thousand; spaCy parses 1 GB per 100,000."""
MAX_TEXT = 10_000
"""Characters of a question, an answer or a rationale at most."""


@dataclass(frozen=True, slots=True)
class CoqaRound:
    turn: int
    question: str
    answers: tuple[str, ...]
    """The answer, then the other annotators' answers (``additional_answers``), without repeats."""
    span: str = ""
    """The story's words the answer rests on (CoQA's rationale)."""
    bad: bool = False
    """CoQA marks some answers as bad: such rounds are context only, not judged."""


@dataclass(frozen=True, slots=True)
class CoqaStory:
    id: str
    story: str
    rounds: tuple[CoqaRound, ...]


@dataclass(frozen=True, slots=True)
class ConvTurn:
    turn: int
    question: str
    answers: tuple[str, ...]
    """Wikidata ids (``Q38``) or literal values (``Yes``, ``7``, ``1 September 1998``)."""
    texts: tuple[str, ...]
    """The answers' names, one per answer."""


@dataclass(frozen=True, slots=True)
class ConvConversation:
    id: str
    seed: str
    """The Wikidata id of the conversation's topic."""
    seed_text: str
    turns: tuple[ConvTurn, ...]


@dataclass(frozen=True, slots=True)
class DialogueFile:
    path: str
    format: str
    stories: tuple[CoqaStory, ...] = ()
    conversations: tuple[ConvConversation, ...] = ()


def read_dialogue_file(path: Path, fmt: str = "auto") -> DialogueFile:
    if fmt not in FORMATS:
        raise UnknownNameError("dialogue format", fmt, FORMATS)
    name = str(path)
    try:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        data = json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise DialogueInputError(name, "file", "no such file") from None
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise DialogueInputError(name, "file", f"cannot be read ({exc})") from exc
    except UnicodeDecodeError as exc:
        raise DialogueInputError(name, f"byte {exc.start}", "not UTF-8") from exc
    except json.JSONDecodeError as exc:
        raise DialogueInputError(
            name, f"line {exc.lineno} column {exc.colno}", f"not JSON: {exc.msg}"
        ) from exc
    except ValueError as exc:  # an integer of more digits than Python converts
        raise DialogueInputError(name, "file", f"not JSON kgtest can read: {exc}") from None
    except RecursionError:
        raise DialogueInputError(
            name, "file", "JSON nested too deep to read (arrays or objects in one another)"
        ) from None
    except MemoryError:
        raise DialogueInputError(name, "file", "too big to read into memory") from None
    if fmt == "auto":
        fmt = _detect(name, data)
    if fmt == COQA:
        read = DialogueFile(name, COQA, stories=_coqa(name, data))
        usable = sum(any(r.question.strip() and r.answers for r in s.rounds) for s in read.stories)
        total, what, where = len(read.stories), "stories", "data"
    else:
        read = DialogueFile(name, CONVQUESTIONS, conversations=_convquestions(name, data))
        usable = sum(any(t.question.strip() and t.answers for t in c.turns) for c in read.conversations)
        total, what, where = len(read.conversations), "conversations", "top level"
    if not usable:
        raise DialogueInputError(
            name, where, f"no usable dialogue ({total} {what}, none with a question and its answer)"
        )
    return read


def _detect(name: str, data: Any) -> str:
    if isinstance(data, dict) and "data" in data:
        return COQA
    if isinstance(data, list) and data and isinstance(data[0], dict) and "seed_entity" in data[0]:
        return CONVQUESTIONS
    raise DialogueInputError(
        name,
        "top level",
        'neither CoQA ({"data": [...]}) nor ConvQuestions ([{"seed_entity": ...}]); '
        "name the format with --dialogue-format",
    )


class _Fields:
    """Typed access to one JSON object that names the file and field when something is wrong."""

    def __init__(self, name: str, where: str, value: Any) -> None:
        if not isinstance(value, dict):
            raise DialogueInputError(name, where, f"expected an object, got {_kind(value)}")
        self.name, self.where, self.value = name, where, value

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if key not in self.value:
            if default is ...:
                raise DialogueInputError(self.name, self.at(key), "missing")
            return default
        got = self.value[key]
        if not isinstance(got, kind) or (isinstance(got, bool) and kind in (int, (int, str))):
            want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise DialogueInputError(self.name, self.at(key), f"expected {want}, got {_kind(got)}")
        if isinstance(got, str):
            self._check_text(key, got)
        return got

    def _check_text(self, key: str, text: str) -> None:
        limit = MAX_STORY if key == "story" else MAX_TEXT
        if len(text) > limit:
            raise DialogueInputError(
                self.name, self.at(key), f"{len(text):,} characters, over the {limit:,} kgtest reads"
            )
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise DialogueInputError(
                self.name,
                self.at(key),
                f"a lone surrogate ({text[exc.start]!r}) at character {exc.start}, not text",
            ) from None

    def items(self, key: str) -> list[_Fields]:
        return [_Fields(self.name, f"{self.at(key)}[{i}]", v) for i, v in enumerate(self.get(key, list))]

    def at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key


def _coqa(name: str, data: Any) -> tuple[CoqaStory, ...]:
    if not isinstance(data, dict):
        raise DialogueInputError(name, "top level", f"expected an object, got {_kind(data)}")
    top = _Fields(name, "", data)
    stories: list[CoqaStory] = []
    seen: dict[str, str] = {}
    for story in top.items("data"):
        sid = str(story.get("id", (str, int)))
        if sid in seen:
            raise DialogueInputError(name, story.at("id"), f"{sid!r} repeats {seen[sid]}.id")
        seen[sid] = story.where
        questions: dict[int, tuple[str, str]] = {}
        for q in story.items("questions"):
            turn = q.get("turn_id", int)
            if turn in questions:
                raise DialogueInputError(name, q.at("turn_id"), f"turn {turn} repeats {questions[turn][1]}")
            questions[turn] = (q.get("input_text", str), q.where)
        others: dict[int, list[str]] = {}
        extra = story.get("additional_answers", dict, {})
        for key in sorted(extra):
            for a in _Fields(name, story.at("additional_answers"), extra).items(key):
                others.setdefault(a.get("turn_id", int), []).append(a.get("input_text", str))
        answers: dict[int, CoqaRound] = {}
        for a in story.items("answers"):
            turn = a.get("turn_id", int)
            if turn not in questions:
                raise DialogueInputError(name, a.at("turn_id"), f"no question has turn_id {turn}")
            bad = a.get("bad_turn", (str, bool), False) not in (False, "false")
            given = [a.get("input_text", str), *others.get(turn, [])]
            texts = tuple(dict.fromkeys(t.strip() for t in given if t.strip()))
            if not texts:  # no answer: context for later rounds, never judged (the module's doc)
                texts, bad = (UNKNOWN,), True
            answers[turn] = CoqaRound(turn, questions[turn][0], texts, a.get("span_text", str, ""), bad)
        missing = sorted(set(questions) - set(answers))
        if missing:
            raise DialogueInputError(name, story.at("answers"), f"no answer for turn_id {missing[0]}")
        stories.append(CoqaStory(sid, story.get("story", str), tuple(answers[t] for t in sorted(answers))))
    return tuple(stories)


def _convquestions(name: str, data: Any) -> tuple[ConvConversation, ...]:
    if not isinstance(data, list):
        raise DialogueInputError(name, "top level", f"expected a list of conversations, got {_kind(data)}")
    out: list[ConvConversation] = []
    seen: dict[str, str] = {}
    for i, item in enumerate(data):
        conv = _Fields(name, f"[{i}]", item)
        cid = str(conv.get("conv_id", (int, str)))
        if cid in seen:
            raise DialogueInputError(name, conv.at("conv_id"), f"{cid!r} repeats {seen[cid]}.conv_id")
        seen[cid] = conv.where
        seed = _qid(name, conv.at("seed_entity"), conv.get("seed_entity", str))
        turns = []
        for q in conv.items("questions"):
            answers = tuple(a.strip() for a in q.get("answer", str).split(";") if a.strip())
            texts = tuple(t.strip() for t in q.get("answer_text", str).split(";") if t.strip())
            ids = tuple(_qid(name, q.at("answer"), a) if "wikidata.org" in a else a for a in answers)
            if len(texts) != len(ids):
                texts = tuple(texts[i] if i < len(texts) else a for i, a in enumerate(ids))
            turns.append(ConvTurn(q.get("turn", int), q.get("question", str), ids, texts))
        out.append(
            ConvConversation(
                cid, seed, conv.get("seed_entity_text", str), tuple(sorted(turns, key=lambda t: t.turn))
            )
        )
    return tuple(out)


def _qid(name: str, where: str, text: str) -> str:
    found = _QID.search(text.strip())
    if found is None:
        raise DialogueInputError(name, where, f"{text[:60]!r} is not a Wikidata entity (…/wiki/Q123)")
    return found.group(1)


def _kind(value: Any) -> str:
    """The type of a JSON value and a glimpse of it, cheap however big or deep it is."""
    if value is None:
        return "null"
    if isinstance(value, list | dict):
        return f"{type(value).__name__} of {len(value)} item{'s' * (len(value) != 1)}"
    shown = json.dumps(value[:40] if isinstance(value, str) else value, ensure_ascii=True)
    return f"{type(value).__name__} {shown[:40]}"
