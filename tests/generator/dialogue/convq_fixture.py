"""A ConvQuestions-format conversation of our own, about people in tests/generator/kb_fixture.py."""

from __future__ import annotations

from typing import Any

WD = "https://www.wikidata.org/wiki/"

CONVERSATIONS: list[dict[str, Any]] = [
    {
        "conv_id": 1,
        "domain": "books",
        "seed_entity": f"{WD}Q5686",
        "seed_entity_text": "Charles Dickens",
        "questions": [
            {
                "turn": 0,
                "question": "Where was Charles Dickens born?",
                "answer": f"{WD}Q1107",
                "answer_text": "Portsmouth",
            },
            {
                "turn": 1,
                "question": "Who was his wife?",
                "answer": f"{WD}Q3048897",
                "answer_text": "Catherine Dickens",
            },
            {"turn": 2, "question": "Place of death?", "answer": f"{WD}Q84", "answer_text": "London"},
            {
                "turn": 3,
                "question": "Which county is Portsmouth in?",
                "answer": f"{WD}Q23183",
                "answer_text": "Hampshire",
            },
            {"turn": 4, "question": "Was she born before 1820?", "answer": "Yes", "answer_text": "Yes"},
        ],
    },
]
