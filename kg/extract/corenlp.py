"""Stanford OpenIE through a CoreNLP server the user runs: the extractor Drowzee used (§4.1).

Optional. kgtest cannot ship CoreNLP (Java, ~500 MB of models, downloaded at run time), so
this backend talks to a server you start yourself, e.g.::

    java -mx4g -cp "stanford-corenlp-4.5.*/*" edu.stanford.nlp.pipeline.StanfordCoreNLPServer -port 9000

and is selected with ``make_extractor("corenlp", url="http://localhost:9000")``. It has not
been run against a real server in kgtest's CI (none can be installed there); the response
reading follows CoreNLP's documented JSON (``sentences[].openie[]`` with token spans).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from typing import Any

from kgtest.core.errors import OracleError, OracleUnavailableError
from kgtest.kg.extract.text import mask_names, prepare, relation_key, unmask
from kgtest.kg.extract.triples import Triple

DEFAULT_URL = "http://localhost:9000"
PROPERTIES = {
    "annotators": "tokenize,ssplit,pos,lemma,depparse,natlog,openie",
    "outputFormat": "json",
    "openie.triple.strict": "true",
    "openie.max_entailments_per_clause": "1",
}
_NEGATION = {"not", "never", "n't", "no"}


class CoreNlpExtractor:
    """One HTTP request per reply; construction fails at once, naming the URL, when no server answers."""

    name = "corenlp"

    def __init__(self, url: str = DEFAULT_URL, timeout_s: float = 30.0) -> None:
        self.url = url.rstrip("/")
        self._timeout = timeout_s
        self._annotate("Ready.", {"annotators": "tokenize,ssplit", "outputFormat": "json"})

    def extract(
        self, texts: Sequence[str], names: Sequence[Sequence[str]] | None = None
    ) -> list[list[Triple]]:
        out = []
        for i, text in enumerate(texts):
            masked, mapping = mask_names(prepare(text), names[i] if names else ())
            triples = read_openie(self._annotate(masked, PROPERTIES))
            out.append([_unmasked(t, mapping) for t in triples])
        return out

    def _annotate(self, text: str, properties: dict[str, str]) -> dict[str, Any]:
        query = urllib.parse.urlencode({"properties": json.dumps(properties)})
        request = urllib.request.Request(f"{self.url}/?{query}", data=text.encode("utf-8"), method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                body = response.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            raise OracleError(
                f"CoreNLP server at url={self.url!r} answered HTTP {exc.code}: {exc.reason}"
            ) from exc
        except (urllib.error.URLError, OSError) as exc:
            raise OracleUnavailableError(
                f"no CoreNLP server answers at url={self.url!r} ({exc}). Start one "
                "(java -mx4g -cp 'stanford-corenlp-4.5.*/*' edu.stanford.nlp.pipeline.StanfordCoreNLPServer "
                "-port 9000) and pass its URL, or use the offline extractor 'spacy'"
            ) from exc
        try:
            data: dict[str, Any] = json.loads(body)
        except ValueError as exc:
            raise OracleError(
                f"CoreNLP server at url={self.url!r} did not answer JSON: {body[:200]!r}"
            ) from exc
        return data


def read_openie(document: dict[str, Any]) -> list[Triple]:
    """Triples from CoreNLP's JSON; the relation's lemmas come from its token span."""
    out: dict[tuple[str, str, str, bool], Triple] = {}
    for sentence in document.get("sentences", []):
        tokens = sentence.get("tokens", [])
        text = " ".join(t.get("word", "") for t in tokens)
        for entry in sentence.get("openie", []):
            start, end = entry.get("relationSpan", [0, 0])
            words = entry["relation"].split()
            lemmas = [t.get("lemma", t.get("word", "")) for t in tokens[start:end]] or words
            negated = any(w.lower() in _NEGATION for w in words)
            relation = " ".join(w for w in words if w.lower() not in _NEGATION).lower()
            key = relation_key([lemma for lemma in lemmas if lemma.lower() not in _NEGATION])
            triple = Triple(entry["subject"], relation, entry["object"], negated, key, text)
            out.setdefault((triple.subject, relation, triple.object, negated), triple)
    return list(out.values())


def _unmasked(triple: Triple, mapping: dict[str, str]) -> Triple:
    subject, obj, sentence = (unmask(x, mapping) for x in (triple.subject, triple.object, triple.sentence))
    return Triple(subject, triple.relation, obj, triple.negated, triple.key, sentence)
