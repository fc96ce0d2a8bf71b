"""Run a fake model server by hand, to try the chat pane or ``memtui eval`` without Ollama.

``python -m tests.agent.fake_ollama [--port N]`` (Ollama's API) or
``python -m tests.agent.fake_openai [--port N] [--n-ctx N] [--model NAME]`` (llama-server's),
from the repository's root. It prints its URL, its scripted models and a ``memtui`` command
that talks to it, then serves until Ctrl-C. The models are the tests' scripts: they answer the
same turns whatever is asked (see ``fake_ollama.py``).
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Sequence

from tests.agent.fake_ollama import (
    FakeModel,
    FakeOllama,
    chatter,
    default_window,
    fabricator,
    forgetful,
    memory_writer,
    obeyer,
    orphan_writer,
    skill_saver,
)
from tests.agent.fake_openai import FakeOpenAI

DEFAULT_PORT = {"ollama": 11435, "openai": 8081}  # next to the real servers' 11434 and 8080


def scripted_models() -> list[FakeModel]:
    """Every scripted model the tests use, in the order they are listed."""
    return [memory_writer(), orphan_writer(), fabricator(), skill_saver(), chatter(),
            obeyer(), forgetful()]


def describe(model: FakeModel) -> str:
    """One line: the model's name and what its script does."""
    maker = {"writer": memory_writer, "orphan": orphan_writer, "fabricator": fabricator,
             "skiller": skill_saver, "chatter": chatter, "obeyer": obeyer,
             "forgetful": forgetful}.get(model.name)
    doc = (maker.__doc__ or "").strip().splitlines()[0] if maker else ""
    return f"  {model.name:<11} {doc}"


def parse(api: str, argv: Sequence[str] | None) -> argparse.Namespace:
    prog = f"python -m tests.agent.fake_{api}"
    what = "Ollama's native API" if api == "ollama" else "llama-server's /v1 API"
    parser = argparse.ArgumentParser(
        prog=prog, description=f"Serve scripted models on 127.0.0.1 speaking {what}, "
        "to try memtui's chat pane or eval without a real model (Ctrl-C stops it).")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT[api],
                        help=f"port on 127.0.0.1 (default {DEFAULT_PORT[api]}; 0: any free one)")
    if api == "ollama":
        parser.add_argument("--ollama-version", default="0.12.6", metavar="V",
                            help="the version /api/version reports (default 0.12.6); the "
                            "window when no num_ctx is sent follows it: 2048 before 0.6.7, "
                            "4096 from it")
    if api == "openai":
        parser.add_argument("--n-ctx", type=int, default=4096, metavar="N",
                            help="the server's window, as llama-server's -c (default 4096)")
        names = [m.name for m in scripted_models()]
        parser.add_argument("--model", choices=names, default=names[0],
                            help="the one model that answers every request, as on "
                            f"llama-server (default {names[0]})")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error(f"--port {args.port}: give 0 to 65535")
    if api == "openai" and args.n_ctx < 1:
        parser.error(f"--n-ctx {args.n_ctx}: give a positive number")
    return args


def start(api: str, args: argparse.Namespace) -> FakeOllama:
    models = scripted_models()
    if api == "ollama":
        version = args.ollama_version
        return FakeOllama(models, version, default_window(version)).start(args.port)
    models.sort(key=lambda m: m.name != args.model)  # the first one answers
    return FakeOpenAI(models[:1], n_ctx=args.n_ctx).start(args.port)


def banner(api: str, fake: FakeOllama) -> str:
    if api == "ollama":
        head = f"fake Ollama on {fake.url} (Ctrl-C stops it); models:"
        hint = (f"try:  memtui DIR --host {fake.url} --model writer   (then c to chat; "
                f"--model forgetful: no num_ctx is sent, Ollama {fake.version}'s "
                f"{fake.default_ctx} applies)")
    else:
        assert isinstance(fake, FakeOpenAI)
        head = f"fake llama-server on {fake.url}, window {fake.n_ctx} (Ctrl-C stops it); model:"
        hint = f"try:  memtui DIR --api openai --host {fake.url}   (then c to chat)"
    lines = [head, *(describe(m) for m in fake.models.values()), hint]
    return "\n".join(lines)


def main(api: str, argv: Sequence[str] | None = None, stop: threading.Event | None = None) -> int:
    """Serve until Ctrl-C (or until ``stop`` is set); 2 when the port cannot be had."""
    args = parse(api, argv)
    try:
        fake = start(api, args)
    except OSError as exc:
        print(f"error: cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc} "
              "(give another --port, or 0 for any free one)")
        return 2
    print(banner(api, fake), flush=True)
    try:
        (stop or threading.Event()).wait()
    except KeyboardInterrupt:
        pass
    finally:
        fake.stop()
    return 0
