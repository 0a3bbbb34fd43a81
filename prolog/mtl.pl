:- encoding(utf8).
/** <module> MTL over discrete years: the exact set of years where a formula holds

Formulas (Drowzee Fig. 9), windows [A,B] with integers 0 =< A =< B:

    atom(Name)             the event Name held that year
    finally(A, B, F)       F held in at least one year t+d, A =< d =< B
    globally(A, B, F)      F held in every year t+d, A =< d =< B
    next(F)                F held in year t+1
    until(A, B, F1, F2)    some d in [A,B]: F2 held in t+d, F1 in every year t..t+d-1
    and(F1, F2), or(F1, F2), not(F)

Point semantics (docs/temporal-semantics.md says why): time is the finite universe
U0..U1 of years, and *outside the universe nothing holds*, not even `not(F)`. So F
and U need their witness inside the universe, G needs its whole window inside it
(strong G: G[0,5] p is false at U1-2), and N is false at U1. `not` is the
complement within the universe. In U, F1 must hold from t itself up to the year
before the F2 year, never at the F2 year; with d = 0 F2 at t suffices (Drowzee's
[R-Until-0]: F1 U[0,0] F2 = F2).

Every operator works on whole intervals of normalised sets (intervals.pl), so the
cost follows the number of intervals, not the number of years.
*/
:- module(mtl, [
    mtl_eval/4,            % +Formula, +Env, +U0-U1, -Set
    mtl_eval_lists/5,      % +Formula, +EnvLists, +U0, +U1, -Lists
    mtl_eval_all_text/4    % +Jobs, +U0, +U1, -Text
]).
:- use_module(intervals).

%!  mtl_eval_lists(+Formula, +EnvLists, +U0, +U1, -Lists) is det.
%
%   One formula as Python sends it (mtl_eval_all_text/4): EnvLists is
%   `[ev(Name, [[S,E],...]), ...]`, the answer `[[S,E],...]` (pyswip mangles compound
%   terms, not lists of numbers).
mtl_eval_lists(Formula, EnvLists, U0, U1, Lists) :-
    must_be(integer, U0),
    must_be(integer, U1),
    env_sets(EnvLists, U0-U1, Env),
    mtl_eval(Formula, Env, U0-U1, Set),
    iset_to_lists(Set, Lists).

%!  mtl_eval_all_text(+Jobs, +U0, +U1, -Text) is det.
%
%   Each `job(Formula, EnvLists)` of Jobs evaluated as mtl_eval_lists/5 does, the answers written
%   as one string, `[[[S,E],...],...]` in the order of Jobs: a temporal draw evaluates hundreds of
%   small formulas, and one query for all of a block's costs a few times less than one each.
mtl_eval_all_text(Jobs, U0, U1, Text) :-
    must_be(list, Jobs),
    maplist(job_lists(U0, U1), Jobs, Answers),
    format(string(Text), "~w", [Answers]).

job_lists(U0, U1, job(Formula, EnvLists), Lists) :-
    mtl_eval_lists(Formula, EnvLists, U0, U1, Lists).

env_sets([], _, []).
env_sets([ev(Name, Lists)|T], U, [Name-Set|T1]) :-
    iset_from_lists(U, Lists, Set),
    env_sets(T, U, T1).

%!  mtl_eval(+Formula, +Env, +Universe, -Set) is det.
%
%   Env is a list of `Name-Set` with normalised sets. Throws on an unknown operator,
%   a bad window or an event missing from Env, so a typo never reads as "false".
mtl_eval(F, Env, U, Set) :-
    (   operator(F)
    ->  eval(F, Env, U, Set)
    ;   domain_error(mtl_formula, F)
    ).

operator(F) :-
    compound(F),
    compound_name_arity(F, Name, Arity),
    memberchk(Name/Arity, [atom/1, finally/3, globally/3, next/1, until/4, and/2, or/2, not/1]).

eval(atom(Name), Env, _, Set) :-
    must_be(atom, Name),
    (   memberchk(Name-Set0, Env)
    ->  Set = Set0
    ;   existence_error(mtl_event, Name)
    ).
eval(not(F), Env, U, Set) :-
    mtl_eval(F, Env, U, S1),
    iset_complement(U, S1, Set).
eval(and(F1, F2), Env, U, Set) :-
    mtl_eval(F1, Env, U, S1),
    mtl_eval(F2, Env, U, S2),
    iset_intersection(U, S1, S2, Set).
eval(or(F1, F2), Env, U, Set) :-
    mtl_eval(F1, Env, U, S1),
    mtl_eval(F2, Env, U, S2),
    iset_union(U, S1, S2, Set).
eval(next(F), Env, U, Set) :-
    mtl_eval(F, Env, U, S1),
    iset_shift(U, S1, -1, Set).
eval(finally(A, B, F), Env, U, Set) :-
    window(A, B),
    mtl_eval(F, Env, U, S1),
    finally_set(S1, A, B, U, Set).
eval(globally(A, B, F), Env, U, Set) :-
    window(A, B),
    mtl_eval(F, Env, U, S1),
    globally_set(S1, A, B, U, Set).
eval(until(A, B, F1, F2), Env, U, Set) :-
    window(A, B),
    mtl_eval(F1, Env, U, S1),
    mtl_eval(F2, Env, U, S2),
    until_set(S1, S2, A, B, U, Set).

window(A, B) :-
    (   integer(A), integer(B), 0 =< A, A =< B
    ->  true
    ;   domain_error(mtl_window_0_le_a_le_b, [A, B])
    ).

%   F[A,B]: t holds iff [t+A, t+B] meets an interval X-Y, i.e. t in [X-B, Y-A].
%   The witness t+d lies in S1, hence inside the universe.
finally_set(S1, A, B, U, Set) :-
    findall(T0-T1, (member(X-Y, S1), T0 is X - B, T1 is Y - A), Raw),
    iset_normalise(U, Raw, Set).

%   G[A,B]: the window [t+A, t+B] must lie inside ONE interval X-Y of the merged
%   set, i.e. t in [X-A, Y-B] (empty when the interval is narrower than the window).
%   Windows running past U1 never fit, which is what makes this G strong.
globally_set(S1, A, B, U, Set) :-
    findall(T0-T1, (member(X-Y, S1), T0 is X - A, T1 is Y - B), Raw),
    iset_normalise(U, Raw, Set).

%   U[A,B]: the d = 0 case is S2 itself. For d >= 1, t and the years up to t+d-1
%   lie in one merged block X-Y of S1, so the F2 year t+d is in S2 within
%   [X+1, Y+1]; t then ranges over [P-B, Q-A1] for each such piece P-Q, kept
%   inside [X, Y]. Witnesses are matched to their own block, never a later one.
until_set(S1, S2, A, B, U, Set) :-
    (   A =:= 0
    ->  Now = S2
    ;   Now = []
    ),
    A1 is max(A, 1),
    (   A1 =< B
    ->  until_blocks(S1, S2, A1, B, Later)
    ;   Later = []
    ),
    append(Now, Later, Raw),
    iset_normalise(U, Raw, Set).

until_blocks([], _, _, _, []).
until_blocks([X-Y|Blocks], S2, A1, B, Out) :-
    Lo is X + 1,
    drop_ending_before(S2, Lo, S2b),
    Hi is Y + 1,
    block_hits(S2b, X, Y, Hi, A1, B, Out, Rest),
    until_blocks(Blocks, S2b, A1, B, Rest).

% Blocks come in order, so pieces of S2 ending before this block's reach are done.
drop_ending_before([], _, []).
drop_ending_before([P-Q|T], Lo, Out) :-
    (   Q < Lo
    ->  drop_ending_before(T, Lo, Out)
    ;   Out = [P-Q|T]
    ).

block_hits([], _, _, _, _, _, Rest, Rest).
block_hits([P-Q|T], X, Y, Hi, A1, B, Out, Rest) :-
    (   P > Hi
    ->  Out = Rest
    ;   P1 is max(P, X + 1),
        Q1 is min(Q, Hi),
        T0 is max(X, P1 - B),
        T1 is Q1 - A1,                  % =< Y, as Q1 =< Y+1 and A1 >= 1
        (   T0 =< T1
        ->  Out = [T0-T1|Out1]
        ;   Out = Out1
        ),
        block_hits(T, X, Y, Hi, A1, B, Out1, Rest)
    ).
