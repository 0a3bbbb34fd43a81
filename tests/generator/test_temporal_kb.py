"""KB -> temporal events: which years become events, how they read, and the universe around them."""

from __future__ import annotations

from dataclasses import replace

from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_windows import run_of
from kgtest.generator.names import Namer
from kgtest.generator.temporal import generate_temporal_cases, temporal_plan, worded
from kgtest.generator.temporal_event import start_only
from kgtest.generator.temporal_kb import LEAD_YEARS, _lifetimes, _things, kb_events, universe
from kgtest.generator.temporal_question import born_question
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog import mtl


def _view() -> KbView:
    people, places, events = Domain.PEOPLE, Domain.PLACES, Domain.EVENTS
    entities = {
        "Q1": Entity("Q1", "Charles Dickens", types=("Q5",), domain=people, start_year=1812, end_year=1870),
        "Q2": Entity(
            "Q2", "Catherine Dickens", types=("Q5",), domain=people, start_year=1815
        ),  # no death year
        "Q3": Entity("Q3", "Crimean War", types=("Q198",), domain=events, start_year=1853, end_year=1856),
        "Q4": Entity("Q4", "Great Exhibition", domain=events, point_year=1851),
        "Q5": Entity("Q5", "", types=("Q5",), domain=people, start_year=1800, end_year=1850),  # no label
        "Q6": Entity("Q6", "Kingdom of Sardinia", domain=places, start_year=1720, end_year=1861),
        "Q7": Entity("Q7", "Savoy", domain=places),
        "Q8": Entity("Q8", "Oliver Twist", domain=Domain.CULTURE, point_year=1838),
    }
    facts = (
        Fact("Q1", "P26", "Q2", 1836, 1858, statement="s1"),
        Fact("Q7", "P131", "Q6", 1720, 1792, statement="s2"),
        Fact("Q7", "P131", "Q6", 1815, 1860, statement="s3"),
        Fact("Q1", "P69", "Q7", 1820, None, statement="s4"),  # open-ended: end unknown
        Fact("Q1", "P19", "Q7"),  # undated: no event
    )
    return KbView(entities, facts, builtin_catalog())


def test_each_source_of_years_becomes_one_event() -> None:
    events = {e.id: worded(e) for e in kb_events(_view())}
    assert set(events) == {
        *("Q1:span", "Q2:span", "Q3:span", "Q4:point", "Q6:span", "Q8:point"),
        *("Q1 P26 Q2", "Q7 P131 Q6", "Q1 P69 Q7"),
    }
    assert events["Q1:span"].description == "Charles Dickens was alive"
    assert [(f.property, f.start_year) for f in events["Q1:span"].evidence] == [
        ("P569", 1812),
        ("P570", 1870),
    ]
    assert events["Q3:span"].description == "the Crimean War was under way"
    assert events["Q6:span"].description == "the Kingdom of Sardinia existed"
    assert events["Q4:point"].description == "Great Exhibition took place"
    assert events["Q4:point"].intervals == ((1851, 1851),)
    assert events["Q8:point"].description == "Oliver Twist came out"
    savoy = events["Q7 P131 Q6"]
    assert savoy.description == "Savoy was located in the Kingdom of Sardinia"  # "is located in", in the past
    assert savoy.intervals == ((1720, 1792), (1815, 1860)) and len(savoy.evidence) == 2
    assert events["Q1 P26 Q2"].description == "Charles Dickens was married to Catherine Dickens"
    assert events["Q1 P26 Q2"].domain == "people"
    assert events["Q1:span"].unknown == ()


def test_an_operation_is_active_and_joins_other_events_as_before() -> None:
    """The twelfth session's readers found a mission "under way" stiff; its topic, which decides the
    events a question joins, stays the event kind's, so suites draw the same formulas."""
    view = _view()
    operation = Entity(
        "Q9", "Operation Anaconda", types=("Q645883",), domain=Domain.EVENTS, start_year=1854, end_year=1855
    )
    view = KbView({**view.entities, "Q9": operation}, view.facts, builtin_catalog())
    events = {e.id: worded(e) for e in kb_events(view)}
    assert events["Q9:span"].description == "Operation Anaconda was active"
    assert events["Q3:span"].description == "the Crimean War was under way"
    assert events["Q9:span"].topic == events["Q3:span"].topic == "was under way"


def test_an_open_end_is_known_at_its_start_and_unknown_up_to_the_kbs_last_year() -> None:
    events = {e.id: worded(e) for e in kb_events(_view())}
    catherine = events["Q2:span"]  # born 1815, no death year; the KB's last year is 1870
    assert (catherine.intervals, catherine.unknown) == (((1815, 1815),), ((1816, 1870),))
    assert [f.property for f in catherine.evidence] == ["P569"]
    school = events["Q1 P69 Q7"]
    assert (school.intervals, school.unknown) == (((1820, 1820),), ((1821, 1870),))
    assert school.clause is not None and school.clause.statement() == "Charles Dickens studied at Savoy"
    assert school.description == "Charles Dickens was educated at Savoy"  # Drowzee's sentence, as before


def test_domains_filter_events_and_the_universe_leads_the_first_one() -> None:
    events = kb_events(_view(), domains=("events",))
    assert [e.id for e in events] == ["Q3:span", "Q4:point"]
    assert universe(events) == (1851 - LEAD_YEARS, 1856)


def test_a_kb_that_dates_nobody_asks_about_a_person_only_in_the_years_their_facts_cover() -> None:
    """Wikidata12k gives no birth years: a footballer whose first club is from 1994 is known to
    have existed from 1994, so no question asks whether he played for a club in 1960 (blind readers
    took such windows for mistakes), and the years asked come from the draw, not a filter."""
    people, society = Domain.PEOPLE, Domain.SOCIETY
    entities = {
        "Q1": Entity("Q1", "Jordi Cruyff", types=("Q5",), domain=people),
        "Q2": Entity("Q2", "Manchester United F.C.", domain=society),
        "Q3": Entity("Q3", "FC Barcelona", domain=society),
        "Q4": Entity("Q4", "Mark Hughes", types=("Q5",), domain=people),
    }
    facts = (
        Fact("Q1", "P54", "Q3", 1994, 1996, statement="s1"),
        Fact("Q1", "P54", "Q2", 1996, 2000, statement="s2"),
        Fact("Q4", "P54", "Q2", 1980, 1995, statement="s3"),
        Fact("Q4", "P54", "Q3", 1986, 1988, statement="s4"),
    )
    events = kb_events(KbView(entities, facts, builtin_catalog()))
    assert {e.id: e.exists for e in events}["Q1 P54 Q2"] == (("Q1", 1994, 2000), ("Q2", 1980, 2000))
    plan = temporal_plan(events, depth=2, count=30, seed=4, universe=universe(events))
    cases, report = generate_temporal_cases(plan)
    assert len(cases) >= 10 and report.filtered_anachronism
    alive = {"Q1": (1994, 2000), "Q4": (1980, 1995)}
    for case in cases:
        formula = mtl.from_json(case.temporal.formula)
        first, last = case.temporal.query_year, case.temporal.query_year + mtl.horizon(formula)
        for event in mtl.events_of(formula):
            born, ended = alive[event.split(" ")[0]]
            assert born <= first and last <= ended, case.question


def test_a_kb_that_dates_nothing_asks_about_a_state_or_a_body_only_in_the_years_its_facts_cover() -> None:
    """Wikidata12k's states are of no domain and its bodies of society's: "Was Kuwait a member of
    the Arab League in 1960?" (a state the KB knows from 1961) and "Was Denmark a member of the
    International Development Association in 1959?" (a body known from 1960) were asked. A place
    whose facts end is not asked about in their last year ("Was Eure in Upper Normandy in 2016?",
    a region gone on 1 January 2016); a person's, a club's or a body's last dated year is theirs."""
    unknown, society, places = Domain.UNKNOWN, Domain.SOCIETY, Domain.PLACES
    entities = {
        "Q1": Entity("Q1", "Egypt", types=("Q160016",), domain=unknown),
        "Q2": Entity("Q2", "Kuwait", types=("Q160016",), domain=unknown),
        "Q3": Entity("Q3", "Arab League", domain=society),
        "Q4": Entity("Q4", "Upper Normandy", domain=places),
        "Q5": Entity("Q5", "Eure", domain=places),
        "Q6": Entity("Q6", "Seine-Maritime", domain=places),
        "Q7": Entity("Q7", "Pierre Corneille", types=("Q5",), domain=Domain.PEOPLE),
    }
    facts = (
        Fact("Q1", "P463", "Q3", 1945, 1979, statement="s1"),
        Fact("Q1", "P463", "Q3", 1989, 2000, statement="s2"),
        Fact("Q2", "P463", "Q3", 1961, 2000, statement="s3"),
        Fact("Q5", "P131", "Q4", 1970, 2015, statement="s4"),
        Fact("Q6", "P131", "Q4", 1956, 2016, statement="s5"),
        Fact("Q7", "P551", "Q5", 1950, 1990, statement="s6"),
    )
    events = kb_events(KbView(entities, facts, builtin_catalog()))
    exists = {e.id: e.exists for e in events}
    assert exists["Q2 P463 Q3"] == (("Q2", 1961, 2000), ("Q3", 1945, 2000))
    assert exists["Q6 P131 Q4"] == (("Q6", 1956, 2015), ("Q4", 1956, 2015))
    assert exists["Q7 P551 Q5"] == (("Q7", 1950, 1990), ("Q5", 1950, 2014))
    assert exists["Q1 P463 Q3"] == (("Q1", 1945, 2000), ("Q3", 1945, 2000))
    known = {x: (lo, hi) for ev in events for x, lo, hi in ev.exists}
    asked = 0
    for seed in range(4):
        plan = temporal_plan(events, depth=2, count=20, seed=seed, universe=universe(events))
        for case in generate_temporal_cases(plan)[0]:
            formula = mtl.from_json(case.temporal.formula)
            first, last = case.temporal.query_year, case.temporal.query_year + mtl.horizon(formula)
            for event in mtl.events_of(formula):
                subject, _, obj = event.split(" ")
                for x in (subject, obj):
                    born, ended = known[x]
                    assert born <= first and last <= ended, (case.question, x)
            asked += 1
    assert asked >= 20


def test_a_states_existence_is_not_asked() -> None:
    """Its inception is one of several beginnings a reader may take (colony, dominion,
    independence): "Did New Zealand exist as a state in 1878?" read two ways."""
    view = _view()
    entities = {
        **view.entities,
        "Q9": Entity("Q9", "New Zealand", types=("Q6256",), domain=Domain.PLACES, start_year=1907),
    }
    events = {e.id for e in kb_events(KbView(entities, view.facts, builtin_catalog()))}
    assert "Q9:span" not in events and "Q6:span" in events


def test_a_life_is_never_asked_as_a_run_of_years() -> None:
    """ "Was Charles Dickens alive for 7 years in a row, starting in some year from ...?" reads as
    a life of seven years (blind readers found it confusing); a marriage may still be asked so."""
    events = kb_events(_view())
    runs = set()
    for seed in range(6):
        plan = temporal_plan(events, depth=2, count=40, seed=seed, universe=universe(events))
        for case in generate_temporal_cases(plan)[0]:
            run = run_of(mtl.from_json(case.temporal.formula))
            if run is not None:
                runs.add(run)
    assert runs and not any(run.endswith((":span", ":alive")) for run in runs), runs


def test_a_facts_event_is_worded_only_when_a_question_asks_about_it() -> None:
    """Wording every dated fact up front was a fifth of `gen`'s time on Wikidata12k; the plan words
    an event the first time a question names it, and the cases are those of worded events."""
    events = kb_events(_view())
    lazy = [e.id for e in events if e.worded is not None]
    assert lazy and all(e.description and e.clause for e in map(worded, events))
    plan = temporal_plan(events, depth=1, count=2, seed=3, universe=universe(events))
    assert all(plan.table[n].worded is not None for n in lazy)  # indexing words nothing
    cases = generate_temporal_cases(plan)[0]
    asked = {name for case in cases for name in mtl.events_of(mtl.from_json(case.temporal.formula))}
    assert asked & set(lazy) and all(plan.table[n].worded is None for n in asked)
    eager = temporal_plan([worded(e) for e in events], depth=1, count=2, seed=3, universe=universe(events))
    assert [c.to_json() for c in generate_temporal_cases(eager)[0]] == [c.to_json() for c in cases]


def test_a_name_whose_context_names_the_events_year_gives_it_away() -> None:
    """Names are made only for statements whose labels, descriptions or containing places hold a
    digit; the others cannot give their years away, and one whose context does is still left out."""
    places = Domain.PLACES
    entities = {
        "Q20": Entity("Q20", "Springfield", domain=places),
        "Q21": Entity("Q21", "Springfield", domain=places),  # the name needs a context
        "Q22": Entity("Q22", "Expo 1851 Grounds", domain=places),
        "Q23": Entity("Q23", "Lake Town", domain=places),
        "Q24": Entity("Q24", "Hill Town", domain=places),
    }
    facts = (
        Fact("Q20", "P131", "Q22", statement="s1"),  # undated: Springfield's context, "Expo 1851 Grounds"
        Fact("Q20", "P47", "Q23", 1850, 1852, statement="s2"),
        Fact("Q24", "P47", "Q23", 1850, 1852, statement="s3"),
    )
    view = KbView(entities, facts, builtin_catalog())
    namer = Namer.of(view)
    assert [namer.may_name_a_year(x) for x in ("Q20", "Q22", "Q23", "Q24")] == [True, True, False, False]
    assert namer.name("Q20", "Q23") == "Springfield in Expo 1851 Grounds"
    assert {e.id for e in kb_events(view)} == {"Q24 P47 Q23"}


def test_a_treaty_is_signed_in_its_year_and_in_force_over_its_span() -> None:
    """ "Did the Kyoto Protocol take place in the 1990s?" was confusing to both fifteenth-session final
    readers: a treaty, by the KB's class or its description, is signed or in force, never takes place."""
    view = _view()
    treaties = {
        "Q10": Entity(
            "Q10", "Kyoto Protocol", "international treaty to reduce emissions", ("Q99",), point_year=1997
        ),
        "Q11": Entity(
            "Q11",
            "Treaty of Lisbon",
            types=("Q131569",),
            domain=Domain.EVENTS,
            start_year=1809,
            end_year=1850,
        ),
        "Q12": Entity(
            "Q12", "Open Skies", "an agreement", domain=Domain.SOCIETY, start_year=1840, point_year=1830
        ),
        # an inception alone may be its signing, not its entry into force: its kind's verb
        "Q13": Entity("Q13", "Copyright Treaty", "treaty", domain=Domain.SOCIETY, start_year=1845),
    }
    view = KbView({**view.entities, **treaties}, view.facts, builtin_catalog())
    events = {e.id: worded(e) for e in kb_events(view)}
    said = {x: ev.clause.statement() for x, ev in events.items() if ev.clause is not None}
    assert said["Q10:point"] == "the Kyoto Protocol was signed"
    assert said["Q11:span"] == "the Treaty of Lisbon was in force"
    assert said["Q12:span"] == "Open Skies was in force"
    assert said["Q13:span"] == "the Copyright Treaty existed" and start_only(events["Q13:span"]) == "founded"
    assert said["Q4:point"] == "Great Exhibition took place"  # an event still does
    assert said["Q6:span"] == "the Kingdom of Sardinia existed"
    # Drowzee's sentences and the events a plain question joins stay the class's
    assert events["Q10:point"].description == "the Kyoto Protocol took place"
    assert events["Q10:point"].topic == events["Q4:point"].topic == "took place"
    assert events["Q12:span"].description == "Open Skies existed"
    assert start_only(events["Q12:span"]) == "in force"  # "Was Open Skies in force before 1841?"
    assert born_question(mtl.Atom("Q12:span"), 1840, {"Q12:span": "Open Skies"}, "in force") == (
        "Was Open Skies in force before 1841?"
    )


def test_lifetimes_and_things_are_those_of_the_wanted_entities_alone() -> None:
    """A dated fact's event reads them only for its named ends: the others' are never made."""
    dated = _view()
    undated = KbView(  # a KB that dates no entity (Wikidata12k): lifetimes from the facts' years
        {x: replace(e, start_year=None, end_year=None, point_year=None) for x, e in dated.entities.items()},
        dated.facts,
        dated.catalog,
    )
    wanted = {"Q1", "Q7"}
    for view, lived in ((dated, {"Q1"}), (undated, wanted)):
        everyone = set(view.entities)
        lives = _lifetimes(view, wanted)
        assert lives == {x: span for x, span in _lifetimes(view, everyone).items() if x in wanted}
        assert set(lives) == lived
        assert _things(view, wanted) & wanted == _things(view, everyone) & wanted
