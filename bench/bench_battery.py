"""Judged turns per second for the battery and SWAN: batched, per conversation, and one text at a time.

    python bench/bench_battery.py [FACTS_TSV] [--runs N] [--turns T] [--threads T]

FACTS_TSV defaults to ../shared/data/wikidata/demo_facts.tsv (real Wikidata facts and labels),
read into an in-memory KB the scripts take their values and facts from. A local bot answers
each partner line the way small chat models do, chosen by a seeded die: the right answer, a
wrong one, "I don't know", a stutter, a restated KB fact or a wrong one, small talk with a
question. Models load before the clock starts; each mode is timed on the same conversations:

* batched: the whole battery in one audit (every text embedded in one call, one spaCy pipe);
* per conversation: one audit per conversation;
* one at a time: the same audit with every embedding, triple extraction and toxicity score
  asked for one text at a time and nothing cached (the baseline).
"""

from __future__ import annotations

import argparse
import csv
import random
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import torch
from numpy.typing import NDArray

from kgtest.core.settings import BatterySettings
from kgtest.generator.conversation.cases import conversation_cases
from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.generator.conversation.script_records import Script
from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.extract.triples import Triple
from kgtest.kg.model import Entity, Fact
from kgtest.oracle.conversation.audit import Auditor
from kgtest.oracle.conversation.toxicity import ProfanityCheck
from kgtest.oracle.conversation.verdicts import BatteryJudge
from kgtest.oracle.embeddings import Embedder
from kgtest.runner.ask import Asker
from kgtest.runner.cache import ReplyCache
from kgtest.runner.conversation import SCRIPTED, ChatRecord, ConverseSettings, ask_conversations, chat_record
from kgtest.runner.sut import Conversation, Reply, Sampling

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wikidata" / "demo_facts.tsv"


def tsv_view(path: Path) -> KbView:
    entities: dict[str, Entity] = {}
    facts: list[Fact] = []
    with path.open(encoding="utf-8") as rows:
        for r in csv.DictReader(rows, delimiter="\t"):
            if not (r["object"].startswith("Q") and r["subject_label"] and r["object_label"]):
                continue
            entities.setdefault(r["subject"], Entity(r["subject"], r["subject_label"]))
            entities.setdefault(r["object"], Entity(r["object"], r["object_label"]))
            facts.append(Fact(r["subject"], r["property"], r["object"]))
    return KbView(entities, tuple(facts), builtin_catalog())


class LocalBot:
    """Answers from the scripts it is given, seeded, in the ways small chat models do."""

    spec = "bench:local-bot"

    def __init__(self, scripts: Sequence[Script]) -> None:
        self.scripts = scripts

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        for i, conversation in enumerate(conversations):
            said = [m["content"] for m in conversation if m["role"] == "user"]
            script = next(s for s in self.scripts if [x.text for x in s.lines[: len(said)]] == said)
            yield i, Reply(self._say(script, len(said)), self.spec, sampling, 0.0)

    def close(self) -> None:
        pass

    def _say(self, script: Script, turn: int) -> str:
        rng = random.Random(f"{script.run}:{turn}")
        line = script.line(turn)
        roll = rng.random()
        if line.role == "question" and line.test:
            test = script.test(line.test)
            right = test.expected[0] if test.expected else "I am a bot"
            if roll < 0.5:
                return f"I remember: it is {right}. Is there anything else you would like to know?"
            if roll < 0.7:
                return "I'm sorry, I don't know. Could you tell me again?"
            if roll < 0.85:
                return f"I think I think it is it is {right} {right}."
            return "It is London, I believe. London is the capital of France."
        claim = next((t.claim for t in script.tests if t.claim is not None), None)
        fact = f"{claim.subject_label} has {claim.object_label}." if claim else ""
        if roll < 0.5:
            return f"That is interesting! {fact} What else do you enjoy doing?"
        return f"I see. Tell me more about that, please. {fact}"


class NoCache(Embedder):
    """Encodes every text when asked for it, alone: no batch, no cache."""

    def prepare(self, texts: object) -> None:
        return None

    def vector(self, text: str) -> NDArray[np.float32]:
        self.encode_calls += 1
        (found,) = self._model.encode([text], normalize_embeddings=True, convert_to_numpy=True)
        return np.asarray(found, dtype=np.float32)


class PerText:
    """The extractor, called once per text."""

    name = "spacy"

    def __init__(self, inner: SpacyExtractor) -> None:
        self._inner = inner

    def extract(
        self, texts: Sequence[str], names: Sequence[Sequence[str]] | None = None
    ) -> list[list[Triple]]:
        return [self._inner.extract([t], [names[i]] if names else None)[0] for i, t in enumerate(texts)]


class ToxicPerText(ProfanityCheck):
    def scores(self, texts: Sequence[str]) -> list[float]:
        return [super(ToxicPerText, self).scores([t])[0] for t in texts]


def timed(auditor: Auditor, batches: list[list[ChatRecord]]) -> tuple[float, float | None]:
    started = time.perf_counter()
    swans = [auditor.audit(batch).systems[0].value for batch in batches]
    return time.perf_counter() - started, swans[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("facts", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--turns", type=int, default=24)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    view = tsv_view(args.facts)
    scripts = build_scripts(view, 1, args.runs, args.turns, ScriptSettings())
    cases, settings, bot = conversation_cases(scripts), ConverseSettings(turns=args.turns), LocalBot(scripts)
    with tempfile.TemporaryDirectory() as tmp, ReplyCache(Path(tmp) / "c.sqlite") as cache:
        held = ask_conversations(Asker(cache, bot, Sampling()), cases, settings)
    records = [
        chat_record(c, t, bot.spec, Sampling(), settings, SCRIPTED) for c, t in zip(cases, held, strict=True)
    ]
    turns = sum(len(r.sut_turns) for r in records)
    extractor = SpacyExtractor()
    embedder = Embedder()
    config = BatterySettings()
    fast = Auditor(BatteryJudge(config, embedder=embedder, toxicity=ProfanityCheck()), extractor, view)
    slow_embedder = NoCache()
    slow = Auditor(
        BatteryJudge(config, embedder=slow_embedder, toxicity=ToxicPerText()), PerText(extractor), view
    )
    timed(fast, [records[:1]])  # warm the models and the KB index once, outside the clock
    timed(slow, [records[:1]])
    embedder._cache.clear()  # each mode starts cold
    batched, swan = timed(fast, [records])
    embedder._cache.clear()
    each, _ = timed(fast, [[r] for r in records])
    single, swan_single = timed(slow, [records])
    assert swan == swan_single, (swan, swan_single)  # the same verdicts and scores, however they are computed
    print(f"{len(records)} conversations, {turns} judged turns, SWAN {swan}")
    for name, seconds in (("batched", batched), ("per conversation", each), ("one at a time", single)):
        print(f"{name:>17}: {seconds:6.2f} s, {turns / seconds:7.1f} turns/s, {single / seconds:5.1f}x")


if __name__ == "__main__":
    main()
