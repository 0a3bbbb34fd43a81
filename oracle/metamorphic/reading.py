"""What a dialogue answer says, read out of its words before anything is compared.

A reply to "When did he die?" may be "1924", "He died in 1924." or "Vladimir Lenin was born in
1870 and died in 1924."; all three say 1924. Comparing whole replies by similarity punishes the
sentence and cannot tell 1924 from 1917 (MiniLM puts any two years at 0.58-0.65), so the
answer's value is read first:

* **Unknown**: the instructed word, oracle/answer.py's "I don't know" reading, or "not
  mentioned in the story";
* **years** (the one after a word of the question's verb when there are several: "born in
  1870 and died in 1924" answers "When did he die?" with 1924), **numbers** (digits or words:
  "Ten years" is 10), **Yes/No** (oracle/answer.py);
* the **lead**: the first sentence, with the question's own words taken out, which is what free
  text is compared on ("The lion flew on a red airplane." for "What did the lion fly on?" leads
  with "flew on red airplane").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from kgtest.oracle.answer import Stance, parse_answer
from kgtest.oracle.metamorphic.mss import normalise

_NOT_IN_CONTEXT = re.compile(
    r"\b(?:(?:is|was|are|were)\s+not\s+(?:mentioned|stated|given|said|specified|known|clear)"
    r"|does\s*(?:n't|not)\s+(?:say|mention|specify|tell)|can\s*(?:not|'t)\s+be\s+(?:answered|determined)"
    r"|no\s+information)\b",
    re.I,
)


def says_unknown(answer: str) -> bool:
    """Whether an answer declines for lack of information: "Unknown" (as instructed), or what
    oracle/answer.py reads as "I don't know", or "not mentioned in the story" and the like."""
    if normalise(answer).startswith("unknown"):
        return True
    return parse_answer(answer).stance is Stance.IDK or _NOT_IN_CONTEXT.search(answer) is not None


_YEAR = re.compile(r"(?<![\d,.])(?:(\d{1,4})\s*(BC|BCE)\b|(\d{3,4})(?!\d|[,.]\d))", re.I)
_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)*)(?![\w])|\b(" + "|".join(_NUMBER_WORDS) + r")\b", re.I)
_SENTENCE = re.compile(
    r"(?<!^[A-Z]\.)(?<![\s.][A-Z]\.)(?<!\b(?:Mr|Dr|St|Jr|Sr|Ms)\.)(?<!Mrs\.)(?<=[.!?])\s+(?=[A-Z\"“])|\n+"
)
"""A sentence ends at . ! ? before a capital, not after an initial ("John F. Kennedy", "D.C.")."""
_CUES = {
    "die": ("die", "dead", "death", "pass"),
    "born": ("born", "birth"),
    "found": ("found", "establish", "creat", "form"),
}
STOP = set(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "by",
        "with",
        "from",
        "and",
        "or",
        "is",
        "was",
        "are",
        "were",
        "be",
        "been",
        "did",
        "do",
        "does",
        "done",
        "has",
        "have",
        "had",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "he",
        "she",
        "it",
        "they",
        "his",
        "her",
        "its",
        "their",
        "him",
        "them",
        "that",
        "this",
        "there",
        "one",
        "s",
    ]
)


def words(text: str) -> list[str]:
    """Lower-case ASCII words: accents off ("Würzburg" is "wurzburg"), punctuation dropped."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.findall(r"[a-z0-9]+", plain)


def lead(answer: str) -> str:
    """The answer's first sentence (a reply cut at max_tokens is read to its cut), past one that
    only says when or where the story is set ("The story is set in the 1950s. She died in 1956.")."""
    text = answer.strip().lstrip("-*#>• ").strip()
    sentences = [s.strip() for s in _SENTENCE.split(text) if s.strip()] if text else [""]
    first = 0
    while first < len(sentences) - 1 and is_setting(sentences[first]):
        first += 1
    return sentences[first]


_SETTING = re.compile(r"^\W*(?:the\s+)?(?:story|book|novel|text)\s+(?:is|was)\s+set\b", re.I)


def is_setting(sentence: str) -> bool:
    """A sentence about the story's setting: its years and places answer nothing about its people."""
    return _SETTING.match(sentence) is not None


@lru_cache(maxsize=65_536)
def span(answer: str, question: str) -> str:
    """The lead without the question's content words: the part that answers (SQuAD-normalised)."""
    asked = {_stem(w) for w in words(question) if w not in STOP}
    kept = [w for w in normalise(lead(answer)).split() if _stem(w) not in asked]
    return " ".join(kept) if kept else normalise(lead(answer))


def years(text: str, question: str = "") -> list[int]:
    """The years a text gives, the one after a cue of the question's verb first ("died in 1924")."""
    found: list[tuple[int, int]] = []
    for m in _YEAR.finditer(text):
        found.append((m.start(), 1 - int(m.group(1)) if m.group(2) else int(m.group(3))))
    if len({y for _, y in found}) < 2 or not question:
        return [y for _, y in found]
    cues = [c for verb, forms in _CUES.items() if verb in _stems(question) for c in forms]
    lower = text.lower()
    cued = [y for pos, y in found if any(_near(lower, pos, c) for c in cues)]
    said = set(cued)
    rest = [y for _, y in found if y not in said]
    return cued + rest


def numbers(text: str) -> list[float]:
    """The numbers a text gives, digits or words ("Ten years": 10)."""
    out = []
    for m in _NUMBER.finditer(text):
        if m.group(1):
            try:
                out.append(float(m.group(1).replace(",", "")))
            except ValueError:
                continue
        else:
            out.append(float(_NUMBER_WORDS[m.group(2).lower()]))
    return out


def stance(answer: str, question: str = "") -> str:
    """``yes`` or ``no`` where the answer commits to one, else empty."""
    found = parse_answer(answer, question).stance
    return found.value if found in (Stance.YES, Stance.NO) else ""


def _near(lower: str, pos: int, cue: str) -> bool:
    """A cue word among the six words before ``pos``."""
    return any(w.startswith(cue) for w in re.findall(r"[a-z]+", lower[max(0, pos - 60) : pos])[-6:])


def _stems(question: str) -> set[str]:
    return {_stem(w) for w in words(question)}


def _stem(word: str) -> str:
    """A crude stem, enough to see "flew"/"fly" apart but "died"/"die" and "born"/"born" as one."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word
