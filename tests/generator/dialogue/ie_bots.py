"""Stand-ins for an LLM behind the real OpenAI-compatible server: one that follows MORTAR's prompts by
matching names in the text it is given, and one that never answers JSON."""

from __future__ import annotations

import json
import re
from typing import Any

from kgtest.runner.sut import Message

NAMES = ("Tom", "Max", "the park", "a red ball", "the lake")
RELATIONS = [("Tom", "owns", "Max"), ("Max", "found", "a red ball"), ("Tom", "threw", "a red ball")]
FILL = {"he": "Max", "him": "Max", "it": "the red ball", "there": "at the park"}


class ScriptedIe:
    """Answers each of MORTAR's information-extraction prompts by matching names in the text."""

    def respond(self, conversation: list[Message]) -> str:
        prompt = conversation[-1]["content"]
        if "summarise the information confirmed" in prompt:
            return json.dumps({k: f"{v['Question']} {v['Answer']}" for k, v in _dialogue(prompt).items()})
        if "assigning a descriptive topic" in prompt:
            return 'Here it is: {"topic": "Tom and his dog"}'
        if "identify the entity types" in prompt:
            return json.dumps({"entity_types": ["person", "animal", "place", "object"]})
        if "identify all entities of those types" in prompt:
            entities = [{"name": n, "type": "thing", "description": n} for n in NAMES]
            relations = [{"relationship": r, "source_entity": s, "target_entity": o} for s, r, o in RELATIONS]
            return "```json\n" + json.dumps({"entities": entities, "relations": relations}) + "\n```"
        if "Extract coreference information" in prompt:
            return json.dumps(
                {
                    k: {"Question": _fill(v["Question"]), "Answer": v["Answer"]}
                    for k, v in _dialogue(prompt).items()
                }
            )
        if "select all entities involved" in prompt:
            return json.dumps(
                {
                    k: {side: _graph(v[side]) for side in ("Question", "Answer")}
                    for k, v in _dialogue(prompt).items()
                }
            )
        raise AssertionError(f"unexpected prompt: {prompt[:80]}")


class Rambler:
    def respond(self, conversation: list[Message]) -> str:
        return "I think the story is about a dog."


def _dialogue(prompt: str) -> dict[str, Any]:
    marker = (
        "dialogue_record: "
        if "dialogue_record: " in prompt
        else "Dialogue_history: "
        if "Dialogue_history" in prompt
        else "Dialogue: "
    )
    text = prompt.rsplit(marker, 1)[1]
    data: dict[str, Any] = json.JSONDecoder().raw_decode(text)[0]
    return data


def _fill(question: str) -> str:
    return re.sub(r"\b(he|him|it|there)\b", lambda m: FILL[m.group().lower()], question, flags=re.I)


def _graph(text: str) -> dict[str, Any]:
    low = text.lower()
    found = [n for n in NAMES if n.lower().removeprefix("the ").removeprefix("a ") in low]
    relations = [
        {"relationship": r, "source_entity": s, "target_entity": o}
        for s, r, o in RELATIONS
        if s in found and o in found
    ]
    return {"entities": found, "relations": relations}
