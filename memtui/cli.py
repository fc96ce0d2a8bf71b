"""The command line: ``memtui [PATH]`` opens the app; subcommands work headless.

This module only builds the parser and dispatches: each command is a module of
``memtui.commands``, imported only when used, so ``memtui audit --json`` never pays for
Textual.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
import threading
from collections.abc import Sequence

from memtui import __version__
from memtui.commands import COMMANDS
from memtui.commands.parser import ArgumentParser, RawDescriptionHelpFormatter, fail, os_error

#: The exit status of a command whose reader went away (``memtui history | head``), as a
#: shell reports a process SIGPIPE ended: 128 + 13.
BROKEN_PIPE = 141
#: Commands whose process ends without the interpreter's teardown (freeing every object
#: one by one and a last full collection) once they return: their work is done and written
#: by then, and none leaves a thread or a handler that must run at exit. For a cold
#: ``memtui audit`` of 261 files that teardown is 9% of its instructions (bench/RESULTS.md).
#: A run that started helper processes (``audit --discover``'s forkserver and workers)
#: ends as usual, so that multiprocessing's own exit handlers stop them.
ENDS_AT_ONCE = frozenset({"audit", "rules"})


def entry() -> None:
    """The ``memtui`` program (and ``python -m memtui``): ``main()``, then the process ends,
    at once for the commands of ``ENDS_AT_ONCE``."""
    status = main()
    args = sys.argv[1:]
    if (args[:1] and args[0] in ENDS_AT_ONCE and "multiprocessing" not in sys.modules) \
            or app_ended(args):
        end_now(status)
    raise SystemExit(status)


def app_ended(args: list[str]) -> bool:
    """Whether this run was the app (no command) and nothing runs on in another thread:
    its terminal is given back and what it writes is written by then, and the teardown of
    the objects it made (vocabularies, scans, widgets) kept the process 0.6-2 s longer
    after ``q`` (newuser35 #16). A thread still running (an audit writing its cache) is
    waited for, as usual."""
    if (args and args[0] in COMMANDS) or "memtui.core.fleet" in sys.modules:
        return False  # (a fleet's worker processes are stopped by multiprocessing at exit)
    mp = sys.modules.get("multiprocessing")  # (imported by watchfiles: no process started)
    if mp is not None and mp.active_children():
        return False
    main_thread = threading.main_thread()
    return not any(t is not main_thread and not t.daemon and t.is_alive()
                   for t in threading.enumerate())


def end_now(status: int) -> None:
    """End the process with ``status`` now, what stdout and stderr hold written first."""
    settle_stdout()
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    prog = f"memtui {args[0]}" if args and args[0] in COMMANDS else "memtui"
    if sys.stdout is None:  # started with stdout closed (``>&-``): say so, do nothing
        return fail(prog, "standard output is closed") if sys.stderr is not None else 2
    tolerant_output()
    try:
        try:
            status = dispatch(args)
        except SystemExit as exc:  # --help and --version: their text must reach stdout too
            if exc.code not in (None, 0):
                raise
            status = 0
        sys.stdout.flush()  # a closed pipe shows here, not at exit
    except BrokenPipeError:
        quiet_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # a path the system refused that no command foresaw, a full disk
        status = fail(prog, os_error(exc))
        settle_stdout()
        return status
    return status


def dispatch(args: list[str]) -> int:
    if args and args[0] in COMMANDS:
        name = args.pop(0)
        module_name, help_text = COMMANDS[name]
        # Importing a command makes tens of thousands of objects (its modules' functions,
        # classes and tables) and frees almost none: the collector would walk them again and
        # again while they load (issue 35: a cold ``memtui audit`` imports ~140 modules).
        collecting = gc.isenabled()
        gc.disable()
        try:
            module = importlib.import_module(module_name)
            # (a command may bring its own parser: serve keeps what follows -- for the app)
            parser = getattr(module, "Parser", ArgumentParser)(prog=f"memtui {name}",
                                                               description=help_text)
            if not args and os.path.isdir(name):  # a folder named like the command
                parser.hint = f"; to open the folder {name}/, write memtui ./{name}"
            elif name == "fix" and args and not args[0].startswith("-") \
                    and os.path.isdir(args[0]):  # PATH before the operation (newuser27 #10)
                given = args[1] if len(args) > 1 else ""
                op = given if given in getattr(module, "OPERATIONS", {}) else "OPERATION"
                parser.hint = f"; the operation comes first: memtui fix {op} {args[0]} …"
            module.add_arguments(parser)
            ns = parser.parse_args(args)
        finally:
            if collecting:
                gc.enable()
        return int(module.run(ns))
    from memtui.commands import app

    # A mistyped command is the first word's mistake, whatever follows it: `memtui audti
    # demo` blamed "demo" ("unrecognized arguments"), not "audti" (newuser24 #5).
    hint = app.command_hint(args[0]) if args and not args[0].startswith("-") else ""
    if hint:
        return fail("memtui", f"{args[0]}: no such file or folder{hint}")
    parser = ArgumentParser(
        prog="memtui",
        usage="%(prog)s [options] [PATH]\n"
              f"       %(prog)s {{{','.join(COMMANDS)}}} ...  (%(prog)s COMMAND --help)",
        description="Audit, curate and watch an AI agent's file-based memory.",
        epilog="commands:\n" + "\n".join(f"  {k:<8} {v[1]}" for k, v in COMMANDS.items()),
        formatter_class=RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"memtui {__version__}")
    app.add_arguments(parser)
    return int(app.run(parser.parse_args(args)))


def tolerant_output() -> None:
    r"""Let stdout and stderr write what their encoding cannot (an ASCII or C locale, a
    name that is not UTF-8) as escapes (``\xef``) instead of raising UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if callable(reconfigure):
            reconfigure(errors="backslashreplace")


def settle_stdout() -> None:
    """After an error: what stdout still holds is written now, or, if it cannot be (a full
    disk), dropped, so that the interpreter's last flush adds no second report of the same
    error ("Exception ignored while flushing sys.stdout", as 3.14 prints it)."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError):
        quiet_stdout()


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush into the closed pipe
    stays silent (no "Exception ignored ... BrokenPipeError")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a real file (a test's capture)
        pass


if __name__ == "__main__":
    entry()
