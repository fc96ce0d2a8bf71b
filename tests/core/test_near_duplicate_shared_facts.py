"""Two memories holding the same facts, five or more in common (types and small numbers
counted), each with one fact of its own and no slot in conflict: one value written in a
form the other side's reader lacks (“48 hours” and “2 days”, a number in a language whose
number words are not read), not two instances of one template, which differ in more or in a
slot (bench/RESULTS.md, "Issue 34: near_duplicate hard pairs, designs measured
leave-one-set-out, and the cost at scale": +14 files over the folded sets, no false one;
held out one set at a time, the threshold chosen on the others, +14 true / +5 false). Two
types are still two memories (tests/core/test_near_duplicate_facts.py)."""

from __future__ import annotations

import memtui.core.checks.near_duplicate as nd

RULE = ("Nightly database dumps\n"
        "The nightly dump of `orders-db` starts at 01:30 and is kept 48 hours, then pruned.\n"
        "Why: in March a bad migration cost us 5 days of orders.\n"
        "Check that `pg_dump --format=custom` wrote 3 files to s3://acme-dumps each night.")
PROSE = ("Orders database: dump retention\n"
         "Each night at 01:30 `orders-db` is dumped to s3://acme-dumps by `pg_dump "
         "--format=custom`, which leaves 3 files; dumps stay 2 days and are then pruned, "
         "since the March migration lost 5 days of orders.")


def _paired(a: str, b: str) -> bool:
    return bool(nd.pairs({"a": nd.sketch(a, "project"), "b": nd.sketch(b, "project")}))


def test_the_same_facts_with_one_value_written_otherwise_are_paired() -> None:
    x, y = nd.read_sketch(nd.sketch(RULE, "project")), nd.read_sketch(nd.sketch(PROSE, "project"))
    assert len(x[2] & y[2]) >= nd.SHARED and len(x[2] - y[2]) == len(y[2] - x[2]) == 1
    assert _paired(RULE, PROSE)


def test_another_instance_of_the_frame_stays_apart() -> None:
    # another database's dump: another bucket and another time besides the retention
    other = PROSE.replace("s3://acme-dumps", "s3://acme-logs").replace("01:30", "02:15")
    assert not _paired(RULE, other)


def test_fewer_facts_in_common_stay_apart() -> None:
    # the bucket, the command and the count left out: four facts in common, one of each
    # side's own, more alike as written
    rule = ("Nightly database dumps\nThe nightly dump of `orders-db` starts at 01:30 and is "
            "kept 48 hours, then pruned.\nCheck that it finished each night before the first "
            "orders arrive.")
    prose = ("Orders database: dump retention\nEach night at 01:30 `orders-db` is dumped "
             "before the first orders arrive; dumps stay 2 days and are then pruned.")
    x, y = nd.read_sketch(nd.sketch(rule, "project")), nd.read_sketch(nd.sketch(prose, "project"))
    assert len(x[2] & y[2]) == nd.SHARED - 1 and len(x[2] - y[2]) == len(y[2] - x[2]) == 1
    assert not _paired(rule, prose)
