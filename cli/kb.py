"""``kgtest kb``: look at the knowledge base."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import literal
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.loader import clear_kb
from kgtest.kg.store import open_store


@click.group("kb")
def command() -> None:
    """Inspect the knowledge base."""


@command.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@pass_app
def stats(app: AppContext, as_json: bool) -> None:
    """What the KB holds: entities, facts, relations, dated facts, per domain, and its builds."""
    with open_store(app.settings) as store:
        s = KnowledgeBase(store).stats()
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
                },
                indent=2,
                sort_keys=True,
            )
        )
        return
    out = Console(highlight=False)
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
    if any(b["status"] != "complete" for b in s.builds):
        out.print("[yellow]A build was interrupted: run the same `kgtest build-kb` again to resume it.[/]")


@command.command("clear")
@click.confirmation_option(prompt="Delete everything kgtest wrote to the store (KB, suites, replies)?")
@pass_app
def clear(app: AppContext) -> None:
    """Delete everything kgtest wrote: entities, facts, relations, builds, suites, replies."""
    with open_store(app.settings) as store:
        clear_kb(store)
    click.echo("Knowledge base cleared.")
