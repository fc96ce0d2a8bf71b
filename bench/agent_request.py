"""What memtui adds to each agent request: re-reading the index through the audit, building
the messages and estimating their tokens (qwen), on a copy of the demo workspace.

    MEMTUI_NO_CACHE=1 python bench/agent_request.py [ROUNDS]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from memtui.agent.session import ChatSession
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import open_workspace
from memtui.demo import demo_copy


def main(rounds: int = 50) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = open_workspace(demo_copy(Path(tmp) / "demo"))
        session = ChatSession(ws, AgentSettings(model="bench"), persist=False)
        tools = session.tools.schemas()
        session.history = [{"role": "user", "content": "hello " * 50},
                           {"role": "assistant", "content": "noted " * 80}] * 5
        session.history.append({"role": "user", "content": "what do you remember?"})
        started = time.perf_counter()
        _, budget = session._request(1, "what do you remember?", tools, 40960)
        first = time.perf_counter() - started
        started = time.perf_counter()
        for _ in range(rounds):
            session._request(2, "", tools, 40960)
        each = (time.perf_counter() - started) / rounds
        print(f"first request (vocabulary load + full audit): {first * 1000:.0f} ms")
        print(f"each later request ({rounds} rounds): {each * 1000:.1f} ms")
        print(f"estimate: {budget.total:,} qwen tokens — "
              + ", ".join(f"{k} {v:,}" for k, v in budget.parts()))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
