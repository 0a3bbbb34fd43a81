"""Open-ended facts in temporal questions: closed periods plus one open end (the Putin pattern).

Putin's residences: Leningrad 1952-1975, Dresden 1985-1990, Saint Petersburg from 1990 with no
end year, Moscow 1996-2000. The open period means "from 1990 on, end unknown", so whether he
lived in Saint Petersburg in 1993 depends on an end the KB does not give: no case may ask a
year it may cover, and every answer asked must hold however the open period ended.
"""

from __future__ import annotations

import random

from kgtest.generator.case import Answer
from kgtest.generator.kbview import KbView
from kgtest.generator.temporal import generate_temporal_cases, temporal_plan, worded
from kgtest.generator.temporal_kb import kb_events, universe
from kgtest.generator.temporal_question import born_question
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog import mtl
from kgtest.prolog.pointwise import holds_at

PUTIN, LENINGRAD, DRESDEN, MOSCOW = "Q7747", "Q656", "Q1731", "Q649"
RESIDES_IN_ST_PETERSBURG = f"{PUTIN} P551 {LENINGRAD}"


def putin() -> KbView:
    places = Domain.PLACES
    entities = {
        PUTIN: Entity(PUTIN, "Vladimir Putin", types=("Q5",), domain=Domain.PEOPLE, start_year=1952),
        LENINGRAD: Entity(LENINGRAD, "Saint Petersburg", types=("Q515",), domain=places),
        DRESDEN: Entity(DRESDEN, "Dresden", types=("Q515",), domain=places),
        MOSCOW: Entity(MOSCOW, "Moscow", types=("Q515",), domain=places),
        "Q1": Entity("Q1", "the Soviet Union", domain=places, start_year=1922, end_year=1991),
        "Q2": Entity("Q2", "the Berlin Wall", domain=places, start_year=1961, end_year=1989),
    }
    facts = (
        Fact(PUTIN, "P551", LENINGRAD, 1952, 1975, statement="r1"),
        Fact(PUTIN, "P551", DRESDEN, 1985, 1990, statement="r2"),
        Fact(PUTIN, "P551", LENINGRAD, 1990, None, statement="r3"),  # open-ended
        Fact(PUTIN, "P551", MOSCOW, 1996, 2000, statement="r4"),
    )
    return KbView(entities, facts, builtin_catalog())


def test_the_open_period_is_kept_known_at_its_start_and_unknown_after() -> None:
    events = {e.id: worded(e) for e in kb_events(putin())}
    home = events[RESIDES_IN_ST_PETERSBURG]
    assert home.intervals == ((1952, 1975), (1990, 1990))
    assert home.unknown == ((1991, 2000),)  # up to the KB's last year
    assert len(home.evidence) == 2 and home.description == "Vladimir Putin lived in Saint Petersburg"
    assert events[f"{PUTIN}:span"].unknown == ((1953, 2000),)  # born 1952, no death year


def test_no_year_the_open_period_may_cover_is_asked_and_every_answer_holds_however_it_ended() -> None:
    events = kb_events(putin())
    span = universe(events)
    rng = random.Random(0)
    asked_home = []
    for depth in (0, 1, 2):
        cases, _ = generate_temporal_cases(
            temporal_plan(events, depth=depth, count=60, seed=depth, universe=span)
        )
        for case in cases:
            t = case.temporal
            assert t is not None
            year, formula = t.query_year, mtl.from_json(t.formula)
            assert not any(s <= year <= e for s, e in t.unknown), "an answer that depends on the open end"
            if depth == 0 and RESIDES_IN_ST_PETERSBURG in t.events:
                asked_home.append((year, case.expected))
            for _ in range(8):  # one way the unknown years could have gone, and then another
                world = {
                    name: [tuple(s) for s in spans] + _some(rng, t.events_unknown.get(name, []))
                    for name, spans in t.events.items()
                }
                assert holds_at(formula, world, (span[0], span[1]), year) is (case.expected is Answer.YES)
    # Asked about it: a Yes only in the years known, a No only before 1990 outside 1952-1975.
    assert asked_home
    for year, expected in asked_home:
        assert year not in range(1991, 2001)
        if expected is Answer.NO:
            assert year < 1990 and not 1952 <= year <= 1975
    assert (1993, Answer.NO) not in asked_home


def _some(rng: random.Random, spans: list[list[int]]) -> list[tuple[int, int]]:
    """A random part of the unknown years: the open period ended somewhere in them, or not at all."""
    out = []
    for s, e in spans:
        a = rng.randint(s, e + 1)
        b = rng.randint(a - 1, e)
        if a <= b:
            out.append((a, b))
    return out


def _lives() -> KbView:
    born = {"Q11": ("Ada Lovelace", 1950), "Q12": ("Alan Turing", 1958), "Q13": ("Grace Hopper", 1966)}
    entities = {
        q: Entity(q, name, types=("Q5",), domain=Domain.PEOPLE, start_year=year)
        for q, (name, year) in born.items()
    }
    entities["Q14"] = Entity(
        "Q14", "Emmy Noether", types=("Q5",), domain=Domain.PEOPLE, start_year=1940, end_year=1990
    )
    return KbView(entities, (), builtin_catalog())


def _pair(who: str) -> tuple[str, list[str]]:
    """What a birth question asks of whom: "Were A and B both" (both), "Was at least one of A and B"
    (one), "Was A" (alone)."""
    if who.startswith("Were ") and who.endswith(" both"):
        return "both", who.removeprefix("Were ").removesuffix(" both").split(" and ")
    if who.startswith("Was at least one of "):
        return "one", who.removeprefix("Was at least one of ").split(" and ")
    return "alone", [who.removeprefix("Was ")]


def test_lives_known_from_their_births_alone_are_asked_as_the_births_and_answered_so() -> None:
    """No death in the KB: alone in a question (or two of them joined), "alive at any point between 1950
    and 1955" is asked "born before 1956?", and every such answer is the births'."""
    view = _lives()
    births = {e.label: e.start_year for e in view.entities.values() if e.end_year is None}
    events = kb_events(view)
    seen: dict[str, set[Answer]] = {}
    for seed in range(6):
        for depth in (0, 1, 2):
            plan = temporal_plan(events, depth=depth, count=30, seed=seed, universe=universe(events))
            for case in generate_temporal_cases(plan)[0]:
                q = case.question
                if " born " not in q:
                    continue
                assert "Emmy Noether" not in q, q  # her death is known: asked as a life
                who, _, rest = q.partition(" born ")
                when, _, said = rest.rstrip("?").partition(" ")
                year = int(said.split()[0]) - (when == "before")
                form, people = _pair(who)
                if form == "both":
                    truth = all(births[p] <= year for p in people)
                elif form == "one":  # one reading ("A or B": which one?), asked only where "one of
                    # them only" gives the same answer
                    truth = any(births[p] <= year for p in people)
                    assert not all(births[p] <= year for p in people), q
                else:
                    assert when == "before", q
                    truth = births[who.removeprefix("Was ")] <= year
                assert case.expected == (Answer.YES if truth else Answer.NO), q
                seen.setdefault(form, set()).add(case.expected)
    assert seen.get("alone") == {Answer.YES, Answer.NO} and seen.get("one") == {Answer.YES, Answer.NO}, seen


def test_bodies_known_from_their_founding_alone_are_asked_as_the_foundings_and_answered_so() -> None:
    """A club with an inception and no end: "Did APOEL exist at any time during 1899–1927?"
    is asked "Was APOEL founded in 1927 or earlier?", and every answer is the founding's.
    A body known from its founding to its end is still asked whether it existed."""
    society = Domain.SOCIETY
    founded = {"APOEL": 1926, "the Arab League": 1945, "Ethnikos Latsion": 1958}
    entities = {
        f"Q{i}": Entity(f"Q{i}", name, domain=society, start_year=year)
        for i, (name, year) in enumerate(founded.items(), 1)
    }
    entities["Q9"] = Entity("Q9", "the Hanseatic League", domain=society, start_year=1890, end_year=1980)
    events = kb_events(KbView(entities, (), builtin_catalog()))
    seen: dict[str, set[Answer]] = {}
    for seed in range(4):
        plan = temporal_plan(events, depth=1, count=20, seed=seed, universe=universe(events))
        for case in generate_temporal_cases(plan)[0]:
            q = case.question
            assert "Hanseatic" in q or " exist" not in q, q
            if " founded " not in q:
                continue
            who, _, rest = q.partition(" founded ")
            when, _, said = rest.rstrip("?").partition(" ")
            year = int(said.split()[0]) - (when == "before")
            form, pair = _pair(who)
            if form == "one":
                truth = any(founded[b] <= year for b in pair)
            elif form == "both":
                truth = all(founded[b] <= year for b in pair)
            else:
                truth = founded[who.removeprefix("Was ")] <= year
            assert case.expected == (Answer.YES if truth else Answer.NO), q
            seen.setdefault("founded", set()).add(case.expected)
    assert seen.get("founded") == {Answer.YES, Answer.NO}, seen


def test_a_birth_says_who_is_born_and_a_life_keeps_the_name() -> None:
    """ "Was Chris Horner born in 1979 or earlier?" turns on which Chris Horner (the cyclist, or the
    one a reader knows): a question about a birth alone says what the person did; one about a
    life with its end, and Drowzee's events, keep the name."""
    people = {
        "Q1": Entity("Q1", "Chris Horner", "American cyclist", ("Q5",), Domain.PEOPLE, start_year=1971),
        "Q2": Entity(
            "Q2",
            "Matt Targett",
            "English association football player",
            ("Q5",),
            Domain.PEOPLE,
            start_year=1995,
        ),
        "Q3": Entity("Q3", "Emmy Noether", "German mathematician", ("Q5",), Domain.PEOPLE, 1882, 1935),
    }
    events = kb_events(KbView(people, (), builtin_catalog()))
    asked = []
    for seed in range(4):
        for wording in ("plain", "drowzee"):
            plan = temporal_plan(
                events, depth=1, count=20, seed=seed, universe=universe(events), wording=wording
            )
            asked += [(wording, case.question) for case in generate_temporal_cases(plan)[0]]
    plain = [q for w, q in asked if w == "plain"]
    births = [q for q in plain if " born " in q]
    one = [q for q in births if " both " not in q and " either " not in q]
    assert one and all(("the cyclist Chris Horner" in q) != ("the footballer Matt Targett" in q) for q in one)
    # two births are told apart alike: test_two_births_are_told_apart_alike
    assert all("mathematician" not in q for q in plain)
    assert not any("cyclist" in q or "footballer" in q for w, q in asked if w == "drowzee")


def test_two_births_of_names_holding_and_are_not_asked_as_a_pair() -> None:
    """ "Was Antigua and Barbuda FC or X founded before 1931?" reads as three bodies, and so does
    "Was Chelsea or Arsenal or Arsenal F.C. founded ...?"."""
    lives = {"a": "Antigua and Barbuda FC", "b": "Arsenal F.C."}
    pair = mtl.Or(mtl.Atom("a"), mtl.Atom("b"))
    assert born_question(pair, 1930, lives, "founded") is None
    assert born_question(pair, 1930, {**lives, "a": "Chelsea F.C."}, "founded") == (
        "Was at least one of Chelsea F.C. and Arsenal F.C. founded before 1931?"
    )
    assert born_question(pair, 1930, {**lives, "a": "Chelsea or Arsenal"}, "founded") is None
    assert born_question(mtl.Atom("a"), 1930, lives, "founded") == (
        "Was Antigua and Barbuda FC founded before 1931?"
    )


def test_two_births_are_told_apart_alike() -> None:
    """ "Were both the cyclist Ben Swift and Christine Majerus born before 1993?": "the cyclist"
    tags only the first name (both of the thirteenth session's start readers). Both are told or
    neither; a shared line of work is said once."""
    both = mtl.And(mtl.Atom("a"), mtl.Atom("b"))
    lives = {"a": "the cyclist Ben Swift", "b": "Christine Majerus"}  # the namer told one apart
    bare = {"a": "Ben Swift", "b": "Christine Majerus"}
    who = {"b": "the cyclist Christine Majerus"}
    assert born_question(both, 1992, lives, "born", who, bare) == (
        "Were the cyclists Ben Swift and Christine Majerus both born before 1993?"
    )
    # told by two lines of work: each as the namer must, the one told second
    assert born_question(both, 1992, lives, "born", {"b": "the footballer Christine Majerus"}, bare) == (
        "Were Christine Majerus and the cyclist Ben Swift both born before 1993?"
    )
    needed = {**lives, "b": "the footballer Christine Majerus"}  # both common names: both kept
    assert born_question(both, 1992, needed, "born", {}, bare) == (
        "Were the cyclist Ben Swift and the footballer Christine Majerus both born before 1993?"
    )
    assert born_question(
        both, 1992, {"a": "Ben Swift", "b": "the footballer Christine Majerus"}, "born", {}, bare
    ) == ("Were Ben Swift and the footballer Christine Majerus both born before 1993?")
    assert born_question(both, 1992, lives, "born", {}, bare) == (
        "Were Christine Majerus and the cyclist Ben Swift both born before 1993?"
    )
    assert born_question(both, 1992, {**lives, "a": "Ben Swift"}, "born", who, bare) == (
        "Were Ben Swift and Christine Majerus both born before 1993?"  # one has nothing to tell it by
    )
    one = mtl.Or(mtl.Atom("a"), mtl.Atom("b"))
    assert born_question(one, 1992, lives, "born", who, bare) == (
        "Was at least one of the cyclists Ben Swift and Christine Majerus born before 1993?"
    )
