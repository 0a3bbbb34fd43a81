"""The commented starting ``kgtest.toml`` that `kgtest init` (and the first command in a workspace) writes.

Every value in it is the built-in default, and every commented-out ``key = value`` is valid
when uncommented; tests/core/test_settings.py holds it to both.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

_HEAD = """\
# kgtest workspace settings: one file describes a whole evaluation.
# Order of precedence, lowest first: built-in defaults < this file < KGTEST_* environment
# variables < command-line flags. A [[sut]] key overrides [run] for that system only; an
# environment variable or a flag overrides both. docs/configuration.md lists every key.

[store]
# Empty: kgtest runs its own embedded graph database inside this workspace.
# A Neo4j server instead: uri = "bolt://localhost:7687" (password from NEO4J_PASSWORD).
uri = ""
user = "neo4j"
database = "neo4j"

[sparql]
endpoint = "https://query.wikidata.org/sparql"

[run]
# The suites `kgtest run` asks when none is named (relative to this workspace, or absolute).
suites = ["suites/suite.jsonl"]
# Settings every [[sut]] inherits unless it sets its own.
temperature = 0.0      # 0 is greedy: the same reply every time
max_tokens = 256       # room for the answer and the reasoning after it
seed = 0               # seeds sampling when temperature > 0
system_prompt = ""     # sent first in every conversation when not empty
concurrency = 4        # openai: requests in flight
# batch_size = 16      # hf: conversations per batch; unset: 16 on a CPU, 128 on a GPU
timeout = 60.0         # openai: seconds before a request counts as failed
retries = 4            # openai: attempts after 429, 5xx or a refused connection

[judge]
threshold = 0.8        # cosine at which an unnamed relation counts as the case's (the fallback)
extractor = "spacy"    # how claims are read from a reply
leanings = true        # a hedge around one answer ("Probably not") is that answer; false: ambiguous
# `kgtest judge` exits with code 8 when a kind's score falls under this (a CI gate; 0 turns
# it off). A score is 0 for a system that knows nothing (always "Yes.", an echo) and 1 for one
# that gets everything right (docs/scores.md). fail_under_fact, fail_under_temporal,
# fail_under_dialogue and fail_under_conversation give a kind its own; `--fail-under` overrides
# them all. gate_on = "rate" compares the raw share of passed cases instead (not chance-corrected).
fail_under = 0.0
gate_on = "score"

# [prompt]: templates of the text sent for each case, per kind (fact, temporal, dialogue) or for
# all (template); placeholders {prompt} (the suite's), {question}, {kind}, {rule}, {domain}; a
# [[sut]] may have its own (prompt = "..."). docs/configuration.md, "The prompt".
# [dialogue]: how dialogue cases are asked and judged (docs/configuration.md lists the keys:
# the history rounds show, the single-turn baselines, MORTAR's thresholds).
# [battery], [battery.criteria] and [battery.repeats]: conversations' context budgets and
# partner, the battery's thresholds, SWAN's weights, and when a reply is an echo or a repeat
# (docs/battery.md lists them; the defaults need no section).

# Systems under test: `kgtest run` with no --sut asks every one; `--sut NAME` picks some.
"""

_EXAMPLE = """
# [[sut]]
# name = "local-server"
# spec = "openai:http://127.0.0.1:8000/v1?model=smollm2"
# max_tokens = 1024
# system_prompt = "Answer Yes or No first, then give your reasons."
# prompt = "Answer Yes or No first, then give your reasons.\\n{question}"
# price_in = 0.15
# price_out = 0.6
# concurrency = 8
# timeout = 120.0
"""


def starting_config(suts: Sequence[tuple[str, str]] = (("smollm2", "smollm2"),)) -> str:
    """The commented config, with one ``[[sut]]`` per ``(name, spec)``."""
    entries = "".join(f"\n[[sut]]\nname = {_toml(name)}\nspec = {_toml(spec)}\n" for name, spec in suts)
    return _HEAD + entries + _EXAMPLE


def _toml(text: str) -> str:
    """A TOML basic string: its escapes are JSON's."""
    return json.dumps(text, ensure_ascii=False)
