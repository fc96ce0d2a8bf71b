"""One browser session's app process under ``memtui serve``: ``python -m
memtui.commands.served_app SERVER_PID PATH [APP OPTIONS]`` (the options given to ``memtui
serve`` after ``--``).

It must never outlive its server (one did, orphaned at 35 % CPU): on Linux the kernel kills it
when the server dies (``PR_SET_PDEATHSIG``), and a watchdog thread ends it as soon as its
parent is no longer the server, on every system; and it ends when the server closes its
stdin, the session being over (`end_with_input`). SIGTERM ends it (Textual's web driver turns
it into a clean exit). ``MEMTUI_SERVED`` tells the app it is in a browser (no ANSI theme).
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
import time


def die_with(parent: int) -> None:
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    if os.getppid() != parent:  # the server died before the line above
        os._exit(1)
    threading.Thread(target=watch, daemon=True, name="memtui-serve-watchdog").start()


#: How long an app whose socket is gone has to quit by itself before it is ended.
GRACE_SECONDS = 5.0


def end_with_input() -> None:
    """End the process when the server closes its end of stdin (the socket's session is
    over): a thread waits for the pipe's hang-up (``poll`` with no event asked for: no CPU,
    no byte read away from the app), gives the app GRACE_SECONDS to quit as the server told
    it, then exits. newuser28 #16: an app whose socket closed while it was starting never
    read the server's quit, and every visit left ~2 processes watching the workspace."""
    if not hasattr(select, "poll"):
        return

    def watch() -> None:
        poller = select.poll()
        poller.register(0, 0)  # POLLHUP / POLLERR / POLLNVAL are always reported
        while True:
            try:
                if poller.poll():
                    break
            except InterruptedError:
                continue
        time.sleep(GRACE_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="memtui-serve-input-watchdog").start()


def main(argv: list[str]) -> int:
    if len(argv) < 2 or not argv[0].isdigit():
        sys.stderr.write("usage: python -m memtui.commands.served_app SERVER_PID PATH "
                         "[APP OPTIONS]\n")
        return 2
    die_with(int(argv[0]))
    end_with_input()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.environ["MEMTUI_SERVED"] = "1"
    from memtui.commands import app
    from memtui.commands.parser import ArgumentParser

    parser = ArgumentParser(prog="memtui")
    app.add_arguments(parser)
    return int(app.run(parser.parse_args([argv[1], *argv[2:]])))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
