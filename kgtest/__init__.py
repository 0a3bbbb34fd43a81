"""kgtest: find factual and conversational bugs in LLMs with knowledge graphs and logic, no LLM judge.

``import kgtest`` gives the public API of ``kgtest.api`` (docs/api.md): ``build_kb``, ``generate``,
``run``, ``judge``, ``report``, ``inspect`` and the records they take and return, each imported
on first use. The stages themselves are the subpackages (``kgtest.kg``, ``kgtest.generator``, ...).
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    return getattr(importlib.import_module("kgtest.api"), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *importlib.import_module("kgtest.api").__all__})
