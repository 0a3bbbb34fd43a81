"""``kgtest kb``: look at the knowledge base."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.suggest import with_workspace
from kgtest.cli.text import literal
from kgtest.core.progress import phases


@click.group("kb")
def command() -> None:
    """Inspect the knowledge base."""


@command.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@pass_app
def stats(app: AppContext, as_json: bool) -> None:
    """What the KB holds: entities, facts, relations, dated facts, per domain, and its builds."""
    s = api.kb_stats(workspace=app.settings)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "entities": s.entities,
                    "facts": s.facts,
                    "relations": s.relations,
                    "dated_facts": s.dated_facts,
                    "per_domain": s.per_domain,
                    "builds": s.builds,
                    "marked_facts": s.marked_facts,
                    "marked_by_rule": s.marked_by_rule,
                },
                indent=2,
                sort_keys=True,
            )
        )
        return
    out = Console(highlight=False)
    if not s.entities and not s.facts and not s.builds:  # empty tables would only say so less plainly
        empty = "The knowledge base is empty: `kgtest build-kb example` (or a dump, or sparql) fills it."
        out.print(literal(with_workspace(empty)), soft_wrap=True)
        return
    out.print(
        f"entities {s.entities}   facts {s.facts}   relations {s.relations}   dated facts {s.dated_facts}"
    )
    table = Table("domain", "entities", "facts", "dated facts")
    for domain, row in s.per_domain.items():
        table.add_row(literal(domain), str(row["entities"]), str(row["facts"]), str(row["dated_facts"]))
    out.print(table)
    builds = Table("build", "source", "status", "facts", "finished")
    for b in s.builds:
        builds.add_row(*(literal(b[k] or "") for k in ("id", "source", "status", "facts", "finished")))
    out.print(builds)
    marked = ", ".join(f"{rule} {n}" for rule, n in s.marked_by_rule.items())
    out.print(
        f"facts breaking a sanity rule {s.marked_facts}"
        + (f" ({marked})" if marked else "")
        + with_workspace(": kept, never asked about; `kgtest kb check` lists them"),
        markup=False,
    )
    if any(b["status"] != "complete" for b in s.builds):
        again = "A build was interrupted: run the same `kgtest build-kb` again to resume it."
        out.print(literal(with_workspace(again), "yellow"), soft_wrap=True)


_CHECK_HELP = (
    "List the facts that cannot be true, with the rule each breaks, and mark them in the store.\n\n"
    "They stay in the knowledge base as their source states them (FACT.violates names the rules) and "
    "no question is asked about them. `kgtest build-kb` runs the same check after every build.\n\n"
    "\b\nRules (prolog/sanity.pl), a fact breaks one when:\n"
    + "\n".join(f"  {rule}: {why}" for rule, why in api.SANITY_RULES.items())
)


@command.command("check", help=_CHECK_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print JSON Lines, one fact and rule per line.")
@click.option("--limit", default=50, show_default=True, help="Facts to list in the table (0: all).")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def check(app: AppContext, as_json: bool, limit: int, quiet: bool) -> None:
    with phases(quiet or as_json) as progress:
        report = api.kb_check(workspace=app.settings, progress=progress)
    if as_json:
        for b in report.breaches:
            f = b.fact
            row: dict[str, object] = {"fact": f.id, "subject": f.subject, "property": f.property}
            row |= {"object": f.object, "start_year": f.start_year, "end_year": f.end_year}
            row |= {"rule": b.rule, "why": b.why, "sentence": b.sentence}
            click.echo(json.dumps(row, ensure_ascii=False, sort_keys=True))
        return
    out = Console(highlight=False, soft_wrap=True)
    table = Table("rule", "fact", "why", title="facts that break a sanity rule")
    shown = report.breaches if limit <= 0 else report.breaches[:limit]
    for b in shown:
        f = b.fact
        table.add_row(
            literal(b.rule), literal(f"{b.sentence} ({f.subject} {f.property} {f.object})"), literal(b.why)
        )
    if shown:
        out.print(table)
    if len(shown) < len(report.breaches):
        out.print(f"... {len(report.breaches) - len(shown)} more (--limit 0 lists all, --json for scripts)")
    m = report.marks
    out.print(
        f"{report.facts} facts break a sanity rule: kept in the knowledge base, marked (FACT.violates: "
        f"{m.marked} newly, {m.cleared} cleared) and asked about nowhere."
    )


@command.command("clear")
@click.confirmation_option(prompt="Delete everything kgtest wrote to the store (KB, suites, replies)?")
@pass_app
def clear(app: AppContext) -> None:
    """Delete everything kgtest wrote: entities, facts, relations, builds, suites, replies."""
    api.kb_clear(workspace=app.settings)
    click.echo("Knowledge base cleared.")
