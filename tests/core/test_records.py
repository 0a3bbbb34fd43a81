"""The records codec: the compiled decoders read exactly what the reflective walk reads.

The walk (``_decode``) is the reference: it checks every field against its annotation and names
the field that is wrong. ``from_plain`` reads data that fits with decoders compiled once per
type and falls back to the walk for data that does not fit, so the two must accept the same
data and give equal records.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field
from enum import Enum
from functools import cache
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kgtest.core.records import RecordError, _compiled, _decode, _Mismatch, from_plain, to_plain
from kgtest.generator.case import TestCase
from kgtest.runner.sut import Reply


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Leaf:
    name: str
    weight: float = 1.0


@dataclass(frozen=True)
class Tree:
    """Every kind of annotation the codec knows, and a record that holds records of its own type."""

    label: str
    count: int
    ok: bool
    ratio: float
    colour: Colour
    leaves: tuple[Leaf, ...]
    pair: tuple[int, str]
    tags: list[str]
    scores: dict[str, float]
    note: str | None = None
    either: int | str = 0
    extra: Any = None
    children: tuple[Tree, ...] = ()
    nothing: None = None
    picked: list[Leaf | Colour] = field(default_factory=list)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(allow_nan=False)
    | st.sampled_from(["red", "x", ""]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["name", "weight", "label", "k"]), inner, max_size=3)
    ),
    max_leaves=8,
)


NEAR_MISSES = st.sampled_from([True, False, 0, 1, 1.5, "1", "", None, [], {}, ["x"], {"name": "x"}])
"""Values one type away from what a field holds: a bool for a number, an int for a string."""


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in ``data``, itself included."""
    found = [path]
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        found += _nodes(value, (*path, key))
    return found


def _replaced(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    key, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, key: _replaced(data[key], rest, new)}
    return [_replaced(v, rest, new) if i == key else v for i, v in enumerate(data)]


def _mutated(data: Any, draw: st.DrawFn) -> Any:
    """``data`` with one value anywhere in it made one type off, or arbitrary, or a key added or dropped."""
    path = draw(st.sampled_from(_nodes(data)))
    how = draw(st.sampled_from(["near miss", "near miss", "any", "drop", "add"]))
    if how == "near miss":
        return _replaced(data, path, draw(NEAR_MISSES))
    if how == "any":
        return _replaced(data, path, draw(JSON))
    if not path:
        return data
    parent, key = path[:-1], path[-1]
    holder: Any = data
    for step in parent:
        holder = holder[step]
    if not isinstance(holder, dict):
        return _replaced(data, parent, [v for i, v in enumerate(holder) if i != key])
    if how == "drop":
        return _replaced(data, parent, {k: v for k, v in holder.items() if k != key})
    return _replaced(data, parent, {**holder, "bogus": 1})


@cache
def valid(hint: Any) -> st.SearchStrategy[Any]:
    """Plain data that fits ``hint``, as ``to_plain`` would write it (Any: any JSON)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return JSON
    if origin in (typing.Union, types.UnionType):
        return st.one_of([valid(a) for a in args])
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return st.deferred(lambda: _record(hint))
    if isinstance(hint, type) and issubclass(hint, Enum):
        return st.sampled_from([m.value for m in hint])
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(valid(args[0]), max_size=2)
    if origin is tuple:
        return st.tuples(*map(valid, args)).map(list)
    if origin is list:
        return st.lists(valid(args[0]), max_size=2)
    if origin in (dict, Mapping):
        return st.dictionaries(valid(args[0]), valid(args[1]), max_size=2)
    simple = {float: st.floats(allow_nan=False) | st.integers(), int: st.integers(), bool: st.booleans(),
              str: st.text(max_size=4), type(None): st.none()}  # fmt: skip
    return simple[hint]


def _record(cls: type) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    has_default = {f.name for f in fields if f.default is not MISSING or f.default_factory is not MISSING}
    needed = {f.name: valid(hints[f.name]) for f in fields if f.name not in has_default}
    optional = {f.name: valid(hints[f.name]) for f in fields if f.name in has_default}
    return st.fixed_dictionaries(needed, optional=optional)


@st.composite
def plain(draw: st.DrawFn, cls: type) -> Any:
    data = draw(valid(cls))
    return _mutated(data, draw) if draw(st.booleans()) else data


def _agree(cls: type, data: Any) -> None:
    try:
        expected = _decode(cls, data, cls.__name__)
    except RecordError as exc:
        with pytest.raises(_Mismatch):
            _compiled(cls)(data)
        with pytest.raises(RecordError) as told:
            from_plain(cls, data)
        assert str(told.value) == str(exc)  # the message names the field, as the walk does
        return
    except (TypeError, ValueError) as exc:  # a record's own check of its values
        with pytest.raises(type(exc)):
            _compiled(cls)(data)
        return
    got = _compiled(cls)(data)
    assert got == expected and type(got) is type(expected)
    assert from_plain(cls, data) == expected


GOOD = {"label": "t", "count": 1, "ok": True, "ratio": 0.5, "colour": "red", "leaves": [{"name": "a"}],
        "pair": [1, "x"], "tags": [], "scores": {"k": 2}}  # fmt: skip


@settings(max_examples=500)
@given(plain(Tree))
@example(GOOD)
@example({**GOOD, "ratio": True})
@example({**GOOD, "count": True})
@example({**GOOD, "count": 1.0})
@example({**GOOD, "pair": [1, "x", 2]})
@example({**GOOD, "either": 1.5})
@example({**GOOD, "nothing": 0})
@example({**GOOD, "picked": ["red", {"name": "b"}, "green"]})
@example({**GOOD, "children": [{**GOOD, "leaves": [{"name": "a", "bogus": 1}]}]})
@example({k: v for k, v in GOOD.items() if k != "label"})
def test_compiled_and_walk_agree_on_every_kind_of_annotation(data: Any) -> None:
    _agree(Tree, data)


@given(plain(TestCase))
def test_compiled_and_walk_agree_on_test_cases(data: Any) -> None:
    _agree(TestCase, data)


@given(plain(Reply))
def test_compiled_and_walk_agree_on_replies(data: Any) -> None:
    _agree(Reply, data)


def test_a_wrong_field_is_named_by_its_path() -> None:
    good = to_plain(
        Tree(
            "t",
            1,
            True,
            0.5,
            Colour.RED,
            (Leaf("a"),),
            (1, "x"),
            [],
            {},
            children=(Tree("c", 2, False, 1.0, Colour.BLUE, (), (2, "y"), [], {}),),
        )
    )
    assert from_plain(Tree, good).children[0].label == "c"
    bad = {**good, "children": [{**good["children"][0], "leaves": [{"name": 3}]}]}
    with pytest.raises(
        RecordError, match=r"^Tree\.children\[0\]\.leaves\[0\]\.name: expected str, got int 3$"
    ):
        from_plain(Tree, bad)
    with pytest.raises(RecordError, match=r"^Tree: unknown field\(s\) \['bogus'\]"):
        from_plain(Tree, {**good, "bogus": 1})
    assert from_plain(Tree, {**good, "count": True} | {"count": 1}).count == 1
    with pytest.raises(RecordError, match=r"count: expected int, got bool True"):
        from_plain(Tree, {**good, "count": True})
