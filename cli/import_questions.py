"""``kgtest import``: a file of your own questions with expected answers as a suite (docs/suite-format.md)."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest import api
from kgtest.cli.main import AppContext, pass_app


@click.command("import")
@click.argument("questions", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Suite file to write. [default: WORKSPACE/suites/<QUESTIONS' name>.jsonl]",
)
@pass_app
def command(app: AppContext, questions: Path, out: Path | None) -> None:
    """Turn QUESTIONS (JSON Lines or .csv: question, expected Yes/No/I don't know, evidence) into a suite.

    The suite is judged by the same oracle as a generated one: the reply's answer against the
    expected one, the facts it states against the evidence. A malformed line stops with the
    file, line and field, and nothing is written.

    \b
    kgtest import my-questions.jsonl && kgtest run suites/my-questions.jsonl --sut smollm2
    """
    suite = api.import_questions(questions, workspace=app.load, out=out)
    click.echo(f"Wrote {suite.cases} cases to {suite.path}")
