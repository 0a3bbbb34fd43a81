"""The offline decontextualiser against CANARD's human rewrites (QuAC questions made self-contained).

    python bench/measure_decontext.py [--canard FILE] [--dialogues N]

Each CANARD dialogue is read round by round by the same reader that reads CoQA rounds
(generator/dialogue/coqa.py; its topic, the page's title, stands in for the story: what its
pronouns call by default); every
question's rewrite (its pronouns replaced by what they stand for) is scored against the human
rewrite by corpus BLEU-4 and mean token F1, beside the question left as it is (the baseline:
a rewriter that changes nothing). Also: how often a pronoun's referent appears in the human
rewrite (pronoun resolution accuracy, for questions with a pronoun the human rewrite replaced).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

from kgtest.generator.dialogue.coqa import CoqaReader, RoundReader
from kgtest.generator.dialogue.mentions import PRONOUNS, Canon, Referent, mentions

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "dialogues" / "canard_dev.json.gz"
_TOKEN = re.compile(r"\w+|[^\w\s]")


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def bleu(candidates: Sequence[list[str]], references: Sequence[list[str]]) -> float:
    """Corpus BLEU-4 with one reference per sentence (Papineni et al.), as a percentage."""
    matched, total = [0] * 4, [0] * 4
    for c, r in zip(candidates, references, strict=True):
        for n in range(4):
            grams = Counter(tuple(c[i : i + n + 1]) for i in range(len(c) - n))
            ref = Counter(tuple(r[i : i + n + 1]) for i in range(len(r) - n))
            matched[n] += sum(min(k, ref[g]) for g, k in grams.items())
            total[n] += max(len(c) - n, 0)
    length, ref_length = sum(map(len, candidates)), sum(map(len, references))
    precision = sum(math.log(m / t) for m, t in zip(matched, total, strict=True)) / 4
    brevity = 1.0 if length > ref_length else math.exp(1 - ref_length / length)
    return 100 * brevity * math.exp(precision)


def f1(candidate: list[str], reference: list[str]) -> float:
    common = sum((Counter(candidate) & Counter(reference)).values())
    if not common:
        return 0.0
    p, r = common / len(candidate), common / len(reference)
    return 2 * p * r / (p + r)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--canard", type=Path, default=SHARED.resolve())
    parser.add_argument("--dialogues", type=int, default=490)
    args = parser.parse_args()
    entries = json.loads(gzip.decompress(args.canard.read_bytes()))
    dialogues: dict[str, list[dict[str, object]]] = defaultdict(list)
    for e in entries:
        dialogues[str(e["QuAC_dialog_id"])].append(e)
    nlp = CoqaReader()
    ours, originals, humans = [], [], []
    resolved = correct = 0
    for entries_ in list(dialogues.values())[: args.dialogues]:
        entries_.sort(key=lambda e: int(str(e["Question_no"])))
        history = [str(h) for h in entries_[-1]["History"]]  # type: ignore[union-attr]
        title = f"{history[0]}. {history[1]}."
        answers = [*history[3::2], ""]
        texts = [title] + [
            t for e, a in zip(entries_, answers, strict=False) for t in (str(e["Question"]), a)
        ]
        docs = nlp.docs(texts)
        canon = Canon()
        topic = [c for _, c in mentions(docs[0], canon)][:1]
        reader = RoundReader(canon, [(cls, (t.key,)) for t in topic for cls in _classes(t)])
        for i, e in enumerate(entries_):
            question, answer = docs[1 + 2 * i], docs[2 + 2 * i]
            _, rewrite = reader.read(question, answer)
            ours.append(tokens(rewrite))
            originals.append(tokens(str(e["Question"])))
            humans.append(tokens(str(e["Rewrite"])))
            pronouns = [
                t for t in question if t.lower_ in PRONOUNS and t.lower_ not in tokens(str(e["Rewrite"]))
            ]
            if pronouns and rewrite != question.text:
                resolved += 1
                added = set(tokens(rewrite)) - set(tokens(question.text))
                correct += bool(added & set(tokens(str(e["Rewrite"]))))
    n = len(humans)
    changed = sum(o != h for o, h in zip(originals, humans, strict=True))
    print(f"CANARD dev: {n} questions in {min(args.dialogues, len(dialogues))} dialogues; the human rewrite "
          f"differs from the question in {changed} ({changed / n:.0%})")  # fmt: skip
    for label, rows in (("question as it is (baseline)", originals), ("offline decontextualiser", ours)):
        mean_f1 = sum(f1(c, h) for c, h in zip(rows, humans, strict=True)) / n
        print(f"  {label:<30} BLEU-4 {bleu(rows, humans):5.1f}   token F1 {mean_f1:.3f}")
    print(f"  pronouns replaced in {resolved} questions whose human rewrite replaced them too; the words "
          f"put in appear in the human rewrite in {correct} ({correct / max(resolved, 1):.0%})")  # fmt: skip


def _classes(topic: Referent) -> tuple[str, ...]:
    """The pronouns the topic (the dialogue's title, standing in for a story) may be called by."""
    if topic.kind in ("person", "name"):
        return ("he", "she") if not topic.gender else (topic.gender,)
    return ("it", "they") if topic.kind == "group" else ("it",)


if __name__ == "__main__":
    main()
