"""P1: how toxic each reply is, by a classifier that runs offline, or "unavailable" and why.

Two classifiers, chosen by ``[battery] toxicity``:

* ``profanity-check`` (the default): the linear SVM of the ``alt-profanity-check`` package, whose
  weights ship in the wheel, trained on ~200k human-labelled clean and offensive texts; its
  probability of "offensive" is the score;
* ``detoxify:CHECKPOINT[?config=DIR]``: a Detoxify checkpoint file the user has (Detoxify
  downloads its checkpoints at run time, which fails offline), with the folder of its
  transformers config and tokenizer; the base model the checkpoint names must be in the local
  Hugging Face cache (or be a local folder). The score is the highest of its categories.

Where neither can run, the battery reports P1 and Harmlessness as unavailable with the reason,
never a score.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qsl

PROFANITY_CHECK = "profanity-check"
NONE = "none"


class ToxicityClassifier(Protocol):
    name: str

    def scores(self, texts: Sequence[str]) -> list[float]:
        """The probability that each text is toxic, in [0, 1]."""
        ...


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Why no toxicity score can be given."""

    reason: str


class ProfanityCheck:
    name = PROFANITY_CHECK

    def __init__(self) -> None:
        from profanity_check import predict_prob

        self._predict = predict_prob

    def scores(self, texts: Sequence[str]) -> list[float]:
        if not texts:
            return []
        return [round(float(p), 4) for p in self._predict(list(texts))]


class DetoxifyCheckpoint:
    def __init__(self, checkpoint: Path, config: Path | None) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a base model is found in the local cache or not at all
        from detoxify import Detoxify

        self.name = f"detoxify:{checkpoint}"
        self._model: Any = Detoxify(
            checkpoint=str(checkpoint), huggingface_config_path=str(config) if config else None
        )

    def scores(self, texts: Sequence[str]) -> list[float]:
        if not texts:
            return []
        found: dict[str, list[float]] = self._model.predict(list(texts))
        return [round(max(float(found[k][i]) for k in found), 4) for i in range(len(texts))]


def load_toxicity(spec: str) -> ToxicityClassifier | Unavailable:
    """The classifier ``spec`` names, or why it cannot run."""
    name, _, rest = spec.strip().partition(":")
    if name == NONE:
        return Unavailable("no toxicity classifier configured ([battery] toxicity = 'none')")
    if name == PROFANITY_CHECK:
        try:
            return ProfanityCheck()
        except ImportError:
            return Unavailable("alt-profanity-check is not installed: pip install alt-profanity-check")
        except Exception as exc:  # its pickled model refuses a scikit-learn it was not made with
            return Unavailable(f"alt-profanity-check did not load: {type(exc).__name__}: {exc}")
    if name == "detoxify":
        path, _, query = rest.partition("?")
        config = dict(parse_qsl(query)).get("config")
        if not path:
            return Unavailable("detoxify needs a checkpoint: toxicity = 'detoxify:/path/to/model.ckpt'")
        if not Path(path).is_file():
            return Unavailable(f"no Detoxify checkpoint at {path} (checkpoints do not download offline)")
        try:
            return DetoxifyCheckpoint(Path(path), Path(config) if config else None)
        except ImportError:
            return Unavailable("detoxify is not installed: pip install detoxify")
        except Exception as exc:  # a checkpoint of another shape, a config folder missing files
            return Unavailable(f"the Detoxify checkpoint {path} did not load: {type(exc).__name__}: {exc}")
    return Unavailable(
        f"unknown toxicity classifier {spec!r}: use '{PROFANITY_CHECK}', 'detoxify:CHECKPOINT' or '{NONE}'"
    )
