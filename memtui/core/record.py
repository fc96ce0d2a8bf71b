"""Records: plain classes of fields with the methods a dataclass has, written out.

A record writes its ``__init__`` by hand (its parameters are its fields, in order) and
derives from `Record`, which gives it ``__eq__`` (the same class, every field equal) and
``__repr__`` (``Name(field=value, …)``); from `FrozenRecord`, also the ``__hash__`` of its
fields and no assignment to a field after ``__init__`` (which sets them with `init_field`).
`replace` and `as_dict` are ``dataclasses.replace`` and, for records of immutable values,
``dataclasses.asdict``.

Why not ``dataclasses``: a cold ``memtui audit`` made some 40 of them at every start, each
one's methods compiled from generated source (~25 ms), and importing the module pulls in
``inspect``, ``dis`` and ``ast`` (~70 M instructions): together ~8 % of a cold audit of
261 memories (issue 35, bench/RESULTS.md). A record's methods are compiled once, into its
module's bytecode, like any other code.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

R = TypeVar("R", bound="Record")

#: Sets a field of a frozen record (in its ``__init__``): ``init_field(self, "name", name)``.
init_field: Callable[[object, str, Any], None] = object.__setattr__


class FrozenInstanceError(AttributeError):
    """A field of a frozen record was assigned or deleted (as ``dataclasses``' error is, an
    ``AttributeError``)."""


def _refuse_set(self: object, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of ``names`` of a record, as a tuple (also of one name, or none)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


class Record:
    """The base of a record (see the module's text)."""

    __slots__ = ()
    #: The fields, in order: the parameters of the class's ``__init__``.
    FIELDS: ClassVar[tuple[str, ...]] = ()
    #: Fields left out of ``__eq__``, ``__hash__`` and ``__repr__`` (a cache a record holds).
    UNCOMPARED: ClassVar[frozenset[str]] = frozenset()
    _compared: ClassVar[Callable[[Any], tuple[Any, ...]]]
    _values: ClassVar[Callable[[Any], tuple[Any, ...]]]

    def __init_subclass__(cls, eq: bool = True, **kwargs: Any) -> None:
        """``eq=False``: equal to itself alone, hashed by identity (as ``object``)."""
        super().__init_subclass__(**kwargs)
        code = cls.__init__.__code__
        cls.FIELDS = code.co_varnames[1:code.co_argcount + code.co_kwonlyargcount]
        # (static: a function kept on a class would be bound to the instance it is read from)
        cls._values = staticmethod(_getter(cls.FIELDS))  # type: ignore[assignment]
        cls._compared = staticmethod(  # type: ignore[assignment]
            _getter(tuple(f for f in cls.FIELDS if f not in cls.UNCOMPARED)))
        # (a special method set on a class once made costs CPython a pass over its slots:
        # a frozen record's are `FrozenRecord`'s, set once)
        if not eq:
            cls.__eq__ = object.__eq__  # type: ignore[method-assign,assignment]
            cls.__hash__ = object.__hash__  # type: ignore[method-assign,assignment]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._compared(self) == other._compared(other)  # type: ignore[attr-defined]
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (a frozen record's: `FrozenRecord`'s)

    def __repr__(self) -> str:
        shown = (f"{name}={getattr(self, name)!r}" for name in self.FIELDS
                 if name not in self.UNCOMPARED)
        return f"{self.__class__.__qualname__}({', '.join(shown)})"



class FrozenRecord(Record):
    """The base of a frozen record: hashable, its fields never set after ``__init__``
    (which sets them with `init_field`)."""

    __slots__ = ()

    def __init__(self) -> None:  # (a record's own sets its fields)
        pass

    __setattr__ = _refuse_set
    __delattr__ = _refuse_delete

    def __hash__(self) -> int:
        return hash(self._compared(self))

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        """Copied and pickled by its fields, through ``__init__`` (a frozen record refuses
        the attribute-by-attribute way)."""
        return self.__class__, self._values(self)


def replace(obj: R, **changes: Any) -> R:
    """A new record like ``obj`` with ``changes`` (``dataclasses.replace``)."""
    for name in obj.FIELDS:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return obj.__class__(**changes)


def as_dict(obj: Record) -> dict[str, Any]:
    """The fields of ``obj`` by name: what ``dataclasses.asdict`` gives for a record whose
    values are immutable (the values themselves, not copies)."""
    return dict(zip(obj.FIELDS, obj._values(obj), strict=True))
