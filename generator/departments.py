"""French départements, found by where the KB puts them: their bare names read as rivers.

Blind readers read "Was Somme in Picardy?" as the river; départements were named after rivers,
mountains and seas, so each is "the Somme department" (generator/names.py). WordNet cannot tell
which names are rivers (it knows Rhône and Meuse, not Somme, Doubs, Aude, Ain or Manche), so the
KB's containment decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set

from kgtest.core.wordnet import wordnet
from kgtest.generator.name_contexts import unaccented

FRANCE = frozenset({"Q142", "Q212429"})
"""France and Metropolitan France: the places its regions lie directly in."""


def departments(up: Mapping[str, Set[str]], label: Callable[[str], str]) -> frozenset[str]:
    """The places directly within a region (a place that lies directly in France alone: Rhône-Alpes;
    not Rhône, in Rhône-Alpes too, so not Lyon), of one word ("Territoire de Belfort" says what it
    is) that WordNet knows as no place (Paris, in Île-de-France). ``up``: what each place lies
    directly in; ``label``: its name."""
    regions = {x for x, ups in up.items() if x not in FRANCE and ups and ups <= FRANCE}
    return frozenset(
        x
        for x, ups in up.items()
        if x not in FRANCE
        and ups & regions
        and " " not in label(x)
        and not wordnet().places(unaccented(label(x)))
    )
