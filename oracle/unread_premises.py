"""Unread sentences that only restate a fact of the case: read as that fact, a premise of the answer.

"Borgonovo was a Milan man", "Antón was on Euskaltel's team for the 2011 Giro": no property's words
say these, so they were unread, and a class would have been "cannot tell". But a sentence that names
the two ends of an evidence fact, and nothing else the KB knows, with nothing that moves it away from
that fact, agrees with the fact whatever its verb: by DEFINITIONS.md wrong knowledge contradicts a
listed fact (another value, a denial, another date), and this one can do none of that. It is read
as that fact. It still blocks a class where it

* denies or moves away: "not", "never", "false", "declined", "former", "left", "elsewhere", "until",
  "split", "ceded", "replaced", a verb that ends a relation ("cut ties with") ... (it may deny the
  fact, or date its end), or places one end beside the other ("south-east of", "different",
  "borders": not within it);
* has a year or a number beyond the ends' own names (it may date or count the fact: "won stage 14",
  "a Milan man until 1990"; "the 2011 Giro" is the race's name);
* names another entity or a people ("Croatian"), adds a clause ("which took over from"), or asks,
  supposes or reports ("whether", "if", "some say");
* relates the question's own two ends where the proof concludes the question's statement is false:
  there no fact links them as asked, and the sentence may state the asked relation (wrong knowledge).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.core.wordnet import wordnet
from kgtest.oracle.claims import ENDING
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.unread import NAME, SOURCE, Unread

AWAY = re.compile(
    r"\b(?:not|never|no|nor|neither|none|nothing|without|former|formerly|ex|once|previously|earlier|later|"
    r"left|leave|leaves|leaving|quit|elsewhere|other|others|another|instead|rather|until|till|since|"
    r"before|after|split|splits|separate|separated|separately|apart|independent|ceded|cede|lost|lose|"
    r"loses|replaced|replace|replacing|moved|move|moving|transferred|transfer|sold|released|loan|loaned|"
    r"abolished|dissolved|ended|ceased|stopped|became|become|becoming|renamed|briefly|only|except|but|"
    r"although|though|however|whether|if|unless|would|might|may|could|perhaps|maybe|possibly|probably|"
    r"some|say|says|said|claim|claims|claimed|think|thought|believe|believed|doubt|used|twice|thrice|"
    r"first|second|third|last|one|two|three|four|five|six|seven|eight|nine|ten|both|each|all|every|"
    r"ever|less|more|most|least|half|partly|partially|took|over|succeeded|successor|predecessor|which|who|"
    r"whom|whose|where|when|while|whereas|false|untrue|wrong|incorrect|mistaken|myth|different|distinct|unlike|"
    r"declined|declines|decline|refused|refuses|refuse|rejected|rejects|reject|denied|denies|deny|opposed|"
    r"failed|fails|lacks|lacked|lack|absent|withheld|north|south|east|west|northern|southern|eastern|inland|"
    r"(?:north|south)(?:east|west)(?:ern)?|"
    r"western|near|nearby|beside|neighbour|neighbor|neighbouring|neighboring|border|borders|across|beyond|"
    r"outside)\b|n['’]t\b|\?|\d",
    re.I,
)
"""What can deny the fact, move away from it, date or count it, or leave it unsaid."""


def premises(unread: Sequence[Unread], ground: GroundGraph, entities: EntityReader) -> list[Unread]:
    """The unread sentences read as an evidence fact they restate (the module's rule)."""
    return [u for u in unread if _restates(u, ground, entities)]


def _restates(u: Unread, ground: GroundGraph, entities: EntityReader) -> bool:
    plain = SOURCE.sub(" ", u.sentence)
    named: set[str] = set()
    for found in NAME.finditer(plain):
        whole = found.group().strip()
        for name in [whole] if _known(whole, ground, entities) else whole.split(" and "):
            match = entities.read(name.strip(), ground, look_up=False)
            match = match if match.known else entities.read(name.strip(), ground)
            if match.how == "demonym":
                return False  # "Croatian independence": a thing of theirs, not the country
            if match.id is not None:
                named.add(match.id)
    if len(named) != 2:
        return False
    ends = [e for e in ground.edges if {e.subject, e.object} == named]
    if not ends:
        return False
    asked = ground.statement
    if asked is not None and ground.holds is False and {asked[0], asked[2]} == named:
        return False  # the question's own pair, which no fact links as asked
    rest = without_names(plain, named, ground)
    return not AWAY.search(rest) and not any(_ends(w) for w in re.findall(r"[a-z]+", rest.lower()))


def _known(name: str, ground: GroundGraph, entities: EntityReader) -> bool:
    return entities.read(name, ground, look_up=False).known or entities.read(name, ground).known


def _ends(word: str) -> bool:
    """A verb that ends a relation ("cut ties with", "broke off", "quitting": claims.py)."""
    return word in ENDING or wordnet().base(word, "verb") in ENDING


def without_names(sentence: str, ids: set[str], ground: GroundGraph) -> str:
    """The sentence less its ends' labels and aliases and the years inside them ("the 2011 Giro")."""
    out = sentence
    for eid in ids:
        entity = ground.entity(eid)
        if entity is None:
            continue
        for name in sorted((entity.label, *entity.aliases), key=len, reverse=True):
            out = re.sub(re.escape(name), " ", out, flags=re.I)
        for number in re.findall(r"\d+", entity.label):
            out = re.sub(rf"\b{number}\b", " ", out)
    return out
