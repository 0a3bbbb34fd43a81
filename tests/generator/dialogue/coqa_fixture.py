"""Six short stories in CoQA's format, written for these tests, with perturbed orders labelled by hand.

Each story has its rounds (question, answer) and a few orders of them as DS, DR and DD make
them (``3*`` is round 3 asked a second time). Every turn of every order is labelled by a
person reading the story and the conversation so far (earlier answers shown as given, or as
"Unknown" where the turn was labelled unanswerable): ``A`` if the question can be understood,
``U`` if not, with the reason. The labels were written before the reader was run on them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

A, U = True, False

STORIES: list[dict[str, Any]] = [
    {
        "id": "tom-and-max",
        "story": (
            "Tom had a big brown dog named Max. Max loved to run, and he was always hungry. One day Tom "
            "took Max to the park. At the park, Max found a red ball under an old oak tree. Tom threw the "
            "ball into the lake. Max swam out and brought it back to Tom. When they got home, Tom gave Max a "
            "bone."
        ),
        "rounds": [
            ("Who had a dog?", "Tom"),
            ("What was the dog's name?", "Max"),
            ("Where did Tom take him one day?", "to the park"),
            ("What did he find there?", "a red ball"),
            ("What did Tom do with it?", "threw it into the lake"),
            ("Who brought it back?", "Max"),
            ("What did Tom give him at home?", "a bone"),
        ],
        "orders": [
            (
                "DS",
                ["4", "1", "6", "2", "5", "3", "7"],
                [
                    (U, "'there': no place has been talked about"),
                    (A, "self-contained"),
                    (A, "the story says Max brought 'it' (the ball) back; the same words"),
                    (A, "self-contained"),
                    (A, "'it' is the ball, as in 'Who brought it back?' two turns before"),
                    (A, "'him' is Max, the only dog, named in the answers before"),
                    (A, "'him' is Max, named before"),
                ],
            ),
            (
                "DR",
                ["1", "2", "4", "6", "7"],
                [
                    (A, "self-contained"),
                    (A, "self-contained"),
                    (U, "'there': the park was dropped"),
                    (A, "the story says Max brought 'it' (the ball) back; the same words"),
                    (A, "'him' is Max, answered in round 2"),
                ],
            ),
            (
                "DD",
                ["1", "2", "3", "4", "5", "2*", "6", "7", "4*"],
                [
                    (A, "self-contained"),
                    (A, "self-contained"),
                    (A, "'him' is Max, just named"),
                    (A, "'he' is Max, 'there' is the park, just answered"),
                    (A, "'it' is the ball, just answered"),
                    (A, "self-contained"),
                    (A, "'it' is the ball: the only thing brought back in the story"),
                    (A, "'him' is Max"),
                    (A, "'he' is Max and 'there' the park, both said before"),
                ],
            ),
        ],
    },
    {
        "id": "anna-bakery",
        "story": (
            "Anna owned a small bakery on Main Street. Every morning she baked bread and apple pies. Her "
            "brother Paul helped her on weekends. He delivered the pies to a cafe across town. The cafe was "
            "called Blue Door. Its owner, Mr. Lee, paid Anna every Friday."
        ),
        "rounds": [
            ("What did Anna own?", "a small bakery"),
            ("Where was it?", "on Main Street"),
            ("What did she bake every morning?", "bread and apple pies"),
            ("Who helped her?", "her brother Paul"),
            ("When?", "on weekends"),
            ("Where did he deliver the pies?", "to a cafe across town"),
            ("What was it called?", "Blue Door"),
            ("Who paid Anna?", "Mr. Lee"),
        ],
        "orders": [
            (
                "DS",
                ["5", "3", "1", "7", "2", "4", "8", "6"],
                [
                    (U, "'When?' continues a question that has not been asked"),
                    (A, "'she' is Anna, the story's only woman"),
                    (A, "self-contained"),
                    (
                        U,
                        "'it' would be the bakery; 'called' asks for the cafe's name, not yet talked about",
                    ),
                    (A, "'it' is the bakery, just answered"),
                    (A, "'her' is Anna"),
                    (A, "self-contained"),
                    (A, "'he' is Paul, answered before"),
                ],
            ),
            (
                "DR",
                ["1", "3", "5", "6", "7", "8"],
                [
                    (A, "self-contained"),
                    (A, "'she' is Anna"),
                    (U, "'When?' does not follow the helping question, which was dropped"),
                    (A, "'he': the story calls only Paul 'he'"),
                    (A, "'it' is the cafe, just answered"),
                    (A, "self-contained"),
                ],
            ),
            (
                "DSD",
                ["4", "5", "8", "1", "2", "5*", "3", "6", "7"],
                [
                    (A, "'her' is Anna, the story's only woman"),
                    (A, "'When?' continues 'Who helped her?'"),
                    (A, "self-contained"),
                    (A, "self-contained"),
                    (A, "'it' is the bakery, just answered"),
                    (U, "'When?' now follows 'Where was it?'"),
                    (A, "'she' is Anna"),
                    (A, "'he' is Paul, answered in the first turn"),
                    (A, "'it' is the cafe, just answered"),
                ],
            ),
        ],
    },
    {
        "id": "marie-curie",
        "story": (
            "Marie Curie was a physicist and chemist. She was born in Warsaw in 1867 and moved to Paris to "
            "study. There she met Pierre Curie, and they married in 1895. Together they discovered polonium "
            "and radium. She won the Nobel Prize twice. The first prize was shared with Pierre and Henri "
            "Becquerel."
        ),
        "rounds": [
            ("Where was Marie Curie born?", "Warsaw"),
            ("When?", "1867"),
            ("Where did she move?", "to Paris"),
            ("Who did she meet there?", "Pierre Curie"),
            ("When did they marry?", "1895"),
            ("What did they discover?", "polonium and radium"),
            ("How many times did she win the Nobel Prize?", "twice"),
            ("Who shared the first one?", "Pierre and Henri Becquerel"),
        ],
        "orders": [
            (
                "DS",
                ["2", "7", "4", "1", "8", "3", "6", "5"],
                [
                    (U, "'When?' asks when something happened, but nothing has been asked"),
                    (A, "'she' is Marie Curie, the story's only woman"),
                    (U, "'there': no place has been talked about"),
                    (A, "self-contained"),
                    (A, "'the first one' is the Nobel Prize, asked before"),
                    (A, "'she' is Marie Curie"),
                    (A, "'they' is Marie and Pierre, both said before"),
                    (A, "'they' is Marie and Pierre"),
                ],
            ),
            (
                "DR",
                ["1", "3", "5", "6", "8"],
                [
                    (A, "self-contained"),
                    (A, "'she' is Marie Curie"),
                    (A, "'they': the story says 'they married', Marie and Pierre"),
                    (A, "'they': the story says 'they discovered polonium and radium'"),
                    (U, "'the first one': no prize has been mentioned"),
                ],
            ),
            (
                "DD",
                ["1", "2", "3", "4", "2*", "5", "6", "7", "8"],
                [
                    (A, "self-contained"),
                    (A, "'When?' continues the birth question"),
                    (A, "'she' is Marie Curie"),
                    (A, "'there' is Paris, just answered"),
                    (U, "'When?' now follows the meeting question: a different question"),
                    (A, "'they' is Marie and Pierre"),
                    (A, "'they' is Marie and Pierre"),
                    (A, "'she' is Marie Curie"),
                    (A, "'the first one' is the Nobel Prize, just asked"),
                ],
            ),
        ],
    },
    {
        "id": "school-trip",
        "story": (
            "The students of Mrs. Green's class went on a trip to the science museum. They travelled by "
            "yellow bus. At the museum they saw a dinosaur skeleton. It was taller than a house. After lunch "
            "a guide named Sam showed them a planetarium show. The children loved it."
        ),
        "rounds": [
            ("Whose class went on a trip?", "Mrs. Green's"),
            ("Where did they go?", "the science museum"),
            ("How did they travel?", "by bus"),
            ("What color was it?", "yellow"),
            ("What did they see there?", "a dinosaur skeleton"),
            ("How tall was it?", "taller than a house"),
            ("Who showed them the planetarium show?", "a guide named Sam"),
        ],
        "orders": [
            (
                "DSR",
                ["6", "2", "7", "4", "1"],
                [
                    (A, "the story says 'It was taller than a house': the skeleton"),
                    (A, "'they' is the students, as the story calls them"),
                    (A, "'them' is the students"),
                    (U, "'it' would be the museum or the show; the bus was dropped"),
                    (A, "self-contained"),
                ],
            ),
            (
                "DD",
                ["1", "2", "3", "4", "5", "3*", "6", "7"],
                [
                    (A, "self-contained"),
                    (A, "'they' is the class"),
                    (A, "'they' is the class"),
                    (A, "'it' is the bus, just answered"),
                    (A, "'there' is the museum"),
                    (A, "'they' is the class"),
                    (U, "'it' would be the bus now, not the skeleton"),
                    (A, "'them' is the students"),
                ],
            ),
        ],
    },
    {
        "id": "lost-kitten",
        "story": (
            "Lily found a lost kitten in the rain. The kitten was grey and very small. Lily took it home and "
            "dried it with a towel. Her mother said they could keep it. Lily named the kitten Smoky. Her "
            "father bought a basket for Smoky to sleep in."
        ),
        "rounds": [
            ("What did Lily find?", "a lost kitten"),
            ("What color was it?", "grey"),
            ("What did she dry it with?", "a towel"),
            ("Who said they could keep it?", "her mother"),
            ("What did Lily name it?", "Smoky"),
            ("What did her father buy?", "a basket"),
            ("What for?", "for Smoky to sleep in"),
        ],
        "orders": [
            (
                "DS",
                ["7", "2", "5", "1", "6", "3", "4"],
                [
                    (U, "'What for?' continues a question that has not been asked"),
                    (A, "'it': the story calls only the kitten 'it'"),
                    (A, "'it' is the kitten"),
                    (A, "self-contained"),
                    (A, "'her' is Lily"),
                    (A, "'she' is Lily, 'it' the kitten"),
                    (A, "'it' is the kitten"),
                ],
            ),
            (
                "DR",
                ["1", "2", "3", "5", "7"],
                [
                    (A, "self-contained"),
                    (A, "'it' is the kitten, just answered"),
                    (A, "'she' is Lily, 'it' the kitten"),
                    (A, "'it' is the kitten"),
                    (U, "'What for?' does not follow the basket question, which was dropped"),
                ],
            ),
            (
                "DSD",
                ["6", "7", "1", "6*", "3", "2", "7*", "5", "4"],
                [
                    (A, "'her' is Lily, the story's girl"),
                    (A, "'What for?' continues the basket question"),
                    (A, "self-contained"),
                    (A, "'her' is Lily"),
                    (A, "'she' is Lily, 'it' the kitten"),
                    (A, "'it' is the kitten"),
                    (U, "'What for?' now follows the colour question"),
                    (A, "'it' is the kitten"),
                    (A, "'it' is the kitten"),
                ],
            ),
        ],
    },
    {
        "id": "river-town",
        "story": (
            "Millford is a small town on the Green River. It was founded in 1820 by farmers from Ohio. The "
            "town has one school and two churches. Its mayor is Carla Diaz. She was elected in 2019. The "
            "river floods almost every spring."
        ),
        "rounds": [
            ("What is Millford?", "a small town"),
            ("What river is it on?", "the Green River"),
            ("When was the town founded?", "1820"),
            ("By whom?", "farmers from Ohio"),
            ("Who is its mayor?", "Carla Diaz"),
            ("When was she elected?", "2019"),
            ("What happens to the river every spring?", "it floods"),
        ],
        "orders": [
            (
                "DS",
                ["4", "6", "2", "1", "7", "5", "3"],
                [
                    (U, "'By whom?' continues a question that has not been asked"),
                    (A, "'she': the story calls only Carla Diaz 'she'"),
                    (A, "'it': the story calls Millford 'it'"),
                    (A, "self-contained"),
                    (A, "self-contained"),
                    (A, "'its' is Millford"),
                    (A, "self-contained"),
                ],
            ),
            (
                "DR",
                ["1", "2", "4", "5", "7"],
                [
                    (A, "self-contained"),
                    (A, "'it' is Millford"),
                    (U, "'By whom?' now follows the river question"),
                    (A, "'its' is Millford"),
                    (A, "self-contained"),
                ],
            ),
            (
                "DD",
                ["1", "2", "3", "4", "5", "4*", "6", "7"],
                [
                    (A, "self-contained"),
                    (A, "'it' is Millford"),
                    (A, "self-contained"),
                    (A, "'By whom?' continues the founding question"),
                    (A, "'its' is Millford"),
                    (U, "'By whom?' now follows the mayor question"),
                    (A, "'she' is Carla Diaz, just answered"),
                    (A, "self-contained"),
                ],
            ),
        ],
    },
]


def coqa_file(path: Path, stories: list[dict[str, Any]] = STORIES) -> Path:
    """The stories as a CoQA-format file (no labels in it)."""
    data = [
        {
            "id": s["id"],
            "source": "kgtest",
            "story": s["story"],
            "questions": [{"input_text": q, "turn_id": i} for i, (q, _) in enumerate(s["rounds"], 1)],
            "answers": [
                {"input_text": a, "span_text": a, "turn_id": i} for i, (_, a) in enumerate(s["rounds"], 1)
            ],
        }
        for s in stories
    ]
    path.write_text(json.dumps({"version": "1.0", "data": data}, ensure_ascii=False), encoding="utf-8")
    return path


def labelled_orders() -> list[tuple[str, str, list[tuple[int, int]], list[bool], list[str]]]:
    """(story id, perturbation, [(round, copy)], labels, reasons) for every labelled order."""
    out = []
    for s in STORIES:
        for name, order, labels in s["orders"]:
            turns = [(int(x.rstrip("*")), int(x.endswith("*"))) for x in order]
            assert len(turns) == len(labels), (s["id"], name)
            out.append((s["id"], name, turns, [a for a, _ in labels], [r for _, r in labels]))
    return out
