"""CoDEx-S as a Wikidata-shaped N-Triples dump: a KB no rule or wording of kgtest was tuned on.

    python bench/codex_kb.py OUT.nt [--shared ../shared/data/wikidata]

CoDEx-S (Safavi and Koutra 2020) holds 36,543 Wikidata facts among 2,034 entities, without labels
or dates. This keeps the facts between entities an English label is known for (LiterallyWikidata's
entity labels), with their labels, the properties' labels, and CoDEx's entity
types as `wdt:P31`, so `kgtest build-kb OUT.nt` loads it like any dump. Used for issue 37's
blind reading of record (bench/question_sample.py), never while wording was tuned.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = (HERE / ".." / ".." / "shared" / "data" / "wikidata").resolve()
WD, WDT = "http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--shared", type=Path, default=SHARED)
    args = parser.parse_args()
    labels = _labels(args.shared)
    codex = args.shared / "codex" / "data"
    relations = json.loads((codex / "relations" / "en" / "relations.json").read_text(encoding="utf-8"))
    types = json.loads((codex / "types" / "entity2types.json").read_text(encoding="utf-8"))
    # The classes' labels are CoDEx's own (few are among LiterallyWikidata's entities): without
    # them no entity was typed, and a KB without classes gets no near misses (issue 37).
    class_labels = json.loads((codex / "types" / "en" / "types.json").read_text(encoding="utf-8"))
    class_labels = {c: about["label"] for c, about in class_labels.items() if about.get("label")}
    facts = []
    for split in ("train", "valid", "test"):
        for line in (codex / "triples" / "codex-s" / f"{split}.txt").read_text(encoding="utf-8").splitlines():
            s, p, o = line.split()
            if s in labels and o in labels:
                facts.append((s, p, o))
    named = {e for s, _, o in facts for e in (s, o)}
    lines = []
    for s, p, o in facts:
        lines.append(f"<{WD}{s}> <{WDT}{p}> <{WD}{o}> .")
    for e in sorted(named):
        for t in types.get(e, []):
            label = labels.get(t) or class_labels.get(t)
            if label:
                lines.append(f"<{WD}{e}> <{WDT}P31> <{WD}{t}> .")
                lines.append(f"<{WD}{t}> <{LABEL}> {_literal(label)} .")
        lines.append(f"<{WD}{e}> <{LABEL}> {_literal(labels[e])} .")
    for p, about in relations.items():
        lines.append(f"<{WD}{p}> <{LABEL}> {_literal(about['label'])} .")
    args.out.write_text("\n".join(dict.fromkeys(lines)) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(facts)} facts among {len(named)} labelled entities")


def _labels(shared: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in (shared / "LiterallyWikidata" / "Datasets" / "Entities" / "entity_labels_en.txt").open(
        encoding="utf-8"
    ):
        parts = line.rstrip("\n").split("\t")
        if len(parts) >= 2 and parts[1]:
            found.setdefault(parts[0].rsplit("/", 1)[-1].strip("<>"), parts[1])
    return found


def _literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False) + "@en"


if __name__ == "__main__":
    main()
