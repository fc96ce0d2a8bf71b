"""newuser40 #19: `memtui trend` drew a block of 424 then 425 tokens as ``▁▁█``, a full spike
for +0.2 %. A sparkline's scale spans at least a tenth of its largest value; a smaller
change is drawn small, about the middle; a real range still spans the whole scale."""

from __future__ import annotations

from memtui.core.reporting.wording import BARS, sparkline


def test_a_one_token_change_is_not_a_spike() -> None:
    line = sparkline([424, 424, 425])
    assert BARS.index(line[-1]) - BARS.index(line[0]) <= 1, line
    assert line[0] not in (BARS[0], BARS[-1]), line


def test_a_real_range_spans_the_scale() -> None:
    assert sparkline([100, 200]) == BARS[0] + BARS[-1]
    assert sparkline([0, 0, 1]) == BARS[0] * 2 + BARS[-1]
    assert sparkline([0, 3, 1, 2])[0] == BARS[0] and sparkline([0, 3, 1, 2])[1] == BARS[-1]
    assert sparkline([0, 0, 0]) == BARS[0] * 3
