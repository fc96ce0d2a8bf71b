"""``memtui serve [PATH]``: the app in a web browser (textual-serve), to demo memory writes
to a room. Each browser tab runs its own app process on the same workspace, so every viewer
sees the agent's writes land live.

Loopback only by default: whoever reaches the page can edit the memory and talk to the
agent, so another address needs ``--public`` and gets a warning.
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sys
import tempfile

from memtui.commands.parser import fail


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535: {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder (default: the current one)")
    parser.add_argument("--demo", action="store_true",
                        help="serve one temporary copy of the bundled demo workspace")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=port_number, default=8000, help="default 8000")
    parser.add_argument("--public", action="store_true",
                        help="allow an address other than loopback (anyone who reaches it "
                        "can edit the memory)")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run(ns: argparse.Namespace) -> int:
    from memtui.core.workspace import WorkspaceError, open_workspace

    if ns.demo and ns.path:
        return fail("memtui serve", "give a PATH or --demo, not both")
    if not is_loopback(ns.host):
        if not ns.public:
            return fail("memtui serve", f"refusing to serve on {ns.host}: anyone who can reach "
                        "it can edit this memory; add --public to do it anyway")
        sys.stderr.write(f"memtui: warning: serving on {ns.host}:{ns.port}; anyone who can "
                         "reach it can read and edit this memory and talk to the agent\n")
    with tempfile.TemporaryDirectory(prefix="memtui-serve-") as tmp:
        if ns.demo:
            from memtui.demo import demo_copy

            path = str(demo_copy(tmp))
        else:
            try:
                path = str(open_workspace(ns.path or ".").root)
            except WorkspaceError as exc:
                return fail("memtui serve", str(exc))
        return serve(path, ns.host, ns.port)


def serve(path: str, host: str, port: int) -> int:
    from textual_serve.server import Server

    command = shlex.join([sys.executable, "-m", "memtui", path])
    server = Server(command, host=host, port=port, title="memtui")
    try:
        server.serve()
    except OSError as exc:  # the port is taken, the address is not this machine's, …
        return fail("memtui serve", f"cannot serve on {host}:{port}: {exc.strerror or exc}")
    return 0
