"""A tiny WordNet database in wndb(5) format, byte offsets and licence header included, so the
reader is tested without Debian's wordnet-base."""

from __future__ import annotations

from pathlib import Path

SYNSETS = {
    "noun": [
        ["car", "auto", "automobile", "motor_vehicle"],
        ["colour", "color", "coloring"],
        ["girl", "miss"],
    ],
    "verb": [["live", "dwell", "inhabit"], ["eat"]],
    "adj": [["little(a)", "small"]],
    "adv": [["quickly", "rapidly"]],
}
_HEADER = (
    "  1 This software and database is being provided to you, the LICENSEE, by\n  2 Princeton University\n"
)


def write_wordnet(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for pos, synsets in SYNSETS.items():
        data, index = _HEADER, {}
        for words in synsets:
            offset = len(data.encode("utf-8"))
            fields = " ".join(f"{w} 0" for w in words)
            data += f"{offset:08d} 06 {pos[0]} {len(words):02x} {fields} 000 | a gloss\n"
            for w in words:
                index.setdefault(w.split("(")[0], offset)
        (folder / f"data.{pos}").write_text(data, encoding="utf-8")
        lines = [f"{w} {pos[0]} 1 1 @ 1 0 {o:08d}" for w, o in sorted(index.items())]
        (folder / f"index.{pos}").write_text(_HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    return folder
