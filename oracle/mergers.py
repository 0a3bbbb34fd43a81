"""Unread merger sentences read as the KB's dated containment: a merger ends one unit and starts another.

"On 1 January 2016 Auvergne merged with Rhône-Alpes", "Picardy merged with Nord-Pas-de-Calais to
form Hauts-de-France", "Region since 2016 is Auvergne-Rhône-Alpes, created by merging Auvergne and
Rhône-Alpes": no property's words say a merger, so these were unread and blocked a class. A merger
dates the end of the merged unit's containment and the start of its successor's; where the case's
evidence dates them (France contains Rhône-Alpes until 2016, Lot-et-Garonne is in Nouvelle-Aquitaine
from 2016), a merger sentence whose years are those ends (or the year after an end, the year before a
start: "until the end of 2015", merged "on 1 January 2016") agrees with the KB and is read as those
dated facts. The partner it merged with is no listed fact, so it cannot contradict one. It stays
unread where

* a named unit's evidence is undated where the merger would date it, or a year of the sentence is
  not an end or start of its units (another date: it may be wrong knowledge, left to a later reading);
* it names a thing placed in a unit (a department: "Puy-de-Dôme was merged with Alsace" says where
  the department went), or the question's own two ends (it may state the asked relation);
* it denies, hedges or asks ("not", "never", "might", "if", "?"), places a unit ("in the far north":
  more than the merger, and unchecked), or has a number that is no year or day ("Law No. 2015-29").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.unread import SOURCE, Unread

_MERGED = re.compile(r"\b(?:merg(?:ed|es|ing|er)|merge|amalgamat(?:ed|ion)|fused|folded\s+into)\b", re.I)
_HEDGED = re.compile(
    r"\b(?:not|never|no|nor|if|whether|would|might|may|could|perhaps|maybe|possibly|probably|guess|"
    r"think|believe|seems?|plausible|wrong|false|incorrect|near|beside|border(?:s|ing)?|far|"
    r"(?:north|south)(?:east|west)?(?:ern)?|east(?:ern)?|west(?:ern)?)\b|n['’]t\b|\?",
    re.I,
)
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DAY = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b")
_YEAR = re.compile(r"\b(?:1[5-9]\d{2}|20\d{2})\b")


def mergers(unread: Sequence[Unread], ground: GroundGraph, wrong: bool) -> list[Unread]:
    """The unread merger sentences that agree with the case's dated containment (the module's rule);
    none where the reply states something wrong (``wrong``): its successor or partner, which no fact
    checks, may be what the wrong statement follows from."""
    return [] if wrong else [u for u in unread if _agrees(u, ground)]


def _agrees(u: Unread, ground: GroundGraph) -> bool:
    sentence = SOURCE.sub(" ", u.sentence)
    if not _MERGED.search(sentence) or _HEDGED.search(sentence):
        return False
    years = {int(y) for y in _YEAR.findall(sentence)}
    if re.search(r"\d", _YEAR.sub(" ", _DAY.sub(" ", sentence))):
        return False  # "Law No. 2015-29", "22 regions": a number that is no date
    placed = {e.subject for e in ground.edges}
    if u.ids & placed:
        return False  # a department or a country named: it says where a thing went
    asked = ground.statement
    if asked is not None and {asked[0], asked[2]} <= u.ids:
        return False  # the question's own pair: it may state the asked relation
    ended = {e.end for e in ground.edges if e.object in u.ids and e.end is not None}
    started = {e.start for e in ground.edges if e.object in u.ids and e.start is not None}
    if not ended and not started:
        return False  # no unit of the sentence is dated by the evidence: nothing to agree with
    if any(e.object in u.ids and e.start is None and e.end is None for e in ground.edges):
        return False
    dates = started | ended | {year + 1 for year in ended} | {year - 1 for year in started}
    return years <= dates
