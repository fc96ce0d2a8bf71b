"""References a memory makes to its project that no longer hold (``stale_reference``): a
path (``src/x.py``, ``src/x.py:123``), a symbol in backticks (``factor_lock()``), a
command-line flag of the project's own command (``python -m app --dry-run``).

Only what can be checked positively is reported:

- a path whose first folder is one of the project's (a file, or a folder of two levels or
  more written with its trailing slash in a code span: ``ops/infra/derived/``), which is
  found neither there nor as
  the end of any project path (a path written from a subfolder), and which the project's git
  history once held (so it existed and is gone; a path it never held may be another
  project's, and is not reported; without git nothing is); a path leading out of
  the project (absolute elsewhere, ``~``, ``..``), into a hidden, ignored or vendored
  folder, or unchecked because the walk was cut, is never stale; ``:123`` past the file's
  last line is (a file at the project's root too, named with its line in a code span:
  ``README.md:120`` in backticks);
- a symbol shaped as code (``snake_case``, ``a_call()``, ``a_call(x, 2)``; not all
  capitals: environment variables live outside; not a placeholder such as ``your_id``),
  whose last part occurs nowhere in the project's text and, when the project has git
  history, which that history held (gone from it, not never there: an nginx directive,
  another memory's name; newuser29 #32); when the project is an agent's home (an
  OpenClaw workspace, `ProjectIndex.home`),
  whose memories name the agent's own tools (``web_search``) that no file of it holds, only
  when its git history held it, whatever it has;
- a name that may as well be another library's (``camelCase``, ``CapWords``, a one-word
  call ``fetch()``; never a Python builtin such as ``ascii()``) only when the project's git
  history held it: gone from its text now, present in a past version of it;
- a long flag after a command that is the project's own (a file of the project, ``python -m``
  one of its packages, a name its manifests give its commands) that occurs nowhere in the
  project's text; a flag (``--name`` or Go's ``-name``) in a code span that starts with it,
  or after the project's own command, that the text no longer holds and a past version of
  it did (renamed or removed). Another tool's flags (``pytest -k``) are never checked: the
  command is not the project's, and a one-letter flag is nobody's in particular; a flag
  clap or typer made of a field a past version held (``no_cache`` → ``--no-cache``);
- an environment variable or constant in capitals (``APP_PORT``), only when the history
  held it; a subcommand of the project's own command (``python manage.py old_cmd``) its
  text and files no longer hold and its history did; a task (``make X``, ``npm run X``) the
  manifest at the project's root no longer holds;
- nothing on a line that dates what it tells (an absolute date or a year): the memory
  records the change (``removed `old_flag` on 2026-03-02``), it does not claim it holds.

`references` (pure, per memory, made in the scan) finds the candidates; `check` holds them
against a `memtui.core.checks.project.ProjectIndex`.
"""

from __future__ import annotations

import bisect
import builtins
import posixpath
import re
from collections.abc import Mapping

from memtui.core.checks.absolute_date import holds_absolute_date
from memtui.core.checks.findings import Finding, finding
from memtui.core.checks.project import DERIVING, MAX_DEPTH, ProjectIndex
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.textfile import read_text

MAX_REFS = 200  # references kept per memory
MAX_FINDINGS = 20  # stale references reported per memory
#: Characters of a line looked at: a reference sits in a line of prose, and the patterns
#: below cost the square of a line with no end to what they try (``[a](`` × 250,000).
MAX_LINE = 2000

#: (line, kind: "path" | "symbol" | "name" | "command" | "dated", value); a "dated" ref
#: (no value) says its line holds an absolute date (`references`).
Ref = tuple[int, str, str]

_SPAN = lazy_pattern(r"`([^`\n]{1,200})`")
_LINK_TARGET = lazy_pattern(r"\]\([^)\n]*\)|<https?://[^>\n]*>|https?://[^\s`]+")
#: A word character of a script that spaces its words (Chinese, Japanese and Korean glue an
#: ASCII path to the characters around it, "发票由src/old_loader.py里的…": a path's bounds
#: there, newuser37 #35).
_SPACED_WORD = r"[^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
_PATH = lazy_pattern(r"(?<!" + _SPACED_WORD + r")(?<![/.:~@$%-])((?:[A-Za-z0-9_][\w.-]*/)+"
                   r"[\w.-]*[A-Za-z0-9_]\.[A-Za-z][A-Za-z0-9]{0,7})(?::(\d{1,7}))?"
                   r"(?!" + _SPACED_WORD + r"|/)")
#: A file at the project's root with a line, in a code span (``README.md:120``): the folder
#: pattern above needs a slash (newuser25 #16: root files' lines were never checked).
_ROOT_LINE = lazy_pattern(r"[A-Za-z0-9_][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,7}:\d{1,7}")
#: A folder of two levels or more, with its trailing slash, a whole code span
#: (``ops/infra/derived/``; newuser29 #23: a deleted folder was never checked).
_FOLDER = lazy_pattern(r"(?:[A-Za-z0-9_][\w.-]*/){2,}")
_SYMBOL = lazy_pattern(r"[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)*(?:\(\))?")
#: A call with its arguments (``make_thumbnail(path, 400)``, ``cool_sensor(-10)``): the
#: name it calls is as much a claim as ``make_thumbnail()`` (blind set rules23).
_CALL_ARGS = lazy_pattern(r"([A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)*)\([^()`]+\)")
_PLACEHOLDERS = ("your_", "my_", "some_", "example_", "xxx", "foo", "bar")
_STRUCK = lazy_pattern(r"~~.*?~~")
_RUNNERS = frozenset({"python", "python3", "node", "bash", "sh", "zsh", "ruby", "perl",
                      "deno", "bun", "php"})
#: A flag: ``--name``, or ``-name`` of two letters or more (Go's); not ``-k``.
_FLAG = lazy_pattern(r"(?<![\w-])--?[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*(?![\w-])")
_BUILTINS = frozenset(dir(builtins))
_CAMEL = lazy_pattern(r"[a-z][a-z0-9]*[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*")


def _symbol(span: str) -> tuple[str, str] | None:
    """(kind, symbol) a whole code span names, when it is shaped as code: ``symbol`` for
    snake_case names and calls, ``name`` for what may be another library's (camelCase,
    CapWords, a one-word call), checked only against the project's history."""
    s = span.strip()
    if s.endswith(")") and (m := _CALL_ARGS.fullmatch(s)) is not None:
        s = m.group(1) + "()"
    if _SYMBOL.fullmatch(s) is None or len(s) < 4:
        return None
    call = s.endswith("()")
    last = re.split(r"\.|::", s.removesuffix("()"))[-1]
    if last.isupper() and "_" in last.strip("_") and s == last and len(last) >= 6:
        # an environment variable or a constant (``APP_PORT``): the project's only when
        # its history held it (`check`: a ``name``), as another tool's may be anyone's
        return "name", s
    if last.isupper() or len(last) < 3 or last.lower().startswith(_PLACEHOLDERS):
        return None
    if "_" in last.strip("_") and last.islower():
        return "symbol", s
    if call and "_" in last.strip("_"):
        return "symbol", s
    if call or _CAMEL.fullmatch(last):
        return "name", s
    return None


#: What a line naming anything outside a fenced block holds: a path has a slash, a symbol
#: or command a backtick (in a fenced block, a command a dash).
_MARKS = ("/", "`")
#: A line opening or closing a fenced block (``` or ~~~ after blanks), in a whole body.
_FENCE_LINE = lazy_pattern(r"^[^\S\n]*(?:```|~~~)", re.M)


def lines_with(text: str, needle: str, into: set[int]) -> None:
    """Add the 0-based line of each line of ``text`` holding ``needle`` to ``into``."""
    line, last = 0, 0
    at = text.find(needle)
    while at >= 0:
        line += text.count("\n", last, at)
        last = at
        into.add(line)
        at = text.find("\n", at)  # on to the next line
        if at < 0:
            break
        at = text.find(needle, at)


def fence_lines(text: str) -> set[int]:
    """The 0-based lines of ``text`` that open or close a fenced block."""
    found: set[int] = set()
    if "```" in text or "~~~" in text:
        line, at = 0, 0
        for m in _FENCE_LINE.finditer(text):
            line += text.count("\n", at, m.start())
            at = m.start()
            found.add(line)
    return found


def _command_like(span: str) -> bool:
    """Whether a code span reads as a command line holding a flag (or is a flag)."""
    s = span.strip()
    if s.startswith("-"):
        return _FLAG.match(s) is not None
    return " " in s and ("--" in s or " -" in s) and _FLAG.search(s) is not None


def references(body: str, first_line: int) -> list[Ref]:
    """The paths, symbols and flags ``body`` (from file line ``first_line``) names. Only the
    lines with a slash, a backtick or two dashes are read one by one; a line is in a fenced
    block when an odd number of fence lines come before it."""
    out: list[Ref] = []
    marked: set[int] = set()
    for mark in _MARKS:
        lines_with(body, mark, marked)
    fences = fence_lines(body)
    order = sorted(fences)
    if order:  # in a fenced block a command's flag needs no backtick: any dash
        dashed: set[int] = set()
        lines_with(body, "-", dashed)
        marked |= {i for i in dashed if bisect.bisect_left(order, i) % 2}
    if not marked:  # most memories
        return out
    lines = body.split("\n")
    for i in sorted(marked - fences):
        if len(out) >= MAX_REFS:
            break
        line, no = lines[i], first_line + i
        if bisect.bisect_left(order, i) % 2:  # fenced
            if "-" in line and _command_like(line):
                out.append((no, "command", line.strip()[:300]))
            continue
        if not line.strip():
            continue
        line = line[:MAX_LINE]
        prose = _LINK_TARGET.sub(" ", line) if ("](" in line or "http" in line) else line
        if "~~" in prose:  # struck through: the memory says it no longer holds
            prose = _STRUCK.sub(" ", prose)
        before = len(out)
        if "/" in prose:
            for m in _PATH.finditer(prose):
                out.append((no, "path", m.group(0)))
        if "`" in prose:
            for m in _SPAN.finditer(prose):
                span = m.group(1)
                if ":" in span and _ROOT_LINE.fullmatch(span.strip()):
                    out.append((no, "path", span.strip()))
                    continue
                if span.endswith("/") and _FOLDER.fullmatch(span.strip()):
                    out.append((no, "path", span.strip()))
                    continue
                sym = _symbol(span)
                if sym is not None:
                    out.append((no, *sym))
                elif ("-" in span and _command_like(span)) or _runs_task(span):
                    out.append((no, "command", span.strip()))
        if len(out) > before and _dated(_SPAN.sub(" ", prose)):
            out.append((no, "dated", ""))
    return out[:MAX_REFS]


#: A year, a word of its own: "2026 թ. փետրվարին", "في مارس 2026".
_YEAR = lazy_pattern(r"(?<![\w./-])(?:19|20)\d\d(?![\w/-])")


def _dated(prose: str) -> bool:
    """Whether ``prose`` (a line less its code spans) holds an absolute date or a year: a
    line that dates what it tells records a change, not what holds now."""
    return _YEAR.search(prose) is not None or holds_absolute_date(prose)


def _runs_task(span: str) -> bool:
    """Whether a code span runs a task or a subcommand with no flag: ``make lint``, ``npm run
    e2e`` (`_TASKS`), ``python manage.py collect_stats`` (a runner, a script, a word)."""
    words = span.split()
    if len(words) < 2 or len(words) > 6:
        return False
    if any(tuple(words[:len(runner)]) == runner for runner in _TASKS):
        return True
    return len(words) >= 3 and posixpath.basename(words[0]) in _RUNNERS and \
        "." in words[1] and not words[1].startswith("-")


def _own_command(words: list[str], project: ProjectIndex) -> bool:
    """Whether the command line's program is the project's own."""
    if not words:
        return False
    prog = words[0]
    rest = words[1:]
    if posixpath.basename(prog) in _RUNNERS:
        if rest[:1] == ["-m"] and len(rest) > 1:
            module = rest[1].split(".")
            return module[0] in project.dirs or f"{module[0]}.py" in project.files or \
                f"src/{module[0]}" in project.dirs
        prog = rest[0] if rest else ""
    prog = prog.removeprefix("./")
    return bool(prog) and (prog in project.files or prog in project.programs)


def _path_stale(value: str, project: ProjectIndex, root: str) -> tuple[str, str | None] | None:
    """(message, the project file it names) when the path reference is stale."""
    path, _, line = value.partition(":")
    if path.startswith(root.rstrip("/") + "/"):
        path = path[len(root.rstrip("/")) + 1:]
    if path.startswith(("/", "~")) or ".." in path.split("/") or \
            any(part.startswith(".") for part in path.split("/")):
        return None
    folder = path.endswith("/")
    path = posixpath.normpath(path)
    if project.in_skipped(path):
        return None
    if folder:  # a folder: there (or holding a file), or once held by the history
        inside = path + "/"
        if path in project.dirs or path in project.files or \
                any(f.startswith(inside) for f in project.files):
            return None
        first = path.split("/", 1)[0]
        if project.cut or first not in project.dirs or path.count("/") >= MAX_DEPTH or \
                any(d.endswith("/" + path) for d in project.dirs):
            return None  # not rooted in the project, below the walk, or from a subfolder
        held = project.history
        if held is None or not any(p.startswith(inside) for p in held):
            return None
        return f"{value}: gone from the project (its git history held it)", None
    if path in project.files:
        if line:
            count = project.lines_of(path)
            if count is not None and int(line) > count:
                return (f"{value}: {path} has {count} lines, line {line} is gone",
                        posixpath.join(root, path))
        return None
    first = path.split("/", 1)[0]
    if project.cut or first not in project.dirs:
        return None  # not rooted in the project as far as can be told
    tail = "/" + path
    if any(f.endswith(tail) for f in project.files):
        return None  # written from a subfolder
    held = project.history
    if held is None or path not in held:
        return None  # never seen there: perhaps another project's path, or never made
    return f"{value}: gone from the project (its git history held it)", None


def check(refs: list[Ref], project: ProjectIndex) -> list[tuple[int, str, str | None]]:
    """(line, message, project file to open or None) of each stale reference. A line that
    dates what it tells ("`old_name` was removed on 2026-03-16", in any language: a ``dated``
    ref) records a change: what is gone on it is history the memory tells, not a claim that
    it still holds (blind set rules29)."""
    out: list[tuple[int, str, str | None]] = []
    seen: set[tuple[str, str]] = set()
    dated = {line for line, kind, _ in refs if kind == "dated"}
    root = project.root
    # No text besides the memories (an item workspace holding only them): nothing can
    # witness a name, so none is checked (newuser28 #1: the memories are not its text).
    # Nor when the walk stopped at its bound: the text of the files past it was never read,
    # so no name can be called absent (newuser32 #24: "occurs nowhere" at 20,000 files).
    blind = any(kind not in ("path", "dated") for _, kind, _ in refs) and \
        (project.cut or project.text_cut or not project.words)
    for line, kind, value in refs:
        if len(out) >= MAX_FINDINGS:
            break
        if line in dated or (kind, value) in seen:
            continue
        seen.add((kind, value))
        if kind == "path":
            got = _path_stale(value, project, root)
            if got is not None:
                out.append((line, got[0], got[1]))
        elif kind == "symbol":
            last = re.split(r"\.|::", value.removesuffix("()"))[-1]
            if blind or last in project.words:
                continue
            # With git history (or in an agent's home, whose tools' names are never in its
            # text), a symbol is stale only when the history held it: one it never held is
            # outside the project (an nginx directive, another memory's name), not gone from
            # it (newuser29 #32); without git, absence from the text is all there is.
            if project.home or project.history is not None:
                if last in project.past[0]:
                    out.append((line, f"`{value}`: {last} is gone from the project's text "
                                      "(its git history held it)", None))
                continue
            out.append((line, f"`{value}`: {last} occurs nowhere in the project's text", None))
        elif kind == "name":
            last = re.split(r"\.|::", value.removesuffix("()"))[-1]
            if last in _BUILTINS or blind or last in project.words or \
                    last not in project.past[0]:
                continue
            out.append((line, f"`{value}`: {last} is gone from the project's text (its git "
                              "history held it)", None))
        elif kind == "command":
            _command(line, value, project, blind, seen, out)
    return out


#: Runners of a project's own tasks, and the manifest at its root naming them: ``make
#: lint`` (a Makefile's targets), ``npm run e2e`` (package.json's scripts).
_TASKS = {("make",): "Makefile", ("npm", "run"): "package.json", ("yarn", "run"): "package.json",
          ("pnpm", "run"): "package.json"}
_TASK_NAME = lazy_pattern(r"[A-Za-z_][\w:.-]*")


def _command(line: int, value: str, project: ProjectIndex, blind: bool,
             seen: set[tuple[str, str]], out: list[tuple[int, str, str | None]]) -> None:
    """The stale flags of a command line (and its task or subcommand: `_task_gone`)."""
    words = value.lstrip("$ ").split()
    own = _own_command(words, project)
    if not words or blind:
        return
    if not (own or words[0].startswith("-")):
        task = _task_gone(words, project)
        if task is not None:
            out.append((line, task, None))
        return
    if own and (sub := _subcommand_gone(words, project)) is not None:
        out.append((line, sub, None))
    for flag in _FLAG.findall(value):
        if ("flag", flag) in seen:
            continue
        if project.flag_live(flag):
            continue
        name = flag.lstrip("-")
        if own and flag.startswith("--") and flag not in project.flags:
            seen.add(("flag", flag))
            out.append((line, f"{flag} ({words[0]} …): the flag occurs nowhere in "
                              "the project's text", None))
        elif len(name) > 1 and ({flag, "--" + name, "-" + name} & project.past[1] or
                                 _derived_once(name, project)):
            seen.add(("flag", flag))
            out.append((line, f"{flag}: the project's text no longer holds the flag "
                              "(its git history did: renamed or removed)", None))


def _derived_once(name: str, project: ProjectIndex) -> bool:
    """Whether a past version of a project that makes flags of fields (clap, typer:
    `project.DERIVING`) held the field ``--no-cache`` comes from (``no_cache``)."""
    field = name.replace("-", "_")
    return "-" in name and field not in project.words and field in project.past[0] and \
        not DERIVING.isdisjoint(project.words)


def _subcommand_gone(words: list[str], project: ProjectIndex) -> str | None:
    """A message when the project's own command names a subcommand in ``snake_case``
    (``manage.py import_photos``) that its text no longer holds and its history did."""
    rest = [w for w in words[1:] if not w.startswith("-")]
    if words and posixpath.basename(words[0]) in _RUNNERS:
        rest = rest[1:] if words[1:2] != ["-m"] else rest[2:]
    if not rest:
        return None
    sub = rest[0]
    if "_" not in sub.strip("_") or not sub.islower() or _SYMBOL.fullmatch(sub) is None or \
            sub in project.words or any(_stem_is(f, sub) for f in project.files):
        return None
    held = project.history
    if sub not in project.past[0] and not (held and any(_stem_is(f, sub) for f in held)):
        return None
    return f"{sub} ({words[0]} …): the project's text no longer holds the command (its " \
        "git history did: renamed or removed)"


def _stem_is(path: str, name: str) -> bool:
    """Whether the file ``path`` is named ``name`` less its suffix (a command's module)."""
    return posixpath.splitext(posixpath.basename(path))[0] == name


def _task_gone(words: list[str], project: ProjectIndex) -> str | None:
    """A message when ``make X`` or ``npm run X`` names a task the manifest at the project's
    root no longer holds, and a past version of the project's text did (renamed or removed:
    the history is the witness that it was the project's)."""
    for runner, manifest in _TASKS.items():
        n = len(runner)
        if tuple(words[:n]) != runner or len(words) <= n or manifest not in project.files:
            continue
        task = words[n]
        if _TASK_NAME.fullmatch(task) is None:
            return None
        read = read_text(posixpath.join(project.root, manifest), 1 << 20)
        if not read.ok:
            return None  # a FIFO or a device in its place is never opened
        text = read.text
        if manifest == "Makefile":
            if "include" in text or "%" in text or \
                    re.search(rf"(?m)^[^#\n]*(?<![\w.-]){re.escape(task)}(?![\w.-])[^=\n]*:(?!=)",
                              text):
                return None
        elif f'"{task}"' in text:
            return None
        parts = _IDENT_PARTS.findall(task)
        if not parts or not all(p in project.past[0] for p in parts):
            return None
        return f"{' '.join(words[:n + 1])}: {manifest} no longer holds the task " \
            "(its git history held the name)"
    return None


_IDENT_PARTS = lazy_pattern(r"[A-Za-z_]\w*")


def stale_findings(refs: Mapping[str, tuple[Ref, ...]], project: ProjectIndex
                   ) -> dict[str, tuple[Finding, ...]]:
    """The ``stale_reference`` findings of every memory (its references ``refs``), checked
    against ``project``; a finding's ``files`` holds the project file it points into."""
    out: dict[str, tuple[Finding, ...]] = {}
    for rel, found_refs in refs.items():
        found = check(list(found_refs), project) if found_refs else []
        if found:
            out[rel] = tuple(finding("stale_reference", rel, line, message,
                                     files=(opened,) if opened else ())
                             for line, message, opened in found)
    return out
