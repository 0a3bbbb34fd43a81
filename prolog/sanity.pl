:- encoding(utf8).
/** <module> KB sanity rules: stated facts that cannot be true of the world the KB describes

Temporal KBs contain impossible facts (a marriage in the year the spouse was born,
employment after death). A question resting on one would have a "proven" answer that is
false, so such facts are kept in the KB but excluded from reasoning: load_kb asserts
`kb_excluded(Fid)` for each (flag_violations/0), usable_fact/5 in reasoning.pl skips them,
and `kgtest kb check` lists them with the rule broken. Each rule is a claim about the
world, stated here once:

    start_after_end          the fact starts after it ends
    before_birth             a person's fact starts (with no start: ends) before the person
                             was born; a marriage also in the year of birth
    after_death              something only the living do (marry, hold an office, play
                             for a team, study, join a party or body, work, reside) starts
                             after the person died
    never_alive_together     two spouses, one born after the other died
    born_before_parent       a parent-child fact (P40, P22, P25) whose child was born no
                             later than the parent
    born_after_parent_died   ... or more than a year after the parent died

"Person" is an instance of human (Q5) with the KB's birth (kb_start) and death (kb_end)
years. The subject of a fact is its person; for a spouse fact, the object is one too.
Violations are lists, as the rest of the rule library returns:

    violation(Fid, Rule, Premises)   Premise: [fact, Fid] | [born, E, Year] | [died, E, Year]
*/
:- module(sanity, [
    violation/3,          % ?Fid, ?Rule, -Premises
    alive_property/1,     % ?P: only the living do it
    flag_violations/0     % assert kb_excluded/1 for every violating fact
]).
:- use_module(negation, [lifetime_rule/2]).

%!  violation(?F, ?Rule, -Premises) is nondet.
violation(F, start_after_end, [[fact, F]]) :-
    kb_fact_time(F, A, B),
    number(A),
    number(B),
    A > B.
violation(F, before_birth, [[fact, F], [born, X, Born]]) :-
    kb_fact_time(F, A, B),
    first_year(A, B, Year),
    kb_fact(F, S, P, O),
    person_of(P, S, O, X),
    kb_start(X, Born),
    too_early(P, Year, Born).
violation(F, after_death, [[fact, F], [died, X, Died]]) :-
    kb_fact_time(F, A, _),
    number(A),
    kb_fact(F, S, P, O),
    alive_property(P),
    person_of(P, S, O, X),
    kb_end(X, Died),
    A > Died.
violation(F, never_alive_together, [[fact, F], [born, X, Born], [died, Y, Died]]) :-
    lifetime_rule(P, together),
    kb_fact(F, S, P, O),
    human(S),
    human(O),
    member(X-Y, [S-O, O-S]),
    kb_start(X, Born),
    kb_end(Y, Died),
    Born > Died.
violation(F, born_before_parent, [[fact, F], [born, Parent, BP], [born, Child, BC]]) :-
    parent_fact(F, Parent, Child),
    kb_start(Parent, BP),
    kb_start(Child, BC),
    BC =< BP.
violation(F, born_after_parent_died, [[fact, F], [died, Parent, DP], [born, Child, BC]]) :-
    parent_fact(F, Parent, Child),
    kb_end(Parent, DP),
    kb_start(Child, BC),
    BC > DP + 1.

first_year(A, _, A) :-
    number(A),
    !.
first_year(none, B, B) :-
    number(B).

% Nobody marries in the year they are born; nothing else happens before birth.
too_early('P26', Year, Born) :-
    !,
    Year =< Born.
too_early(_, Year, Born) :-
    Year < Born.

person_of(_, S, _, S) :-
    human(S).
person_of(P, _, O, O) :-
    lifetime_rule(P, together),
    human(O).

human(X) :-
    kb_type(X, 'Q5'),
    !.

parent_fact(F, Parent, Child) :-
    lifetime_rule(P, Roles),
    kb_fact(F, S, P, O),
    parent_child(Roles, S, O, Parent, Child),
    human(Parent),
    human(Child).

parent_child(parent_child, S, O, S, O).
parent_child(child_parent, S, O, O, S).

%!  alive_property(?P) is nondet.
%
%   Spouse, position held, member of sports team, educated at, member of political party,
%   employer, member of, residence: none of them starts after death (awards, nominations
%   and citizenship can be posthumous and are not listed).
alive_property('P26').
alive_property('P39').
alive_property('P54').
alive_property('P69').
alive_property('P102').
alive_property('P108').
alive_property('P463').
alive_property('P551').

%!  flag_violations is det.
%
%   Exclude every violating fact from reasoning (kb_excluded/1 in module user). Run once
%   after a KB is loaded, before anything is tabled.
flag_violations :-
    retractall(user:kb_excluded(_)),
    forall(distinct(F, violation(F, _, _)), assertz(user:kb_excluded(F))).
