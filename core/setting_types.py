"""The checked scalar types of kgtest.toml's keys: strict, bounded, finite (core/settings.py)."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field, Strict

_CHECKED = ConfigDict(extra="forbid")
Text = Annotated[str, Strict()]
Name = Annotated[str, Strict(), Field(min_length=1)]
_INT_MAX = 2**31 - 1
"""Counts past this are absurd (and overflow C code: torch, SQLite, the graph store's ints)."""
_FLOAT_MAX = 1e6
"""Numbers past this are absurd: a weight of 1e308 makes SWAN's sums infinite, then NaN."""
Whole = Annotated[int, Strict(), Field(ge=-(2**63), le=2**63 - 1)]
Positive = Annotated[int, Strict(), Field(ge=1, le=_INT_MAX)]
Count = Annotated[int, Strict(), Field(ge=0, le=_INT_MAX)]
Number = Annotated[float, Strict(), Field(ge=0, le=_FLOAT_MAX, allow_inf_nan=False)]
Seconds = Annotated[float, Strict(), Field(gt=0, le=_FLOAT_MAX, allow_inf_nan=False)]
Share = Annotated[float, Strict(), Field(ge=0, le=1, allow_inf_nan=False)]
