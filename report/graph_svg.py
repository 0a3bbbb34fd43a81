"""Where to draw a case's two graphs: the proof's facts and the reply's claims, side by side.

Only coordinates and classes are computed here; templates/graph.svg.j2 draws them, so the
picture is plain inline SVG (no script, no CDN). Nodes sit on an ellipse in a fixed order, so
the same case is drawn the same way every time; an edge's colour is its mark from
report/evidence.py (stated, denied, missing; matches, contradicts, unmatched).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.report.evidence import CaseEvidence

WIDTH, HEIGHT = 360, 230
_RX, _RY, _CX, _CY = 120, 72, WIDTH / 2, HEIGHT / 2 + 6
_NODE_R = 7
_MAX_NODES = 12
_SPREAD = 20
"""Pixels between parallel edges of one pair of nodes."""


@dataclass(frozen=True, slots=True)
class DrawnNode:
    x: float
    y: float
    label: str
    short: str
    matched: bool


@dataclass(frozen=True, slots=True)
class DrawnEdge:
    path: str
    """SVG path data."""
    lx: float
    ly: float
    label: str
    short: str
    status: str


@dataclass(frozen=True, slots=True)
class Panel:
    title: str
    nodes: tuple[DrawnNode, ...]
    edges: tuple[DrawnEdge, ...]
    note: str = ""
    """Shown instead of a graph when there is nothing to draw."""


def panels(evidence: CaseEvidence) -> tuple[Panel, Panel]:
    """The proof's graph and the reply's, each laid out on its own ellipse."""
    proof_edges = [
        (f.subject, f.object, ("not " if f.negated else "") + f.relation, f.status or "missing")
        for f in evidence.facts
        if f.subject and f.object
    ]
    matched_proof = {n.label for n in evidence.proof_nodes if n.match}
    proof = _panel(
        "proof",
        [n.label for n in evidence.proof_nodes],
        matched_proof,
        proof_edges,
        "no facts with two entities (a temporal formula: see the facts above)",
    )
    counted = [c for c in evidence.claims if c.status != "ignored"]
    claim_edges = [
        (c.subject, c.object, ("not " if c.negated else "") + c.relation, c.status) for c in counted
    ]
    names = list(dict.fromkeys(x for c in counted for x in (c.subject, c.object)))
    matched_reply = {n.label for n in evidence.reply_nodes if n.match}
    reply = _panel(
        "reply", names, matched_reply, claim_edges, "no claims about the case's entities or relations"
    )
    return proof, reply


def _panel(
    title: str,
    names: Sequence[str],
    matched: set[str],
    edges: Sequence[tuple[str, str, str, str]],
    empty: str,
) -> Panel:
    shown = list(names)[:_MAX_NODES]
    at = dict(zip(shown, _ellipse(len(shown)), strict=True))
    nodes = tuple(DrawnNode(x, y, n, _short(n, 22), n in matched) for n, (x, y) in at.items())
    drawable = [e for e in edges if e[0] in at and e[1] in at]
    pairs: dict[frozenset[str], int] = {}
    for s, o, _, _ in drawable:
        pairs[frozenset((s, o))] = pairs.get(frozenset((s, o)), 0) + 1
    seen: dict[frozenset[str], int] = {}
    drawn = []
    for s, o, label, status in drawable:
        pair = frozenset((s, o))
        k = seen.get(pair, 0)
        seen[pair] = k + 1
        offset = (k - (pairs[pair] - 1) / 2) * _SPREAD
        path, lx, ly = _curve(at[s], at[o], offset) if s != o else _loop(at[s], k)
        drawn.append(DrawnEdge(path, lx, ly, label, _short(label, 26), status))
    note = "" if drawn or nodes else empty
    if len(names) > _MAX_NODES:
        note = f"{len(names) - _MAX_NODES} more entities not drawn"
    return Panel(title, nodes, tuple(drawn), note)


def _ellipse(n: int) -> list[tuple[float, float]]:
    if n == 1:
        return [(_CX, _CY)]
    if n == 2:
        return [(_CX - _RX, _CY), (_CX + _RX, _CY)]
    return [
        (
            round(_CX + _RX * math.cos(-math.pi / 2 + 2 * math.pi * i / n), 1),
            round(_CY + _RY * math.sin(-math.pi / 2 + 2 * math.pi * i / n), 1),
        )
        for i in range(n)
    ]


def _curve(a: tuple[float, float], b: tuple[float, float], offset: float) -> tuple[str, float, float]:
    """From ``a`` to ``b``, bowed ``offset`` px to the side; ends kept off the node circles."""
    (x1, y1), (x2, y2) = a, b
    offset = offset if a <= b else -offset  # both directions of one pair bow from the same line
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    mx, my = (x1 + x2) / 2 + nx * offset, (y1 + y2) / 2 + ny * offset
    cx, cy = (x1 + x2) / 2 + nx * offset * 2, (y1 + y2) / 2 + ny * offset * 2
    gap = _NODE_R + 3
    sx, sy = x1 + ux * gap, y1 + uy * gap
    ex, ey = x2 - ux * gap, y2 - uy * gap
    return f"M{sx:.1f},{sy:.1f} Q{cx:.1f},{cy:.1f} {ex:.1f},{ey:.1f}", round(mx, 1), round(my - 3, 1)


def _loop(a: tuple[float, float], k: int) -> tuple[str, float, float]:
    """A statement about an entity and itself: a loop above the node."""
    x, y = a
    h = 32 + 12 * k
    top = y - _NODE_R
    path = f"M{x - 4:.1f},{top:.1f} C{x - 26:.1f},{y - h:.1f} {x + 26:.1f},{y - h:.1f} {x + 4:.1f},{top:.1f}"
    return path, round(x, 1), round(y - h + 4, 1)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
