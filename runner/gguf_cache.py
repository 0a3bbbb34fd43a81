"""GGUF models converted once per install, so that a run loads its model in a second, not in half a minute.

transformers reads a GGUF file in Python: its header (the 49,000-token vocabulary of the
packaged SmolLM2) once for the tokenizer and twice for the model, and it builds a tensor-name
map per module. On the 2-core machine that is ~30 s of a 38 s load, the same on every run;
dequantizing the weights is 3 s of it. So the first load keeps what it made (the weights as
loaded, as safetensors, with the config and the tokenizer) in the per-user cache, and later
loads read that folder: 0.8 s. The weights are bit for bit those the GGUF load gives
(tests/runner/test_gguf_cache.py).

An entry is keyed by the file (where it is, its size and modification time), the dtype and the
versions of transformers and gguf, so a new file or version converts again. SmolLM2 in float32
takes ~520 MB. ``KGTEST_MODEL_CACHE=0`` turns it off; entries unused for a month are dropped.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import os
import shutil
import uuid
from importlib import metadata
from pathlib import Path

import torch
from safetensors import SafetensorError, safe_open
from safetensors.torch import save_model
from transformers import PreTrainedModel, PreTrainedTokenizerBase

from kgtest.core.user_cache import cache_dir, prune

ENV = "KGTEST_MODEL_CACHE"
_FORMAT = 1
_NEEDED = ("config.json", "tokenizer_config.json")
_ABANDONED_S = 3600.0
"""A half-written entry this old was left by a process killed while writing it (that takes ~1 s)."""


def converted(folder: str, gguf: str, dtype: torch.dtype) -> Path | None:
    """The folder made from ``folder/gguf`` at ``dtype`` by an earlier load; None when there is none."""
    entry = _entry(folder, gguf, dtype)
    if entry is None or not entry.is_dir():
        return None
    try:
        with safe_open(str(entry / "model.safetensors"), "pt"):  # reads the header, checks the size
            pass
        if not all((entry / name).is_file() for name in _NEEDED):
            raise FileNotFoundError(entry)
    except (OSError, SafetensorError):
        shutil.rmtree(entry, ignore_errors=True)  # damaged outside kgtest: convert again
        return None
    with contextlib.suppress(OSError):  # a read-only cache is still read
        os.utime(entry)  # in use: spared by the clean-up of old entries
    return entry


def keep(model: PreTrainedModel, tokenizer: PreTrainedTokenizerBase, folder: str, gguf: str) -> None:
    """Keep what a GGUF load made, for the next load of the same file.

    Never fails: the cache only saves time, so anything in its way (a full or read-only disk, no
    home folder) means the next load converts again. A half-written entry is never seen: it is
    written aside and renamed into place, and of two processes keeping one file, one wins.
    """
    entry = _entry(folder, gguf, model.dtype)
    if entry is None or entry.exists():
        return
    partial = entry.with_name(f".{entry.name}.{uuid.uuid4().hex[:8]}.partial")
    try:
        partial.mkdir(parents=True)
        config = copy.deepcopy(model.config)
        if hasattr(config, "quantization_config"):
            del config.quantization_config  # the weights kept are plain tensors, not GGUF blocks
        config.save_pretrained(partial)
        model.generation_config.save_pretrained(partial)
        tokenizer.save_pretrained(partial)
        save_model(model, str(partial / "model.safetensors"), metadata={"format": "pt"})
        partial.rename(entry)
        prune("gguf-*", keep=entry)
        prune(".gguf-*.partial", keep=entry, unused_s=_ABANDONED_S)  # left by a killed process
    except (OSError, SafetensorError):
        pass  # another process renamed its copy first, or the disk said no
    finally:
        shutil.rmtree(partial, ignore_errors=True)


def _entry(folder: str, gguf: str, dtype: torch.dtype) -> Path | None:
    """Where the conversion of this file at this dtype lives; None for a file not on this disk, or off."""
    if os.environ.get(ENV, "1") == "0":
        return None
    try:
        path = (Path(folder) / gguf).resolve()
        stat = path.stat()
        root = cache_dir()
    except (OSError, RuntimeError):
        return None  # a Hub id, or no home folder
    versions = [metadata.version(d) for d in ("transformers", "gguf")]
    what = [_FORMAT, str(path), stat.st_size, stat.st_mtime_ns, str(dtype), *versions]
    digest = hashlib.sha256(repr(what).encode("utf-8")).hexdigest()[:16]
    return root / f"gguf-{path.stem}-{digest}"
