"""CoQA stories read by an LLM with MORTAR's information-extraction prompts (its appendix, Fig. 8).

Optional (``kgtest gen --dialogues-from FILE --ie openai:URL?model=NAME``); the offline reader
(coqa.py) is the default. Per story, as in MORTAR's Fig. 5: declarative sentences per round,
topic, entity types, the whole graph, the questions decontextualised, and each round's graph
of the original and of the decontextualised question. Round graphs then follow MORTAR's check:

* names: the entities of the original question; introduces: those of the answer and of the
  decontextualised question;
* refers: the *complement entities* (in the decontextualised question, not in the original):
  each must have been said before, or named by the story;
* needs: the complement relations, as triples; states: the decontextualised round's relations.

Any OpenAI-compatible server answers (``kgtest serve-model`` in tests); the key, if one is
needed, comes from ``OPENAI_API_KEY``. Requests are sent with temperature 0.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from kgtest.core.errors import GenerationError
from kgtest.generator.dialogue.mentions import normalise
from kgtest.generator.dialogue.records import Concept, Round, SeedDialogue, Story
from kgtest.generator.dialogue.sources import CoqaRound, CoqaStory
from kgtest.prolog.answerability import Reference, RefKind, RoundGraph, Statement, StoryGraph

_JSON = re.compile(r"\{.*\}", re.S)
PROMPTS: dict[str, str] = tomllib.loads(
    (resources.files("kgtest.generator.dialogue") / "mortar_prompts.toml").read_text(encoding="utf-8")
)


class LlmReader:
    """MORTAR's LLM pipeline against one OpenAI-compatible endpoint (``URL?model=NAME``)."""

    def __init__(self, spec: str, timeout_s: float = 120.0) -> None:
        parts = urlsplit(spec)
        model = parse_qs(parts.query).get("model", [""])[0]
        if not parts.scheme or not model:
            raise GenerationError(
                f"--ie openai:{spec}: expected openai:URL?model=NAME (the server's /v1 URL)"
            )
        self.url = f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/") + "/chat/completions"
        self.model = model
        key = os.environ.get("OPENAI_API_KEY")
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._http = httpx.Client(timeout=timeout_s, headers=headers)

    def read(self, stories: Sequence[CoqaStory]) -> tuple[list[SeedDialogue], int]:
        kept = [(s, [r for r in s.rounds if r.question.strip() and r.answers]) for s in stories]
        out = [self._story(s, rounds) for s, rounds in kept if rounds]
        return out, len(stories) - len(out)

    def _story(self, s: CoqaStory, rounds: Sequence[CoqaRound]) -> SeedDialogue:
        dialogue = _dialogue(rounds)
        ask = _Asker(self, s.id)
        declared = ask(PROMPTS["declarative"].format(dialogue=dialogue), "declarative sentences")
        text = " ".join(str(v) for v in declared.values())
        topic = str(ask(PROMPTS["topic"].format(text=text), "topic").get("topic", ""))
        types = ask(PROMPTS["entity_types"].format(topic=topic, text=text), "entity types").get(
            "entity_types", []
        )
        whole = ask(
            PROMPTS["graph"].format(entity_types=json.dumps(types), text=f"{s.story}\n{text}"), "graph"
        )
        entities = [e for e in _list(whole.get("entities")) if isinstance(e, dict) and e.get("name")]
        relations = [r for r in _list(whole.get("relations")) if isinstance(r, dict)]
        filled = ask(PROMPTS["decontextualise"].format(dialogue=dialogue), "decontextualised questions")
        full = _dialogue(
            rounds,
            [str(_get(filled, f"Round {i}", "Question") or r.question) for i, r in enumerate(rounds, 1)],
        )
        graph_args = {"entities": json.dumps(entities), "relations": json.dumps(relations)}
        original = ask(PROMPTS["round_graph"].format(dialogue=dialogue, **graph_args), "round graphs")
        decontext = ask(
            PROMPTS["round_graph"].format(dialogue=full, **graph_args), "decontextualised round graphs"
        )
        concepts: dict[str, Concept] = {}
        for e in entities:
            concepts.setdefault(
                normalise(str(e["name"])),
                Concept(normalise(str(e["name"])), str(e["name"]), kind=str(e.get("type", ""))),
            )
        out = []
        for i, r in enumerate(rounds, 1):
            q = _part(original, i, "Question")
            a = _part(original, i, "Answer")
            fq = _part(decontext, i, "Question")
            fa = _part(decontext, i, "Answer")
            names = _keys(q, concepts)
            complement = [k for k in _keys(fq, concepts) if k not in names]
            needs = tuple(t for t in _triples(fq, concepts) if t not in _triples(q, concepts))
            graph = RoundGraph(
                frame=f"q{i}",
                names=tuple(names),
                introduces=tuple(
                    dict.fromkeys([*_keys(a, concepts), *_keys(fq, concepts), *_keys(fa, concepts)])
                ),
                refers=tuple(Reference(RefKind.MENTION, concepts[k].label, k) for k in complement),
                needs=needs,
                states=tuple(dict.fromkeys([*_triples(fq, concepts), *_triples(fa, concepts)])),
            )
            rewrite = str(_get(filled, f"Round {i}", "Question") or r.question)
            out.append(Round(i, r.question.strip(), r.answers, rewrite, graph, judged=not r.bad))
        story = s.story.lower()
        story_graph = StoryGraph(
            names=tuple(k for k, c in concepts.items() if c.label.lower() in story),
            states=tuple(
                t for t in _triples({"relations": relations}, concepts)
                if concepts[t.subject].label.lower() in story and concepts[t.object].label.lower() in story
            ),
        )  # fmt: skip
        title = topic or " ".join(s.story.split()[:8])
        return SeedDialogue(
            f"coqa-{s.id}",
            "coqa",
            title,
            "",
            Story(s.story, story_graph),
            tuple(concepts.values()),
            tuple(out),
        )

    def complete(self, prompt: str) -> str:
        body = {"model": self.model, "messages": [{"role": "user", "content": prompt}], "temperature": 0}
        try:
            response = self._http.post(self.url, json=body)
        except httpx.HTTPError as exc:
            raise GenerationError(
                f"no answer from the IE model at {self.url} ({exc}); start it or use --ie offline"
            ) from exc
        if response.status_code != 200:
            raise GenerationError(
                f"the IE model at {self.url} answered HTTP {response.status_code}: {response.text[:200]}"
            )
        try:
            return str(response.json()["choices"][0]["message"]["content"])
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise GenerationError(
                f"the IE model at {self.url} did not answer in the OpenAI format: {response.text[:200]}"
            ) from exc


class _Asker:
    def __init__(self, reader: LlmReader, story: str) -> None:
        self.reader, self.story = reader, story

    def __call__(self, prompt: str, step: str) -> dict[str, Any]:
        reply = self.reader.complete(prompt)
        found = _JSON.search(reply)
        try:
            data = json.loads(found.group()) if found else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise GenerationError(
                f"story {self.story}: model {self.reader.model!r} answered no JSON object for the {step} "
                f"({reply[:120]!r}); use a stronger model or --ie offline"
            )
        return data


def _dialogue(rounds: Sequence[CoqaRound], questions: Sequence[str] | None = None) -> str:
    return json.dumps(
        {
            f"Round {i}": {
                "Question": (questions[i - 1] if questions else r.question),
                "Answer": r.answers[0],
            }
            for i, r in enumerate(rounds, 1)
        },
        ensure_ascii=False,
    )


def _get(data: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def _part(graphs: Mapping[str, Any], number: int, side: str) -> Mapping[str, Any]:
    found = _get(graphs, f"Round {number}", side)
    return found if isinstance(found, Mapping) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _keys(part: Mapping[str, Any], concepts: dict[str, Concept]) -> list[str]:
    """Entity names as concept keys; a name the whole graph lacks becomes a concept of its own
    (MORTAR canonicalises it with another prompt; here the name is kept as it is)."""
    out = []
    for name in _list(part.get("entities")):
        key = normalise(str(name))
        if key:
            concepts.setdefault(key, Concept(key, str(name)))
            out.append(key)
    return list(dict.fromkeys(out))


def _triples(part: Mapping[str, Any], concepts: dict[str, Concept]) -> list[Statement]:
    out = []
    for r in _list(part.get("relations")):
        if not isinstance(r, Mapping):
            continue
        s, o = normalise(str(r.get("source_entity", ""))), normalise(str(r.get("target_entity", "")))
        if s and o:
            for key, name in ((s, r.get("source_entity")), (o, r.get("target_entity"))):
                concepts.setdefault(key, Concept(key, str(name)))
            out.append(Statement(s, normalise(str(r.get("relationship", ""))) or "related", o))
    return list(dict.fromkeys(out))
