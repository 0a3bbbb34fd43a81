"""Misreadings issue 38's eighth session fixed at the extractor's depth, each from sentences of several
reply styles (terse, chatty, step-by-step, cited)."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor


@pytest.mark.parametrize(
    ("text", "subject", "year", "act"),
    [
        ("Armenia opened an embassy in Tokyo in 2010.", "Armenia", "2010", "embassy"),
        ("Step 2: Japan later opened an embassy in 2010, as the ministry notes.", "Japan", "2010", "embassy"),
        ("Oh, and he started it in 2009, 2011 and 2013 too!", "he", "2011", "it"),
        ("According to the club, Smith founded the academy in 1904.", "Smith", "1904", "academy"),
    ],
)
def test_a_year_of_a_verb_with_an_object_dates_the_act_not_the_subject(
    extractor: SpacyExtractor, text: str, subject: str, year: str, act: str
) -> None:
    (triples,) = extractor.extract([text])
    bare = [t for t in triples if t.object == year and t.relation.split()[1:] == ["in"]]  # "opened in"
    assert bare and all(t.subject == subject and t.acted_on == act for t in bare), triples


@pytest.mark.parametrize(
    "text",
    [
        "Einstein was born in Ulm in 1879.",
        "The race took place in 2014.",
        "Tesla (born 1856) died in 1943.",
        "Sadly, he breathed his last in 1943.",
    ],
)
def test_a_year_of_a_verb_without_an_object_is_the_subjects(extractor: SpacyExtractor, text: str) -> None:
    (triples,) = extractor.extract([text])
    years = [t for t in triples if t.object.isdigit()]
    assert years and any(not t.acted_on for t in years), triples


@pytest.mark.parametrize(
    ("text", "names", "second"),
    [
        (
            "No — Eurocontrol was only founded in 1960 and Doxa Katokopias in 1954, so neither existed.",
            ["Doxa Katokopias F.C."],
            ("Doxa Katokopias", "1954"),
        ),
        (
            "According to ProCyclingStats, Edward Theuns was born in 1991 and Luke Durbridge in 1994.",
            ["Edward Theuns", "Luke Durbridge"],
            ("Luke Durbridge", "1994"),
        ),
        ("1. Bohr was born in 1885, and Einstein in 1879.", [], ("Einstein", "1879")),
    ],
)
def test_a_gapped_clause_has_its_own_subject(
    extractor: SpacyExtractor, text: str, names: list[str], second: tuple[str, str]
) -> None:
    """ "X was founded in 1960 and Y in 1954": the second year is Y's, never X's too."""
    (triples,) = extractor.extract([text], [names])
    found = {(t.subject, t.object) for t in triples}
    first = next(t.subject for t in triples if t.object.isdigit())
    assert second in found, found
    assert (first, second[1]) not in found, found
    assert not any(t.object == second[0] for t in triples), found


def test_coordinated_objects_are_no_gapped_clause(extractor: SpacyExtractor) -> None:
    (triples,) = extractor.extract(["Einstein visited Paris in 1920 and London in 1921."])
    assert not any(t.subject == "London" for t in triples), triples


@pytest.mark.parametrize(
    "text",
    [
        (
            "**Yes.**\n\n- **Oullins** is a commune just outside Lyon.\n"
            "- It belonged to the **Isère** department."
        ),
        "Well, Oullins is a commune right next to Lyon, and it belonged to the Isère department!",
    ],
)
def test_a_one_word_name_the_tagger_calls_a_noun_is_a_pronouns_antecedent(
    extractor: SpacyExtractor, text: str
) -> None:
    """ "Oullins" is tagged a plural noun; as a name of the case it is "it"'s nearest subject, not Lyon."""
    (triples,) = extractor.extract([text], [["Oullins", "Lyon", "Isère"]])
    (it,) = [t for t in triples if t.subject_pronoun == "it"]
    assert it.antecedents[:1] == ("Oullins",), it


@pytest.mark.parametrize(
    "text",
    [
        "He was born on 12 February 1973 in Toronto, Ontario, Canada.",
        "Step 1: he was born in Toronto, Ontario, Canada, in 1973.",
        "Fun fact: he was born in Toronto, Ontario, Canada, of all places!",
    ],
)
def test_an_address_is_one_place_and_where_it_is(extractor: SpacyExtractor, text: str) -> None:
    """ "born in Toronto, Ontario, Canada" names one birthplace; the later names contain it."""
    (triples,) = extractor.extract([text])
    born = {t.object for t in triples if t.relation.endswith("born in") and not t.object.isdigit()}
    contained = {(t.subject, t.object) for t in triples if t.relation == "is in"}
    assert born == {"Toronto"}, triples
    assert {("Toronto", "Ontario"), ("Toronto", "Canada"), ("Ontario", "Canada")} <= contained


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("She lived in Paris, Lyon and Marseille.", {"Paris", "Lyon", "Marseille"}),
        ("He was born in Portsmouth, not London.", {"Portsmouth", "London"}),
    ],
)
def test_a_list_or_a_denial_is_no_address(extractor: SpacyExtractor, text: str, places: set[str]) -> None:
    (triples,) = extractor.extract([text])
    assert {t.object for t in triples if t.relation.split()[-1] == "in"} == places, triples
    assert not any(t.relation == "is in" for t in triples), triples


@pytest.mark.parametrize(
    ("text", "subject", "year", "role"),
    [
        ("Albania has also been a NATO ally since 2009.", "Albania", "2009", "NATO ally"),  # markdown bullet
        ("Step 3: Lower Saxony was a state of West Germany from 1949.", "Lower Saxony", "1949", "state"),
        ("ETH Zurich has been a partner school of MIT since 1950.", "ETH Zurich", "1950", "partner school"),
    ],
)
def test_a_year_of_what_the_subject_is_said_to_be_dates_the_role(
    extractor: SpacyExtractor, text: str, subject: str, year: str, role: str
) -> None:
    (triples,) = extractor.extract([text], [[subject, "West Germany"]])
    dated = [t for t in triples if t.object == year]
    assert dated and all(t.subject == subject and t.acted_on.startswith(role) for t in dated), triples


@pytest.mark.parametrize(
    "text",
    [
        "The US recognised Albania in 1922. Relations were cut in 1939. They were re-established in 1991.",
        "Step 1: Hungary keeps an embassy in Nairobi. Step 2: Talks stalled, and they were resumed in 2005.",
    ],
)
def test_they_after_a_plural_noun_is_no_name(extractor: SpacyExtractor, text: str) -> None:
    (triples,) = extractor.extract([text])
    last = [t for t in triples if t.subject_pronoun == "they"]
    assert last and all(t.subject == "they" for t in last), triples


@pytest.mark.parametrize(
    "text",
    [
        "Cuxhaven, the North Sea port at the mouth of the Elbe, was part of Schleswig-Holstein in 1985.",
        "Step 2: Cuxhaven, the old fishing port, was part of Schleswig-Holstein in 1985.",
    ],
)
def test_a_one_word_name_the_tagger_calls_an_adverb_is_the_subject(
    extractor: SpacyExtractor, text: str
) -> None:
    (triples,) = extractor.extract([text], [["Cuxhaven"]])
    assert any(t.subject == "Cuxhaven" and t.object == "Schleswig-Holstein" for t in triples), triples


@pytest.mark.parametrize(
    ("text", "subject", "team", "negated"),
    [
        ("Stoichkov was a Barcelona player from 1990 to 1995.", "Stoichkov", "Barcelona", False),  # terse
        ("Step 3: Murillo wasn't a Cádiz player in 2013.", "Murillo", "Cádiz", True),  # step-by-step
        ("Honestly, Raúl was a Real Madrid striker for years!", "Raúl", "Real Madrid", False),  # chatty
    ],
)
def test_a_clubs_player_plays_for_it(
    extractor: SpacyExtractor, text: str, subject: str, team: str, negated: bool
) -> None:
    (triples,) = extractor.extract([text], [[subject]])
    assert any((t.subject, t.object, t.negated) == (subject, team, negated) for t in triples), triples
    assert any(t.relation.endswith("player of") for t in triples), triples


@pytest.mark.parametrize(
    ("text", "place", "within"),
    [
        ("Lloyd died in 1971 at Greenacres, his big estate in Beverly Hills.", "Greenacres", "Beverly Hills"),
        ("- **Death:** she died at Villa Rosa, a house in Nice, in 1950.", "Villa Rosa", "Nice"),
        ("Honestly? He passed away at Hotel Lux, the old hotel in Moscow.", "Hotel Lux", "Moscow"),
    ],
)
def test_an_apposition_of_common_nouns_places_the_name(
    extractor: SpacyExtractor, text: str, place: str, within: str
) -> None:
    """ "at Greenacres, his estate in Beverly Hills": Greenacres is in Beverly Hills (tenth session)."""
    (triples,) = extractor.extract([text])
    assert any((t.subject, t.relation, t.object) == (place, "is in", within) for t in triples), triples


@pytest.mark.parametrize(
    ("text", "subject", "place"),
    [
        ("Roth died in 2018 at his country home in Warren, Connecticut.", "Roth", "Warren"),  # terse
        ("Step 2: Miller died in 2005 at his country home in Roxbury.", "Miller", "Roxbury"),  # step-by-step
    ],
)
def test_a_home_the_parser_hangs_on_the_verb_places_it(
    extractor: SpacyExtractor, text: str, subject: str, place: str
) -> None:
    """ "at his country home in Warren": spaCy reads "home" as the verb's adverb; where the home is, the
    verb's act is (eleventh session, styled_blind11 W1-010)."""
    (triples,) = extractor.extract([text], [[subject]])
    assert any((t.subject, t.relation, t.object) == (subject, "died in", place) for t in triples), triples


@pytest.mark.parametrize(
    ("text", "subject", "region"),
    [
        (
            "Oldenburg lies in the northwest of Lower Saxony, inland near the Hunte.",
            "Oldenburg",
            "Lower Saxony",
        ),
        ("Honestly, Bari is a city in the southeast of Italy!", "Bari", "Italy"),
    ],
)
def test_a_compass_part_of_a_place_is_in_it(
    extractor: SpacyExtractor, text: str, subject: str, region: str
) -> None:
    """ "in the northwest of Lower Saxony" is in Lower Saxony, as "the north of" was (styled_blind11
    W3-024)."""
    (triples,) = extractor.extract([text], [[subject, region]])
    assert any((t.subject, t.object) == (subject, region) for t in triples), triples


@pytest.mark.parametrize(
    ("text", "place", "around"),
    [
        ("Munich lies in the region of Swabia, which is part of Germany.", "Swabia", "Germany"),
        ("Honestly, it sits in the north of Bavaria, which belongs to Germany!", "Bavaria", "Germany"),
    ],
)
def test_which_after_a_part_of_a_place_is_the_place(
    extractor: SpacyExtractor, text: str, place: str, around: str
) -> None:
    """ "the region of Swabia, which is part of Germany": "which" is Swabia, as the region's "of" reads."""
    (triples,) = extractor.extract([text], [[place, around]])
    assert any((t.subject, t.object) == (place, around) for t in triples), triples


@pytest.mark.parametrize(
    ("text", "subject", "obj", "negated"),
    [
        ("Robert Darwin was no spouse of Vladimir Lenin.", "Robert Darwin", "Vladimir Lenin", True),
        ("Obama was no student of the University of Oxford.", "Obama", "University of Oxford", True),
        ("Catherine was the wife of Charles Dickens.", "Catherine", "Charles Dickens", False),
    ],
)
def test_no_before_the_relation_noun_denies_it(
    extractor: SpacyExtractor, text: str, subject: str, obj: str, negated: bool
) -> None:
    """ "X was no spouse of Y" was read as "X was a spouse of Y", a confident wrong class (fourteenth
    session, a reply written for the restated-denial rule)."""
    (triples,) = extractor.extract([text])
    found = [t for t in triples if (t.subject, t.object) == (subject, obj)]
    assert found and all(t.negated is negated for t in found), triples


@pytest.mark.parametrize(
    ("text", "only", "negated"),
    [
        ("Hernández didn't make a single Premier League appearance that season.", "", True),
        ("He never won a single Nobel Prize.", "", True),
        ("Curie won a single Nobel Prize.", "Nobel Prize", False),
    ],
)
def test_not_a_single_one_is_none_not_only_one(
    extractor: SpacyExtractor, text: str, only: str, negated: bool
) -> None:
    """ "didn't make a single appearance" says none (a denial), where "won a single Nobel" says at most
    one: read as "only one" it was a count the KB could not refute, and the sentence counted as read
    (styled_blind9 W2-022)."""
    (triples,) = extractor.extract([text])
    assert triples and all((t.only, t.negated) == (only, negated) for t in triples), triples
