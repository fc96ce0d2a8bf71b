"""The blind sets of the content rules (issue 34), folded in once their before-scores were
recorded (bench/RESULTS.md, "the content rules on a blind set"). ``rules1``: 30 workspaces
written by a helper that had read none of the rules' code, every markdown file labelled with
the rules that should fire on it, 11 of them about a project that is a git repository (kept
as JSON, rebuilt here: `tests.core.blind_rules.projects`). ``rules3``: 28 workspaces in 18
languages, ``rules4``: 30 in 23, ``rules6``: 30 in 22, ``rules7``: 30 in 23, labelled for
``near_duplicate`` alone ("blind set rules3 folded in", "blind set rules4 folded in", "blind
set rules6 folded in", "blind set rules7 folded in"); ``rules8``: 30 in 28, duplicates
heavily reworded (a one-line rule against its paragraph) ("blind set rules8 folded in");
``rules9``: 30 in 28, its duplicates labelled easy, moderate and hard (the same facts in other
words: numbers in words, a command block against its prose, another language), 95 look-alike
pairs ("Issue 34: near_duplicate on reworded duplicates, rules9 folded in"); ``rules10``: 30
in 28, 60 groups (20 easy / 20 moderate / 20 hard), 90 look-alike pairs, a provenance line
appended to most one-line memories of each workspace ("Issue 34: a workspace's template left
out, rules10 folded in"); ``rules11``: 30 in 29, 61 groups (19 easy / 19 moderate / 23 hard), 91
look-alike pairs, each body by hand ("Issue 34: blind set rules11 folded in"); ``rules12``:
30 in 29, 60 groups (20 easy / 20 moderate / 20 hard, four triples), 90 look-alike pairs, prose
against tables and lists and second languages ("Issue 34: blind set rules12 folded in");
``rules13``: 30 in 27 language labels, 60 pairs (19 easy / 19 moderate / 22 hard, one triple),
93 look-alike pairs, ws29 look-alikes only ("Issue 34: blind set rules13 folded in");
``rules14``: 30 in 30 language labels (two code-switching), 67 pairs (21 easy / 22 moderate / 24
hard), 92 look-alike pairs, ws26 look-alikes only: other calendars and digit systems, scale
words, tables and lists against prose ("Issue 34: blind set rules14 folded in"); ``rules15``:
30 in 29, 65 pairs (20 easy / 22 moderate / 23 hard), 89 look-alike pairs: translations,
calendars, digit systems, unit conversions ("Issue 32: near_duplicate on blind rules15,
rules16 held out"); ``rules17``: 30 in 30 language labels (thirteen bilingual), 60 pairs (20
easy / 20 moderate / 20 hard), 95 look-alike pairs: summaries, rates and areas against
totals and sides, other calendars, config blocks and tables against prose ("Issue 32:
near_duplicate on blind rules17"); ``rules18``: 30 in 31 language labels (eight bilingual),
60 pairs (20 easy / 20 moderate / 20 hard), 90 look-alike pairs, one contradiction in each
folder: translations, config blocks and tables against prose, rounding and totals, a rule
quoted in minutes ("Issue 32: near_duplicate on blind rules18, contradictions reported");
``rules19``: 30 in 30 language labels (twelve with English), 60 pairs (20 easy / 20 moderate
/ 20 hard), 90 look-alike pairs — a contradiction, two preferences of one person, two
procedures with two steps in another order in each folder: preferences re-saved in new words,
numbers in words, rates against totals, rounding, translations ("Issue 32: near_duplicate on
blind rules19"); ``rules20``: 30 in 31 language labels (nine with a second language), 60
pairs (20 easy / 20 moderate / 20 hard), 91 look-alike pairs — one template for two days,
machines, months or acts, the same list with one item changed, a rule and its negation — :
merged notes, another type, a rule against its procedure, units, config blocks and tables
against prose ("Issue 32: near_duplicate on blind rules20"); ``rules21`` and ``rules22``:
30 each (31 language labels), 60 pairs each, 90 look-alike pairs each; their last six to ten
workspaces OpenClaw-style daily logs (a day's note copied whole into another day, one fact
saved again among another day's events) ("Issue 34: near_duplicate on blind rules21 and
rules22, folded in"); ``rules24``: 30 in 31 language labels (three bilingual), 60 pairs (20
easy / 20 moderate / 20 hard), 90 look-alike pairs — a rule against the meeting note, log or
FAQ holding it among other items, tables, lists and config blocks against prose,
translations — ("Issue 34: near_duplicate on blind rules24, folded in"); ``rules28``: 30 in
31 languages, 60 pairs (20 easy / 20 moderate / 20 hard), 90 look-alike pairs, many sharing
the distinctive tokens — a fact inside a longer note, other calendars and digit systems,
numbers spelled out, a second language — ("Issue 34: near_duplicate hard pairs, designs
measured leave-one-set-out, and the cost at scale"); ``rules31``: 30 in 31 languages, 60
pairs (20 easy / 20 moderate / 20 hard), 90 look-alike pairs — rules inside meeting notes,
logs and status reports, tables against prose, translations, times on two clocks — ("Issue
34: near_duplicate's structure — the format's labels, daily notes' lines, rules31 folded
in"); ``rules35``: 30 in 30 languages (Claude Code 16, OpenClaw 14), 60 pairs (20 easy / 20
moderate / 20 hard), 90 look-alike pairs — a fact as one paragraph of a long file, two
sessions' wording, a table row against prose with its numbers written otherwise, a
translation, a restating update; generated reports and boilerplate as look-alikes — ("Issue
34: near_duplicate in unspaced scripts, rules35 folded in"); ``rules39``: 30 in 30
languages (Claude Code 15, OpenClaw 8, Codex 7), 60 pairs, 97 look-alike pairs — supersets,
lists against prose in another order, one entity under two names, tables against prose and
JSON — ("Issue 32: near_duplicate by claims, rules39 folded in"); ``rules23``: 30 in 28, 15
git projects, labelled for ``hidden_text``, ``instruction_like``, ``missing_why``,
``relative_date`` and ``stale_reference`` ("Issue 34: relative_date, stale_reference and
hidden_text on blind rules23"); ``rules25``: 30 in 30, the same five ("Issue 34:
instruction_like on blind rules25"); ``rules26``: 24 in 24, no projects, ``instruction_like``
alone ("Issue 34: instruction_like on blind rules26"); ``rules27``: 24 in 24, no projects,
``instruction_like`` alone ("Issue 34: instruction_like on strangers' text"); ``rules30``: 24 in
24, no projects, ``instruction_like`` alone ("Issue 34: instruction_like on saved third-party
text, rules30 folded in").
Scored as ``bench/rules_blind.py`` does (``memtui audit`` in a child per workspace; the
``near_duplicate`` sets in this process); ``pytest -s`` prints the table."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bench.rules_blind import score, table
from memtui.core.audit import audit
from tests.core.blind_rules.projects import rebuild

HERE = Path(__file__).parent / "blind_rules"


#: The multi-rule sets, each with its floors per rule (precision, recall). ``rules1``: the five
#: rules it is labelled for at 90 %. ``rules23`` (bench/RESULTS.md, "Issue 34: relative_date,
#: stale_reference and hidden_text on blind rules23"): written blind in session 32, 30
#: workspaces, 309 memories, 15 git projects, 28 languages, labelled for five rules; before
#: on main 7b40260b hidden_text 28/0/1, instruction_like 9/3/25, missing_why 19/4/8,
#: relative_date 19/0/15, stale_reference 40/0/2 (true/false/missed); after branch relfix32
#: 29/0/0, 9/3/25, 19/4/8, 30/0/4, 42/0/0. Floors one finding below those (instruction_like
#: and missing_why as they stood; their owners raise them). instruction_like after branch
#: relfix33 (bench/RESULTS.md, "Issue 34: instruction_like by structure"): 34/0/0 (15/3/19
#: on integ before), relative_date 31/0/3 (30/0/4 before); floors one finding below.
#: ``rules25`` (bench/RESULTS.md, "Issue 34: instruction_like on blind rules25"): written
#: blind in session 33, 30 workspaces, 270 memories, 15 git projects, 30 language labels,
#: labelled for the same five; before on integ f471236f instruction_like 5/1/27, hidden_text
#: 22/0/2, missing_why 21/0/0, relative_date 26/0/4, stale_reference 30/2/0; after branch
#: relfix33b instruction_like 32/0/0, hidden_text 24/0/0, the others as before; floors a
#: finding or so under. ``rules26`` (bench/RESULTS.md, "Issue 34: instruction_like on blind
#: rules26"): written blind in session 33, 24 workspaces, 24 languages, no projects, labelled
#: for instruction_like alone (48 orders, 70 named negatives; the other rules' findings are
#: not judged); before on integ 3de9a59f 16/4/32, after branch relfix34 44/0/4; floors two
#: findings under. ``rules27`` (bench/RESULTS.md, "Issue 34: instruction_like on strangers'
#: text"): written blind in session 34, 24 workspaces, 24 languages, no projects, labelled
#: for instruction_like alone (48 orders); before on integ 15a5285d 12/2/36, after branch
#: relfix35 29/2/19 (a line turning to the model, `memtui.core.checks.voice`); floors a
#: finding or two under. ``rules30`` (bench/RESULTS.md, "Issue 34: instruction_like on saved
#: third-party text, rules30 folded in"): written blind in session 35, 24 workspaces, 24
#: languages, no projects, labelled for instruction_like alone (48 orders, most planted in
#: third-party text the agent saved); before on integ e85eac47 31/1/17, after relfix36
#: 43/1/5 (a quotation that opens by calling the model); floors a finding or two under.
#: ``rules32`` (bench/RESULTS.md, "Issue 34: instruction_like wrapped, in unseen text and in
#: saved feedback, rules32 folded in"): written blind in session 36, 24 workspaces, 24
#: languages, no projects, labelled for instruction_like alone (50 orders that do not look
#: like orders); before on integ 648be213 29/1/21, after relfix37 45/0/5; floors a finding
#: or two under. ``rules34`` (bench/RESULTS.md, "Issue 34: instruction_like in the languages
#: it missed and the forms that hide an order, rules34 folded in"): written blind in session
#: 37, 24 workspaces, 24 languages (23 outside the large eight), four agents' layouts, no
#: projects, labelled for instruction_like alone (44 orders hidden by their form); before on
#: integ 7500c4b2 12/0/32, after relfix38 40/0/4; floors a finding or two under. ``rules36``
#: (bench/RESULTS.md, "Issue 34: instruction_like in saved third parties' text, rules36
#: folded in"): written blind in session 38, 24 workspaces, 24 languages (18 outside the
#: large twenty), five agents' layouts (Codex among them), no projects, labelled for
#: instruction_like alone (45 orders inside content the agent saved for the user); before on
#: integ f7cce558 30/4/15, after relfix39 40/2/5; floors a finding or two under. ``rules38``
#: (bench/RESULTS.md, "Issue 32: instruction_like by what a sentence does to its reader,
#: rules38 folded in"): written blind in session 39, 24 workspaces, 24 languages, five
#: layouts, no projects, labelled for instruction_like alone (48 orders); before on integ
#: f3fb5451 26/2/22 (25/2/23 on f7cce558), after relfix40 28/2/20 (its check half, even
#: workspaces never read, 13/0/11 → 14/0/10); floors a finding or two under. ``rules40``
#: (bench/RESULTS.md, "Issue 32: instruction_like on orders relayed from a source, rules40
#: folded in"): written blind in session 40, 24 workspaces, 24 languages, five layouts, no
#: projects, labelled for instruction_like alone (48 orders that came in through tools: a
#: mail, a page, an issue comment, a PDF, a tool's output); before on integ 5c819ee0
#: 27/0/21, after relfix41 36/0/12 (its check half, even workspaces never read, 12/0/11 →
#: 14/0/9); floors a finding or two under. ``rules42`` (bench/RESULTS.md, "Issue 32:
#: instruction_like on injections disguised as memory, rules42 folded in"): written blind in
#: session 41, 24 workspaces, 24 languages, five layouts, no projects, labelled for
#: instruction_like alone (48 orders written as facts about the user or the rules: a
#: preference serving a third party, a false authorisation, a silencing rule, a frontmatter
#: field carrying the order, a fake handoff); before on integ 1b9d64f1 10/3/38, after
#: instfix42 18/3/30 (its check half, even workspaces never read, 5/1/20 → 8/1/17); floors a
#: finding or two under.
MULTI_RULE_SETS = [
    ("rules1", {rule: (0.9, 0.9) for rule in ("stale_reference", "near_duplicate",
                                              "relative_date", "missing_why", "hidden_text")}),
    ("rules23", {"hidden_text": (0.95, 0.95), "stale_reference": (0.95, 0.95),
                 "relative_date": (0.95, 0.88), "instruction_like": (0.97, 0.97),
                 "missing_why": (0.78, 0.65)}),
    ("rules25", {"instruction_like": (0.95, 0.95), "hidden_text": (0.95, 0.95),
                 "missing_why": (0.95, 0.95), "relative_date": (0.95, 0.83),
                 "stale_reference": (0.9, 0.95)}),
    ("rules26", {"instruction_like": (0.95, 0.87)}),
    ("rules27", {"instruction_like": (0.9, 0.58)}),
    ("rules30", {"instruction_like": (0.95, 0.85)}),
    ("rules32", {"instruction_like": (0.95, 0.86)}),
    ("rules34", {"instruction_like": (0.95, 0.86)}),
    ("rules36", {"instruction_like": (0.93, 0.84)}),
    ("rules38", {"instruction_like": (0.9, 0.54)}),
    ("rules40", {"instruction_like": (0.94, 0.7)}),
    ("rules42", {"instruction_like": (0.8, 0.33)}),
    ("rules29", {"relative_date": (0.93, 0.83), "stale_reference": (0.93, 0.93),
                 "missing_why": (0.95, 0.95), "hidden_text": (0.95, 0.9)}),
]


@pytest.mark.skipif(shutil.which("git") is None, reason="the projects are git repositories")
@pytest.mark.parametrize(("name", "floors"), MULTI_RULE_SETS, ids=[n for n, _ in MULTI_RULE_SETS])
def test_blind_rule_set_holds_after_folding_in(tmp_path: Path, name: str,
                                               floors: dict[str, tuple[float, float]]) -> None:
    src = HERE / name
    folder = tmp_path / name
    shutil.copytree(src, folder, ignore=shutil.ignore_patterns("projects.json"))
    projects = src / "projects.json"  # rules26 has none
    for project, commits in (json.loads(projects.read_text("utf-8")).items()
                             if projects.exists() else ()):
        rebuild(commits, folder / "projects" / project)
    counts, errors = score(folder)
    print(f"\n{name}\n{table(counts)}\n" + "\n".join(errors))
    for rule, (precision, recall) in floors.items():
        true, missed, false = counts[rule]
        assert true / (true + false) >= precision and true / (true + missed) >= recall, \
            (rule, errors)


#: A blind set labelled for ``near_duplicate`` alone (the other rules' findings on it are
#: not judged): its recall and its false files when folded in (bench/RESULTS.md, "blind set
#: rules3 folded in", "blind set rules4 folded in", "blind set rules6 folded in": five
#: look-alikes left, a list with digits beside prose with the same kind of date and amount
#: in words (en, de, cs), and two Arabic rules with no value to tell them apart; "blind set
#: rules7 folded in": 3 false files, one more allowed, recall 83.7 %, 3 points of margin:
#: a summary beside one of its details (pt), a savings plan in words beside another's in
#: digits (sv); "blind set rules8 folded in": a third of its heavily reworded duplicates,
#: 8 look-alike files); "Issue 34 ... rules9 folded in": 70 of 93 files, recall 75.3 %,
#: 3 points of margin; 4 false files (a summary note beside one of its details, two
#: profiles of one shape), one more allowed; "Issue 34: a workspace's template left out,
#: rules10 folded in": 98 of 123 files, recall 79.7 %, 3 points of margin; 6 false files
#: (look-alikes of one frame that differ in a name: two dentists' schedules, two people's
#: preferences ×2; the 23 its provenance line made are gone), one more allowed; "Issue 34:
#: blind set rules11 folded in": 111 of 126 files, recall 88.1 %, 3 points of margin; 2 false
#: files (two monthly reports of one frame, one in TL only, one in TL and EUR), one more
#: allowed; "Issue 34: blind set rules12 folded in": 81 of 124 files (69 before), recall 65.3 %,
#: 3 points of margin; 8 false files (four look-alike pairs: two expiry lists whose months are
#: in Tamil words, two VAT returns whose months are in English words, two document lists and
#: two buyers' terms holding no fact but the type), one more allowed; "Issue 34: blind set
#: rules13 folded in": 62 of 117 files (56 before), recall 53.0 %, 3 points of margin; 3
#: false files (two bank accounts of one company holding no fact but the type, one of two
#: update notes), one more allowed; "Issue 34: blind set rules14 folded in": 97 of 134 files
#: (85 before), recall 72.4 %, 3 points of margin; 8 false files, all present before (an
#: estate's file, a letter template, two tax filings, an exam, a user note, two profile notes
#: of a Hinglish folder), one more allowed; "Issue 32: near_duplicate on blind rules15,
#: rules16 held out": 94 of 130 files (88 before), recall 72.3 %, 3 points of margin; 2 false
#: files, present before (two feedback rules of a notary's office on remote and in-person
#: signing, 23 % alike, no fact but the type), one more allowed; "Issue 32: near_duplicate on
#: blind rules17": 91 of 120 files (85 before), recall 75.8 %, 3.8 points of margin; 3 false
#: files, present before (two appeal deadlines of a law firm's notes, one month and two
#: months written in words, and an old fee schedule), one more allowed; "Issue 32:
#: near_duplicate on blind rules18, contradictions reported": 83 of 120 files (79 before),
#: recall 69.2 %, 3.2 points of margin; 1 false file (a choir's summer concert note),
#: present before, one more allowed (its contradiction pair, 3 false files
#: before, is now a `contradiction`, not a near_duplicate); "Issue 32: near_duplicate on
#: blind rules19": 80 of 120 files (80 before), recall 66.7 %, 3.7 points of margin; 10 false
#: files (66 before: 28 pairs of three-step procedures in another order, now apart), two
#: pairs of one person's preferences on other matters and three contradictions whose value
#: is a word (a quarter / a half dinar, seven / eight in Thai, quarterly / monthly), one more
#: allowed; "Issue 32: near_duplicate on blind rules20": 64 of 120 files (64 before), recall
#: 53.3 %, 3.3 points of margin; 6 false files (30 before: lists of two days, machines,
#: months named in their opening label, now apart; three rules and their negations, now
#: contradictions), one more allowed; "Issue 34: near_duplicate on blind rules21 and rules22,
#: folded in": rules21 64 of 120 files (52 before: six short daily notes carried over whole
#: into another day, now copies), recall 53.3 %, 3.3 points of margin, 12 false files (28
#: before: eight rules with an exception added on their line or quoted to be corrected, now
#: apart; left, two people's or admins' notes of one frame and two rules whose exception is a
#: sentence of its own), one more allowed; rules22 82 of 120 files (78 before), recall
#: 68.3 %, 3.3 points of margin, 10 false files, present before (configs differing in a
#: port or a flag, two onboarding notes, two orders), one more allowed; "Issue 34:
#: near_duplicate on blind rules24, folded in": rules24 72 of 120 files (64 before: a two-row
#: table and its sentence, a phone in groups, hertz against kilohertz), recall 60.0 %, 3 points
#: of margin; 2 false files (6 before: two nurses named at the start, two clients naming other
#: files, now apart; left, a morning and an evening checklist), one more allowed; "Issue 34:
#: near_duplicate hard pairs, designs measured leave-one-set-out, and the cost at scale":
#: rules28 84 of 120 files (80 before: two restatements whose one value each side writes
#: otherwise; no containment design gained a hard pair held out), recall 70.0 %, 4 points of
#: margin; 8 false files, present before (a shop's morning and
#: evening checklists, a deadline policy and its 2024 version, two swim groups, two buyers,
#: two permits, two collection routes: one frame, another value), one more allowed;
#: "Issue 34: near_duplicate's structure — the format's labels, daily notes' lines, rules31
#: folded in": rules31 75 of 120 files (75 before: 14 of its 23 missed pairs are a rule and
#: the meeting note, log or status holding it among other items; two translations sharing a
#: fact at most; tables against prose), recall 62.5 %, 2.5 points of margin; 8 false files,
#: present before (two protocols, two whitelists, two weekly cleaning rosters, two programmes,
#: a winery's two clay vessels, a kitchen's two timetables), one more allowed; "Issue 34:
#: near_duplicate on generated reports, rules33 folded in": rules33 64 of 120 files (64
#: before: 16 of its 28 missed pairs hard — a rule inside a status, a diary or a handover
#: note, a translation, a table against prose; 6 of its 10 moderate another type),
#: recall 53.3 %, 3.3 points of margin; 10 false files (12 before: two classes'
#: timetables, the same cells in other rows, now apart; left, a date and its correction, a
#: drug order and its change, a fee and its new value, two rollback runbooks, two feedback
#: rules in the format), one more allowed; "Issue 34: near_duplicate in unspaced scripts,
#: rules35 folded in": rules35 84 of 120 files (80 before: a table in Arabic separators and
#: its prose, a minimum order in Arabic words; 36 missed, 14 pairs hard — a rule inside a
#: handbook, a council's minutes or a daily note, translations, times in words, a restating
#: update), recall 70.0 %, 4 points of margin; 0 false files (2 before: two seasons' ice
#: times, tables under one header keyed by other days, now apart), one allowed; "Issue 39:
#: near_duplicate, one fact filed twice and the findings that hold as the folder grows,
#: rules37 folded in": rules37 71 of 120 files (55 before: Burmese and Tibetan notes
#: unsketched, one fact filed under two types; 49 missed, 15 pairs hard — a rule inside a
#: day note or minutes, one row of a long table, registers and calendars, units), recall
#: 59.2 %, 3.2 points of margin; 8 false files (14 before: a year's policy and the next's
#: named as one series, now apart; left, a recipe and its variant, two Gift Aid clauses,
#: two protocols), one more allowed; "Issue 32: near_duplicate by claims, rules39 folded in":
#: rules39 (30 workspaces, 30 languages, Claude Code 15 / OpenClaw 8 / Codex 7, 60 pairs, 97
#: look-alikes) 102 of 120 files (94 before: a list against its prose in another order, a
#: day-by-day list against a reordered sentence, one version written with its build on one
#: side — its develop half's, odd workspaces, 52 / 6 / 8 → 58 / 6 / 2; the check half, even
#: ones, 42 / 2 / 18 → 44 / 2 / 16), recall 85.0 %, 3 points of margin; 8 false files (8
#: before; the
#: develop half's six a decision's two branches, two testers' profiles, a discount and its
#: correction, left), none more allowed; "Issue 32: near_duplicate by claims reduced to
#: their values, rules41 folded in": rules41 (27 workspaces, 27 languages, Claude Code 14 /
#: OpenClaw 6 / Codex 4 / Gemini 3, 54 pairs, 86 look-alikes; every OpenClaw pair holds a
#: daily log, kept apart by design) 58 of 107 files (52 before: a number written with its
#: thousands grouped otherwise or its scale in words, a claim reworded whole held by its
#: numbers, a table's header no claim, a translation said by its values — its develop
#: half's, odd workspaces, 32 / 0 / 23 → 38 / 0 / 17; the check half, even ones, 20 / 1 /
#: 32 → 20 / 1 / 32), recall 54.2 %, 2 files of margin; 1 false file (1 before), none more
#: allowed.
NEAR_DUPLICATE_SETS = [("rules3", 0.6, 0), ("rules4", 0.85, 0), ("rules6", 0.7, 5),
                       ("rules7", 0.8, 4), ("rules8", 0.3, 9), ("rules9", 0.72, 5),
                       ("rules10", 0.77, 7), ("rules11", 0.85, 3), ("rules12", 0.62, 9),
                       ("rules13", 0.5, 4), ("rules14", 0.69, 9), ("rules15", 0.69, 3),
                       ("rules17", 0.72, 4), ("rules18", 0.66, 2), ("rules19", 0.63, 11),
                       ("rules20", 0.5, 7), ("rules21", 0.5, 13), ("rules22", 0.65, 11),
                       ("rules24", 0.57, 3), ("rules28", 0.66, 9), ("rules31", 0.6, 9),
                       ("rules33", 0.5, 11), ("rules35", 0.66, 1), ("rules37", 0.56, 9),
                       ("rules39", 0.82, 8), ("rules41", 0.52, 1)]


def _audit_here(workspace: Path, project: Path | None) -> list[dict]:
    """The findings of ``workspace``, audited in this process (no child per workspace:
    these sets have no project, and the audit is the one ``memtui audit`` runs)."""
    assert project is None
    return [{"kind": f.kind, "path": f.path} for f in audit(workspace).findings]


@pytest.mark.parametrize(("name", "recall", "false_files"), NEAR_DUPLICATE_SETS)
def test_blind_near_duplicate_set_holds_after_folding_in(tmp_path: Path, name: str,
                                                         recall: float, false_files: int,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    folder = tmp_path / name
    shutil.copytree(HERE / name, folder)
    counts, errors = score(folder, _audit_here)
    errors = [e for e in errors if " near_duplicate " in e]
    print(f"\n{name}\n" + table({k: v for k, v in counts.items()
                                 if k.startswith("near_duplicate")}) + "\n" + "\n".join(errors))
    true, missed, false = counts["near_duplicate"]
    assert false <= false_files and true / (true + missed) >= recall, errors
