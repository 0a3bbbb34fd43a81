"""The ``kgtest`` command: one group, one module per subcommand, one error boundary."""

from __future__ import annotations

import atexit
import importlib
import os
import sqlite3
import sys
import threading
import traceback

import click
from rich.console import Console
from rich.text import Text

from kgtest import api
from kgtest.cli.disk import disk_error
from kgtest.cli.suggest import remember, with_workspace
from kgtest.cli.text import literal
from kgtest.core.errors import KgtestError
from kgtest.core.settings import Settings, load_settings, resolve_workspace
from kgtest.core.workspace import Workspace

err_console = Console(stderr=True, highlight=False)

# kgtest shows its own progress; the model libraries' bars and advice would drown it.
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("TQDM_DISABLE", "1")


class AppContext:
    """What every subcommand needs: the settings, resolved once."""

    def __init__(self, workspace: str | None, store_uri: str | None) -> None:
        self._workspace = workspace
        self._store_uri = store_uri
        self._settings: Settings | None = None

    @property
    def paths(self) -> Workspace:
        """The workspace's paths, without reading (or writing) its config."""
        return Workspace(resolve_workspace(self._workspace))

    def load(self) -> Settings:
        """The settings, read on this first call: what API calls are given, so that they check
        their input before the workspace is made."""
        return self.settings

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = load_settings(
                resolve_workspace(self._workspace), overrides={"store": {"uri": self._store_uri}}
            )
        return self._settings


pass_app = click.make_pass_decorator(AppContext)


class KgtestGroup(click.Group):
    """Maps expected errors to exit codes and prints them without a traceback.

    A subcommand's module is imported when that subcommand runs, so a command pays for its own
    imports only: importing them all took 1.7 s before any work, and 1.5 s of ``kgtest --help``.
    """

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = [(name, _summary(self, ctx, name, limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in COMMANDS:
            found = importlib.import_module(f"kgtest.cli.{COMMANDS[cmd_name][0]}").command
            self.add_command(found, cmd_name)
        return found

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """click's, with the closest commands suggested for a mistyped one: click suggests from
        the commands it holds, and this group imports them only when one runs."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            known = self.list_commands(ctx)
            raise click.exceptions.NoSuchCommand(exc.command_name, possibilities=known, ctx=ctx) from None

    def invoke(self, ctx: click.Context) -> object:
        try:
            try:
                with api.routed_plugin_streams():  # a plug-in's print and input never reach ours
                    return super().invoke(ctx)
            except (OSError, sqlite3.OperationalError, BaseExceptionGroup) as exc:
                app = ctx.find_object(AppContext)
                root = app.paths.root if app else resolve_workspace(None)
                clear = disk_error(exc, root, reads_only=ctx.invoked_subcommand in _READS_ONLY)
                if clear is None:
                    raise
                raise clear from exc
        except KgtestError as exc:
            err_console.print(
                Text.assemble(("error:", "bold red"), " ", literal(with_workspace(str(exc)))), soft_wrap=True
            )
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:  # Ctrl-C, or SIGTERM in a run: click said only "Aborted!"
            said = with_workspace(_INTERRUPTED)
            err_console.print(Text.assemble(("interrupted:", "bold red"), " ", said), soft_wrap=True)
            sys.exit(1)


_READS_ONLY = frozenset({"report"})
"""Commands that write nothing in the workspace but their --out (cli/disk.py)."""

_INTERRUPTED = (
    "run the same command again to go on: a run asks only what it has no reply for, a build resumes "
    "from its last chunk (`kgtest runs` shows each run's status)"
)


@click.group(cls=KgtestGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--workspace",
    type=click.Path(file_okay=False, path_type=str),
    envvar="KGTEST_WORKSPACE",
    help="Folder holding the config, database, suites and reports. "
    "[env: KGTEST_WORKSPACE; default: ./kgtest-workspace]",
)
@click.option(
    "--store-uri",
    envvar="KGTEST_STORE_URI",
    help="Bolt URI of a Neo4j server; omit to use the embedded database. [env: KGTEST_STORE_URI, NEO4J_URI]",
)
@click.version_option(package_name="kgtest")
@click.pass_context
def cli(ctx: click.Context, workspace: str | None, store_uri: str | None) -> None:
    """kgtest: find factual and conversational bugs in LLMs with knowledge graphs and logic."""
    typed = ctx.get_parameter_source("workspace") is click.core.ParameterSource.COMMANDLINE
    remember(workspace if typed else None)
    ctx.obj = AppContext(workspace, store_uri)


COMMANDS = {
    "build-kb": ("build_kb", "Load facts into the knowledge base from SOURCES."),
    "converse": (
        "converse",
        "Hold conversations between the systems under test and a partner, judge them, report.",
    ),
    "db": ("db", "The graph database kgtest uses (docs/queries.md: browsing it with Neo4j Browser)."),
    "dialogue": (
        "dialogue",
        "Ask every round of SUITE's dialogue cases (and the baselines' questions), judge, report.",
    ),
    "export": (
        "export",
        "Write SUITE (default: the workspace's) as a task of another harness, judged by kgtest's oracle.",
    ),
    "gen": ("gen", "Generate questions whose answers the knowledge base proves."),
    "import": (
        "import_questions",
        "Turn QUESTIONS (JSON Lines or .csv: question, expected Yes/No/I don't know, evidence) into a suite.",
    ),
    "init": ("init", "Write the workspace's kgtest.toml: every setting commented, one [[sut]] per --sut."),
    "inspect": (
        "inspect",
        "Show CASE_ID (or a unique prefix): question, expected answer, proof, and every judged reply.",
    ),
    "judge": (
        "judge",
        "Judge the replies of RUN (a run id, a prefix of one, or `latest`: the last complete run).",
    ),
    "kb": ("kb", "Inspect the knowledge base."),
    "report": (
        "report",
        "Report on judged RUNS (ids or prefixes; default: every judged run in the workspace).",
    ),
    "run": (
        "run",
        "Ask the systems under test every case in SUITES (JSON Lines suites) and record their replies.",
    ),
    "runs": (
        "runs",
        "List the runs in the workspace, oldest first: status, system, suite, cases per kind, counts.",
    ),
    "serve-model": (
        "serve_model",
        "Serve a model on /v1/chat/completions so kgtest runs (or any OpenAI client) can share it.",
    ),
}
"""Each subcommand's name: the module of kgtest.cli that holds it (as ``command``), and the first sentence
of its help, which ``kgtest --help`` lists without importing every subcommand (tests/cli/test_cli.py
checks they agree)."""


def _summary(group: click.Group, ctx: click.Context, name: str, limit: int) -> str:
    """The command's help line as click shortens it, from the table when its module is not imported."""
    found = click.Group.get_command(group, ctx, name)
    if found is None:
        found = click.Command(name, help=COMMANDS[name][1])
    return found.get_short_help_str(limit)


def main() -> None:
    try:
        cli(prog_name="kgtest")
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else int(exit_.code is not None)
    except BaseException:
        traceback.print_exc()
        code = 1
    exit_now(code, wind_down=True)


def exit_now(code: int, wind_down: bool = False) -> None:
    """Exit; once the embedded database's JVM has run, skip interpreter teardown.

    Tearing the JVM down from Python's exit (or leaving its threads to a finalising interpreter)
    aborted finished processes now and then (exit 134/139) after their output was complete.
    ``wind_down`` (the command line's own exit): otherwise end as any exit ends what the command
    started (its threads joined, its ``atexit`` handlers run), then skip the teardown that only
    frees the objects left one by one: 0.25 s after a ``judge`` that loaded spaCy.
    """
    sys.stdout.flush()
    sys.stderr.flush()
    jpype = sys.modules.get("jpype")
    if jpype is not None and jpype.isJVMStarted():
        os._exit(code)
    if wind_down and _wound_down():
        os._exit(code)
    sys.exit(code)


def _wound_down() -> bool:
    """What the interpreter's exit does before its teardown, in its order; False where it cannot be
    done so (not the main thread, another Python), and the interpreter's own exit does it all."""
    shutdown = getattr(threading, "_shutdown", None)
    handlers = getattr(atexit, "_run_exitfuncs", None)
    if shutdown is None or handlers is None or threading.current_thread() is not threading.main_thread():
        return False
    shutdown()  # joins the threads that are not daemons, after their own exit hooks (concurrent.futures)
    handlers()
    sys.stdout.flush()
    sys.stderr.flush()
    return True


__all__ = ["AppContext", "cli", "main", "pass_app"]
