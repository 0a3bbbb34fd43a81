"""The short name a person writes for a label Wikidata gives in full.

Blind readers rated encyclopedia titles stiff: "Did X play for Queens Park Rangers F.C.?", "the
United States of America", "Alexander R. Todd, Baron Todd", "England national under-21
association football team". None of the three KBs carries aliases, so the short forms come from
safe rules on the label alone, each taken only where no other entity of the KB goes by the short
form (the namer passes what is taken):

* a club's legal suffix (" F.C.", " FC", " A.F.C.", " CF", " Club de Fútbol", " Football Club")
  is dropped where what is left is a name of two words or more, or initials ("Queens Park
  Rangers", "APOEL"), and no place or common word WordNet knows ("São Paulo FC" keeps its): a
  town's name alone reads as the town ("Was Southampton founded in 1885?", "Was Reading founded
  in 1871?"); a suffix spelt out is abbreviated, as the club is called ("Villarreal CF");
* a person's peerage after a comma (", Baron Todd", ", 1st Baronet") is dropped, as English names
  them by it only with the title in front; dukes and earls ("1st Duke of Wellington"), known by
  their titles, keep theirs;
* "association football team" is "football team", and an age group needs no "national" ("the
  England under-21 football team");
* a state's official name is the one people use (``COMMON_NAMES``); a German city-state's is its
  city's ("the Free Hanseatic City of Bremen" is Bremen: ``CITY_STATE``);
* a German Regierungsbezirk, which Wikidata renders "Lüneburg Government Region" (a literal
  rendering the twelfth session's readers marked), is "the Lüneburg Region", as English names a
  region by its seat.

A club a person is asked to have played for has a shorter name still (``team_name``): after
"play for" no town's name reads as the town, so the legal form goes in front or behind and a
founding year with it ("Juventus F.C.", "A.C. Reggiana 1919", "S.C. Internacional" are Juventus,
Reggiana and Internacional: the thirteenth session's readers called them Wikipedia titles, and
Reggiana was not "1919" in 1985); "AC Milan" and "S.S. Lazio" played for are Milan and Lazio, as
football writes them.
"""

from __future__ import annotations

import re
from collections.abc import Container

from kgtest.core.wordnet import wordnet
from kgtest.generator.name_contexts import unaccented

_CLUB = re.compile(
    r"^(?P<name>.+?),? (?P<suffix>A\.F\.C\.|F\.C\.|AFC|FC|C\.F\.|CF|Club de Fútbol|Football Club)$"
)
_ABBREVIATED = {"Club de Fútbol": "CF", "Football Club": "F.C."}
"""Suffixes spelt out, as a club's name is written when it keeps one: "Villarreal CF"."""
_PEERAGE = re.compile(r"^(?P<name>[^,]+), (?:\d+(?:st|nd|rd|th) )?(?:Baron|Baroness|Baronet|Viscount)\b")
_NATIONAL = re.compile(r"^(?P<country>.+) national (?P<age>under-\d+ )?association football team$")
COMMON_NAMES = {"United States of America": "United States"}
"""Official names of states and the names people use for them."""
CITY_STATE = re.compile(r"^Free (?:and )?Hanseatic City of (?P<name>.+)$")
"""A state whose official name calls it a city: its head of government is its mayor (asked.py)."""
_GOVERNMENT_REGION = re.compile(r"^(?P<name>.+) Government Region$")
_LEGAL_PREFIX = re.compile(
    r"^(?:A\.C\.|S\.C\.|A\.S\.|S\.S\.|U\.S\.|S\.S\.C\.|U\.C\.|C\.D\.|R\.S\.C\.|ACF|AC|AS|SS|SSC|SC|FC|PFC|CD|"
    r"RSC|RC|CA|SE|EC|SV|VfL|VfB|TSV|1\. FC|1\. FSV|Club Atlético|Club Deportivo|Club de Fútbol|"
    r"Clube de Regatas do|Sociedade Esportiva) (?P<name>.+)$"
)
"""Legal forms before a club's name, abbreviated or spelt out ("Club Atlético River Plate", "Clube de
Regatas do Flamengo": the fourteenth session's readers wanted "Flamengo"); "Clube Atlético Mineiro"
keeps its, as it is called "Atlético Mineiro"."""
_FUTEBOL_CLUBE = re.compile(r"^Futebol Clube (?:d[aeo]s? )?(?P<name>.+)$")
"""A Portuguese club's spelt-out legal form, which English writes "FC" ("Did Luís Fabiano play for
Futebol Clube do Porto?" read stiff to both fifteenth-session mid readers: "FC Porto")."""
_TEAM_SUFFIX = re.compile(r"^(?P<name>.+?),? (?:E\.C\.|EC|S\.C\.|SC|A\.C\.|AC|Futebol Clube)$")
"""Legal forms after a club's name that a club elsewhere may keep ("Cruzeiro E.C."): dropped after
"play for" alone; "Avaí Futebol Clube" is Avaí."""
_FOUNDED = re.compile(r"^(?P<name>.+) 1[89]\d\d$")
"""A founding year after a club's name, or after its legal form: "Reggiana 1919", "Como 1907",
"Bologna FC 1909" (read beside the question's year: "Did Marco Ballotta play for Bologna FC 1909
in 1999?" was clumsy to the fourteenth session's readers)."""


def short_name(label: str, taken: Container[str], person: bool = False) -> str:
    """The short form of ``label``, or "" where it has none or ``taken`` (casefolded names of the
    KB's other entities) holds it."""
    short = _shortened(label, person)
    return short if short and short.casefold() not in taken else ""


def _shortened(label: str, person: bool) -> str:
    if person:
        peer = _PEERAGE.match(label)
        return peer["name"] if peer else ""
    if label in COMMON_NAMES:
        return COMMON_NAMES[label]
    city = CITY_STATE.match(label)
    if city:
        return city["name"]
    region = _GOVERNMENT_REGION.match(label)
    if region:
        return f"{region['name']} Region"
    team = _NATIONAL.match(label)
    if team:
        middle = team["age"] or "national "
        return f"{team['country']} {middle}football team"
    club = _CLUB.match(label)
    if club is None:
        return ""
    name, suffix = club["name"], club["suffix"]
    kept = f"{name} {_ABBREVIATED[suffix]}" if suffix in _ABBREVIATED else ""
    if not name[-1].isalnum():  # "UNAM. FC": no name without its suffix
        return kept
    if " " not in name and not name.isupper():  # "Southampton", "Pafos": the town as much as the club
        return kept
    plain = unaccented(name)
    if not wordnet().available or wordnet().places(plain) or wordnet().common(plain):
        return kept
    return name


def team_name(label: str) -> str:
    """The name "played for" gives a club: its label without a legal form or a founding year
    ("Arsenal F.C." -> "Arsenal", "A.C. Reggiana 1919" -> "Reggiana"; "Futebol Clube do Porto" ->
    "FC Porto"), or "" where it has none."""
    dated = _FOUNDED.match(label)
    core = dated["name"] if dated else label
    if futebol := _FUTEBOL_CLUBE.match(core):
        return f"FC {futebol['name']}"
    club = _CLUB.match(core) or _TEAM_SUFFIX.match(core)
    prefix = _LEGAL_PREFIX.match(core) if club is None else None
    name = club["name"] if club else prefix["name"] if prefix else core
    return "" if name == label or not name[-1].isalnum() else name
