"""CoQA stories as seed dialogues, read offline: spaCy entities, pronoun resolution, ellipsis.

Each round's graph comes from its words (docs/dialogue.md, "Reading CoQA offline"):

* names: what the question names (entities and noun heads, canonicalised per story);
* introduces, once answered: what the answer names, and what the question's pronouns stood for;
* pronouns: he/she/it/they/there (and "that" standing alone) stand for the last fitting mention
  of the rounds before (the question's, then the answer's; the answer's first after who/which);
  a pronoun that nothing before fits points into the story, and one the same question explains
  ("Tom ... his") needs nothing;
* ellipsis: a question without a verb and a subject ("to who?", "what color?"), one opening
  with "and" / "what about", or "another" standing alone continues the question before it
  (ellipsis.py); a whole question with "else" or "another kid", "this idea" for nothing said, or
  no noun at all leans on it ("What was it?", which asks only what "it" is, too); a whole
  question asked again with the same words continues the same frame;
* weak readings: each reference's evidence path (what words, read how) and evidence.py's table
  of how often people agreed with decisions resting on it say where the reading is too weak to
  decide on; a turn resting there is undecided (docs/dialogue.md, "Undecided turns");
* states: the triples kgtest's extractor (kg/extract) reads from the round's rationale, the
  story's words CoQA gives as the answer's evidence;
* the story: what it names, and which pronoun it uses for what (MORTAR's story-resolvable check);
  a pronoun the story uses for two things (two "it"s) resolves nothing from the story, and a
  pronoun the original dialogue uses before anything said could mean it is taken to be resolved
  from the story (its writers answered it), in every order.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from spacy.tokens import Doc, Token

from kgtest.core.errors import GenerationError
from kgtest.generator.dialogue.ellipsis import fragment, takes_up
from kgtest.generator.dialogue.evidence import PathTable, load, weighed
from kgtest.generator.dialogue.mentions import (
    DEMONSTRATIVES,
    Canon,
    Chain,
    Referent,
    fits,
    mentions,
    normalise,
    pick,
    pronoun_class,
    resolve_story,
    salient,
)
from kgtest.generator.dialogue.records import Concept, Round, SeedDialogue, Story
from kgtest.generator.dialogue.sources import CoqaRound, CoqaStory
from kgtest.kg.extract.spacy_triples import INSTALL, MODEL
from kgtest.kg.extract.triples import Triple, TripleExtractor, make_extractor
from kgtest.prolog.answerability import Reference, RefKind, RoundGraph, Statement, StoryGraph

_NO_ANSWER = {"unknown", "unknow", "unkown"}
"""CoQA's answer where the story does not say: the round is unanswerable wherever it comes."""
_TABLE = load()
_BESIDE = {"with", "around", "behind", "beside", "near", "along", "among"}
"""Prepositions whose object may be the verb's own subject: "Did he bring some with him?"."""
_ASKS_FOR_ONE = ("who", "whom", "whose", "which")
"""Questions whose answer is who or what a later pronoun takes up; "what" is not among them (its
answers are mostly what someone did or said, measured on the blind sample's tune part)."""


@dataclass
class _Turn:
    """What one round left behind, for the rounds after it to point at."""

    frame: str
    candidates: list[Referent] = field(default_factory=list)
    """Most recent first: the question's mentions (and what its pronouns meant), then the answer's;
    the answer's first when the question asked for someone or something ("Who did he meet?
    Hilda." then "she" is Hilda; "Where was the bike? In the kitchen." then "it" is the bike)."""
    asked: list[Referent] = field(default_factory=list)
    """The question's own: what its pronouns meant, then what it names, most recent first."""


class CoqaReader:
    """Turns CoQA stories into seed dialogues; spaCy loads once per reader (about a second)."""

    def __init__(self, extractor: TripleExtractor | None = None, batch_size: int = 64) -> None:
        try:
            import spacy

            self._nlp = spacy.load(MODEL)
        except (ImportError, OSError) as exc:
            raise GenerationError(
                f"reading CoQA offline needs spaCy and its model {MODEL!r}: {INSTALL}"
            ) from exc
        self._extractor = extractor or make_extractor("spacy")
        self._batch_size = batch_size

    def read(self, stories: Sequence[CoqaStory]) -> tuple[list[SeedDialogue], int]:
        """Seed dialogues, and how many stories had no usable round (skipped)."""
        usable = [(s, [r for r in s.rounds if r.question.strip() and r.answers]) for s in stories]
        kept = [(s, rounds) for s, rounds in usable if rounds]
        texts = [
            t
            for s, rounds in kept
            for t in (_body(s.story), *(x for r in rounds for x in (r.question, r.answers[0])))
        ]
        docs = iter(self._nlp.pipe(texts, batch_size=self._batch_size))
        spans = [r.span or r.answers[0] for _, rounds in kept for r in rounds]
        triples = iter(self._extractor.extract(spans))
        out = []
        for s, rounds in kept:
            story = next(docs)
            parsed = [(next(docs), next(docs)) for _ in rounds]
            out.append(_read_story(s, story, rounds, parsed, [next(triples) for _ in rounds]))
        return out, len(stories) - len(kept)

    def docs(self, texts: Sequence[str]) -> list[Doc]:
        return list(self._nlp.pipe(texts, batch_size=self._batch_size))


def _body(story: str) -> str:
    """The story without a heading line ("CHAPTER XXXIX RESTITUTION", "Tim Goes To The Beach"): spaCy
    reads a title's capitalised words as a name ("he" = "chapter xxxix restitution", "tim goes")."""
    first, sep, rest = story.partition("\n")
    words = first.split()
    heading = (
        sep
        and words
        and len(words) <= 14
        and not first.rstrip().endswith((".", "!", "?", '"', "'", "\u201d"))
    )
    return rest if heading else story


def _read_story(
    s: CoqaStory,
    story: Doc,
    rounds: Sequence[CoqaRound],
    parsed: Sequence[tuple[Doc, Doc]],
    triples: Sequence[list[Triple]],
) -> SeedDialogue:
    canon = Canon()
    story_names, chains = resolve_story(story, canon)
    reader = RoundReader(canon, chains, frozenset(t.lemma_.lower() for t in story))
    told = salient(chains, canon)
    out = []
    for number, (r, (q, a), found) in enumerate(zip(rounds, parsed, triples, strict=True), 1):
        graph, rewrite = reader.read(q, a)
        states = tuple(
            dict.fromkeys(
                Statement(
                    canon.add(t.subject, "thing").key, t.key or t.relation, canon.add(t.object, "thing").key
                )
                for t in found
                if not t.negated and normalise(t.subject) and normalise(t.object)
            )
        )
        graph = replace(graph, states=states)
        if r.answers[0].strip().lower().rstrip(".") in _NO_ANSWER:  # CoQA: the story does not say
            graph = replace(graph, needs=(*graph.needs, Statement("story", "answers", f"q{number}")))
        out.append(Round(number, r.question.strip(), r.answers, rewrite, graph, judged=not r.bad))
    out = _with_rivals(out, canon)
    pronouns = tuple(dict.fromkeys([*told, *reader.left_to_story]))
    story_graph = StoryGraph(tuple(story_names), pronouns, ())
    concepts = tuple(
        Concept(c.key, c.label, kind=c.kind) for c in sorted(canon.concepts.values(), key=lambda c: c.key)
    )
    title = " ".join(s.story.split()[:8]) + " ..."
    return SeedDialogue(f"coqa-{s.id}", "coqa", title, "", Story(s.story, story_graph), concepts, tuple(out))


def _with_rivals(rounds: list[Round], canon: Canon) -> list[Round]:
    """Each pronoun gets its rivals (its reading weakens with one where its path's table says so):
    the other concepts of the dialogue's rounds it fits (as far as the whole dialogue has told their
    gender and number), after its other reading where it has one (``ambiguous``)."""
    said = dict.fromkeys(k for r in rounds for k in (*r.graph.names, *r.graph.introduces))
    out = []
    for r in rounds:
        refs = tuple(
            replace(x, rivals=tuple(dict.fromkeys([*x.rivals, *_rivals(x, said, canon)])))
            if x.kind is RefKind.PRONOUN
            else x
            for x in r.graph.refers
        )
        out.append(replace(r, graph=replace(r.graph, refers=refs)))
    return out


class RoundReader:
    """Reads the rounds of one dialogue in order, resolving each question against the rounds before."""

    def __init__(
        self,
        canon: Canon,
        chains: Sequence[Chain] = (),
        story: frozenset[str] = frozenset(),
        table: PathTable | None = None,
    ) -> None:
        self.canon = canon
        self.story = story
        """The story's lemmas (lower case): a fragment asking after one of its things is ``NAMES``."""
        self.table = table or _TABLE
        """How often people agreed with each evidence path: its weak buckets are left undecided."""
        self.chains = chains
        self.told = set(salient(chains, canon))
        """What the story calls by which pronoun, most of all: preferred as a question's referent."""
        self.history: list[_Turn] = []
        self.frames: dict[str, str] = {}
        """A whole question's words (lower case, no punctuation) and the frame it was first asked in."""
        self.known: set[str] = set()
        """What the rounds so far named or introduced, in the original order."""
        self.left_to_story: dict[tuple[str, str], None] = {}
        """(class, concept) of pronouns the original dialogue leaves to the story: nothing said before
        them means them, yet the people who wrote the dialogue answered them from the story."""

    def read(self, question: Doc, answer: Doc | None) -> tuple[RoundGraph, str]:
        """The round's graph (states left empty) and its question decontextualised."""
        number = len(self.history) + 1
        asked = [(t, c) for t, c in mentions(question, self.canon, known=True) if not pronoun_class(t)]
        named = [c for _, c in asked]
        refs: list[Reference] = []
        rewrite: list[str] = []
        meant: list[Referent] = []
        guessed: list[Referent] = []
        resolved: dict[int, list[Referent]] = {}
        for tok in question:
            cls = pronoun_class(tok)
            if not cls:
                rewrite.append(tok.text_with_ws)
                continue
            verb = _object_of(tok)
            subjects = [t for t in question if t.dep_ in ("nsubj", "nsubjpass") and t.head == verb]
            apart = {c.key for t in subjects for c in resolved.get(t.i, ())}
            targets, other, how = self._antecedent(tok, cls, asked, apart)
            resolved[tok.i] = targets
            meant += targets if other is None else []  # a guess is no mention for the pronouns after it
            guessed += targets if other is not None else []
            rewrite.append(_substitute(tok, targets) + tok.whitespace_)
            for t in (canon_lead(self.canon, t) for t in targets):
                if t.key in {c.key for c in named}:
                    continue  # the question itself says who: "did Tom see his mother?"
                if t.key not in self.known:
                    self.left_to_story[(cls, t.key)] = None
                group = "he/she" if cls in ("he", "she") else cls
                path = f"{group} {how}" if other is None else f"{group} two readings"
                rivals = (other.key,) if other is not None else ()
                ref = Reference(RefKind.PRONOUN, tok.text, t.key, cls, rivals=rivals, path=path)
                refs.append(weighed(ref, self.table))
        refs += self._demonstratives(question)
        frame = f"q{number}"
        how = fragment(question, self.story) if self.history else ""
        if how:
            frame = self.history[-1].frame
            ref = Reference(RefKind.ELLIPSIS, question.text, frame, path=f"ellipsis {how}")
            refs.append(weighed(ref, self.table))
        elif self.history and (
            leans := takes_up(
                question, {r.text.split()[-1] for r in refs if r.kind == "mention"}, {t.i for t, _ in asked}
            )
        ):
            # "What else ...?", "this technique" for nothing said, "Who won?": it may lean on the question
            # before it ("What was it?" asks only what the turn before spoke of)
            ref = Reference(RefKind.ELLIPSIS, question.text, self.history[-1].frame, path=f"leans {leans}")
            refs.append(weighed(ref, self.table))
        else:  # the very question asked again is the same frame: "Who?" after either copy continues it
            frame = self.frames.setdefault(" ".join(t.lower_ for t in question if not t.is_punct), frame)
        answered = mentions(answer, self.canon) if answer is not None else []
        if question[:1].text.lower() == "where":  # what answers "where" is a place, even "the museum"
            for _, c in answered:
                c.kind = "place" if c.kind in ("thing", "group") else c.kind
        own, found = meant[::-1] + named[::-1], [c for _, c in reversed(answered)]
        candidates = found + own if question[:1].text.lower() in _ASKS_FOR_ONE else own + found
        self.history.append(_Turn(frame, candidates, own))
        self.known |= {c.key for c in (*named, *meant, *guessed)} | {c.key for _, c in answered}
        introduces = tuple(dict.fromkeys([*(c.key for _, c in answered), *(c.key for c in meant + guessed)]))
        graph = RoundGraph(frame, tuple(dict.fromkeys(c.key for c in named)), introduces, tuple(refs))
        return graph, "".join(rewrite).strip()

    def _antecedent(
        self, tok: Token, cls: str, asked: Sequence[tuple[Token, Referent]], apart: Collection[str] = ()
    ) -> tuple[list[Referent], Referent | None, str]:
        """What the pronoun stands for, and the other reading where the reader found two. For a
        possessive, the question's own subject ("did Tom see his mother?"); else, among the
        mentions of the rounds before (most recent first), one the story calls by this pronoun unless
        the question before names a he or a she, else the last that fits (``pick``); else what the
        story calls so; else nothing ever said. A possessive never stands for its own noun ("Who is
        his friend?"), nor an object what the subject of its verb stands for (``apart``: "What did he
        tell him?", "did he yell at him?"). Where a he or she the story mostly means beats another the
        rounds before name last, that last one is the other reading ("Who ran the shop? Mrs. Hill. What
        did she love?", the story's "she" being Ann): people follow the rounds as often as the story."""
        own = [c for t, c in asked if t.i < tok.i and fits(c, cls) and t.dep_ in ("nsubj", "nsubjpass")]
        if own and (tok.tag_ == "PRP$" or tok.lower_.endswith("self")):
            return [own[-1]], None, "own"
        # "How old was Lynch when he began as a caddy?": a name said earlier in another clause of the
        # question is what its pronoun means (in the same clause, "Why did Tom pay him?", it is not);
        # for he or she only a name the text has said is one ("Does the Doctor say she is done up?")
        named = [
            c
            for t, c in asked
            if t.i < tok.i
            and fits(c, cls)
            and c.proper
            and _other_clause(t, tok)
            and (cls not in ("he", "she") or c.gender == cls)
        ]
        if named:
            return [named[-1]], None, "named"
        owner = {c.key for t, c in asked if tok.dep_ == "poss" and t == tok.head} | set(apart)
        before = [c for turn in reversed(self.history) for c in turn.candidates if c.key not in owner]
        near = before[: len(self.history[-1].candidates)] if self.history else []
        found = pick(cls, near, (), before)
        told = [c for c in before if (cls, c.key) in self.told]  # the story's own use beats a guess,
        # not one the question before names and says is a he or a she ("Is there a stepmother? What
        # kind of stepmother is she?", though the story's "she" is mostly someone else); the answer
        # before naming one is only a rival ("Who ran the shop? Mrs. Hill. What did she love?")
        asked_before = self.history[-1].asked if self.history else []
        if told and not (found and found[0].gender == cls and found[0] in asked_before):
            two = cls in ("he", "she") and found and found[0].key != told[0].key
            return [told[0]], found[0] if two else None, "story's"
        if found:
            return found, None, "rounds"
        for chain_cls, keys in self.chains:
            if chain_cls == cls and not owner & set(keys):
                return [self.canon.concepts[k] for k in keys], None, "chain"
        return [self.canon.unknown(cls, tok.text)], None, "nothing"

    def _demonstratives(self, question: Doc) -> list[Reference]:
        """ "this draft": a mention of the draft said before ("this information" for nothing said is the
        story's, and needs nothing)."""
        said = {c.key for turn in self.history for c in turn.candidates}
        refs = []
        for t in question:
            if t.lower_ not in DEMONSTRATIVES or t.dep_ != "det":
                continue
            c = self.canon.find(t.head.lemma_ if t.head.pos_ == "NOUN" else t.head.text)
            if c is not None and c.key in said:
                ref = Reference(RefKind.MENTION, f"{t.text} {t.head.text}", c.key, path="mention")
                refs.append(weighed(ref, self.table))
        return refs


def canon_lead(canon: Canon, referent: Referent) -> Referent:
    """A group stands in requirements for its first member ("Evelyn and their mom": Evelyn)."""
    return canon.concepts[referent.members[0]] if referent.members else referent


def _object_of(pronoun: Token) -> Token | None:
    """The verb an object pronoun is an object of, its own or its preposition's ("What did he tell
    him?", "did he yell at him?"): its subject there is someone else. None for a subject, a
    possessive, a reflexive ("Did he blame himself?"), or the object of a preposition of place or
    company, which may be the subject ("Did he bring some with him?", "she looked around her")."""
    if pronoun.lower_.endswith(("self", "selves")):
        return None
    if pronoun.dep_ in ("dobj", "dative", "iobj"):
        return pronoun.head
    if pronoun.dep_ == "pobj" and pronoun.head.dep_ == "prep" and pronoun.head.lower_ not in _BESIDE:
        return pronoun.head.head
    return None


def _other_clause(name: Token, pronoun: Token) -> bool:
    """Is the pronoun in another clause than the name, so that it may stand for it ("How old was Lynch
    when he began"), not in the name's own clause or one sharing its subject ("Did Dick mean to hit
    him?": him is not Dick)?"""
    head = pronoun.head
    return name.head != head and not (head.dep_ == "xcomp" and head.head == name.head)


def _substitute(tok: Token, targets: Sequence[Referent]) -> str:
    label = " and ".join(t.label for t in targets)
    if tok.tag_ == "PRP$" or tok.lower_ in ("his", "hers", "its", "their", "theirs"):
        return label + ("'" if label.endswith("s") else "'s")
    return label


def _rivals(ref: Reference, said: Iterable[str], canon: Canon) -> Iterator[str]:
    return (k for k in said if k != ref.target and _rival(canon.concepts[k], ref.pronoun))


def _rival(concept: Referent, cls: str) -> bool:
    """Another thing the pronoun could stand for: one it fits, and for he or she one the text has
    said is a he or a she (a person of unknown gender is no rival)."""
    return fits(concept, cls) and (cls not in ("he", "she") or concept.gender == cls)
