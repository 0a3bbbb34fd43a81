"""Judging time against reply length and against turns, and planted bots' verdicts, against a commit.

    python bench/bench_bounded_judging.py --ref 2627fb5 [--rounds 1] [--limit 600]

Issue 42: the system under test decided what judging cost (the repeat tests compared every pair of
turns with difflib). Each measurement runs in a fresh process under this tree and under ``--ref``
(bench/baseline.py's package view of that commit), alternating, so the machine's load falls on both:

* ``repeats``: the repeat tests alone (``find_repeats``) on a conversation of T rounds whose replies
  have L characters: natural text, a loop of a few replies, or one word said again and again;
* ``audit``: the whole battery judge (models loaded before the clock starts) on conversations held
  with a plug-in bot through the real runner, the script's partner lines against replies of L
  characters, or T rounds;
* ``store``: one conversation of T rounds held through the runner with a bot that answers at once:
  seconds, and the megabytes of the reply cache and of the transcripts;
* ``verdicts``: every planted bot of tests/oracle/conversation/bots.py held and audited; the digest of
  its verdicts, nuggets and SWAN must be the same under both trees.

A measurement past ``--limit`` seconds is killed and shown as ``>limit``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VOCABULARY = [f"w{n}" for n in range(400)] + ["the", "a", "of", "to", "is", "in", "my", "it", "was", "and"]


def natural(chars: int, seed: int) -> str:
    """Words in sentences, about ``chars`` characters, the same for the same seed."""
    rng = random.Random(seed)
    out: list[str] = []
    size = 0
    while size < chars:
        sentence = " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(6, 14))).capitalize() + "."
        out.append(sentence)
        size += len(sentence) + 1
    return " ".join(out)[:chars]


def reply(kind: str, chars: int, turn: int) -> str:
    if kind == "loop":  # one of three replies, round after round
        return natural(chars, turn % 3)
    if kind == "degenerate":  # one word again and again, another now and then
        return ((("a " * (5 + turn % 3)) + "b ") * (chars // 12 + 1))[:chars]
    return natural(chars, turn)


class Talker:
    """A plug-in bot (``plugin:bench_bounded_judging:Talker``): replies of ``chars`` characters."""

    def __init__(self, chars: str = "200", kind: str = "natural") -> None:
        self.chars, self.kind = int(chars), kind

    def respond(self, conversation: list[dict[str, str]]) -> str:
        return reply(self.kind, self.chars, len(conversation))


def measure_repeats(turns: int, chars: int, kind: str) -> dict[str, float]:
    from kgtest.oracle.conversation.repeats import find_repeats

    rounds = [(f"Line {k}: tell me something.", reply(kind, chars, k)) for k in range(turns)]
    started = time.perf_counter()
    found = find_repeats(rounds)
    return {"seconds": time.perf_counter() - started, "repeats": sum(r.is_repeat for r in found)}


def _records(turns: int, chars: int, kind: str, runs: int, bot: str = "") -> list[object]:
    sys.path.insert(1, str(ROOT))
    from kgtest.generator.conversation.script import ScriptSettings, build_scripts
    from kgtest.runner.conversation import ConverseSettings
    from tests.generator.conversation.kb import battery_view
    from tests.oracle.conversation.hold import hold

    scripts = build_scripts(battery_view(), 21, runs, turns, ScriptSettings())
    spec = bot or f"plugin:bench_bounded_judging:Talker?chars={chars}&kind={kind}"
    with tempfile.TemporaryDirectory() as tmp:
        return list(hold(scripts, spec, ConverseSettings(turns=turns), Path(tmp) / "cache.sqlite"))


def _auditor() -> object:
    import torch

    torch.set_num_threads(1)
    sys.path.insert(1, str(ROOT))
    from kgtest.kg.extract.spacy_triples import SpacyExtractor
    from kgtest.oracle.conversation.audit import Auditor
    from kgtest.oracle.conversation.verdicts import BatteryJudge
    from kgtest.oracle.embeddings import Embedder
    from tests.generator.conversation.kb import battery_view

    auditor = Auditor(BatteryJudge(embedder=Embedder()), SpacyExtractor(), battery_view())
    auditor.audit(_records(4, 100, "natural", 1))  # models loaded, caches warm
    return auditor


def measure_audit(turns: int, chars: int, kind: str) -> dict[str, float]:
    auditor = _auditor()
    records = _records(turns, chars, kind, 1)
    started = time.perf_counter()
    result = auditor.audit(records)  # type: ignore[attr-defined]
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "verdicts": len(result.verdicts)}


SCRIPTED = {"scripts": ""}
"""Bots that answer as their script says, given the scripts' file."""


def measure_store(turns: int, chars: int, kind: str) -> dict[str, float]:
    """One conversation of ``turns`` rounds held through the runner: seconds, cache and transcript bytes."""
    sys.path.insert(1, str(ROOT))
    from kgtest.generator.conversation.cases import conversation_cases
    from kgtest.generator.conversation.script import ScriptSettings, build_scripts
    from kgtest.runner.ask import Asker
    from kgtest.runner.cache import ReplyCache
    from kgtest.runner.conversation import ConverseSettings, ask_conversations
    from kgtest.runner.registry import open_sut
    from kgtest.runner.sut import Sampling
    from tests.generator.conversation.kb import battery_view

    cases = conversation_cases(build_scripts(battery_view(), 21, 1, turns, ScriptSettings()))
    sut = open_sut(f"plugin:bench_bounded_judging:Talker?chars={chars}&kind={kind}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "replies.sqlite"
        started = time.perf_counter()
        with ReplyCache(path) as cache:
            held = ask_conversations(Asker(cache, sut, Sampling()), cases, ConverseSettings(turns=turns))
        seconds = time.perf_counter() - started
        stored = sum(p.stat().st_size for p in Path(tmp).iterdir())
    transcripts = sum(len(t.to_json()) + 1 for t in held)
    return {"seconds": seconds, "cache_mb": stored / 2**20, "transcripts_mb": transcripts / 2**20}


BOTS = [
    ("Perfect", SCRIPTED),
    ("Forgetful", {**SCRIPTED, "after": "4"}),
    ("Stutter", SCRIPTED),
    ("RepeatsQuestions", SCRIPTED),
    ("WrongClaim", {**SCRIPTED, "at": "12"}),
    ("Echo", {}),
    ("Constant", {}),
    ("Constant", {"line": "Yes."}),
    ("Alternating", {}),
    ("LoopsFrom", {**SCRIPTED, "at": "2"}),
    ("LoopsFrom", {**SCRIPTED, "at": "12"}),
]


def measure_verdicts() -> dict[str, object]:
    """Every planted bot through the whole battery; a digest of what the judge said of it."""
    sys.path.insert(1, str(ROOT))
    from kgtest.core.records import to_plain
    from kgtest.generator.conversation.script import ScriptSettings, build_scripts
    from tests.generator.conversation.kb import battery_view

    auditor = _auditor()
    scripts = build_scripts(battery_view(), 21, 3, 24, ScriptSettings())
    digests: dict[str, object] = {}
    # One path for both trees: it is part of the bots' specs, and so of every verdict's system.
    path = Path(tempfile.gettempdir()) / "kgtest-bench-bounded-judging-scripts.json"
    path.write_text(json.dumps(to_plain(scripts)), encoding="utf-8")
    for name, params in BOTS:
        given = {k: (str(path) if k == "scripts" else v) for k, v in params.items()}
        query = "&".join(f"{k}={v}" for k, v in given.items())
        records = _records(24, 0, "", 3, f"plugin:tests.oracle.conversation.bots:{name}?{query}")
        result = auditor.audit(records)  # type: ignore[attr-defined]
        text = json.dumps(to_plain(result), sort_keys=True)
        key = f"{name} {' '.join(v for k, v in params.items() if k != 'scripts')}".strip()
        digests[key] = hashlib.sha256(text.encode()).hexdigest()[:16]
        digests[f"{key} failed"] = sum(v.passed is False for v in result.verdicts)
    return digests


def worker(argv: list[str]) -> None:
    what, turns, chars, kind = argv[0], int(argv[1]), int(argv[2]), argv[3]
    sys.path.insert(0, str(Path(__file__).parent))
    if what == "repeats":
        print(json.dumps(measure_repeats(turns, chars, kind)))
    elif what == "audit":
        print(json.dumps(measure_audit(turns, chars, kind)))
    elif what == "store":
        print(json.dumps(measure_store(turns, chars, kind)))
    else:
        print(json.dumps(measure_verdicts()))


def run(argv: list[str], view: Path | None, limit: float) -> dict[str, object] | None:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if view is not None:
        env["PYTHONPATH"] = str(view)
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--worker", *argv],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=limit,
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr[-3000:]}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ref", default="2627fb5")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds before a measurement is killed")
    parser.add_argument("--only", choices=("repeats", "audit", "store", "verdicts"), action="append")
    parser.add_argument("--worker", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    sys.path.insert(0, str(Path(__file__).parent))
    from baseline import tree

    view = tree(args.ref)
    plans = {
        "repeats": [
            *(
                ("repeats", "24", str(chars), kind)
                for kind in ("natural", "degenerate")
                for chars in (1_000, 10_000, 100_000)
            ),
            *(
                ("repeats", str(turns), "200", kind)
                for kind in ("natural", "loop")
                for turns in (500, 1_000, 2_000, 10_000)
            ),
        ],
        "audit": [
            *(("audit", "12", str(chars), "natural") for chars in (200, 2_000, 20_000, 100_000)),
            *(("audit", str(turns), "200", "loop") for turns in (50, 100, 200, 400)),
        ],
        "store": [("store", str(turns), "200", "natural") for turns in (250, 500, 1_000, 2_000)],
        "verdicts": [("verdicts", "0", "0", "")],
    }
    try:
        for name in args.only or list(plans):
            for argv in plans[name]:
                theirs = run(list(argv), view, args.limit)
                ours = run(list(argv), None, args.limit)
                print(_row(argv, ours, theirs, args.ref, args.limit), flush=True)
    finally:
        shutil.rmtree(view.parent)


def _row(
    argv: tuple[str, ...],
    ours: dict[str, object] | None,
    theirs: dict[str, object] | None,
    ref: str,
    limit: float,
) -> str:
    what, turns, chars, kind = argv
    if what == "verdicts":
        same = "the same" if ours == theirs else "DIFFERENT"
        return f"verdicts of the planted bots: {same}\n  now: {ours}\n  {ref}: {theirs}"

    def secs(r: dict[str, object] | None) -> str:
        return f">{limit:g} s" if r is None else f"{float(r['seconds']):.3f} s"  # type: ignore[arg-type]

    ratio = ""
    if ours is not None and theirs is not None:
        ratio = f"{float(theirs['seconds']) / max(float(ours['seconds']), 1e-9):.1f}x"  # type: ignore[arg-type]
    elif ours is not None:
        ratio = f">{limit / max(float(ours['seconds']), 1e-9):.0f}x"  # type: ignore[arg-type]

    def detail(r: dict[str, object] | None) -> str:
        return " ".join(
            f"{k} {v:.3g}" if isinstance(v, float) else f"{k} {v}"
            for k, v in (r or {}).items()
            if k != "seconds"
        )

    shape = f"{what:8} {turns:>6} rounds {chars:>7} chars {kind:10}"
    times = f"now {secs(ours):>10}  {ref} {secs(theirs):>10}  {ratio:>7}"
    return f"{shape} {times}  now: {detail(ours)}  {ref}: {detail(theirs)}"


if __name__ == "__main__":
    main()
