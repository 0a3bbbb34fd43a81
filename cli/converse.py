"""``kgtest converse``: a conversation battery, held between a system and a partner, then judged."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack

import click
from rich.console import Console
from rich.table import Table

from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import literal
from kgtest.core.errors import ConfigError, StoreError
from kgtest.core.progress import phases, stderr
from kgtest.core.settings import Settings
from kgtest.generator.battery.model import INJECTED, TestCode
from kgtest.generator.battery.script import ScriptSettings, build_scripts
from kgtest.generator.kbview import KbView, read_view
from kgtest.kg.dialogue_graph import write_dialogue_graph
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.store import GraphStore, open_store
from kgtest.oracle.battery.audit import Auditor, BatteryResult, write_result
from kgtest.oracle.battery.graph import battery_graph
from kgtest.oracle.battery.verdicts import BatteryJudge
from kgtest.report.battery import tally
from kgtest.runner.battery import find_battery, read_manifest, run_battery, write_manifest
from kgtest.runner.converse import SCRIPTED, ChatRecord, ConverseSettings, read_conversations
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Sampling, SutOptions


def _tests(value: str) -> tuple[TestCode, ...]:
    names = [n.strip().upper().removeprefix("ML-") for n in value.split(",") if n.strip()]
    known = {c.value for c in INJECTED}
    wrong = [n for n in names if n not in known]
    if wrong:
        raise click.BadParameter(f"{', '.join(wrong)}: injected tests are {', '.join(sorted(known))}")
    return tuple(TestCode(n) for n in names)


@click.command("converse")
@click.option("--sut", "spec", help="The system under test, e.g. smollm2 or plugin:my_bots:Bot.")
@click.option(
    "--partner", help="A second system to talk freely with (any spec); default: the scripted partner."
)
@click.option(
    "--turns", default=20, show_default=True, type=click.IntRange(min=1), help="Rounds per conversation."
)
@click.option("--runs", default=1, show_default=True, type=click.IntRange(min=1), help="Conversations.")
@click.option(
    "--seed", default=1, show_default=True, help="Seeds the scripts (facts, schedule, perturbations)."
)
@click.option("--tests", "test_list", default=",".join(c.value for c in INJECTED), show_default=True,
              help="Injected tests, comma-separated; a test may repeat.")  # fmt: skip
@click.option("--max-distance", default=10, show_default=True, type=click.IntRange(min=1),
              help="I1 asks again after up to this many rounds.")  # fmt: skip
@click.option(
    "--max-tokens", default=48, show_default=True, type=click.IntRange(min=1), help="Longest reply."
)
@click.option(
    "--temperature", default=0.0, show_default=True, type=click.FloatRange(min=0), help="0 is greedy."
)
@click.option("--context-tokens", default=0, show_default=True, type=click.IntRange(min=0),
              help="Tokens of the conversation the system sees; 0 for all.")  # fmt: skip
@click.option("--partner-context-tokens", default=512, show_default=True, type=click.IntRange(min=1),
              help="Tokens of the conversation a partner system sees.")  # fmt: skip
@click.option("--system-prompt", default="", help="Sent first to the system under test.")
@click.option("--batch-size", default=16, show_default=True, type=click.IntRange(min=1),
              help="hf: conversations per batch.")  # fmt: skip
@click.option("--timeout", default=60.0, show_default=True, type=click.FloatRange(min=0, min_open=True),
              help="openai: seconds before a request counts as failed.")  # fmt: skip
@click.option("--judge", "rejudge", metavar="BATTERY",
              help="Judge a held battery again (id, prefix, latest) with the current [battery].")  # fmt: skip
@click.option("--no-graph", is_flag=True, help="Do not write the conversations to the graph store.")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def command(
    app: AppContext,
    spec: str | None,
    partner: str | None,
    turns: int,
    runs: int,
    seed: int,
    test_list: str,
    max_distance: int,
    max_tokens: int,
    temperature: float,
    context_tokens: int,
    partner_context_tokens: int,
    system_prompt: str,
    batch_size: int,
    timeout: float,
    rejudge: str | None,
    no_graph: bool,
    quiet: bool,
) -> None:
    """Hold conversations between the system under test and a partner, and judge them.

    The scripted partner injects the battery's tests (facts from the KB, asked about later,
    with typos, swapped, dropped or random words, reworded ...); with --partner, a second
    system talks freely. Every reply is judged for stutter, repeated questions, coherence
    and toxicity, and scored with SWAN. `kgtest converse-report` draws every battery.

    \b
    kgtest converse --sut smollm2 --turns 20 --seed 1
    kgtest converse --sut smollm2 --partner smollm2 --turns 10 --runs 3
    kgtest converse --judge latest
    """
    settings = app.settings
    if rejudge is not None:
        _rejudge(settings, rejudge, quiet, no_graph)
        return
    if spec is None:
        raise ConfigError(
            "give the system under test with --sut SPEC (or --judge BATTERY to judge one again)"
        )
    tests = _tests(test_list) if partner is None else ()
    sampling = Sampling(temperature=temperature, max_tokens=max_tokens, seed=seed)
    converse_settings = ConverseSettings(turns, context_tokens, partner_context_tokens, system_prompt)
    options = SutOptions(batch_size=batch_size, timeout_s=timeout)
    with ExitStack() as stack:
        store = stack.enter_context(open_store(settings))
        with phases(quiet) as progress:
            view = read_view(KnowledgeBase(store), settings.paths.kb_view_cache, progress)
        scripts = build_scripts(
            view, seed, runs, turns, ScriptSettings(tests=tests, max_distance=max_distance)
        )
        for script in scripts:
            for why in script.unplaced:
                stderr.print(f"conversation {script.run}: {why}")
        sut = open_sut(spec, options)
        stack.callback(sut.close)
        other = None
        if partner is not None:
            other = sut if partner == spec else open_sut(partner, options)
            if other is not sut:
                stack.callback(other.close)
        about = {"seed": seed, "runs": runs, "turns": turns, "tests": [t.value for t in tests]}
        with phases(quiet) as progress:
            held = run_battery(
                settings.paths, scripts, sut, sampling, converse_settings, partner=other, about=about,
                progress=progress,
            )  # fmt: skip
        result = _judge(settings, view, held.records, quiet)
        write_result(held.files, result)
        write_manifest(held.files, {"status": "judged"})
        if not no_graph:
            _write_graph(store, held.files.battery_id, held.records, result)
    if held.failed:
        click.echo(
            f"{held.failed} replies failed; they are kept with their reason and judged as not answered."
        )
    _summary(result, held.files.battery_id, SCRIPTED if partner is None else partner)


def _judge(settings: Settings, view: KbView, records: Sequence[ChatRecord], quiet: bool) -> BatteryResult:
    with phases(quiet) as progress:
        progress("judging", 0, 1)
        auditor = Auditor(BatteryJudge(settings.battery), SpacyExtractor(), view)
        result = auditor.audit(records)
        progress("judging", 1, 1)
    return result


def _rejudge(settings: Settings, ref: str, quiet: bool, no_graph: bool) -> None:
    files = find_battery(settings.paths, ref)
    records = read_conversations(files.conversations)
    with open_store(settings) as store:
        view = read_view(KnowledgeBase(store), settings.paths.kb_view_cache)
        result = _judge(settings, view, records, quiet)
        write_result(files, result)
        write_manifest(files, {"status": "judged"})
        if not no_graph:
            _write_graph(store, files.battery_id, records, result)
    _summary(result, files.battery_id, str(read_manifest(files).get("partner", "")))


def _write_graph(
    store: GraphStore, battery: str, records: Sequence[ChatRecord], result: BatteryResult
) -> None:
    """The conversations as dialogue graphs; the files are written first, so a store error loses nothing."""
    try:
        report = write_dialogue_graph(store, battery_graph(battery, records, result))
    except StoreError as exc:
        raise StoreError(
            f"{exc}\nThe battery is kept in battery/{battery}/; `converse --judge {battery} --no-graph` "
            "judges it again without the graph store."
        ) from exc
    held = f"{report.dialogues} conversation{'s' if report.dialogues != 1 else ''}"
    stderr.print(f"graph store: battery {battery}, {held} of {report.rounds} rounds in all")


def _summary(result: BatteryResult, battery_id: str, partner: str) -> None:
    out = Console(highlight=False, soft_wrap=True)
    table = Table("system", "test", "passed", "judged", "not judged", title=literal(f"battery {battery_id}"))
    for (sut, code), (passed, judged, skipped) in tally(result.verdicts).items():
        table.add_row(literal(sut), code, str(passed), str(judged), str(skipped))
    out.print(table)
    for s in result.systems:
        value = "n/a" if s.value is None else f"{s.value:.3f}"
        wans = ", ".join(f"{w.criterion} {w.value:.2f}" for w in s.wans if w.value is not None)
        out.print(literal(f"SWAN {value} for {s.sut} (partner: {partner}): {wans}"))
        for why in s.left_out:
            out.print(literal(f"  left out of SWAN: {why}"))
    click.echo(f"Conversations and verdicts in battery/{battery_id}/; `kgtest converse-report` draws them.")
