:- encoding(utf8).
/** <module> Proof checking: does a stated proof really establish its conclusion?

The generator writes every expected answer with its proof into the suite file. This
module re-checks such a proof against the loaded KB step by step, without searching:
each premise must be a KB fact (or year, or class) and each rule application must match
the catalog flags, so a suite can be audited long after it was made.

Proofs here have the shape of kgtest's Proof records (generator/case.py):

    [Rule, Conclusion, Premises]
    Conclusion: holds(S, P, O)                 (undated premises only: no years)
              | holds(S, P, O, [[A, B], ...])  (holds in exactly these years)
              | not(holds(S, P, O))            (proven false, in no year)
              | not(holds(S, P, O, [[A, B], ...]))  (proven false in exactly these years: near_miss.pl)
    Premise:    fact(Fid) | type(E, Class) | born(E, Year) | died(E, Year) | a proof

A ground fact premise stands for its own one-step proof. A derivation's years must be
exactly those where all its premises hold together (reasoning.pl), and a fact cited as a
premise must not be excluded by a sanity rule. The side conditions of the negation rules
(one known value, no containment, the statement is not linked) are re-evaluated with the
same predicates the search uses (negation.pl); a near miss's (near_miss.pl) by the very
predicate that found it, called with the premises bound.
*/
:- module(proofcheck, [check_proof/1]).
:- use_module(reasoning).
:- use_module(negation).
:- use_module(near_miss).

%!  check_proof(+Proof) is semidet.
check_proof([Rule, Conclusion, Premises]) :-
    check(Rule, Conclusion, Premises),
    !.

% -- derivations --------------------------------------------------------------------------
check(Rule, Conclusion, Premises) :-
    positive(Conclusion, S, P, O, Years),
    derives(Rule, S, P, O, Premises, Years).

% -- refutations --------------------------------------------------------------------------
check(Rule, not(holds(S, P, O, Lists)), Premises) :-
    Lists \== [],
    maplist(as_list, Premises, Items),
    dated(S, P, O, [refute, Rule, S, P, O, Items, Lists]).
check(Rule, not(holds(S, P, O)), Premises) :-
    memberchk(Rule, [partition, one_league_a_season]),
    maplist(as_list, Premises, Items),
    dated(S, P, O, [refute, Rule, S, P, O, Items, always]).
check(functional_conflict, not(holds(S, P, O)), [fact(F), type(O, C), type(O2, C)]) :-
    kb_functional(P),
    usable_fact(F, S, P, O2, always),
    sole_value(S, P, O2),
    O2 \== O,
    kb_type(O, C),
    kb_type(O2, C),
    \+ nested(O, O2),
    \+ nested(O2, O),
    unproved(S, P, O).
check(Rule, not(holds(S, P, O)), Premises) :-
    maplist(as_list, Premises, Lists),
    lifetime_clash(Rule, S, P, O, Lists),
    unproved(S, P, O).
check(antisymmetric, not(holds(S, P, O)), [Premise]) :-
    kb_transitive(P),
    \+ kb_symmetric(P),
    S \== O,
    establishes(Premise, O, P, S, _),
    unproved(S, P, O).
check(symmetric, not(holds(S, P, O)), [Sub]) :-
    kb_symmetric(P),
    refutes(Sub, O, P, S),
    unproved(S, P, O).
check(inverse, not(holds(S, P, O)), [Sub]) :-
    inverse_pair(P, Q),
    refutes(Sub, O, Q, S),
    unproved(S, P, O).

% -- helpers ------------------------------------------------------------------------------

% derives(+Rule, ?S, +P, ?O, +Premises, ?Years): Rule applied to Premises gives P(S,O) in Years.
derives(ground, S, P, O, [fact(F)], Years) :-
    usable_fact(F, S, P, O, Years).
derives(symmetric, S, P, O, [Premise], Years) :-
    kb_symmetric(P),
    establishes(Premise, O, P, S, Years).
derives(inverse, S, P, O, [Premise], Years) :-
    inverse_pair(P, Q),
    establishes(Premise, O, Q, S, Years).
derives(transitive, S, P, O, [First, Second|Rest], Years) :-
    kb_transitive(P),
    chain([First, Second|Rest], S, P, O, always, Years).

positive(holds(S, P, O), S, P, O, always).
positive(holds(S, P, O, Lists), S, P, O, Years) :-
    Lists \== [],
    years_lists(Years, Lists).


% establishes(+Premise, ?S, +P, ?O, ?Years): the premise proves P(S,O) in exactly Years.
establishes(fact(F), S, P, O, Years) :-
    usable_fact(F, S, P, O, Years).
establishes([Rule, Conclusion, Premises], S, P, O, Years) :-
    positive(Conclusion, S, P, O, Years),
    derives(Rule, S, P, O, Premises, Years).

refutes([Rule, not(holds(S, P, O)), Premises], S, P, O) :-
    check(Rule, not(holds(S, P, O)), Premises).

% chain(+Steps, +S, +P, ?O, +Years0, ?Years): the steps lead from S to O, in the years of
% Years0 that every step shares.
chain([Last], S, P, O, Years0, Years) :-
    establishes(Last, S, P, O, Y),
    meet(Years0, Y, Years).
chain([Step, Next|Rest], S, P, O, Years0, Years) :-
    establishes(Step, S, P, X, Y),
    meet(Years0, Y, Years1),
    chain([Next|Rest], X, P, O, Years1, Years).

inverse_pair(P, Q) :-
    kb_inverse(P, Q).
inverse_pair(IP, P) :-
    atom(IP),
    atom_concat('^', P, IP),
    kb_inverse_phrase(P).

unproved(S, P, O) :-
    \+ linked(S, P, O).

as_list(born(E, Y), [born, E, Y]).
as_list(died(E, Y), [died, E, Y]).
as_list(fact(F), [fact, F]).
as_list(type(E, C), [type, E, C]).
as_list([Rule, not(holds(S, P, O, Lists)), Premises], [refute, Rule, S, P, O, Items, Lists]) :-
    maplist(as_list, Premises, Items).
as_list([Rule, not(holds(S, P, O)), Premises], [refute, Rule, S, P, O, Items, always]) :-
    maplist(as_list, Premises, Items).
