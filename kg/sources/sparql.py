"""Facts from a SPARQL endpoint: Wikidata's query service by default, any endpoint in fact.

Queries use only portable SPARQL (rdfs:label and skos:altLabel with a LANG filter, not
Wikidata's label SERVICE), page with LIMIT/OFFSET over a stable ORDER BY, send a descriptive
User-Agent, stay under the service's 60 s limit by asking in small batches, and back off on
429/5xx, honouring Retry-After. Results go through the same SnapshotBuilder as dump files.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.error
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from SPARQLWrapper import JSON, POST, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import EndPointInternalError, EndPointNotFound, QueryBadFormed

from kgtest.core.errors import ConfigError, EndpointError
from kgtest.core.retry import backoff, retry_after
from kgtest.core.settings import SparqlSettings
from kgtest.kg.catalog import domain_classes
from kgtest.kg.model import Domain
from kgtest.kg.sources.wikidata import (
    DATE_PROPERTIES,
    INSTANCE_OF,
    SnapshotBuilder,
    item_id,
    property_id,
    year_of,
)
from kgtest.kg.store import chunks

USER_AGENT = "kgtest/0.1 (LLM hallucination testing; https://pypi.org/project/kgtest/) SPARQLWrapper"
PREFIXES = """PREFIX wd: <http://www.wikidata.org/entity/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
PREFIX p: <http://www.wikidata.org/prop/>
PREFIX ps: <http://www.wikidata.org/prop/statement/>
PREFIX pq: <http://www.wikidata.org/prop/qualifier/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX schema: <http://schema.org/>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
"""

Sleep = Callable[[float], None]
_PID = re.compile(r"^P[1-9]\d*$")


@dataclass(frozen=True, slots=True)
class Selection:
    """What to fetch: entities of some domains (up to ``limit`` each) and which properties."""

    domains: tuple[Domain, ...]
    limit: int
    properties: tuple[str, ...]

    def __post_init__(self) -> None:
        # Ids are written into VALUES blocks (SPARQL has no bound parameters), so only
        # strings that are exactly a property id may pass.
        for pid in self.properties:
            if not _PID.match(pid):
                raise ConfigError(f"--property {pid!r} is not a Wikidata property id like P26")
        if self.limit < 1:
            raise ConfigError(f"--limit {self.limit} must be at least 1")


class SparqlClient:
    """SELECT queries with retries; every failure ends as an EndpointError naming the endpoint."""

    def __init__(
        self,
        settings: SparqlSettings,
        page_size: int = 2_000,
        sleep: Sleep = time.sleep,
        on_page: Callable[[int], None] | None = None,
    ) -> None:
        self.settings = settings
        self.page_size = page_size
        self._sleep = sleep
        self._on_page = on_page
        agent = os.environ.get("KGTEST_USER_AGENT", USER_AGENT)
        self._wrapper = SPARQLWrapper(settings.endpoint, agent=agent)
        self._wrapper.setReturnFormat(JSON)
        self._wrapper.setMethod(POST)
        self._wrapper.setTimeout(int(settings.timeout_s))

    def select(self, body: str, order_by: str) -> Iterator[dict[str, dict[str, str]]]:
        """All result bindings of ``SELECT ... WHERE {body}``, fetched page by page."""
        offset = 0
        while True:
            query = f"{PREFIXES}{body}\nORDER BY {order_by}\nLIMIT {self.page_size} OFFSET {offset}"
            rows = self._ask(query)
            if self._on_page is not None:
                self._on_page(len(rows))
            yield from rows
            if len(rows) < self.page_size:
                return
            offset += self.page_size

    def _ask(self, query: str) -> list[dict[str, dict[str, str]]]:
        self._wrapper.setQuery(query)
        last = ""
        for attempt in range(self.settings.retries + 1):
            try:
                result: Any = self._wrapper.queryAndConvert()
                return list(result["results"]["bindings"])
            except QueryBadFormed as exc:
                raise EndpointError(f"{self.settings.endpoint} rejected a query as malformed: {exc}") from exc
            except urllib.error.HTTPError as exc:
                if exc.code not in (429, 500, 502, 503, 504):
                    raise EndpointError(
                        f"{self.settings.endpoint} answered HTTP {exc.code}: {exc.reason}"
                    ) from exc
                last = f"HTTP {exc.code}"
                header = exc.headers.get("Retry-After") if exc.headers else None
                wait = retry_after(header, cap=300.0) or backoff(attempt, base=1.0)
            except (EndPointInternalError, EndPointNotFound) as exc:
                last, wait = str(exc).splitlines()[0], backoff(attempt, base=1.0)
            except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as exc:
                last, wait = f"{type(exc).__name__}: {exc}", backoff(attempt, base=1.0)
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise EndpointError(
                    f"{self.settings.endpoint} did not return SPARQL JSON results: {exc}"
                ) from exc
            if attempt < self.settings.retries:
                self._sleep(wait)
        raise EndpointError(
            f"{self.settings.endpoint} kept failing after {self.settings.retries + 1} tries (last: {last}). "
            "Check the URL and your connection, lower --limit, or build from a dump file instead"
        )


def read_endpoint(
    client: SparqlClient, selection: Selection, builder: SnapshotBuilder, batch: int = 100
) -> int:
    """Fetch the selected entities' facts and everything needed to describe them; return rows read."""
    subjects = _select_subjects(client, selection)
    pairs = " ".join(f'(p:{p} ps:{p} wdt:{p} "{p}")' for p in selection.properties)
    mentioned: set[str] = set(subjects)
    rows = 0
    for group in chunks(sorted(subjects), batch):
        ids = " ".join(f"wd:{q}" for q in group)
        rows += _statements(client, ids, pairs, builder, mentioned)
        rows += _direct_facts(client, ids, pairs, builder, mentioned)
    rows += _describe(client, sorted(mentioned), builder, batch)
    rows += _property_labels(client, selection.properties, builder)
    return rows


def _select_subjects(client: SparqlClient, selection: Selection) -> list[str]:
    """Up to ``limit`` instances of each selected domain's classes, in a stable order."""
    subjects: list[str] = []
    seen: set[str] = set()
    for domain in selection.domains:
        classes = " ".join(f"wd:{q}" for q, d in sorted(domain_classes().items()) if d is domain)
        body = f"SELECT DISTINCT ?item WHERE {{ VALUES ?class {{ {classes} }} ?item wdt:P31 ?class . }}"
        found = 0
        for row in client.select(body, "?item"):
            qid = item_id(row["item"]["value"])
            if qid and qid not in seen:
                seen.add(qid)
                subjects.append(qid)
                found += 1
            if found >= selection.limit:
                break
    return subjects


def _statements(
    client: SparqlClient, ids: str, pairs: str, builder: SnapshotBuilder, mentioned: set[str]
) -> int:
    """Statement-model facts with their start/end qualifiers."""
    body = (
        f"SELECT ?s ?pid ?st ?o ?start ?end ?point WHERE {{ VALUES ?s {{ {ids} }} "
        f"VALUES (?p ?ps ?wdt ?pid) {{ {pairs} }} ?s ?p ?st . ?st ?ps ?o . FILTER(isIRI(?o)) "
        "OPTIONAL { ?st pq:P580 ?start } OPTIONAL { ?st pq:P582 ?end } OPTIONAL { ?st pq:P585 ?point } }"
    )
    rows = 0
    for row in client.select(body, "?st ?o ?start ?end ?point"):
        rows += 1
        st, pid = _local_statement(row["st"]["value"]), row["pid"]["value"]
        s_id, o_id = item_id(row["s"]["value"]), item_id(row["o"]["value"])
        if not (st and s_id and o_id):
            continue
        builder.statement_subject(st, s_id, pid)
        builder.statement_object(st, pid, o_id)
        for key, qualifier in (("start", "P580"), ("end", "P582"), ("point", "P585")):
            year = year_of(row[key]["value"]) if key in row else None
            if year is not None:
                builder.qualifier(st, qualifier, year)
        mentioned.add(o_id)
    return rows


def _direct_facts(
    client: SparqlClient, ids: str, pairs: str, builder: SnapshotBuilder, mentioned: set[str]
) -> int:
    """Truthy ``wdt:`` triples: the facts of endpoints (or entities) without the statement model."""
    body = (
        f"SELECT ?s ?pid ?o WHERE {{ VALUES ?s {{ {ids} }} VALUES (?p ?ps ?wdt ?pid) {{ {pairs} }} "
        "?s ?wdt ?o . FILTER(isIRI(?o)) }"
    )
    rows = 0
    for row in client.select(body, "?s ?pid ?o"):
        rows += 1
        s_id, o_id = item_id(row["s"]["value"]), item_id(row["o"]["value"])
        if s_id and o_id:
            builder.direct_item(s_id, row["pid"]["value"], o_id)
            mentioned.add(o_id)
    return rows


def _describe(client: SparqlClient, entities: Sequence[str], builder: SnapshotBuilder, batch: int) -> int:
    """Labels, aliases, descriptions, types and lifetime dates of every entity the facts mention."""
    rows = 0
    dates = " ".join(f"wdt:{p}" for p in sorted(DATE_PROPERTIES))
    for group in chunks(entities, batch):
        ids = " ".join(f"wd:{q}" for q in group)
        body = (
            f"SELECT ?e ?label ?alias ?desc WHERE {{ VALUES ?e {{ {ids} }} "
            '{ ?e rdfs:label ?label . FILTER(LANG(?label) = "en") } UNION '
            '{ ?e skos:altLabel ?alias . FILTER(LANG(?alias) = "en") } UNION '
            '{ ?e schema:description ?desc . FILTER(LANG(?desc) = "en") } }'
        )
        for row in client.select(body, "?e ?label ?alias ?desc"):
            rows += 1
            qid = item_id(row["e"]["value"])
            if qid and "label" in row:
                builder.label(qid, row["label"]["value"], "en")
            if qid and "alias" in row:
                builder.alias(qid, row["alias"]["value"], "en")
            if qid and "desc" in row:
                builder.description(qid, row["desc"]["value"], "en")
        body = f"SELECT ?e ?t WHERE {{ VALUES ?e {{ {ids} }} ?e wdt:{INSTANCE_OF} ?t . FILTER(isIRI(?t)) }}"
        for row in client.select(body, "?e ?t"):
            rows += 1
            qid, tid = item_id(row["e"]["value"]), item_id(row["t"]["value"])
            if qid and tid:
                builder.direct_item(qid, INSTANCE_OF, tid)
        body = (
            f"SELECT ?e ?d ?v WHERE {{ VALUES ?e {{ {ids} }} VALUES ?d {{ {dates} }} "
            "?e ?d ?v . FILTER(isLiteral(?v)) }"
        )
        for row in client.select(body, "?e ?d ?v"):
            rows += 1
            qid = item_id(row["e"]["value"])
            pid = property_id(row["d"]["value"], "http://www.wikidata.org/prop/direct/")
            year = year_of(row["v"]["value"])
            if qid and pid and year is not None:
                builder.direct_date(qid, pid, year)
    return rows


def _property_labels(client: SparqlClient, props: Sequence[str], builder: SnapshotBuilder) -> int:
    ids = " ".join(f"wd:{p}" for p in props)
    rows = 0
    body = (
        f"SELECT ?p ?label WHERE {{ VALUES ?p {{ {ids} }} "
        '?p rdfs:label ?label . FILTER(LANG(?label) = "en") }'
    )
    for row in client.select(body, "?p"):
        rows += 1
        pid = property_id(row["p"]["value"], "http://www.wikidata.org/entity/")
        if pid:
            builder.label(pid, row["label"]["value"], "en")
    return rows


def _local_statement(iri: str) -> str | None:
    prefix = "http://www.wikidata.org/entity/statement/"
    return iri[len(prefix) :] if iri.startswith(prefix) else None
