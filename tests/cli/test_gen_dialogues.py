"""``kgtest gen`` with dialogues: from the KB and from files, byte for byte, bad files stopped early."""

from __future__ import annotations

import json
from pathlib import Path

from kgtest.generator.case import read_suite
from kgtest.kg.store import GraphStore

from ..generator.dialogue.convq_fixture import CONVERSATIONS
from ..generator.dialogue.coqa_fixture import coqa_file
from ..generator.kb_fixture import family_and_places
from .test_gen import gen_in_another_process, run


def test_dialogues_from_the_kb_and_from_files_rerun_identically(store: GraphStore, tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    assert (
        run("--workspace", ws, "build-kb", str(family_and_places().write(tmp_path / "f.nt")), "--quiet")[0]
        == 0
    )
    coqa = coqa_file(tmp_path / "stories.json")
    convq = tmp_path / "convq.json"
    convq.write_text(json.dumps(CONVERSATIONS), encoding="utf-8")
    args = ("gen", "--dialogues", "3", "--dialogues-from", str(coqa), "--dialogues-from", str(convq),
            "--seed", "2", "--quiet")  # fmt: skip
    code, out, err = run("--workspace", ws, *args)
    assert code == 0, err
    suite = tmp_path / "ws" / "suites" / "suite.jsonl"
    cases = list(read_suite(suite))
    assert {c.kind for c in cases} == {"dialogue"}, "no fact cases unless --count asks for them"
    assert f"Wrote {len(cases)} cases to {suite}" in out and "dialogue cases" in out
    rows = {tuple(line.split()[:3]) for line in out.splitlines()}
    assert {("coqa", "DSD", "6"), ("kb", "original", "3"), ("convquestions", "original", "1")} <= rows
    assert len(cases) == (3 + 6 + 1) * 6
    assert f"{coqa}: coqa, 6 read, 6 dialogues" in out and "from the KB: 3 dialogues" in out
    assert "graph store: 10 dialogues with" in err
    first = suite.read_bytes()
    other = gen_in_another_process(ws, args, tmp_path / "b.jsonl", hash_seed="999")
    assert other.returncode == 0, other.stderr
    assert (tmp_path / "b.jsonl").read_bytes() == first, "another process, another hash seed, the same bytes"
    code, out, _ = run(
        "--workspace", ws, "gen", "--count", "6", "--dialogues", "1", "--out", str(tmp_path / "m.jsonl")
    )
    assert code == 0 and {c.kind for c in read_suite(tmp_path / "m.jsonl")} == {"fact", "dialogue"}
    code, out, _ = run("--workspace", ws, "gen", "--dialogues", "50", "--out", str(tmp_path / "many.jsonl"))
    made = len({c.dialogue.dialogue for c in read_suite(tmp_path / "many.jsonl") if c.dialogue is not None})
    assert code == 0 and 3 <= made < 50
    assert f"note: only {made} of the 50 dialogues asked for: the KB has no more topics" in out


def test_a_bad_file_stops_before_anything_is_written(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    bad = coqa_file(tmp_path / "bad.json")
    data = json.loads(bad.read_text(encoding="utf-8"))
    data["data"][1]["answers"][2]["input_text"] = 7
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run("--workspace", str(ws), "gen", "--dialogues-from", str(bad))
    assert code == 5 and "Traceback" not in err
    assert f"{bad}: data[1].answers[2].input_text: expected str, got int 7. Nothing was written" in " ".join(
        err.split()
    )
    assert not ws.exists(), "not even the workspace's database was opened"
    code, _, err = run("--workspace", str(ws), "gen", "--dialogues", "2", "--perturbations", "DS,DSX")
    assert code == 2 and "Unknown perturbation 'DSX'. Did you mean" in err


def test_files_need_no_kb_but_kb_dialogues_do(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    out = tmp_path / "s.jsonl"
    stories = str(coqa_file(tmp_path / "s.json"))
    code, _, err = run("--workspace", ws, "gen", "--dialogues-from", stories, "--perturbations", "DR",
                       "--variants", "2", "--no-graph", "--out", str(out))  # fmt: skip
    assert code == 0, err
    assert [c.dialogue.name for c in read_suite(out) if c.dialogue][:3] == ["original", "DR-1", "DR-2"]
    code, _, err = run("--workspace", ws, "gen", "--dialogues", "2")
    assert code == 3 and f"is empty; run `kgtest --workspace {ws} build-kb example`" in err


def test_inspect_shows_each_undecided_turn_with_its_reason(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    stories = str(coqa_file(tmp_path / "s.json"))
    code, out, err = run("--workspace", ws, "gen", "--dialogues-from", stories, "--perturbations", "DS",
                         "--no-graph", "--quiet")  # fmt: skip
    assert code == 0, err
    assert "undecided" in out  # the dialogue table's column
    cases = list(read_suite(tmp_path / "ws" / "suites" / "suite.jsonl"))
    case = next(c for c in cases if c.dialogue and any(t.answerable is None for t in c.dialogue.turns))
    assert case.dialogue is not None and f"{case.meta.undecided} undecided" in case.question  # type: ignore[union-attr]
    code, text, _ = run("--workspace", ws, "inspect", case.id)
    assert code == 0
    shown = " ".join(text.split())
    assert shown.count("UNDECIDED, not judged") == sum(t.answerable is None for t in case.dialogue.turns)
    assert "undecided: " in shown and ("turn" in shown or "nothing before meets it" in shown)
