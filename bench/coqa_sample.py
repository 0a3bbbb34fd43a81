"""Draw the blind-labelled CoQA sample of issue 23 and write the labellers' task files.

    python bench/coqa_sample.py [--coqa FILE] [--out bench/coqa_blind]

From the shared CoQA test stories, leaving out the eight the offline reader's rules were improved
on (bench/coqa_labels.json), it draws with a fixed seed:

* **uniform**: 48 stories, each with one perturbed dialogue whose perturbation is drawn uniformly
  (DS, DR, DD, DSR, DSD; variant 1 of suite seed 7): every turn of it is labelled, so each round of
  the population of perturbed rounds is equally likely to be in the sample (drawn by story);
* **enriched**: 24 other stories, from 100 more drawn the same way, whose perturbed dialogue has the
  largest share of turns this version of kgtest calls unanswerable (at least a third in all), so
  that the rounds where the reader's errors concentrate are well represented.

A third of each part's stories (chosen by the same seed) is **held out**: no rule is looked at or
changed against them; their agreement is reported apart, at the end.

``--fresh`` draws a second sample the same way (issue 39), from stories neither sample nor the
tuned-on set holds, with a seed of its own: 24 uniform and 12 enriched stories, all of them
``fresh`` (never looked at while changing rules), for three labellers, into bench/coqa_blind2.

``--third`` draws an enriched part only (16 stories, from 60 candidates no earlier sample or the
tuned-on set holds), ranked by the share of turns the reader calls *unanswerable* alone: the
second sample's ranking counted undecided turns too and so drew the least-decided dialogues
(docs/history/dialogue-measured.md, third session). Two labellers each label every dialogue, into
bench/coqa_blind3.

``--fourth`` draws a last untouched sample (issue 39, seventh session) from stories no earlier
sample holds: 16 uniform stories and 12 enriched by unanswerable share as ``--third``, every
dialogue labelled by two labellers, into bench/coqa_blind4; measured once, at the end.
``--fifth`` draws another the same way (eighth session), into bench/coqa_blind5, and ``--sixth``
(ninth session, before any rule changed) into bench/coqa_blind6, ``--seventh`` (tenth) into
bench/coqa_blind7, ``--eighth`` (the tenth's second round) into bench/coqa_blind8, ``--ninth``
(eleventh session, before any rule changed) into bench/coqa_blind9, ``--tenth`` (its second
round) into bench/coqa_blind10, ``--eleventh`` (twelfth session, before any rule changed) into
bench/coqa_blind11, ``--twelfth`` (thirteenth session, before any rule changed) into
bench/coqa_blind12, ``--thirteenth`` (fifteenth session, before any rule changed) into
bench/coqa_blind13.

The tool's decisions are not
written anywhere the labellers see: the task files hold the story, each turn's question and the
gold answer the history would show, and the labelling rules (docs/dialogue.md's definition).
``sample.json`` says which dialogue each task is; bench/measure_coqa_kappa.py reads it and the
labels back.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
from dataclasses import dataclass
from pathlib import Path

from kgtest.generator.dialogue.cases import dialogue_cases
from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.perturb import PERTURBATIONS
from kgtest.generator.dialogue.records import DialogueCase, SeedDialogue
from kgtest.generator.dialogue.sources import read_dialogue_file

HERE = Path(__file__).resolve().parent
SHARED = (HERE / ".." / ".." / "shared" / "data" / "dialogues" / "coqa_test_400.json.gz").resolve()
SEED = "kgtest issue 23 blind sample"
SUITE_SEED = 7


@dataclass(frozen=True, slots=True)
class Plan:
    seed: str
    uniform: int
    enriched: int
    candidates: int
    labellers: int
    overlap: int
    held_out: bool
    """A third of each part held out (the first sample), or all of it fresh (the others)."""
    split: str = "fresh"
    """The split name of a sample not held out in part (its group in measure_coqa_kappa.py)."""
    rank_undecided: bool = True
    """Rank enriched candidates by turns not called answerable (undecided too), or unanswerable only."""
    about: str = ""
    """What sample.json says the sample is."""


FIRST = Plan(
    SEED, uniform=48, enriched=24, candidates=100, labellers=4, overlap=3, held_out=True,
    about="Issue 23's blind sample (bench/coqa_sample.py): one perturbed dialogue per story; part uniform or "
    "enriched, split tune or held_out (held_out: never looked at while changing rules).",
)  # fmt: skip
FRESH = Plan(
    "kgtest issue 39 fresh blind sample", uniform=24, enriched=12, candidates=50, labellers=3, overlap=3,
    held_out=False, about="Issue 39's fresh blind sample (bench/coqa_sample.py --fresh): one perturbed "
    "dialogue per story of stories the first sample and the tuned-on set do not hold; part uniform or "
    "enriched, "
    "all fresh.",
)  # fmt: skip
THIRD = Plan(
    "kgtest issue 39 third blind sample", uniform=0, enriched=16, candidates=60, labellers=2, overlap=8,
    held_out=False, split="third", rank_undecided=False, about="Issue 39's third blind sample "
    "(bench/coqa_sample.py --third): enriched only, ranked by the share of turns the reader calls "
    "unanswerable "
    "(undecided not counted); all fresh.",
)  # fmt: skip
FOURTH = Plan(
    "kgtest issue 39 fourth blind sample", uniform=16, enriched=12, candidates=50, labellers=2, overlap=14,
    held_out=False, split="fourth", rank_undecided=False, about="Issue 39's fourth blind sample "
    "(bench/coqa_sample.py --fourth): uniform, and enriched ranked by the share of turns the reader calls "
    "unanswerable; all untouched, measured once.",
)  # fmt: skip


def _as_fourth(ordinal: str, before: str) -> Plan:
    """A later sample drawn as the fourth, from stories no earlier sample holds (``before``: which
    session's rules it was drawn ahead of)."""
    return Plan(
        f"kgtest issue 39 {ordinal} blind sample", uniform=16, enriched=12, candidates=50, labellers=2,
        overlap=14, held_out=False, split=ordinal, rank_undecided=False,
        about=f"Issue 39's {ordinal} blind sample (bench/coqa_sample.py --{ordinal}), drawn as the fourth "
        f"from stories no earlier sample holds{before}; all untouched, measured once.",
    )  # fmt: skip


FIFTH = _as_fourth("fifth", "")
SIXTH = _as_fourth("sixth", ", before the ninth session changed any rule")
SEVENTH = _as_fourth("seventh", ", before the tenth session changed any rule")
EIGHTH = _as_fourth("eighth", ", before the tenth session's second round")
NINTH = _as_fourth("ninth", ", before the eleventh session changed any rule")
TENTH = _as_fourth("tenth", ", before the eleventh session's second round")
ELEVENTH = _as_fourth("eleventh", ", before the twelfth session changed any rule")
TWELFTH = _as_fourth("twelfth", ", before the thirteenth session changed any rule")
THIRTEENTH = _as_fourth("thirteenth", ", before the fifteenth session changed any rule")
PLANS = {"first": (FIRST, "coqa_blind"), "fresh": (FRESH, "coqa_blind2"), "third": (THIRD, "coqa_blind3"),
         "fourth": (FOURTH, "coqa_blind4"), "fifth": (FIFTH, "coqa_blind5"),
         "sixth": (SIXTH, "coqa_blind6"), "seventh": (SEVENTH, "coqa_blind7"),
         "eighth": (EIGHTH, "coqa_blind8"), "ninth": (NINTH, "coqa_blind9"),
         "tenth": (TENTH, "coqa_blind10"),
         "eleventh": (ELEVENTH, "coqa_blind11"),
         "twelfth": (TWELFTH, "coqa_blind12"),
         "thirteenth": (THIRTEENTH, "coqa_blind13")}  # fmt: skip
"""Each sample and its folder, in the order they were drawn: a sample leaves out the stories of
every one drawn before it."""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--coqa", type=Path, default=SHARED)
    parser.add_argument("--fresh", action="store_true", help="the second, untouched sample (issue 39)")
    parser.add_argument("--third", action="store_true", help="the third: enriched by unanswerable share")
    parser.add_argument("--fourth", action="store_true", help="the fourth: untouched, both parts")
    parser.add_argument("--fifth", action="store_true", help="the fifth, drawn as the fourth")
    parser.add_argument("--sixth", action="store_true", help="the sixth, drawn as the fourth")
    parser.add_argument("--seventh", action="store_true", help="the seventh, drawn as the fourth")
    parser.add_argument("--eighth", action="store_true", help="the eighth, drawn as the fourth")
    parser.add_argument("--ninth", action="store_true", help="the ninth, drawn as the fourth")
    parser.add_argument("--tenth", action="store_true", help="the tenth, drawn as the fourth")
    parser.add_argument("--eleventh", action="store_true", help="the eleventh, drawn as the fourth")
    parser.add_argument("--twelfth", action="store_true", help="the twelfth, drawn as the fourth")
    parser.add_argument("--thirteenth", action="store_true", help="the thirteenth, drawn as the fourth")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    which = next((name for name in reversed(PLANS) if getattr(args, name, False)), "first")
    plan, name = PLANS[which]
    out = args.out or HERE / name
    used = {o["story"] for o in json.loads((HERE / "coqa_labels.json").read_text())["orders"]}
    for earlier in [folder for _, folder in PLANS.values()][: list(PLANS).index(which)]:
        drawn_before = json.loads((HERE / earlier / "sample.json").read_text())["dialogues"]
        used |= {f"coqa-{d['story']}" for d in drawn_before} | {str(d["story"]) for d in drawn_before}
    stories = [s for s in read_dialogue_file(args.coqa).stories if s.id not in used]
    rng = random.Random(plan.seed)
    rng.shuffle(stories)
    drawn = stories[: plan.uniform + plan.candidates]
    seeds = {s.id.removeprefix("coqa-"): s for s in CoqaReader().read(drawn)[0]}
    cases = _cases(list(seeds.values()))
    entries = []
    for s in drawn[: plan.uniform]:
        name = rng.choice(PERTURBATIONS)
        entries.append(
            _entry(
                seeds[s.id], cases[(seeds[s.id].id, name)], "uniform", "tune" if plan.held_out else plan.split
            )
        )
    ranked = []
    share = functools.partial(_unanswerable_share, undecided=plan.rank_undecided)
    for s in drawn[plan.uniform :]:
        if s.id not in seeds:
            continue
        options = [cases[(seeds[s.id].id, n)] for n in PERTURBATIONS if (seeds[s.id].id, n) in cases]
        best = max(options, key=share)
        ranked.append((-share(best), s.id, best))
    ranked.sort(key=lambda r: (r[0], r[1]))
    for _, sid, case in ranked[: plan.enriched]:
        entries.append(_entry(seeds[sid], case, "enriched", "tune" if plan.held_out else plan.split))
    if plan.held_out:
        for part in ("uniform", "enriched"):
            mine = [e for e in entries if e["part"] == part]
            for e in rng.sample(mine, len(mine) // 3):
                e["split"] = "held_out"
    _write(out, entries, seeds, rng, plan)


def _cases(seeds: list[SeedDialogue]) -> dict[tuple[str, str], DialogueCase]:
    made, _ = dialogue_cases(seeds, PERTURBATIONS, 1, SUITE_SEED)
    return {
        (c.dialogue.dialogue, c.dialogue.perturbation): c.dialogue
        for c in made
        if c.dialogue and c.rule != "original"
    }


def _unanswerable_share(case: DialogueCase, undecided: bool) -> float:
    """Turns the reader calls unanswerable (with ``undecided``, also those it leaves undecided):
    where its errors gather. Counting the undecided ones picks the dialogues the reader decides
    least: the fresh enriched part's coverage (0.32) measures that choice, not the reader
    (docs/history/dialogue-measured.md, third session)."""
    judged = [t for t in case.turns if t.judged]
    if undecided:
        return sum(t.answerable is not True for t in judged) / max(1, len(judged))
    return sum(t.answerable is False for t in judged) / max(1, len(judged))


def _entry(seed: SeedDialogue, case: DialogueCase, part: str, split: str) -> dict[str, object]:
    turns = [f"{t.origin}{'*' if t.copy else ''}" for t in case.turns]
    unanswerable = sum(t.answerable is False for t in case.turns if t.judged)
    return {
        "story": seed.id.removeprefix("coqa-"),
        "part": part,
        "split": split,
        "perturbation": case.perturbation,
        "variant": case.variant,
        "turns": turns,
        "tool_unanswerable_at_sampling": unanswerable,
    }


def _write(
    out: Path,
    entries: list[dict[str, object]],
    seeds: dict[str, SeedDialogue],
    rng: random.Random,
    plan: Plan,
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "tasks").mkdir(exist_ok=True)
    (out / "sample.json").write_text(json.dumps({"about": plan.about, "dialogues": entries}, indent=1) + "\n")
    order = list(range(len(entries)))
    rng.shuffle(order)
    batches: list[list[int]] = [order[i :: plan.labellers] for i in range(plan.labellers)]
    for n, batch in enumerate(batches):
        extra = batches[(n + 1) % plan.labellers][: plan.overlap]
        text = [RULES]
        for i in sorted(batch + extra):
            text.append(_task(i, entries[i], seeds[str(entries[i]["story"])]))
        (out / "tasks" / f"batch-{n + 1}.md").write_text("\n".join(text))


def _task(index: int, entry: dict[str, object], seed: SeedDialogue) -> str:
    assert seed.story is not None
    lines = [f"\n## Dialogue D{index:03d}\n", "### Story\n", seed.story.text.strip(), "\n### Turns\n"]
    for position, t in enumerate(entry["turns"], 1):  # type: ignore[arg-type]
        r = seed.rounds[int(str(t).rstrip("*")) - 1]
        lines.append(f"{position}. Q: {r.question}\n   gold answer (shown to later turns): {r.answer[0]}")
    return "\n".join(lines)


RULES = """# Answerability labels (blind)

For each dialogue below, label every turn **A** (answerable) or **U** (unanswerable), in order.

A system is shown the story, then the turns one by one. Before each question it has seen the
earlier questions of this dialogue and, for each, the gold answer, except that for an earlier turn
YOU labelled U it was shown the answer "Unknown" instead (so what that answer would have said is
not known to it). The turns are in a perturbed order (shuffled, some dropped, some asked twice):
the question may have been written for a different place in the conversation.

A turn is **A** when a careful reader who has only the story, the earlier turns as shown, and this
question can tell what the question asks, unambiguously, and answer it from the story (with the
answer the original conversation meant). It is **U** when:
- a pronoun, "that X", "the other one", "else", "another" etc. has no antecedent the reader can
  identify in what was shown (the earlier turns as shown, or the story itself where the story makes
  the referent clear and unique), or now most naturally points at something other than it should;
- it is an ellipsis or fragment ("When?", "Why?", "And her sister?", "What color?", "Against whom?")
  that continues a question which is not the turn right before it, or the turn before it was U;
- it presupposes something that was not said ("What was the second thing?" with no first one);
- the story does not contain the answer at all (some original questions have gold answer "unknown").
Use the story to resolve a name or a pronoun only when the story makes it clear who or what is meant.
A question that names its subject fully ("How old was Lynch when he began as a caddy?") is A if the
story answers it, wherever it comes.

Write your labels as JSON: {"D000": ["A", "U reason", "A? borderline reason", ...], ...}, one string
per turn in order, starting with A or U, then a short reason where you hesitated; add "?" right after
the letter for a borderline case. Do not look at any other file.
"""


if __name__ == "__main__":
    main()
