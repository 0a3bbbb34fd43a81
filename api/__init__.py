"""kgtest as a library: each stage a function, taking and returning typed records (docs/api.md).

    import kgtest

    kgtest.build_kb(["example"], workspace="ws")
    suite = kgtest.generate(kgtest.GenRequest(), workspace="ws")
    done = kgtest.run([suite.path], [my_bot], workspace="ws")      # my_bot.respond(conversation)
    judged = kgtest.judge(done[0].summary.run_id, workspace="ws")
    kgtest.make_report(workspace="ws")

The command line (``kgtest``) is a thin layer over these functions. Names are imported on first
use, so ``import kgtest`` loads no stage until one is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgtest.core.lazy import lazy_names

if TYPE_CHECKING:  # the names as their modules define them, for type checkers
    from kgtest.api.asking import Asked, checked_systems, raise_failures, run
    from kgtest.api.building import DOMAINS as KB_DOMAINS
    from kgtest.api.building import KbBuilt, build_kb
    from kgtest.api.config import init
    from kgtest.api.database import (
        database_info,
        serve_database,
        stop_database,
    )
    from kgtest.api.exporting import TARGETS as EXPORT_TARGETS
    from kgtest.api.exporting import Exported, export
    from kgtest.api.generating import Suite, generate
    from kgtest.api.importing import import_questions
    from kgtest.api.inspecting import CaseReport, inspect
    from kgtest.api.judging import (
        EXTRACTORS,
        Judged,
        judge,
        judged_summary,
        write_junit,
    )
    from kgtest.api.kinds import KINDS, Kind, register
    from kgtest.api.knowledge import (
        SANITY_RULES,
        kb_check,
        kb_clear,
        kb_stats,
    )
    from kgtest.api.limits import MAX_CONVERSATIONS, MAX_TURNS
    from kgtest.api.reporting import ReportFiles, make_report
    from kgtest.api.runs import list_runs
    from kgtest.api.serving import serve_model
    from kgtest.api.systems import System, SystemLike
    from kgtest.api.testing import CaseResult, Checked, assert_score, check
    from kgtest.api.workspace import WorkspaceLike
    from kgtest.generator.case import (
        Answer,
        EvidenceFact,
        Proof,
        TestCase,
    )
    from kgtest.generator.conversation.script_records import INJECTED, TestCode
    from kgtest.generator.dialogue.request import (
        FORMATS as DIALOGUE_FORMATS,
    )
    from kgtest.generator.dialogue.request import (
        MIN_ROUNDS as MIN_DIALOGUE_ROUNDS,
    )
    from kgtest.generator.dialogue.request import (
        DialogueRequest,
    )
    from kgtest.generator.dialogue.single_turn import SINGLE_TURN as BASELINES
    from kgtest.generator.facts import DEFAULT_KINDS as DEFAULT_RULES
    from kgtest.generator.facts import RULE_KINDS
    from kgtest.generator.mtl_text import WORDINGS
    from kgtest.generator.request import ConversationRequest, GenRequest
    from kgtest.generator.suite import DOMAINS, MAX_MTL_DEPTH, SuiteRequest
    from kgtest.oracle.outcomes import JudgedReply
    from kgtest.oracle.run_verdicts import RunVerdicts
    from kgtest.runner.dialogue_rounds import HISTORIES
    from kgtest.runner.manifest import RunInfo, RunManifest
    from kgtest.runner.plugin_streams import routed as routed_plugin_streams
    from kgtest.runner.registry import ALIASES as SUT_ALIASES
    from kgtest.runner.registry import SCHEMES as SUT_SCHEMES
    from kgtest.runner.run import RunSummary
    from kgtest.runner.runs import again as command_again
    from kgtest.runner.runs import suite_made_again

_WHERE = {
    "Answer": "kgtest.generator.case",
    "Asked": "kgtest.api.asking",
    "BASELINES": "kgtest.generator.dialogue.single_turn:SINGLE_TURN",
    "CaseReport": "kgtest.api.inspecting",
    "CaseResult": "kgtest.api.testing",
    "Checked": "kgtest.api.testing",
    "ConversationRequest": "kgtest.generator.request",
    "DEFAULT_RULES": "kgtest.generator.facts:DEFAULT_KINDS",
    "DIALOGUE_FORMATS": "kgtest.generator.dialogue.request:FORMATS",
    "DOMAINS": "kgtest.generator.suite",
    "DialogueRequest": "kgtest.generator.dialogue.request",
    "EXPORT_TARGETS": "kgtest.api.exporting:TARGETS",
    "EXTRACTORS": "kgtest.api.judging",
    "Exported": "kgtest.api.exporting",
    "EvidenceFact": "kgtest.generator.case",
    "GenRequest": "kgtest.generator.request",
    "HISTORIES": "kgtest.runner.dialogue_rounds",
    "INJECTED": "kgtest.generator.conversation.script_records",
    "Judged": "kgtest.api.judging",
    "JudgedReply": "kgtest.oracle.outcomes",
    "KB_DOMAINS": "kgtest.api.building:DOMAINS",
    "KINDS": "kgtest.api.kinds",
    "KbBuilt": "kgtest.api.building",
    "Kind": "kgtest.api.kinds",
    "MAX_CONVERSATIONS": "kgtest.api.limits",
    "MAX_MTL_DEPTH": "kgtest.generator.suite",
    "MAX_TURNS": "kgtest.api.limits",
    "MIN_DIALOGUE_ROUNDS": "kgtest.generator.dialogue.request:MIN_ROUNDS",
    "Proof": "kgtest.generator.case",
    "RULE_KINDS": "kgtest.generator.facts",
    "ReportFiles": "kgtest.api.reporting",
    "RunInfo": "kgtest.runner.manifest",
    "RunManifest": "kgtest.runner.manifest",
    "RunSummary": "kgtest.runner.run",
    "RunVerdicts": "kgtest.oracle.run_verdicts",
    "SANITY_RULES": "kgtest.api.knowledge",
    "SUT_ALIASES": "kgtest.runner.registry:ALIASES",
    "SUT_SCHEMES": "kgtest.runner.registry:SCHEMES",
    "Suite": "kgtest.api.generating",
    "SuiteRequest": "kgtest.generator.suite",
    "System": "kgtest.api.systems",
    "SystemLike": "kgtest.api.systems",
    "TestCase": "kgtest.generator.case",
    "TestCode": "kgtest.generator.conversation.script_records",
    "WORDINGS": "kgtest.generator.mtl_text",
    "WorkspaceLike": "kgtest.api.workspace",
    "assert_score": "kgtest.api.testing",
    "build_kb": "kgtest.api.building",
    "checked_systems": "kgtest.api.asking",
    "check": "kgtest.api.testing",
    "database_info": "kgtest.api.database",
    "export": "kgtest.api.exporting",
    "generate": "kgtest.api.generating",
    "import_questions": "kgtest.api.importing",
    "init": "kgtest.api.config",
    "inspect": "kgtest.api.inspecting",
    "judge": "kgtest.api.judging",
    "judged_summary": "kgtest.api.judging",
    "kb_check": "kgtest.api.knowledge",
    "kb_clear": "kgtest.api.knowledge",
    "kb_stats": "kgtest.api.knowledge",
    "list_runs": "kgtest.api.runs",
    "command_again": "kgtest.runner.runs:again",
    "suite_made_again": "kgtest.runner.runs",
    "make_report": "kgtest.api.reporting",
    "raise_failures": "kgtest.api.asking",
    "routed_plugin_streams": "kgtest.runner.plugin_streams:routed",
    "register": "kgtest.api.kinds",
    "run": "kgtest.api.asking",
    "serve_database": "kgtest.api.database",
    "serve_model": "kgtest.api.serving",
    "stop_database": "kgtest.api.database",
    "write_junit": "kgtest.api.judging",
}

__getattr__ = lazy_names(__name__, _WHERE)

__all__ = [
    "BASELINES",
    "DEFAULT_RULES",
    "DIALOGUE_FORMATS",
    "DOMAINS",
    "EXPORT_TARGETS",
    "EXTRACTORS",
    "HISTORIES",
    "INJECTED",
    "KB_DOMAINS",
    "KINDS",
    "MAX_CONVERSATIONS",
    "MAX_MTL_DEPTH",
    "MAX_TURNS",
    "MIN_DIALOGUE_ROUNDS",
    "RULE_KINDS",
    "SANITY_RULES",
    "SUT_ALIASES",
    "SUT_SCHEMES",
    "WORDINGS",
    "Answer",
    "Asked",
    "CaseReport",
    "CaseResult",
    "Checked",
    "ConversationRequest",
    "DialogueRequest",
    "EvidenceFact",
    "Exported",
    "GenRequest",
    "Judged",
    "JudgedReply",
    "KbBuilt",
    "Kind",
    "Proof",
    "ReportFiles",
    "RunInfo",
    "RunManifest",
    "RunSummary",
    "RunVerdicts",
    "Suite",
    "SuiteRequest",
    "System",
    "SystemLike",
    "TestCase",
    "TestCode",
    "WorkspaceLike",
    "assert_score",
    "build_kb",
    "check",
    "checked_systems",
    "command_again",
    "database_info",
    "export",
    "generate",
    "import_questions",
    "init",
    "inspect",
    "judge",
    "judged_summary",
    "kb_check",
    "kb_clear",
    "kb_stats",
    "list_runs",
    "make_report",
    "raise_failures",
    "register",
    "routed_plugin_streams",
    "run",
    "serve_database",
    "serve_model",
    "stop_database",
    "suite_made_again",
    "write_junit",
]
