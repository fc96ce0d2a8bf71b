"""Notice when Ollama silently cut the prompt (SPEC §5).

An over-long prompt still answers 200; Ollama keeps the tail and forwards about half the
window, so ``prompt_eval_count`` lands near ``num_ctx/2 + 2``. What goes missing is the front:
the system prompt with the memory rules. No field says so; this check compares the count with
the estimate made before sending.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Windows a server may apply when the request sends no num_ctx (SPEC §5).
SERVER_DEFAULTS = (2048, 4096, 32768, 262144)


@dataclass
class TruncationWarning:
    prompt_eval_count: int
    estimate: int
    window: int | None  # the num_ctx sent (None: nothing sent)
    reasons: list[str]
    lost: int  # tokens, by the estimate
    message: str  # one line: what happened
    fix: str  # one line: what to do

    def as_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


def suggest_window(estimate: int, trained: int | None = None) -> int:
    """The smallest power of two holding the prompt with a quarter to spare for the reply."""
    want, n = int(estimate * 1.25) + 512, 2048
    while n < want:
        n *= 2
    return min(n, trained) if trained else n


def smaller_runner(loaded: int, asked: int) -> str:
    """What a runner loaded smaller than the window asked is, in the words every notice of
    the chat uses (the status line, the hold-back, the Prompt-cut banner: newuser38 #11,
    the status line said "--num-ctx 8192 measures against it" and the banner under it
    "raise --num-ctx to 32,768", the window already asked)."""
    return (f"the runner Ollama loaded holds {loaded:,} tokens, not the {asked:,} asked (it "
            "fits what memory allows)")


def restart_runner(asked: int, model: str | None = None, then: str = "asked") -> str:
    """What gets the window asked from a runner loaded smaller: Ollama loads a model
    again, at the window the request asks, once its runner is stopped — if memory allows
    it then (a larger --num-ctx would not: the runner is what holds less)."""
    name = model or "MODEL"
    return (f"free memory (other models: `ollama ps`) and restart the runner (`ollama stop "
            f"{name}`: the next message loads it again at the {asked:,} {then})")


def check_truncation(prompt_eval_count: int | None, estimate: int, num_ctx: int | None,
                     trained: int | None = None, loaded: int | None = None,
                     model: str | None = None) -> TruncationWarning | None:
    """A warning when the prompt Ollama read looks cut; None when it looks whole.
    ``loaded``: the runner's context length in /api/ps, when Ollama reports one; a runner
    smaller than the window asked is where the cut happens (newuser35 #12)."""
    if prompt_eval_count is None or prompt_eval_count <= 0:
        return None
    pec = prompt_eval_count
    effective = min(num_ctx, trained) if num_ctx and trained else num_ctx
    small = loaded if loaded and effective and loaded < effective else None
    effective = small or effective
    windows = (effective,) if effective else SERVER_DEFAULTS
    reasons: list[str] = []
    # A prompt that fits the window with a quarter to spare is not cut there: a low count is
    # then something else (a prompt-cache hit counts only the tokens evaluated; newuser32 #26)
    fits = effective is not None and effective > 0 and estimate * 4 <= effective * 3
    if estimate > 0 and pec < 0.75 * estimate and estimate - pec > 100 and not fits:
        reasons.append("far below the estimate")
    if estimate > pec * 1.1 and any(abs(pec - (w // 2 + 2)) <= 8 for w in windows):
        reasons.append("near half the window + 2")
    if effective and pec >= effective - 8:
        reasons.append("at the window")
    if not effective and pec in SERVER_DEFAULTS:
        reasons.append("exactly a server default window")
    if not reasons:
        return None
    lost = max(0, estimate - pec)
    message = (f"Prompt cut: Ollama read {pec:,} tokens of about {estimate:,} sent "
               f"({', '.join(reasons)}); ~{lost:,} tokens were dropped from the front — "
               "where the system prompt with the memory rules is")
    size = suggest_window(estimate, trained)
    if small and num_ctx:
        fix = (f"{smaller_runner(small, num_ctx)}: shorten the history (new chat) or the "
               f"memory index, or {restart_runner(num_ctx, model)}")
    elif not num_ctx:
        fix = (f"no num_ctx was sent, so the server's default window applied: pass "
               f"--num-ctx {size} (the model's /api/show gives no trained context)")
    elif trained and num_ctx >= trained:
        fix = (f"the model's trained context ({trained:,}) caps the window: shorten the "
               "history (new chat) or the memory index")
    else:
        size = max(size, num_ctx * 2)  # "raise" never names a smaller window (newuser32 #26)
        if trained:
            size = min(size, trained)
        fix = f"the window asked for ({num_ctx:,}) is too small: raise --num-ctx to {size}"
    return TruncationWarning(pec, estimate, num_ctx, reasons, lost, message, fix)
