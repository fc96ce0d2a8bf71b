"""memtui.core.record: the records do what the dataclasses they replaced did (equality,
hash, repr, frozen fields, replace, asdict, copies and pickles), and no cold audit imports
``dataclasses``."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import inspect
import pickle
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from memtui.core.checks.findings import Finding
from memtui.core.derivation.graph import Graph
from memtui.core.record import (
    FrozenInstanceError,
    FrozenRecord,
    Record,
    as_dict,
    init_field,
    replace,
)
from memtui.core.results import AuditOptions, AuditResult, FileReport
from memtui.core.scanner.links import Link

ROOT = Path(__file__).resolve().parents[2]

#: Every record a cold audit made as a dataclass before (module, class).
RECORDS = [
    ("memtui.core.checks.rules", "Rule"), ("memtui.core.checks.findings", "Finding"),
    ("memtui.core.workspace", "Workspace"), ("memtui.core.workspace", "Discovery"),
    ("memtui.core.scanner.links", "Link"), ("memtui.core.scanner.links", "CodeSpan"),
    ("memtui.core.derivation.graph", "Resolution"), ("memtui.core.derivation.graph", "Graph"),
    ("memtui.core.checks.project", "ProjectInfo"), ("memtui.core.checks.project", "ProjectIndex"),
    ("memtui.core.profiles.base", "Load"), ("memtui.core.profiles.base", "Injection"),
    ("memtui.core.profiles.base", "References"), ("memtui.core.profiles.base", "AgentView"),
    ("memtui.core.scanner.textfile", "TextRead"), ("memtui.core.scanner.index", "IndexLine"),
    ("memtui.core.scanner.index", "Index"), ("memtui.core.config", "Config"),
    ("memtui.core.creds.detector", "SecretHit"), ("memtui.core.git.repo", "Budget"),
    ("memtui.core.scanner.memory_file", "MemoryFile"), ("memtui.core.scanner.scan", "FileScan"),
    ("memtui.core.reporting.suppress", "Suppressed"),
    ("memtui.core.reporting.suppress", "Baseline"),
    ("memtui.core.reporting.suppress", "_Comment"), ("memtui.core.results", "AuditOptions"),
    ("memtui.core.results", "FileReport"), ("memtui.core.results", "Orphan"),
    ("memtui.core.results", "BrokenLink"), ("memtui.core.results", "WikiRef"),
    ("memtui.core.results", "LinkResults"), ("memtui.core.results", "InjectedBlock"),
    ("memtui.core.results", "LineCost"), ("memtui.core.results", "AuditResult"),
    ("memtui.core.caches.derived", "Derived"), ("memtui.core.caches.derived", "Decoded"),
    ("memtui.core.derivation.derive", "Inputs"), ("memtui.core.creds.lexicon", "Word"),
    ("memtui.core.creds.reading", "Labelled"), ("memtui.core.creds.vendor", "Rule"),
]


def record_class(module: str, name: str) -> type[Record]:
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, Record)
    return cls  # type: ignore[no-any-return]


@pytest.mark.parametrize(("module", "name"), RECORDS)
def test_fields_are_the_declared_ones_in_order(module: str, name: str) -> None:
    """``__init__``'s parameters (the fields) are the annotated names of the class body, in
    their order; a slotted record's slots are those names."""
    cls = record_class(module, name)
    declared = tuple(n for n, ann in inspect.get_annotations(cls).items()
                     if not str(ann).startswith("ClassVar"))
    if declared:  # (a record without per-field comments may declare them in __init__ alone)
        assert declared == cls.FIELDS
    if "__slots__" in cls.__dict__:
        assert sorted(cls.__slots__) == sorted(declared)
        assert not any("__dict__" in k.__dict__ for k in cls.__mro__)  # no __dict__ each


@dataclasses.dataclass(frozen=True, slots=True)
class FrozenDC:
    a: int
    b: str
    c: tuple[int, ...] = ()


class FrozenRec(FrozenRecord):
    __slots__ = ("a", "b", "c")

    a: int
    b: str
    c: tuple[int, ...]

    def __init__(self, a: int, b: str, c: tuple[int, ...] = ()) -> None:
        init_field(self, "a", a)
        init_field(self, "b", b)
        init_field(self, "c", c)


@dataclasses.dataclass
class PlainDC:
    x: list[int] = dataclasses.field(default_factory=list)
    y: dict[str, int] = dataclasses.field(default_factory=dict, compare=False, repr=False)


class PlainRec(Record):
    UNCOMPARED = frozenset({"y"})

    x: list[int]
    y: dict[str, int]

    def __init__(self, x: list[int] | None = None, y: dict[str, int] | None = None) -> None:
        self.x = [] if x is None else x
        self.y = {} if y is None else y


def test_frozen_record_is_a_frozen_dataclass() -> None:
    for args in [(1, "b"), (2, "é", (1, 2)), (0, "", ())]:
        dc, rec = FrozenDC(*args), FrozenRec(*args)
        assert hash(rec) == hash(dc)  # the same tuple hashed: sets order them alike
        assert repr(rec) == repr(dc).replace("FrozenDC", "FrozenRec")
        assert rec == FrozenRec(*args) and rec != FrozenRec(9, "other")
        assert rec != dc and (rec == dc) is (dc == rec) is False
        with pytest.raises(FrozenInstanceError):
            rec.a = 5  # type: ignore[misc]
        with pytest.raises(AttributeError):
            del rec.b  # type: ignore[misc]
        assert copy.copy(rec) == rec and copy.deepcopy(rec) == rec
        assert pickle.loads(pickle.dumps(rec)) == rec
        assert replace(rec, b="z") == FrozenRec(args[0], "z", *args[2:])
        assert as_dict(rec) == dataclasses.asdict(dc)
    with pytest.raises(TypeError):
        replace(FrozenRec(1, "b"), nothere=1)
    assert not hasattr(FrozenRec(1, "b"), "__dict__")


def test_plain_record_is_a_plain_dataclass() -> None:
    dc, rec = PlainDC([1], {"k": 1}), PlainRec([1], {"k": 1})
    assert repr(rec) == repr(dc).replace("PlainDC", "PlainRec")
    assert rec == PlainRec([1], {"other": 2})  # the uncompared field is not compared
    assert rec != PlainRec([2])
    with pytest.raises(TypeError):
        hash(rec)  # equality by value and mutable: no hash, as a dataclass
    assert PlainRec().x is not PlainRec().x  # a new list each
    rec.x = [3]
    assert rec.x == [3]
    assert pickle.loads(pickle.dumps(rec)) == rec


def test_the_records_of_an_audit() -> None:
    f = Finding("secret", "error", "a.md", 3, "m")
    assert hash(f) == hash(("secret", "error", "a.md", 3, "m", ()))
    assert repr(f) == ("Finding(kind='secret', severity='error', path='a.md', line=3, "
                       "message='m', files=())")
    assert replace(f, severity="info") == Finding("secret", "info", "a.md", 3, "m")
    assert len({f, Finding("secret", "error", "a.md", 3, "m")}) == 1
    link = Link("a.md", 1, "md", "[x](b.md)", "b.md")
    assert (link.text, link.outside) == ("", False)
    graph = Graph()
    assert isinstance(graph.out, defaultdict) and graph.out is not Graph().out
    assert graph == Graph(_placeholder_sets={"x": {"y"}})
    options = AuditOptions(max_lines=10)
    assert as_dict(options)["max_lines"] == 10 and list(as_dict(options)) == list(
        AuditOptions.FIELDS)
    assert replace(options, exclude=("x",)).exclude == ("x",) and options.exclude == ()
    assert AuditResult.__eq__ is object.__eq__ and AuditResult.__hash__ is object.__hash__
    report = FileReport("a.md", None, None, 1, 0, "mtime", True, True, {})
    assert report.findings == 0 and not hasattr(report, "__dict__")


def test_a_cold_audit_imports_no_dataclasses() -> None:
    code = ("import sys\nimport memtui.cli, memtui.commands.audit, memtui.core.audit, "
            "memtui.core.reporting.json_report\n"
            "print(sorted({'dataclasses', 'inspect'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"
