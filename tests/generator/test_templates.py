"""Fact question wording: plain, per relation and subject; Drowzee's Table II; the prompt (Table IV)."""

from __future__ import annotations

import pytest

from kgtest.core.errors import ConfigError, GenerationError
from kgtest.core.wordnet import wordnet
from kgtest.generator.articles import named, titled
from kgtest.generator.clauses import PAST, PRESENT, clause
from kgtest.generator.phrasing import asks, parse_asks, relation_clause
from kgtest.generator.templates import NEGATED, ORIGINAL, fact_prompt, plain_question, table_question, wording
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Category


@pytest.mark.parametrize(
    ("pid", "variant", "text"),
    [
        ("P19", ORIGINAL, "Is it true that Dickens was born in Rome?"),
        (
            "P19",
            NEGATED,
            "It is false that Dickens was born in Rome. Please judge the truthfulness of this statement.",
        ),
        ("P131", ORIGINAL, "Is it true that Dickens is located in Rome?"),
        ("P131", NEGATED, "It is impossible for Dickens to be located in Rome. Am I right?"),
        ("P69", NEGATED, "It is impossible for Dickens to have been educated at Rome. Am I right?"),
        ("P150", ORIGINAL, "Is it true that Dickens contains Rome?"),
        ("P150", NEGATED, "Is it true that Dickens never contains Rome?"),
        ("^P22", ORIGINAL, "Is it true that Dickens is the father of Rome?"),
        ("^P22", NEGATED, "It is impossible for Dickens to be the father of Rome. Am I right?"),
        ("^P57", NEGATED, "Is it true that Dickens never directed Rome?"),
        ("P9999", ORIGINAL, "Is it true that Dickens has as P9999 Rome?"),
    ],
)
def test_drowzee_table_ii_wording_per_category(pid: str, variant: str, text: str) -> None:
    assert table_question("Dickens", wording(pid, builtin_catalog()), "Rome", variant) == text


def test_inverse_readings_take_their_category_from_the_phrase() -> None:
    assert wording("^P22", builtin_catalog()).category is Category.PASSIVE
    assert wording("^P57", builtin_catalog()).category is Category.ACTIVE
    with pytest.raises(GenerationError, match="P19 has no inverse_phrase"):
        wording("^P19", builtin_catalog())


def test_a_final_period_is_not_doubled() -> None:
    how = wording("^P22", builtin_catalog())
    assert table_question("Dickens", how, "Dickens Jr.", NEGATED).endswith("Dickens Jr. Am I right?")


def test_the_prompt_asks_for_the_answer_first_then_the_reasoning() -> None:
    prompt = fact_prompt("Is it true that A follows B?")
    assert prompt.startswith("Answer the question with your knowledge and reasoning power.\n")
    assert "Given the question: Is it true that A follows B?" in prompt
    assert "in the form of declarative sentences, point by point" in prompt
    assert prompt.endswith("The answer must contain 'Yes', 'No' or 'I don't know' at the beginning.")


@pytest.mark.parametrize(
    ("pid", "s", "o", "tense", "domain", "variant", "year", "text"),
    [
        (
            "P19",
            "Charles Dickens",
            "Portsmouth",
            PRESENT,
            "people",
            ORIGINAL,
            None,
            "Was Charles Dickens born in Portsmouth?",
        ),
        ("P131", "Lavagna", "Liguria", PRESENT, "places", ORIGINAL, None, "Is Lavagna located in Liguria?"),
        (
            "P131",
            "Lavagna",
            "Liguria",
            PAST,
            "places",
            NEGATED,
            1950,
            'Is this statement true: "Lavagna was not located in Liguria in 1950"?',
        ),
        (
            "P150",
            "Liguria",
            "Lavagna",
            PAST,
            "places",
            ORIGINAL,
            2014,
            "Was Lavagna in Liguria in 2014?",
        ),
        ("P54", "Kaká", "AC Milan", PAST, "people", ORIGINAL, 2005, "Did Kaká play for AC Milan in 2005?"),
        (
            "P54",
            "Kaká",
            "AC Milan",
            PAST,
            "people",
            NEGATED,
            2005,
            'Is this statement true: "Kaká did not play for AC Milan in 2005"?',
        ),
        (
            "P22",
            "Charles Dickens",
            "John Dickens",
            PAST,
            "people",
            ORIGINAL,
            None,
            "Was John Dickens the father of Charles Dickens?",
        ),
        (
            "^P22",
            "John Dickens",
            "Charles Dickens",
            PAST,
            "people",
            ORIGINAL,
            None,
            "Was John Dickens the father of Charles Dickens?",
        ),
        (
            "P17",
            "Aachen",
            "Nazi Germany",
            PAST,
            "places",
            ORIGINAL,
            1938,
            "Was Aachen in Nazi Germany in 1938?",
        ),
        ("P17", "Eurocorps", "France", PRESENT, "society", ORIGINAL, None, "Is Eurocorps based in France?"),
        (
            "P6",
            "Bavaria",
            "Hans Ehard",
            PAST,
            "places",
            ORIGINAL,
            1950,
            "Was Hans Ehard the head of government of Bavaria in 1950?",
        ),
        (
            "P1346",
            "the Pichichi Trophy",
            "Quini",
            PAST,
            "culture",
            ORIGINAL,
            1976,
            "Did Quini win the Pichichi Trophy in 1976?",
        ),
        (
            "P106",
            "Marie Curie",
            "engineer",
            PAST,
            "people",
            ORIGINAL,
            None,
            "Did Marie Curie work as an engineer?",
        ),
        (
            "P737",
            "Stephen Hawking",
            "Paul Dirac",
            PAST,
            "people",
            ORIGINAL,
            None,
            "Was Stephen Hawking influenced by Paul Dirac?",
        ),
        (
            "^P737",
            "Paul Dirac",
            "Stephen Hawking",
            PAST,
            "people",
            ORIGINAL,
            None,
            "Was Stephen Hawking influenced by Paul Dirac?",
        ),
        ("P47", "Myanmar", "Laos", PRESENT, "places", ORIGINAL, None, "Does Myanmar border Laos?"),
        (
            "P112",
            "the Soviet Union",
            "the Russian SFSR",
            PAST,
            "places",
            ORIGINAL,
            None,
            "Was the Russian SFSR a founder of the Soviet Union?",
        ),
        ("P9999", "Dickens", "Rome", PRESENT, "people", ORIGINAL, None, "Does Dickens have Rome as P9999?"),
    ],
)
def test_plain_questions_read_as_a_person_would_ask(
    pid: str, s: str, o: str, tense: str, domain: str, variant: str, year: int | None, text: str
) -> None:
    label = builtin_catalog().resolve(pid.lstrip("^")).label
    assert plain_question(relation_clause(pid, label, s, o, tense, domain), variant, year) == text


def test_a_citys_head_of_government_is_its_mayor() -> None:
    """ "Was Kurt Malangré the head of government of Aachen in 1993?" read stiff to both readers of the
    twelfth session; a city by the KB's class (big city, Q1549591) has a mayor, a state keeps the words."""
    label = builtin_catalog().resolve("P6").label
    city = relation_clause("P6", label, "Aachen", "Kurt Malangré", PAST, "places", (), ("Q1549591",))
    assert plain_question(city, ORIGINAL, 1993) == "Was Kurt Malangré the mayor of Aachen in 1993?"
    state = relation_clause("P6", label, "Bavaria", "Alfons Goppel", PAST, "places", (), ("Q107390",))
    assert state.question() == "Was Alfons Goppel the head of government of Bavaria"
    back = relation_clause("^P6", label, "Kurt Malangré", "Aachen", PAST, "people", (), ("Q1549591",))
    assert back.question() == "Was Kurt Malangré the mayor of Aachen"


@pytest.mark.skipif(not wordnet().available, reason="needs Debian's wordnet-base (.ci/setup)")
def test_a_title_received_is_called_one() -> None:
    """ "Did X receive Pilot-Cosmonaut of the USSR?" and "receive Gold Star" read stiff to the twelfth
    session's readers: a title (WordNet's first sense of its head is a person) is "the title ...",
    an honour that is a thing takes its article."""
    label = builtin_catalog().resolve("P166").label
    said = relation_clause("P166", label, "Vladimir Lyakhov", "Pilot-Cosmonaut of the USSR", PAST)
    assert said.question() == "Did Vladimir Lyakhov receive the title Pilot-Cosmonaut of the USSR"
    hero = relation_clause("^P166", label, "the Hero of the Soviet Union", "Yury Gagarin", PAST)
    assert hero.question() == "Did Yury Gagarin receive the title Hero of the Soviet Union"
    order = relation_clause("P166", label, "Yury Gagarin", "the Order of Lenin", PAST)
    assert order.question() == "Did Yury Gagarin receive the Order of Lenin"
    assert named("Gold Star") == "the Gold Star"
    assert titled("the Prince of Asturias Award") == "the Prince of Asturias Award"  # a thing given
    assert named("Territoire de Belfort") == "the Territoire de Belfort"  # as "the Province of Genoa"


def test_a_nomination_reads_right_for_a_film_and_for_an_actor() -> None:
    for who in ("Remember the Titans", "Denzel Washington"):
        said = relation_clause("P1411", "nominated for", who, "the Satellite Award for Best Actor", PAST)
        assert plain_question(said, ORIGINAL, 2001) == (
            f"Was {who} nominated for the Satellite Award for Best Actor in 2001?"
        )
    # Drowzee's quoted sentences keep the words they had ("stated" in the catalog)
    kept = relation_clause("P1411", "", "X", "the Y Award", PAST, statement=True)
    assert kept.statement() == "X received a nomination for the Y Award"
    award = relation_clause(
        "P166", "award received", "Crazy Heart", "the Academy Award for Best Actor", PAST, "culture"
    )
    assert award.question() == "Did Crazy Heart win the Academy Award for Best Actor"


def test_every_curated_relation_has_a_question_wording() -> None:
    catalog = builtin_catalog()
    assert {p for p in catalog if catalog[p].curated} <= set(asks())
    for pid, table in asks().items():
        for wording_ in table.values():
            said = clause(wording_, "S", "O", PAST)
            assert said.question()[0].isupper() and " not " in said.negative(), (pid, wording_)


def test_a_bad_wording_names_the_file_and_the_property() -> None:
    with pytest.raises(ConfigError, match=r"x.toml: \[P1\] ask.any = '\{s\} \[be\] in' must name both"):
        parse_asks('[P1]\nask = "{s} [be] in"\n', "x.toml")
    with pytest.raises(ConfigError, match=r"x.toml: \[P1\] .*exactly one verb in brackets"):
        parse_asks('[P1]\nask = { any = "{s} is {o}" }\n', "x.toml")
