"""Every error kgtest expects to meet, under one root.

The CLI prints these without a traceback and exits with the class's ``exit_code``;
anything else is a bug and keeps its traceback.

    KgtestError                      exit 1
    ├── ConfigError                  exit 2   bad workspace TOML, environment variable or flag
    │   └── UnknownNameError                  a relation, domain, rule ... that does not exist
    ├── KgError                      exit 3   the knowledge base
    │   ├── StoreError                        the graph database refused or failed a query
    │   │   └── StoreUnavailableError         no server at the URI, or the embedded one would not start
    │   ├── SourceError                       input facts could not be read
    │   │   ├── RdfSyntaxError                a dump file is malformed (names file and line)
    │   │   └── EndpointError                 a SPARQL endpoint is unreachable or keeps failing
    │   └── IncompleteBuildError              a build was interrupted; rerun build-kb to resume
    ├── ReasoningError               exit 4   SWI-Prolog failed, or a proof does not check
    ├── GenerationError              exit 5   no test case can be made from what was asked
    │   └── DialogueInputError                a dialogue file is malformed (names file and field or line)
    ├── RunnerError                  exit 6   a system under test failed or timed out
    │   └── SutUnavailableError               no server answers at the spec's URLs, or it refuses us
    ├── OracleError                  exit 7   a reply could not be judged
    │   └── OracleUnavailableError            a model, package or server the oracle needs is missing
    └── GateError                    exit 8   judged replies fell under the quality gate (--fail-under)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class KgtestError(Exception):
    """Root of every expected kgtest failure."""

    exit_code = 1


class ConfigError(KgtestError):
    exit_code = 2


class UnknownNameError(ConfigError):
    """A name the user gave is not one we know; the message lists the closest ones."""

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        self.kind, self.name = kind, name
        known = sorted(set(known))
        close = difflib.get_close_matches(name, known, n=3)
        hint = f" Did you mean {', '.join(map(repr, close))}?" if close else ""
        listing = ", ".join(known[:20]) + (" ..." if len(known) > 20 else "")
        super().__init__(f"Unknown {kind} {name!r}.{hint} Known {kind}s: {listing}")


class KgError(KgtestError):
    exit_code = 3


class StoreError(KgError):
    pass


class StoreUnavailableError(StoreError):
    pass


class SourceError(KgError):
    pass


class RdfSyntaxError(SourceError):
    """A malformed dump; carries the file and line so the user can open it there."""

    def __init__(self, path: str, line: int | None, detail: str) -> None:
        self.path, self.line = path, line
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {detail}. Nothing of this file was written to the knowledge base.")


class EndpointError(SourceError):
    pass


class IncompleteBuildError(KgError):
    pass


class ReasoningError(KgtestError):
    exit_code = 4


class GenerationError(KgtestError):
    exit_code = 5


class DialogueInputError(GenerationError):
    """A malformed CoQA or ConvQuestions file; names the file and the field or line at fault."""

    def __init__(self, path: str, where: str, detail: str) -> None:
        self.path, self.where = path, where
        super().__init__(f"{path}: {where}: {detail}. Nothing was written; fix the file and run again.")


class RunnerError(KgtestError):
    exit_code = 6


class SutUnavailableError(RunnerError):
    """A failure of the whole system, not of one question: asking again would not help, so the run stops."""


class OracleError(KgtestError):
    exit_code = 7


class OracleUnavailableError(OracleError):
    """The message names what is missing and the pip command or URL to fix it."""


class GateError(KgtestError):
    """Not a failure of kgtest: the system under test did worse than the gate allows (a CI signal)."""

    exit_code = 8
