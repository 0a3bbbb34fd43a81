"""Frozen dataclass records to plain JSON data and back: one codec for every stage's files.

Stages hand each other typed records (``TestCase``, ``Reply``, ``Verdict``) and write them as
JSON. ``to_plain`` gives what ``json.dumps`` writes; ``from_plain`` reads it back into the same
types, checking each field against its annotation so a hand-edited or foreign file fails with
the field's path (``proof.premises[0].rule: expected str, got int``) instead of later, deep in
a stage that trusted it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


class RecordError(ValueError):
    """Plain data that does not fit the record it should become; names the field."""


def to_plain(value: Any) -> Any:
    """Dataclasses to dicts, tuples to lists, enums to their values; like ``asdict`` without its copies."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    return value


def from_plain(cls: type[T], data: Any, where: str = "") -> T:
    """``data`` (as ``to_plain`` wrote it) as a ``cls``; RecordError names the first field that is wrong.

    Data that fits is read by a decoder compiled once per type, which keeps no field paths: the
    reflective walk below, which builds each field's path as it goes, took 45 s of a 2,400-case
    dialogue run's report. Data that does not fit is read again by that walk, for its message.
    """
    try:
        return typing.cast(T, _compiled(typing.cast(Any, cls))(data))
    except _Mismatch:
        return typing.cast(T, _decode(cls, data, where or cls.__name__))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(hint: Any, data: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if hint is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(hint), data, where)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _record(hint, data, where)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(data)
        except ValueError:
            known = ", ".join(repr(m.value) for m in hint)
            raise RecordError(f"{where}: {data!r} is not one of {known}") from None
    if origin is tuple:
        args = typing.get_args(hint)
        items = _expect(list, data, where)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(items))
        if len(items) != len(args):
            raise RecordError(f"{where}: expected {len(args)} items, got {len(items)}")
        return tuple(_decode(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, items, strict=True)))
    if origin is list:
        (arg,) = typing.get_args(hint)
        return [_decode(arg, v, f"{where}[{i}]") for i, v in enumerate(_expect(list, data, where))]
    if origin in (dict, Mapping):
        key, value = typing.get_args(hint)
        mapping = _expect(dict, data, where)
        return {_decode(key, k, where): _decode(value, v, f"{where}.{k}") for k, v in mapping.items()}
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise RecordError(f"{where}: expected a number, got {_kind(data)}")
        return data
    if hint in (str, int, bool):
        if not isinstance(data, hint) or (hint is int and isinstance(data, bool)):
            raise RecordError(f"{where}: expected {hint.__name__}, got {_kind(data)}")
        return data
    if hint is type(None):
        if data is not None:
            raise RecordError(f"{where}: expected null, got {_kind(data)}")
        return None
    raise TypeError(f"{where}: kgtest.core.records cannot decode {hint!r}")


def _record(cls: type, data: Any, where: str) -> Any:
    items = _expect(dict, data, where)
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(items) - set(fields))
    if unknown:
        raise RecordError(f"{where}: unknown field(s) {unknown}; {cls.__name__} has {sorted(fields)}")
    missing = [
        name
        for name, f in fields.items()
        if name not in items and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    if missing:
        raise RecordError(f"{where}: missing field(s) {missing}")
    return cls(**{name: _decode(hints[name], value, f"{where}.{name}") for name, value in items.items()})


def _union(options: tuple[Any, ...], data: Any, where: str) -> Any:
    if data is None and type(None) in options:
        return None
    errors = []
    for option in options:
        if option is type(None):
            continue
        try:
            return _decode(option, data, where)
        except RecordError as exc:
            errors.append(str(exc))
    raise RecordError(errors[0] if len(errors) == 1 else f"{where}: fits none of: " + "; ".join(errors))


def _expect(kind: type[T], data: Any, where: str) -> T:
    if not isinstance(data, kind):
        raise RecordError(f"{where}: expected {'an object' if kind is dict else 'a list'}, got {_kind(data)}")
    return data


def _kind(data: Any) -> str:
    return "null" if data is None else f"{type(data).__name__} {data!r:.40}"


class _Mismatch(Exception):
    """The compiled decoders' failure: the data does not fit; the reflective walk says where."""


Decoder = typing.Callable[[Any], Any]


@cache
def _compiled(hint: Any) -> Decoder:
    """A decoder of ``hint`` that accepts exactly what ``_decode`` accepts and returns the same."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return _same
    if origin in (typing.Union, types.UnionType):
        return _compiled_union(typing.get_args(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _compiled_record(hint)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _compiled_enum(hint)
    if origin is tuple:
        return _compiled_tuple(typing.get_args(hint))
    if origin is list:
        (arg,) = typing.get_args(hint)
        item = _compiled(arg)
        return lambda data: [item(v) for v in _fits(list, data)]
    if origin in (dict, Mapping):
        key, value = map(_compiled, typing.get_args(hint))
        return lambda data: {key(k): value(v) for k, v in _fits(dict, data).items()}
    if hint is float:
        return _number
    if hint in (str, int, bool):
        return _scalar(hint)
    if hint is type(None):
        return _null
    return _unknown  # the walk raises its TypeError, naming the field


def _compiled_record(cls: type) -> Decoder:
    """The fields' decoders are compiled at the first call: a record may hold records of its own type."""
    fields = [f for f in dataclasses.fields(cls) if f.init]
    names = frozenset(f.name for f in fields)
    missing = dataclasses.MISSING
    required = frozenset(f.name for f in fields if f.default is missing and f.default_factory is missing)
    compiled: dict[str, Decoder] | None = None

    def record(data: Any) -> Any:
        nonlocal compiled
        keys = _fits(dict, data).keys()
        if not keys <= names or not required <= keys:
            raise _Mismatch
        if compiled is None:  # made whole, then set in one step: another thread sees none or all
            hints = _hints(cls)
            compiled = {f.name: _compiled(hints[f.name]) for f in fields}
        decoders = compiled
        return cls(**{name: decoders[name](value) for name, value in data.items()})

    return record


def _compiled_union(options: tuple[Any, ...]) -> Decoder:
    nullable = type(None) in options
    decoders = [_compiled(o) for o in options if o is not type(None)]

    def union(data: Any) -> Any:
        if data is None and nullable:
            return None
        for decode in decoders:
            try:
                return decode(data)
            except _Mismatch:
                continue
        raise _Mismatch

    return union


def _compiled_enum(cls: type[Enum]) -> Decoder:
    def enum(data: Any) -> Any:
        try:
            return cls(data)
        except ValueError:
            raise _Mismatch from None

    return enum


def _compiled_tuple(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _compiled(args[0])
        return lambda data: tuple(item(v) for v in _fits(list, data))
    decoders = [_compiled(a) for a in args]

    def fixed(data: Any) -> Any:
        items = _fits(list, data)
        if len(items) != len(decoders):
            raise _Mismatch
        return tuple(decode(v) for decode, v in zip(decoders, items, strict=True))

    return fixed


def _scalar(kind: type) -> Decoder:
    def scalar(data: Any) -> Any:
        if not isinstance(data, kind) or (kind is int and isinstance(data, bool)):
            raise _Mismatch
        return data

    return scalar


def _number(data: Any) -> Any:
    if isinstance(data, bool) or not isinstance(data, int | float):
        raise _Mismatch
    return data


def _null(data: Any) -> None:
    if data is not None:
        raise _Mismatch


def _same(data: Any) -> Any:
    return data


def _unknown(data: Any) -> Any:
    raise _Mismatch


def _fits(kind: type[T], data: Any) -> T:
    if not isinstance(data, kind):
        raise _Mismatch
    return data
