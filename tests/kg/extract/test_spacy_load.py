"""spaCy loaded without what the extractor does not use reads every text as ``spacy.load`` would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import spacy

from kgtest.kg.extract.spacy_load import UNUSED, load_pipeline
from kgtest.kg.extract.spacy_triples import MODEL

TEXTS = [
    "Yes. Charles Dickens, who wasn't born in London, wrote Oliver Twist in 1837-39.",
    "No. It's e.g. the U.K.'s capital; she didn't marry him until 1964 :)",
]


def test_the_pipeline_is_spacy_loads_less_the_unused_components() -> None:
    ours, theirs = load_pipeline(MODEL), spacy.load(MODEL, exclude=UNUSED)
    assert ours.pipe_names == theirs.pipe_names
    assert ours.tokenizer.to_bytes() == theirs.tokenizer.to_bytes()
    for a, b in zip(ours.pipe(TEXTS), theirs.pipe(TEXTS), strict=True):
        assert a.to_json() == b.to_json()


def test_a_model_with_its_own_tokenizer_rules_gets_them(tmp_path: Path) -> None:
    nlp = spacy.load(MODEL, exclude=UNUSED)
    nlp.tokenizer.add_special_case("kgtestword", [{"ORTH": "kgtest"}, {"ORTH": "word"}])
    nlp.to_disk(tmp_path / "model")
    loaded = load_pipeline(str(tmp_path / "model"))
    assert [t.text for t in loaded.tokenizer("a kgtestword")] == ["a", "kgtest", "word"]


def test_spacy_loads_without_its_command_line_which_still_imports_on_use() -> None:
    script = (
        "import sys\n"
        "from kgtest.kg.extract.spacy_load import load_pipeline\n"
        f"load_pipeline({MODEL!r})\n"
        "heavy = ('spacy.cli', 'jinja2', 'requests', 'typer', 'torch')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
        "from spacy import cli\n"
        "print(callable(cli.download), callable(cli.info))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "True True"]
