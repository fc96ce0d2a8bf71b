"""Every numeric flag of every command is finite and bounded (issue 31): ``nan``, ``inf``,
a negative number and a huge one are refused in one line with exit status 2, never reach
the audit (``--stale-days inf`` once ended the JSON report in a traceback). The options
are found in the commands' own argparse parsers, so a new flag is covered as it is
added; the configuration keys of the same names are held to the same bounds."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.commands import COMMANDS
from memtui.commands.parser import ArgumentParser

BAD = ["nan", "inf", "-inf", "-1", "1e309", "1e300", "9" * 40, "-" + "9" * 40]


def _parsers() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every command's parser (and the app's, ``memtui [options] PATH``), subcommands'
    parsers included."""
    from memtui.commands import app

    top = ArgumentParser(prog="memtui")
    app.add_arguments(top)
    found: list[tuple[str, argparse.ArgumentParser]] = [("memtui", top)]
    for name, (module, _help) in COMMANDS.items():
        parser = ArgumentParser(prog=f"memtui {name}")
        importlib.import_module(module).add_arguments(parser)
        found.append((f"memtui {name}", parser))
    while found:
        prog, parser = found.pop()
        yield prog, parser
        for action in parser._actions:  # (argparse lists its actions nowhere public)
            if isinstance(action.choices, dict):  # subcommands: name → their parser
                found.extend((f"{prog} {n}", p) for n, p in action.choices.items()
                             if isinstance(p, argparse.ArgumentParser))


def _numeric(action: argparse.Action) -> bool:
    """Whether ``action`` takes a number: its type makes one of "1", "0.5", "1000" or
    "1000000", or it has a numeric default and no type at all (it would take any text)."""
    if action.type is None:
        return isinstance(action.default, int | float) and \
            not isinstance(action.default, bool) and action.nargs != 0
    for probe in ("1", "0.5", "1000", "1000000"):
        try:
            got = action.type(probe)  # type: ignore[operator]
        except (ValueError, TypeError, argparse.ArgumentTypeError):
            continue
        if isinstance(got, int | float) and not isinstance(got, bool):
            return True
    return False


def _options() -> list[tuple[str, str, argparse.Action]]:
    out = []
    for prog, parser in _parsers():
        for action in parser._actions:
            if _numeric(action):
                out.append((prog, action.option_strings[-1] if action.option_strings
                            else action.dest, action))
    return out


OPTIONS = _options()


def test_the_numeric_options_are_found() -> None:
    names = {(prog, name) for prog, name, _ in OPTIONS}
    for expected in [("memtui audit", "--stale-days"), ("memtui audit", "--jobs"),
                     ("memtui audit", "--max-bytes"), ("memtui", "--timeout"),
                     ("memtui eval", "-n"), ("memtui fix unfold", "line_number"),
                     ("memtui history", "--prune"), ("memtui serve", "--port"),
                     ("memtui audit", "--num-ctx"), ("memtui eval", "--num-ctx")]:
        assert expected in names, sorted(names)


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize(("prog", "name", "action"), OPTIONS,
                         ids=[f"{p} {n}" for p, n, _ in OPTIONS])
def test_every_numeric_option_refuses(prog: str, name: str, action: argparse.Action,
                                      value: str) -> None:
    """Its type refuses the value (argparse turns that into one line and exit 2)."""
    assert action.type is not None, f"{prog} {name}: a number taken with no type"
    with pytest.raises((argparse.ArgumentTypeError, ValueError, TypeError)):
        action.type(value)  # type: ignore[operator]


@pytest.mark.parametrize("args", [
    ["audit", ".", "--stale-days", "inf"], ["audit", ".", "--stale-days", "1e300"],
    ["audit", ".", "--max-bytes", "9" * 40], ["audit", ".", "--discover", "--jobs", "100000"],
    ["audit", ".", "--num-ctx", "-1"], ["trend", ".", "--stale-days", "nan"],
    ["eval", ".", "-m", "hi", "--model", "m", "--max-steps", "-5"],
    ["history", ".", "--prune", "1e9"], ["fix", "unfold", ".", "-1"],
    [".", "--timeout", "inf"],
])
def test_a_bad_number_is_one_line_and_exit_2(args: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "error: argument" in captured.err and "Traceback" not in captured.err


@pytest.mark.parametrize("text", ["stale-days = inf", "stale-days = nan", "stale-days = -inf",
                                  "stale-days = 1e300", "max-lines = 99999999999999",
                                  "max-bytes = -1", "max-lines = 1.5"])
def test_a_bad_number_in_the_config_is_one_line_and_exit_2(
        tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [a](memory/a.md) — hook\n", encoding="utf-8")
    (ws / "memory/a.md").write_text("---\nname: a\ndescription: d\n---\nx\n", encoding="utf-8")
    (ws / ".memtui.toml").write_text(text + "\n", encoding="utf-8")
    assert main(["audit", str(ws), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert ".memtui.toml: " + text.split(" ")[0] in captured.err
