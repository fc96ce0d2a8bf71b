"""``memtui serve [PATH]``: the app in a web browser (textual-serve), to demo memory writes
to a room. Each browser tab runs its own app process on the same workspace, so every viewer
sees the agent's writes land live.

Loopback only by default: whoever reaches the page can edit the memory and talk to the
agent, so another address needs ``--public`` and gets a warning. Every request but the
page's public script and style files needs the server's random token (printed in the URL,
as Jupyter does); on loopback the Host and Origin headers must name the served address (no
DNS rebinding, no other web page's socket). Sessions are few, sizes clamped, and each app
process dies with its socket, its server, or SIGTERM (memtui/commands/served_app.py).
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

from memtui.commands.parser import ArgumentParser, fail

#: The page's template: textual-serve's own, with its web font served from this server
#: (the upstream page fetches it from fonts.googleapis.com).
PAGE_TEMPLATES = Path(__file__).with_name("serve_page")

MAX_SESSIONS = 4
MAX_COLS, MAX_ROWS = 500, 200
#: a socket that sends nothing (not even the page's first resize) is closed after this
IDLE_SECONDS = 30.0


def full(max_sessions: int) -> str:
    """Why a tab gets no session: every one ``--max-sessions`` allows is showing."""
    return (f"memtui serve is showing {max_sessions} sessions already (--max-sessions "
            f"{max_sessions}): close another tab and reload this one, or restart memtui serve "
            f"with --max-sessions {max_sessions + 1}\n")


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535: {text!r}")
    return value


def session_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 1 <= value <= MAX_SESSIONS:
        raise argparse.ArgumentTypeError(f"sessions are 1 to {MAX_SESSIONS}: {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="workspace folder (default: the current one)")
    parser.add_argument("--demo", action="store_true",
                        help="serve one temporary copy of the bundled demo workspace")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=port_number, default=8000, help="default 8000")
    parser.add_argument("--max-sessions", type=session_count, default=2,
                        help="browser tabs served at once, 1 to 4 (default 2)")
    parser.add_argument("--public", action="store_true",
                        help="allow an address other than loopback (anyone who reaches it "
                        "can edit the memory)")
    parser.usage = "%(prog)s [options] [PATH] [-- APP OPTIONS]"
    parser.epilog = ("after PATH and --, the app's own options for every tab (memtui --help: "
                     "--model, --api, the model server's --host, --num-ctx, --profile, "
                     "--config …), e.g. memtui serve ws -- --model qwen3:8b")


class Parser(ArgumentParser):
    """serve's command line: what follows ``--`` is the app's own options, for every tab,
    kept as ``app_args`` (newuser36 #6); the rest is parsed as any command's."""

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        given = list(sys.argv[1:] if args is None else args)
        rest: list[str] = []
        if "--" in given:
            at = given.index("--")
            given, rest = given[:at], given[at + 1:]
        ns, extras = super().parse_known_args(given, namespace)
        ns.app_args = rest
        return ns, extras


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
    app_args = list(getattr(ns, "app_args", None) or [])  # (`Parser`)
    if (ns.path or "").startswith("-"):
        return fail("memtui serve", f"{ns.path}: the app's options come after PATH and --: "
                    f"memtui serve PATH -- {ns.path} …")
    if app_args:  # the app's options, checked here once rather than in every tab
        from memtui.commands import app

        # serve's prefix, as every command's error says it (newuser39 #12: "memtui: error")
        checker = ArgumentParser(prog="memtui serve")
        app.add_arguments(checker)
        checker.parse_args([ns.path or ".", *app_args])  # (a bad one: one line, exit 2)
    if not is_loopback(ns.host):
        if not ns.public:
            return fail("memtui serve", f"refusing to serve on {ns.host}: anyone who can reach "
                        "it can edit this memory; add --public to do it anyway")
        sys.stderr.write(f"memtui: warning: serving on {url_host(ns.host)}:{ns.port}; anyone "
                         "who can reach it and has the token in the printed URL can read and "
                         "edit this memory and talk to the agent\n")
    with tempfile.TemporaryDirectory(prefix="memtui-serve-") as tmp:
        if ns.demo:
            from memtui.demo import demo_copy

            path = str(demo_copy(tmp))
        else:
            try:
                ws = open_workspace(ns.path or ".")
            except WorkspaceError as exc:
                return fail("memtui serve", str(exc))
            path = str(ws.root)
            refused = several_refused(ns.path or ".", ws)
            if refused:
                return fail("memtui serve", refused)
        return serve(path, ns.host, ns.port, ns.max_sessions, public=not is_loopback(ns.host),
                     app_args=app_args)


def several_refused(given: str, ws: Any) -> str | None:
    """The line refusing a folder that looks like several workspaces (None: it is one). The
    fleet ends its app to open a workspace and back, and a browser session ends with its
    app: "Open the fleet" closed the tab's session (newuser42 #3), so a tab serves one
    workspace, and the line names one to serve and the fleet's own command."""
    import os

    from memtui.core.nested import NAMED, several_of, workspaces_below
    from memtui.core.reporting.safe_output import printable

    nested = several_of(workspaces_below(ws))
    if not nested:
        return None
    names = ", ".join(f"{printable(n)}/" for n in nested[:NAMED])
    more = f", … ({len(nested):,} in all)" if len(nested) > NAMED else ""
    first = shlex.quote(printable(os.path.normpath(os.path.join(given, nested[0]))))
    return (f"{printable(given)} looks like several workspaces, not one: {len(nested):,} "
            f"folders under it are memory folders ({names}{more}); a browser tab serves "
            f"one: memtui serve {first} (the fleet runs in a terminal: memtui fleet "
            f"{shlex.quote(printable(given))})")


def url_host(host: str) -> str:
    """``host`` as a URL writes it: an IPv6 address in brackets."""
    host = host.strip("[]")
    return f"[{host}]" if ":" in host else host


def clamp(value: object, default: int, top: int) -> int:
    """A terminal dimension from a browser: an int from 1 to ``top`` (else ``default``)."""
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        return default
    return max(1, min(number, top))


def serve(path: str, host: str, port: int, max_sessions: int = 2, *, public: bool = False,
          token: str | None = None, app_args: list[str] | None = None) -> int:
    import asyncio
    import contextlib
    import hmac
    import json
    import os
    import secrets

    import aiohttp_jinja2
    from aiohttp import WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    token = token or secrets.token_urlsafe(24)
    bind = host.strip("[]")
    names = {f"{url_host(bind)}:{port}"}
    if is_loopback(bind):
        names |= {f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"}
    # Listening on every address: the URLs name the machine and its addresses, never
    # 0.0.0.0, which no browser of the room can open (newuser27 #25).
    from memtui.commands.room_urls import room_hosts

    urls = [f"http://{h if h.startswith('[') else url_host(h)}:{port}/?token={token}"
            for h in room_hosts(bind)]
    first_url = urls[0]

    def is_token(text: str) -> bool:
        return hmac.compare_digest(text.encode("utf-8", "replace"), token.encode())

    def refusal(request: web.Request, *, need_token: bool = True) -> str | None:
        """Why ``request`` is refused (None: it is not). On loopback the Host must be the
        served address; a browser's Origin must be that same page; the token must match."""
        if not public and request.host.lower() not in names:
            # which Host is served, and the way through a tunnel (newuser40 #15: an SSH
            # tunnel on another local port met a bare "wrong Host")
            return ("wrong Host: this server answers "
                    f"{', '.join(sorted(names))} only (DNS rebinding); through an SSH "
                    f"tunnel, forward the same port number (ssh -L {port}:127.0.0.1:{port} "
                    "HOST) and open the URL memtui printed")
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() != f"{request.scheme}://{request.host}".lower():
            return "cross-origin request"
        if need_token and not is_token(request.query.get("token", "")):
            return "missing or wrong token"
        return None

    class TrustedServer(Server):
        """textual-serve's handlers behind a token, Host/Origin check, a session limit and
        clamped sizes, in an aiohttp app of our own (its ``serve`` allows no middleware)."""

        sessions = 0

        @web.middleware
        async def guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
            # /static is textual-serve's own public script, style and font files (the same in
            # every install): no token, so the page can load them, but Host/Origin checked.
            # /download/{key} needs an unguessable key that only the session's app hands out.
            # /ws/{token} carries the token in its path (handle_websocket checks it).
            need = not request.path.startswith(("/static/", "/download/", "/ws/"))
            why = refusal(request, need_token=need)
            if why:
                return web.Response(status=403, text=f"403: {why}\n")
            response: web.StreamResponse = await handler(request)
            if not response.prepared:  # the token is in the URL: never in a Referer
                response.headers["Referrer-Policy"] = "no-referrer"
            return response

        async def handle_index(self, request: web.Request) -> Any:
            if self.sessions >= max_sessions:  # said on the page, not a bare "Session
                # ended." after a refused socket (newuser36 #29)
                return web.Response(status=503, text=full(max_sessions))
            base = f"{request.scheme}://{request.host}"
            # textual.js appends "?width=…": the token goes in the socket's path
            context = {"font_size": clamp(request.query.get("fontsize"), 16, 64),
                       "app_websocket_url": f"ws://{request.host}/ws/{token}",
                       "config": {"static": {"url": f"{base}/static/"}},
                       "application": {"name": self.title},
                       # why a session may end at once: the room's tabs took every slot
                       "full": full(max_sessions)}
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            if not is_token(request.match_info.get("token", "")):
                return web.Response(status=403, text="403: missing or wrong token\n")
            if self.sessions >= max_sessions:
                return web.Response(status=503, text=f"503: {max_sessions} sessions already; "
                                    + full(max_sessions))
            self.sessions += 1
            try:
                return await self.session(request)
            finally:
                self.sessions -= 1

        async def session(self, request: web.Request) -> web.WebSocketResponse:
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=1 << 20)
            await websocket.prepare(request)
            width = clamp(request.query.get("width"), 80, MAX_COLS)
            service = AppService(self.command, write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=websocket.close,
                                 download_manager=self.download_manager, debug=False)
            await service.start(width, clamp(request.query.get("height"), 24, MAX_ROWS))
            try:
                await self.relay(websocket, service)
            finally:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(service.stop()), 10)
                # The app that has not quit (its socket closed while it started, before it
                # read the quit) sees its stdin hang up and ends (served_app.end_with_input)
                with contextlib.suppress(Exception):
                    service.stdin.close()
                await websocket.close()
            return websocket

        async def relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
            while True:
                try:
                    # the heartbeat's pongs restart receive's own timeout: bound the wait
                    idle = None if websocket.get("spoke") else IDLE_SECONDS
                    message = await asyncio.wait_for(websocket.receive(), idle)
                except TimeoutError:
                    return
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                                    WSMsgType.ERROR):
                    return
                websocket["spoke"] = True
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
                except (ValueError, TypeError, IndexError, KeyError):
                    continue
                if kind == "stdin" and isinstance(data, str):
                    await service.send_bytes(data.encode("utf-8", "replace"))
                elif kind == "resize" and isinstance(data, dict):
                    await service.set_terminal_size(clamp(data.get("width"), 80, MAX_COLS),
                                                    clamp(data.get("height"), 24, MAX_ROWS))
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()

        def application(self) -> web.Application:
            app = web.Application(middlewares=[self.guard])
            aiohttp_jinja2.setup(app, loader=jinja2_loader(self.templates_path))
            app.add_routes([web.get("/", self.handle_index),
                            web.get("/ws/{token}", self.handle_websocket),
                            web.get("/download/{key}", self.handle_download),
                            web.static("/static", self.statics_path)])
            return app

    # each app: ``exec`` so the shell textual-serve starts becomes the app, a child of this
    # process that dies with it (served_app.py)
    # (the app's own options after PATH, newuser36 #6: a llama-server, a pinned model or a
    # profile could not be served)
    command = "exec " + shlex.join([sys.executable, "-m", "memtui.commands.served_app",
                                    str(os.getpid()), path, *(app_args or [])])
    server = TrustedServer(command, host=bind, port=port, title="memtui",
                           templates_path=PAGE_TEMPLATES)
    # The address is bound before the URL is printed: a second server on a taken port
    # says so and prints no URL (the address would lead to the other server).
    try:
        sockets = listening_sockets(bind, port)
    except OSError as exc:  # the port is taken, the address is not this machine's, …
        return fail("memtui serve", f"cannot serve on {host}:{port}: {exc.strerror or exc}")
    print(f"memtui: serving {path} on {first_url}", flush=True)
    print("memtui: the token in that URL is required (page and socket); "
          "press Ctrl+C to stop", flush=True)
    if len(urls) > 1:
        print(f"memtui: also by address: {' · '.join(urls[1:])}", flush=True)
    # SIGTERM and SIGINT stop the server (aiohttp's handlers): its sessions' apps are told to
    # quit and, being its children with a parent-death signal, cannot outlive it
    try:
        web.run_app(server.application(), sock=sockets, print=None, shutdown_timeout=5)
    except OSError as exc:
        return fail("memtui serve", f"cannot serve on {host}:{port}: {exc.strerror or exc}")
    finally:
        for sock in sockets:
            sock.close()
    return 0


def listening_sockets(host: str, port: int) -> list[Any]:
    """A listening socket on each address ``host`` names (``localhost``: 127.0.0.1 and
    ::1, as aiohttp would bind them); OSError when one cannot be bound."""
    import socket

    made: list[socket.socket] = []
    try:
        seen = set()
        for family, kind, proto, _name, address in socket.getaddrinfo(
                host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE):
            if (family, address[:2]) in seen:
                continue
            seen.add((family, address[:2]))
            sock = socket.socket(family, kind, proto)
            made.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp does
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(128)
            sock.setblocking(False)
    except BaseException:
        for sock in made:
            sock.close()
        raise
    if not made:
        raise OSError(f"{host} names no address")
    return made


def jinja2_loader(path: Any) -> Any:
    import jinja2

    return jinja2.FileSystemLoader(path)
