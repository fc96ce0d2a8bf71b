"""``memtui eval --suite``: every scenario of a suite N times, each run judged (SPEC §5).

Each run starts from a fresh temporary copy of the scenario's workspace and a fresh chat;
a scenario with several ``[[chat]]`` tables runs them one after another on that copy, each
a new conversation. The report gives each check its pass rate (passes over all N runs), the
failures and the runs that gave the judge nothing to judge, and keeps every run's verdict,
classification and transcript.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from memtui.agent.backend import ChatClient, make_client
from memtui.agent.eval import RunResult, classify, copy_workspace, prepare
from memtui.agent.judges import JUDGES, RunData, Verdict
from memtui.agent.ollama import NoToolSupport
from memtui.agent.scenario import Scenario
from memtui.agent.session import ChatSession, ModelFacts, TurnRecord
from memtui.agent.settings import AgentSettings
from memtui.core.counting.tokens import TokenCounter, default_counter
from memtui.core.files.file_modes import write_bytes
from memtui.core.workspace import Workspace, open_workspace

EMPTY_INDEX = "# Memory\n"


@dataclass
class ScenarioRun:
    verdict: Verdict
    result: RunResult
    transcript: list[list[dict[str, Any]]]  # per chat: its messages, tool results included

    def as_dict(self) -> dict[str, Any]:
        """The run's detail: ``passed`` is the verdict's (null: not judged), ``invented`` and
        ``flags`` hold what its judge found (newuser28 #6: they were the single-message
        eval's classification, ``"passed": true`` on failed runs)."""
        result = self.result.as_dict()
        flags = list(result["flags"])
        if self.verdict.invented and "fabricated" not in flags:
            flags.append("fabricated")
        return {"verdict": self.verdict.label, "reason": self.verdict.reason,
                **result, "passed": self.verdict.passed,
                "invented": self.verdict.invented or result["invented"], "flags": flags,
                "answer": self.result.answer, "transcript": self.transcript}


@dataclass
class CheckResult:
    scenario: Scenario
    runs: list[ScenarioRun] = field(default_factory=list)

    def count(self, passed: bool | None) -> int:
        return sum(r.verdict.passed is passed for r in self.runs)

    @property
    def pass_rate(self) -> float | None:
        """Passes over all runs ("not judged" never helps a model); None when no run was
        judged at all: a rate over nothing is no 0 % (newuser31 #15)."""
        if not self.runs or self.count(None) == len(self.runs):
            return None
        return self.count(True) / len(self.runs)

    @property
    def outcomes(self) -> Counter[str]:
        return Counter(r.result.outcome for r in self.runs)

    def as_dict(self) -> dict[str, Any]:
        sc = self.scenario
        rate = self.pass_rate
        return {"check": sc.check, "scenario": sc.name, "about": sc.about,
                "runs": len(self.runs), "passed": self.count(True),
                "failed": self.count(False), "not_judged": self.count(None),
                "pass_rate": None if rate is None else round(rate, 4),
                "outcomes": dict(self.outcomes),
                "details": [r.as_dict() for r in self.runs]}


@dataclass
class SuiteReport:
    suite: str
    model: str
    api: str
    n: int
    facts: ModelFacts | None = None
    checks: list[CheckResult] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        window = self.facts.window if self.facts else None
        return {"schema": 1, "suite": self.suite, "model": self.model, "api": self.api,
                "runs_per_check": self.n,
                "window": window.num_ctx if window else None,
                "window_note": window.note if window else None,
                "checks": [c.as_dict() for c in self.checks]}


def scenario_workspace(scenario: Scenario, into: Path) -> Workspace:
    """A private copy of the scenario's workspace, or a new empty item workspace."""
    if scenario.workspace is not None:
        return copy_workspace(open_workspace(scenario.workspace), into)
    root = into / "item"
    (root / "memory").mkdir(parents=True)
    write_bytes(root / "MEMORY.md", EMPTY_INDEX.encode("utf-8"))
    return open_workspace(root)


async def run_scenario(scenario: Scenario, settings: AgentSettings, client: ChatClient,
                       facts: ModelFacts, counter: TokenCounter,
                       today: dt.date) -> ScenarioRun:
    settings = replace(settings, decoys=scenario.decoys)
    with tempfile.TemporaryDirectory(prefix="memtui-eval-") as tmp:
        ws = scenario_workspace(scenario, Path(tmp))
        records: list[TurnRecord] = []
        transcript: list[list[dict[str, Any]]] = []
        session: ChatSession | None = None
        before = None
        for chat in scenario.chats:
            session = ChatSession(ws, settings, client=client, counter=counter,
                                  persist=False, today=today)
            session.facts = facts
            if before is None:
                before = session.tools.audit()
            for message in chat:
                records.append(await session.run_turn(message))
            transcript.append(session.history)
        assert session is not None and before is not None
        after = session.tools.audit()
    merged = TurnRecord(
        outcomes=[o for r in records for o in r.outcomes],
        replies=[d for r in records for d in r.replies],
        error=next((r.error for r in records if r.error), None),
        content=records[-1].content)
    messages = scenario.messages
    result = classify(before, after, merged, "\n".join(messages), today)
    result.num_ctx = facts.window.num_ctx
    verdict = JUDGES[scenario.check](RunData(before, after, messages, merged.outcomes,
                                             merged.content, result, today, scenario.judge))
    if merged.error and verdict.passed is not False:  # a failed run proves nothing either way
        verdict = Verdict(None, f"the run failed: {merged.error}")
    return ScenarioRun(verdict, result, transcript)


async def run_suite(scenarios: list[Scenario], n: int, settings: AgentSettings,
                    suite: str = "seed",
                    on_run: Callable[[Scenario, int, ScenarioRun], None] | None = None,
                    today: dt.date | None = None) -> SuiteReport:
    """Every scenario ``n`` times; raises OllamaError when the server cannot be used."""
    day = today or dt.date.today()
    counter = default_counter()
    client = make_client(settings)
    try:
        with tempfile.TemporaryDirectory(prefix="memtui-eval-") as tmp:
            facts = await prepare(settings, scenario_workspace(scenarios[0], Path(tmp)),
                                  client)
        if facts.tools_note:
            raise NoToolSupport(facts.tools_note)
        report = SuiteReport(suite, settings.model or "", settings.api, n, facts)
        for scenario in scenarios:
            check = CheckResult(scenario)
            report.checks.append(check)
            for i in range(n):
                run = await run_scenario(scenario, settings, client, facts, counter, day)
                check.runs.append(run)
                if on_run:
                    on_run(scenario, i, run)
        return report
    finally:
        await client.aclose()
