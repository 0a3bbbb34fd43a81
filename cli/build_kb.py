"""``kgtest build-kb``: fill the graph store with facts."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

import click

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.show import tell
from kgtest.cli.suggest import with_workspace
from kgtest.core.progress import phases, stderr


@click.command("build-kb")
@click.argument("sources", nargs=-1, required=True)
@click.option(
    "--domain",
    "domains",
    multiple=True,
    help=f"SPARQL: domains to fetch ({', '.join(api.KB_DOMAINS)}). Repeatable; default all.",
)
@click.option("--limit", default=100, show_default=True, help="SPARQL: entities per domain.")
@click.option(
    "--property",
    "properties",
    multiple=True,
    help="SPARQL: property ids to fetch (repeatable); default the curated catalog's.",
)
@click.option(
    "--endpoint",
    help="SPARQL endpoint URL. [default: the workspace's, else Wikidata] [env: KGTEST_SPARQL_ENDPOINT]",
)
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    help="Rows per write chunk, the unit a killed build resumes from. "
    "[default: 100,000 into the embedded database, 10,000 over Bolt]",
)
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def command(
    app: AppContext,
    sources: tuple[str, ...],
    domains: tuple[str, ...],
    limit: int,
    properties: tuple[str, ...],
    endpoint: str | None,
    batch_size: int | None,
    quiet: bool,
) -> None:
    """Load facts into the knowledge base from SOURCES.

    Each source is `example` (the bundled KB, no internet needed), a Wikidata-shaped RDF
    dump (.nt/.ttl, optionally .gz), or `sparql` (Wikidata's query service or --endpoint).
    Running it again with the same input changes nothing; after an interruption it resumes.
    Afterwards the KB sanity rules mark the facts that cannot be true (`kgtest kb check`).

    \b
    kgtest build-kb example
    kgtest build-kb latest-truthy.nt.gz
    kgtest build-kb sparql --domain people --domain places --limit 200
    """

    def starting() -> AbstractContextManager[object]:
        # The database takes seconds to start (a JVM): say so while the user waits.
        return nullcontext() if quiet else stderr.status("starting the graph database")

    built = api.build_kb(
        sources, workspace=app.settings, domains=domains, limit=limit, properties=properties,
        endpoint=endpoint, batch_size=batch_size, starting=starting, bars=lambda: phases(quiet), tell=tell,
    )  # fmt: skip
    if built.already:
        click.echo(with_workspace("Done. `kgtest kb stats` shows what the knowledge base holds."))
        return
    click.echo(
        with_workspace(
            "Done. `kgtest kb stats` shows what the knowledge base holds; "
            "`kgtest db serve` opens it to Neo4j Browser."
        )
    )
