"""Loading spaCy's pipeline for the triple extractor with nothing it does not use.

Of `judge`'s start-up, spaCy was most: importing it took about 1 s, a third of which was its
command line (``spacy/__init__.py`` imports ``spacy.cli`` for ``spacy.info``, which imports
every subcommand, weasel, requests, jinja2 and typer), and ``spacy.load`` 0.55-0.8 s, a third
of which built the tokenizer twice: once from the language's rules and once more from the
model's copy of them. Both are skipped here, each only where the result is the same
(docs/performance.md, "Start-up"). Also here: the component that cuts run-on sentences before
the parser.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

UNUSED = ["ner"]
"""Components the rules never read: they use the parse, tags and lemmas only (half the time)."""


def load_pipeline(model: str) -> Language:
    """The model's pipeline without ``UNUSED``: ImportError without spaCy, OSError without the model."""
    with _without_torch():
        spacy = _import_spacy()
        nlp: Language = spacy.load(model, exclude=[*UNUSED, "tokenizer"])
        _same_tokenizer(nlp)
    return nlp


def _same_tokenizer(nlp: Language) -> None:
    """Keep the tokenizer built from the language's rules only if it is the model's, byte for byte.

    The model's file is the tokenizer serialized without its vocabulary; comparing takes 3 ms,
    loading it 0.25 s. A model trained with other rules gets its own, as ``spacy.load`` would.
    """
    path = nlp.path / "tokenizer" if nlp.path is not None else None
    if path is None or not path.is_file():
        return
    tokenizer: Any = nlp.tokenizer  # typed as any callable; this one is spaCy's Tokenizer
    if tokenizer.to_bytes(exclude=["vocab"]) != path.read_bytes():
        tokenizer.from_disk(path, exclude=["vocab"])


def _import_spacy() -> Any:
    """``import spacy`` without its command line: ``spacy.info`` imports it on first use instead."""
    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    cli = types.ModuleType("spacy.cli")
    cli.__path__ = []
    info = types.ModuleType("spacy.cli.info")
    info.info = _info  # type: ignore[attr-defined]
    sys.modules.update({"spacy.cli": cli, "spacy.cli.info": info})
    try:
        import spacy
    finally:
        for name, stand_in in (("spacy.cli", cli), ("spacy.cli.info", info)):
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
    if getattr(spacy, "cli", None) is cli:
        delattr(spacy, "cli")  # ``from spacy import cli`` imports the real one
    return spacy


def _info(*args: Any, **kwargs: Any) -> Any:
    from spacy.cli.info import info

    return info(*args, **kwargs)


@contextmanager
def _without_torch() -> Iterator[None]:
    """spaCy's thinc imports torch when it can (seconds at start-up); the small parser needs none.

    While spaCy loads, ``import torch`` fails, so thinc runs on numpy; torch imports normally
    afterwards, for the embeddings. Nothing changes when torch is already imported.
    """
    blocked = "torch" not in sys.modules
    if blocked:
        sys.modules["torch"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if blocked and sys.modules.get("torch", False) is None:
            del sys.modules["torch"]


_RUN_ON = 60
"""Tokens a sentence may run before it is cut: a reply without full stops parses as one sentence,
and reading one sentence costs time that grows with its square (40,000 characters: 51 s)."""


def cut_run_on(doc: Doc) -> Doc:
    """Start a sentence after a comma or a conjunction once one has run ``_RUN_ON`` tokens, else at
    twice that; the parser keeps sentence starts set before it."""
    since = 0
    for tok in doc[1:]:
        since += 1
        if doc[tok.i - 1].text in ".!?":
            since = 0
        elif since >= 2 * _RUN_ON or (since >= _RUN_ON and doc[tok.i - 1].text in (",", ";", "and", "or")):
            tok.is_sent_start, since = True, 0
    return doc
