:- encoding(utf8).
/** <module> Proof checking: does a stated proof really establish its conclusion?

The generator writes every expected answer with its proof into the suite file. This
module re-checks such a proof against the loaded KB step by step, without searching:
each premise must be a KB fact (or year, or class) and each rule application must match
the catalog flags, so a suite can be audited long after it was made.

Proofs here have the shape of kgtest's Proof records (generator/case.py):

    [Rule, Conclusion, Premises]
    Conclusion: holds(S, P, O) | not(holds(S, P, O))      (not = proven false)
    Premise:    fact(Fid) | type(E, Class) | born(E, Year) | died(E, Year) | a proof

A ground fact premise stands for its own one-step proof. The side conditions of the
negation rules (one known value, no containment, the statement is not provable) are
re-evaluated with the same predicates the search uses (negation.pl).
*/
:- module(proofcheck, [check_proof/1]).
:- use_module(reasoning).
:- use_module(negation).

%!  check_proof(+Proof) is semidet.
check_proof([Rule, Conclusion, Premises]) :-
    check(Rule, Conclusion, Premises),
    !.

% -- derivations --------------------------------------------------------------------------
check(ground, holds(S, P, O), [fact(F)]) :-
    kb_fact(F, S, P, O).
check(symmetric, holds(S, P, O), [Premise]) :-
    kb_symmetric(P),
    establishes(Premise, O, P, S).
check(inverse, holds(S, P, O), [Premise]) :-
    inverse_pair(P, Q),
    establishes(Premise, O, Q, S).
check(transitive, holds(S, P, O), [First, Second|Rest]) :-
    kb_transitive(P),
    chain([First, Second|Rest], S, P, O).

% -- refutations --------------------------------------------------------------------------
check(functional_conflict, not(holds(S, P, O)), [fact(F), type(O, C), type(O2, C)]) :-
    kb_functional(P),
    kb_fact(F, S, P, O2),
    \+ kb_fact_time(F, _, _),
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
    establishes(Premise, O, P, S),
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
establishes(fact(F), S, P, O) :-
    kb_fact(F, S, P, O).
establishes([Rule, holds(S, P, O), Premises], S, P, O) :-
    check(Rule, holds(S, P, O), Premises).

refutes([Rule, not(holds(S, P, O)), Premises], S, P, O) :-
    check(Rule, not(holds(S, P, O)), Premises).

chain([Last], S, P, O) :-
    establishes(Last, S, P, O).
chain([Step, Next|Rest], S, P, O) :-
    establishes(Step, S, P, X),
    chain([Next|Rest], X, P, O).

inverse_pair(P, Q) :-
    kb_inverse(P, Q).
inverse_pair(IP, P) :-
    atom(IP),
    atom_concat('^', P, IP),
    kb_inverse_phrase(P).

unproved(S, P, O) :-
    \+ prove(S, P, O, _).

as_list(born(E, Y), [born, E, Y]).
as_list(died(E, Y), [died, E, Y]).
