"""GGUF models converted once: the later load is the same model, and the cache never gets in the way."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import cast

import pytest
import torch
from tokenizers import Tokenizer
from tokenizers.models import WordLevel
from tokenizers.pre_tokenizers import Whitespace
from transformers import AutoModelForCausalLM, LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

from kgtest.runner import gguf_cache
from kgtest.runner.hf import HfSut
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Conversation, Sampling, SutOptions, SystemUnderTest

CHATS: list[Conversation] = [
    ({"role": "user", "content": "Is Paris the capital of France? Answer Yes or No."},),
    (
        {"role": "user", "content": "My cat is called Mittens."},
        {"role": "assistant", "content": "What a lovely name!"},
        {"role": "user", "content": "What is my cat called?"},
    ),
]


@pytest.mark.slow
def test_the_next_load_reads_the_converted_model_and_it_is_the_same_model(
    smollm2: SystemUnderTest, model_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = cast(HfSut, smollm2)  # read from the GGUF file, which kept its conversion
    [entry] = (model_cache / "kgtest").glob("gguf-*")
    monkeypatch.setenv("XDG_CACHE_HOME", str(model_cache))
    again = cast(HfSut, open_sut("hf:smollm2?threads=1", SutOptions(batch_size=4)))
    assert again.model.name_or_path == str(entry)
    assert first.model.name_or_path != str(entry)

    ours, theirs = first.model.state_dict(), again.model.state_dict()
    assert sorted(ours) == sorted(theirs)
    assert all(torch.equal(ours[k], theirs[k]) for k in ours), "the weights must be bit for bit the same"
    assert again.model.config.tie_word_embeddings and again.model.dtype == torch.float32
    assert not hasattr(again.model.config, "quantization_config")
    for chat in CHATS:
        assert first.tokenizer.apply_chat_template(
            list(chat), tokenize=False
        ) == again.tokenizer.apply_chat_template(list(chat), tokenize=False)
    greedy = Sampling(max_tokens=12)
    assert {i: r.text for i, r in first.replies(CHATS, greedy)} == {
        i: r.text for i, r in again.replies(CHATS, greedy)
    }
    again.close()


Tiny = tuple[LlamaForCausalLM, PreTrainedTokenizerFast, Path]


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Tiny:
    """A per-user cache of the test's own, and a tiny model to keep in it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return _tiny(tmp_path)


def _tiny(tmp_path: Path) -> tuple[LlamaForCausalLM, PreTrainedTokenizerFast, Path]:
    """A real (tiny, random) Llama and tokenizer, and a file standing for the GGUF they came from."""
    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=8, hidden_size=8, intermediate_size=16, num_hidden_layers=1, num_attention_heads=2,
        num_key_value_heads=1, tie_word_embeddings=True,
    )  # fmt: skip
    words = {w: i for i, w in enumerate(["[UNK]", "is", "paris", "a", "city", "yes", "no", "?"])}
    core = Tokenizer(WordLevel(words, unk_token="[UNK]"))
    core.pre_tokenizer = Whitespace()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, unk_token="[UNK]")
    source = tmp_path / "model"
    source.mkdir()
    (source / "tiny.gguf").write_bytes(b"GGUF stand-in: only its path, size and time are read")
    return LlamaForCausalLM(config), tokenizer, source


def test_kept_once_then_found_and_loaded_back(tiny: Tiny) -> None:
    model, tokenizer, source = tiny
    assert gguf_cache.converted(str(source), "tiny.gguf", torch.float32) is None
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")  # a second keeper changes nothing
    entry = gguf_cache.converted(str(source), "tiny.gguf", torch.float32)
    assert entry is not None and [p.name for p in entry.parent.iterdir()] == [entry.name]
    back = AutoModelForCausalLM.from_pretrained(entry, dtype=torch.float32)
    assert all(torch.equal(v, back.state_dict()[k]) for k, v in model.state_dict().items())
    assert gguf_cache.converted(str(source), "tiny.gguf", torch.bfloat16) is None


def test_a_changed_file_is_converted_again(tiny: Tiny) -> None:
    model, tokenizer, source = tiny
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")
    later = time.time() + 10
    os.utime(source / "tiny.gguf", (later, later))  # a new copy of the file
    assert gguf_cache.converted(str(source), "tiny.gguf", torch.float32) is None


def test_off_keeps_and_finds_nothing(tiny: Tiny, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model, tokenizer, source = tiny
    monkeypatch.setenv(gguf_cache.ENV, "0")
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")
    assert not (tmp_path / "cache").exists()
    monkeypatch.delenv(gguf_cache.ENV)
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")
    monkeypatch.setenv(gguf_cache.ENV, "0")
    assert gguf_cache.converted(str(source), "tiny.gguf", torch.float32) is None


def test_a_full_disk_is_no_error_and_holds_no_half_entry(
    tiny: Tiny, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model, tokenizer, source = tiny

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(gguf_cache, "save_model", no_space)
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")
    assert list((tmp_path / "cache" / "kgtest").iterdir()) == []
    assert gguf_cache.converted(str(source), "tiny.gguf", torch.float32) is None


def test_a_damaged_entry_is_dropped_and_converted_again(tiny: Tiny) -> None:
    model, tokenizer, source = tiny
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")
    entry = gguf_cache.converted(str(source), "tiny.gguf", torch.float32)
    assert entry is not None
    weights = entry / "model.safetensors"
    os.truncate(weights, weights.stat().st_size - 16)  # cut short outside kgtest
    assert gguf_cache.converted(str(source), "tiny.gguf", torch.float32) is None
    assert not entry.exists()
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")
    assert gguf_cache.converted(str(source), "tiny.gguf", torch.float32) == entry
    (entry / "config.json").unlink()
    assert gguf_cache.converted(str(source), "tiny.gguf", torch.float32) is None


def test_what_a_killed_keeper_left_goes_with_the_next_keep(tiny: Tiny, tmp_path: Path) -> None:
    model, tokenizer, source = tiny
    root = tmp_path / "cache" / "kgtest"
    abandoned, writing = root / ".gguf-x-1.dead.partial", root / ".gguf-x-1.live.partial"
    for half in (abandoned, writing):
        half.mkdir(parents=True)
        (half / "model.safetensors").write_bytes(b"half")
    long_ago = time.time() - 2 * 3600
    os.utime(abandoned, (long_ago, long_ago))
    gguf_cache.keep(model, tokenizer, str(source), "tiny.gguf")
    assert not abandoned.exists() and writing.exists()  # another process may be writing that one now
