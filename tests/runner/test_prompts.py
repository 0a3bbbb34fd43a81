"""``[prompt]``: templates checked when kgtest.toml is read, the text they make sent, keyed, recorded
in run.json and shown by ``inspect``; a new template is a new run, asked again."""

from __future__ import annotations

from pathlib import Path

import pytest

import kgtest
from kgtest.core.errors import ConfigError
from kgtest.core.settings import load_settings
from kgtest.core.workspace import Workspace
from kgtest.generator.case import read_suite
from kgtest.runner.manifest import read_manifest
from tests.api.harness_bots import QUESTIONS
from tests.runner.chatters import Echo

EVERY = 'fact = "Q ({domain}/{rule}): {question}"\n'


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    questions = tmp_path / "questions.jsonl"
    questions.write_text(QUESTIONS, encoding="utf-8")
    workspace = tmp_path / "ws"
    kgtest.import_questions(questions, workspace=workspace, out=workspace / "suites" / "suite.jsonl")
    return workspace


def _configure(ws: Path, text: str) -> None:
    (ws / "kgtest.toml").write_text(text, encoding="utf-8")


def _ask(ws: Path, bot: Echo, **settings: object) -> kgtest.Asked:
    """The bot asked the suite, and judged (``inspect`` shows judged runs)."""
    config = load_settings(ws, env={})
    [done] = kgtest.run([ws / "suites" / "suite.jsonl"], [bot], workspace=config, **settings)
    kgtest.judge(done.summary.run_id, workspace=config, graph=False)
    return done


def _manifest(ws: Path, done: kgtest.Asked) -> kgtest.RunManifest:
    return read_manifest(Workspace(ws).run(done.summary.run_id))


def test_a_template_changes_what_is_sent_the_run_and_the_cache_key(ws: Path) -> None:
    plain, shaped = Echo(), Echo()
    _configure(ws, "")
    before = _ask(ws, plain)
    case = next(iter(kgtest.inspect("austen-emma", workspace=ws).judged))
    assert plain.seen[0][-1]["content"].startswith("Answer the question with your knowledge")
    assert _manifest(ws, before).plan.prompts == {}
    emma = next(c for c in read_suite(ws / "suites" / "suite.jsonl") if c.id == "austen-emma")
    assert case.template == "" and case.sent == ({"role": "user", "content": emma.prompt},)

    _configure(ws, "[prompt]\n" + EVERY)
    after = _ask(ws, shaped)
    assert after.summary.run_id != before.summary.run_id and after.summary.asked == 6
    assert [m[-1]["content"] for m in shaped.seen][:2] == [
        "Q (own/own): Did Charles Dickens write Oliver Twist?",
        "Q (own/own): Was Charles Dickens born in London?",
    ]
    manifest = _manifest(ws, after)
    assert manifest.plan.prompts == {"fact": "Q ({domain}/{rule}): {question}"}
    shown = kgtest.inspect("austen-emma", workspace=ws)
    assert shown.template == "Q ({domain}/{rule}): {question}"
    assert shown.prompt == "Q (books/own): Did Jane Austen write Emma?"
    judged = {a.name.split(" (run ")[1][:-1]: a for a in shown.judged}
    assert judged[after.summary.run_id].sent == ({"role": "user", "content": shown.prompt},)
    assert judged[after.summary.run_id].template == shown.template

    again = _ask(ws, Echo())  # the same template: the same run, every reply from the cache
    assert again.summary.run_id == after.summary.run_id and again.summary.asked == 0


def test_a_systems_own_template_wins_over_the_files(ws: Path) -> None:
    bot = Echo()
    _configure(ws, "[prompt]\n" + EVERY + '[[sut]]\nname = "python:tests.runner.chatters.Echo"\n'
               'spec = "x"\nprompt = "Mine: {prompt}"\n')  # fmt: skip
    done = _ask(ws, bot)
    assert bot.seen[0][-1]["content"].startswith("Mine: Answer the question with your knowledge")
    assert _manifest(ws, done).plan.prompts == {"fact": "Mine: {prompt}"}
    other = Echo()
    _ask(ws, other, prompt="Override: {question}")  # an argument (a flag) wins over both
    assert other.seen[0][-1]["content"] == "Override: Did Charles Dickens write Oliver Twist?"


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('[prompt]\nfact = "Q: {questoin}"\n',
         r"kgtest.toml:2: \[prompt\] fact = 'Q: \{questoin\}': .*unknown placeholder \{questoin\}; "
         r"a template may use \{prompt\}, \{question\}"),
        ('[prompt]\ntemplate = "Same text"\n', r"kgtest.toml:2: \[prompt\] template .*names no placeholder"),
        ('[prompt]\ndialogue = "{prompt"\n', r"kgtest.toml:2: \[prompt\] dialogue .*write \{\{ and \}\}"),
        ('[prompt]\nconversation = "{prompt}"\n',
         r"\[prompt\]: unknown key 'conversation'; known keys: template, fact, temporal, dialogue"),
        ('\n[[sut]]\nname = "a"\nspec = "x"\nprompt = { fact = "{prompt.upper}" }\n',
         r"kgtest.toml:5: \[\[sut\]\] number 1 \(name 'a'\) prompt.fact = '\{prompt.upper\}'"),
        ('[prompt]\nfact = "Q: {prompt:>99999999}"\n',
         r"fact = .*\{prompt:>99999999\}: a placeholder takes no conversion or format; write \{prompt\}"),
        ('[prompt]\ntemplate = "{question!r}"\n', r"\{question!r\}: a placeholder takes no conversion"),
    ],
)  # fmt: skip
def test_a_bad_template_is_named_with_its_line_and_key(tmp_path: Path, toml: str, message: str) -> None:
    (tmp_path / "kgtest.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_settings(tmp_path, env={})


def test_a_bad_template_given_to_the_api_is_a_config_error(ws: Path) -> None:
    _configure(ws, "")
    with pytest.raises(ConfigError, match=r"prompt = '\{oops\}'.*unknown placeholder \{oops\}"):
        _ask(ws, Echo(), prompt="{oops}")
