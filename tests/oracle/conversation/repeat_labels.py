"""Real SmolLM2 replies labelled by hand as echo, self-repeat or fine (repeat_labels.jsonl).

Where they come from: SmolLM2-135M-Instruct (greedy, 48 tokens) on the example KB, held on
2026-11-25 with `kgtest converse` and read back from the reply cache: the first 7 rounds of a
scripted battery (`--sut smollm2 --turns 20 --runs 6 --seed 1 --context-tokens 256`), and both
sides of free conversations of two SmolLM2s (`--partner smollm2`): seed 2, the first 5 rounds of 2
conversations with the whole conversation as context; seed 3, 8 rounds of 8 conversations with
256-token contexts, of which two were word for word a third and are left out. Each line of the
file is one speaker's side of one conversation, in round order: ``[line, reply, labels]`` where
``line`` is what the speaker answered (the partner's line, or for the partner system the other
system's last reply) and ``labels`` a subset of ``echo``, ``repeat`` (empty: fine).

The labels were written by one person (no second reviewer could be started) from these
definitions alone, reading the text, and fixed before any detector ran on these replies; they
are never copied from a verdict:

* **echo**: the reply says the line it answers again: most of the reply (about four fifths of
  its words or more) is a copy of that line, word for word or with a few words changed, dropped
  or added, the copy holds most (at least half) of the line, and it is at least four words long.
  A reply that quotes the line and adds content of its own (an answer, a new sentence) is not an
  echo, nor is one that takes up a phrase of a longer line.
* **repeat**: the reply says an earlier reply of the same speaker in the same conversation
  again: most of the reply (about four fifths of its words or more) is a copy of that earlier
  reply, word for word or nearly, the copy holds most (at least half) of the earlier reply, and
  it is at least five words long; except when that earlier reply answered the very same line (a
  question asked again may get the same answer). A short formula ("Yes, it is.", "Thank you!")
  said again is not a repeat, nor is a short answer that takes up a phrase of a longer earlier
  reply ("Your role model is Marie Curie." after "... My role model is Marie Curie, who ...").
* **fine**: neither. A reply may be both an echo and a repeat.

repeat_blind/replies.jsonl holds the same replies without labels (``blind``), for a second
reviewer who reads them with these definitions alone (repeat_blind/task.md) and writes
repeat_blind/labels.jsonl; bench/bench_repeat_labels.py compares the detectors with both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

FILE = Path(__file__).with_name("repeat_labels.jsonl")
BLIND = Path(__file__).with_name("repeat_blind")
KINDS = ("echo", "repeat")


@dataclass(frozen=True, slots=True)
class Side:
    """One speaker's replies in one conversation, with the labels of each."""

    conversation: str
    speaker: str
    source: str
    rounds: tuple[tuple[str, str], ...]
    labels: tuple[frozenset[str], ...]


def load() -> list[Side]:
    sides = []
    for line in FILE.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        rounds = tuple((r[0], r[1]) for r in data["rounds"])
        labels = tuple(frozenset(r[2]) for r in data["rounds"])
        sides.append(Side(data["conversation"], data["speaker"], data["source"], rounds, labels))
    return sides


def reply_id(side: int, turn: int) -> str:
    return f"side-{side:02d}/{turn}"


def blind(sides: list[Side]) -> list[dict[str, object]]:
    """The labelled sides as a reviewer sees them: the text of each round and an id, no label."""
    return [
        {
            "side": f"side-{n:02d}",
            "speaker": s.speaker,
            "source": s.source,
            "rounds": [
                {"id": reply_id(n, k), "line": line, "reply": reply}
                for k, (line, reply) in enumerate(s.rounds, 1)
            ],
        }
        for n, s in enumerate(sides, 1)
    ]


def independent() -> dict[str, frozenset[str]] | None:
    """The second reviewer's labels by reply id (repeat_blind/labels.jsonl), None until there are any."""
    path = BLIND / "labels.jsonl"
    if not path.exists():
        return None
    found: dict[str, frozenset[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            data = json.loads(line)
            labels = frozenset(data["labels"])
            if not labels <= set(KINDS):
                raise ValueError(f"{path}: {data['id']}: labels {sorted(labels)} not in {KINDS}")
            found[data["id"]] = labels
    return found
