"""One transcript format for every kind of case: what was put to the system, and what it said.

A run's ``replies.jsonl`` holds one ``Transcript`` per case, in suite order, whatever its kind:

* a fact or temporal case: one exchange (the question and the reply);
* a dialogue case: one exchange per round, in order, plus the single-turn baselines' questions
  asked in a round's place (``variant`` names the baseline);
* a conversation: one exchange per round with the system under test (``asked`` is the partner's
  line), and, with a partner system, one per round with the partner (``speaker="partner"``).

A transcript whose driver stopped early (an earlier round failed, so later ones had nothing
true to show) says why in ``stopped``. Runs written before this format (one ``{"case_id",
"key", "reply"}`` per line) still read as one-exchange transcripts.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgtest.core.errors import RunnerError
from kgtest.core.files import write_atomic
from kgtest.core.jsonl import records_holding
from kgtest.core.records import from_plain, to_plain
from kgtest.core.workspace import RunFiles
from kgtest.runner.sut import Reply

SUT, PARTNER = "sut", "partner"


@dataclass(frozen=True, slots=True)
class Exchange:
    """One message put to a speaker and its reply."""

    position: int
    """The round, from 1 (1 for a single question)."""
    asked: str
    """The last message the speaker was sent: the question, or the other side's line."""
    key: str
    """The reply cache's key: system, sampling and the whole conversation sent."""
    reply: Reply
    variant: str = ""
    """Empty for the case's own round; a baseline's name (SYR, L33t, Typo) for its question."""
    speaker: str = SUT


@dataclass(frozen=True, slots=True)
class Transcript:
    """Everything one case put to the systems, in the order it was asked."""

    case_id: str
    kind: str
    exchanges: tuple[Exchange, ...]
    stopped: str = ""
    """Why the driver stopped before the case's last round; empty when it got to the end."""

    @property
    def reply(self) -> Reply:
        """The system's last reply: a single-turn case's only one."""
        return self.exchanges[-1].reply

    @property
    def failed(self) -> int:
        """Replies that are failures (errors, timeouts, no text)."""
        return sum(not e.reply.ok for e in self.exchanges)

    @property
    def transient(self) -> bool:
        """A reply failed in transport (never cached): the next run asks it again."""
        return any(e.reply.transient for e in self.exchanges)

    def to_json(self) -> str:
        return json.dumps(to_plain(self), ensure_ascii=False, sort_keys=True)


def replace_replies(files: RunFiles, transcripts: Iterable[Transcript]) -> None:
    """The run's replies.jsonl written whole (a reader never sees half a run). When they are not
    the replies it held, the judge's files of the old ones are deleted first: a kill between the
    two leaves the run unjudged, never judged on replies it no longer has (``--retry-failed``)."""
    text = "".join(t.to_json() + "\n" for t in transcripts)
    try:
        same = files.replies.read_bytes() == text.encode("utf-8")
    except OSError:
        same = False
    if not same:
        for stale in files.judged:
            if stale.is_dir():
                shutil.rmtree(stale)
            else:
                stale.unlink(missing_ok=True)
    write_atomic(files.replies, text)


def read_transcripts(path: Path) -> Iterator[Transcript]:
    """The transcripts of a run's replies.jsonl, in suite order; a RunnerError names a bad line."""
    try:
        with path.open("rb") as lines:
            for number, raw in enumerate(lines, 1):
                try:
                    yield _transcript(json.loads(raw.decode("utf-8")))
                except UnicodeDecodeError as exc:
                    byte = f"byte 0x{raw[exc.start]:02x} at column {exc.start + 1}"
                    raise RunnerError(
                        f"{path}:{number}: not UTF-8 ({byte}); run the same `kgtest run` again to write it"
                    ) from None
                except (ValueError, TypeError, KeyError) as exc:  # RecordError is a ValueError
                    raise RunnerError(f"{path}:{number}: not a kgtest transcript: {exc}") from exc
                except RecursionError:
                    raise RunnerError(
                        f"{path}:{number}: not a kgtest transcript: JSON nested too deeply"
                    ) from None
    except FileNotFoundError:
        raise RunnerError(f"{path} is missing; run the same `kgtest run` again to write it") from None


def transcripts_mentioning(path: Path, text: str) -> Iterator[Transcript]:
    """The transcripts on the lines of replies.jsonl that hold ``text`` (a case id), read alone;
    a line that is not a transcript is passed over (``read_transcripts`` names it)."""
    return records_holding(path, text, lambda line: _transcript(json.loads(line)))


def _transcript(data: Any) -> Transcript:
    if isinstance(data, dict) and "exchanges" not in data and "reply" in data:  # a run from before
        reply = Reply.from_dict(data["reply"])
        return Transcript(str(data["case_id"]), "", (Exchange(1, "", str(data.get("key", "")), reply),))
    return from_plain(Transcript, data)
