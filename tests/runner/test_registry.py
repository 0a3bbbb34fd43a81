"""Choosing a system under test from its spec."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import torch

from kgtest.core.errors import ConfigError, SutUnavailableError, UnknownNameError
from kgtest.runner import registry
from kgtest.runner.hf import default_batch, spec_of
from kgtest.runner.registry import Scheme, open_sut, split_spec


def test_split_spec_expands_aliases_and_reads_parameters() -> None:
    assert split_spec("smollm2") == ("hf", "smollm2", {})
    assert split_spec("smollm2?threads=1") == ("hf", "smollm2", {"threads": "1"})
    assert split_spec("openai:http://a:1/v1,http://b:2/v1?model=m&api_key_env=K") == (
        "openai",
        "http://a:1/v1,http://b:2/v1",
        {"model": "m", "api_key_env": "K"},
    )


@pytest.mark.parametrize("spec", ["gpt4", "huggingface:x", "smollm"])
def test_unknown_scheme_lists_the_known_ones(spec: str) -> None:
    with pytest.raises(UnknownNameError) as error:
        open_sut(spec)
    assert "Known --sut schemes: baseline, hf, openai, plugin, smollm2" in str(error.value)


def test_unknown_scheme_suggests_the_closest() -> None:
    with pytest.raises(UnknownNameError, match="Did you mean 'smollm2'"):
        open_sut("smollm")


def test_spec_without_target_shows_an_example() -> None:
    with pytest.raises(ConfigError, match=r"names no target; e\.g\. openai:http://"):
        open_sut("openai:")


def test_unknown_parameter_is_refused_not_ignored() -> None:
    with pytest.raises(ConfigError, match=r"unknown parameter\(s\) modle; known: model, api_key_env"):
        open_sut("openai:http://127.0.0.1:9/v1?modle=x")


def test_openai_needs_a_model_and_http_urls() -> None:
    with pytest.raises(ConfigError, match=r"needs \?model=NAME"):
        open_sut("openai:http://127.0.0.1:9/v1")
    with pytest.raises(ConfigError, match="must start with http:// or https://"):
        open_sut("openai:127.0.0.1:9/v1?model=x")


def test_hf_parameters_are_checked_before_loading() -> None:
    with pytest.raises(ConfigError, match="threads='two' is not a whole number"):
        open_sut("hf:smollm2?threads=two")
    with pytest.raises(ConfigError, match="dtype='fp8' is not one of float32, bfloat16, float16"):
        open_sut("hf:smollm2?dtype=fp8")


def test_hf_replies_in_another_precision_are_another_system() -> None:
    assert spec_of("smollm2", None, None) == spec_of("smollm2", None, "float32") == "hf:smollm2"
    assert spec_of("m", "q.gguf", "bfloat16") == "hf:m?gguf=q.gguf&dtype=bfloat16"
    assert spec_of("m", None, "float16") == "hf:m?dtype=float16"


def test_hf_batches_more_on_a_gpu_unless_told() -> None:
    assert default_batch(torch.device("cpu")) == 16 and default_batch(torch.device("cuda")) == 128


def test_a_missing_package_names_the_pip_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "kgtest_test_backend.py").write_text("import kgtest_absent_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(
        registry.SCHEMES,
        "needy",
        Scheme(
            "kgtest_test_backend",
            "needy:x",
            "pip install kgtest-absent-dependency",
            ("kgtest_absent_dependency",),
        ),
    )
    with pytest.raises(
        ConfigError, match=r"needs the package 'kgtest_absent_dependency': run `pip install kgtest-absent"
    ):
        open_sut("needy:x")
    sys.modules.pop("kgtest_test_backend", None)


def test_heavy_packages_are_imported_only_when_a_spec_needs_them() -> None:
    code = (
        "import sys\n"
        "from kgtest.runner import cache, plugin, registry, run, server\n"
        "registry.open_sut('plugin:tests.runner.chatters:Echo')\n"
        "print(sorted(m for m in ('torch', 'transformers', 'httpx') if m in sys.modules))\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


def test_a_model_folder_that_is_not_a_whole_model_is_named_without_a_traceback(tmp_path: Path) -> None:
    """transformers' ValueError (no tokenizer it can build) escaped as a traceback, exit 1."""
    (tmp_path / "config.json").write_text("{}", encoding="utf-8")
    needs = f"cannot load hf:{tmp_path}: .*A model folder needs the config"
    with pytest.raises(SutUnavailableError, match=needs):
        open_sut(f"hf:{tmp_path}")


def test_an_empty_key_variable_name_is_refused_not_read_as_openai_api_key() -> None:
    """`?api_key_env=$UNSET` sent OPENAI_API_KEY's key to a server the user meant another for."""
    with pytest.raises(ConfigError, match=r"\?api_key_env= names no variable"):
        open_sut("openai:http://127.0.0.1:9/v1?model=m&api_key_env=")
