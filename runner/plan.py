"""How a run's drivers ask, beyond the system and its sampling: part of the run id, kept in run.json."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from kgtest.core.prompts import fill
from kgtest.core.settings import BatterySettings
from kgtest.generator.case import TestCase
from kgtest.runner.conversation import SCRIPTED, ConverseSettings
from kgtest.runner.dialogue_rounds import Probe
from kgtest.runner.manifest import PlanRecord, RunManifest

_BATTERY = BatterySettings()


@dataclass(frozen=True, slots=True)
class RunPlan:
    """What the drivers need beyond the system: the system prompt, the kinds asked, and each
    multi-turn driver's own settings."""

    system_prompt: str = ""
    """Sent first in every single question and conversation (dialogues send MORTAR's instruction)."""
    kinds: tuple[str, ...] = ()
    """The kinds of case of the suite this run asks; empty: every kind the suite holds."""
    history: str = "gold"
    """Dialogues: what earlier rounds show as answers, the gold ones or the system's own."""
    probes: tuple[Probe, ...] = ()
    """Dialogues: single-turn baselines' questions asked in a round's place."""
    context_tokens: int = _BATTERY.context_tokens
    """Conversations: tokens of the conversation the system under test sees; 0 for all."""
    partner_context_tokens: int = _BATTERY.partner_context_tokens
    """Conversations: tokens a partner system sees."""
    partner: str = SCRIPTED
    """Conversations: ``script``, or the spec of the partner system."""
    prompts: dict[str, str] = field(default_factory=dict)
    """Each kind's template of what is sent for a case (core/prompts.py); a kind not named is
    sent as the suite has it."""

    def shaped(self, case: TestCase) -> TestCase:
        """``case`` with the prompt its kind's template makes: the text the system is sent."""
        template = self.prompts.get(case.kind)
        if template is None:
            return case
        values = {"prompt": case.prompt, "question": case.question, "kind": case.kind,
                  "rule": case.rule, "domain": case.domain}  # fmt: skip
        return replace(case, prompt=fill(template, values))

    def converse_settings(self) -> ConverseSettings:
        return ConverseSettings(0, self.context_tokens, self.partner_context_tokens, self.system_prompt)

    def record(self) -> PlanRecord:
        """The plan as run.json keeps it: the probes by count, not whole."""
        return PlanRecord(
            system_prompt=self.system_prompt,
            kinds=self.kinds,
            history=self.history,
            probes=dict(Counter(p.variant for p in self.probes)),
            reverted=dict(Counter(p.variant for p in self.probes if p.reverted)),
            context_tokens=self.context_tokens,
            partner_context_tokens=self.partner_context_tokens,
            partner=self.partner,
            prompts=dict(self.prompts),
        )


def converse_settings_of(manifest: RunManifest) -> ConverseSettings:
    """The conversation settings a run was asked with, from its manifest."""
    plan = manifest.plan
    return RunPlan(
        system_prompt=manifest.system_prompt,
        context_tokens=plan.context_tokens,
        partner_context_tokens=plan.partner_context_tokens,
    ).converse_settings()
