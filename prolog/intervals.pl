:- encoding(utf8).
/** <module> Sets of closed integer year intervals, always normalised

A set is a list of `S-E` pairs, each the closed interval of years S..E. Every
predicate here returns a *normalised* set: intervals non-empty (S =< E), sorted,
merged (overlapping AND adjacent intervals are joined: [1800-1810, 1811-1820]
becomes [1800-1820], because over whole years they are the same set), and clipped
to the universe `U0-U1` passed as the first argument. Normal form matters: the MTL
operators in mtl.pl (G and U above all) read one merged interval as "every year in
between", which is false on unmerged input.

Arguments named Raw may be any list of pairs; arguments named A or B must already
be normalised within the same universe (the intersection sweep relies on order).
Pairs are the internal form; Python gets `[[S,E], ...]` lists through
iset_to_lists/2, because pyswip turns compound terms into lossy strings.
*/
:- module(intervals, [
    iset_normalise/3,      % +U0-U1, +RawPairs, -Set
    iset_union/4,          % +U0-U1, +Raw, +Raw, -Set
    iset_intersection/4,   % +U0-U1, +A, +B, -Set
    iset_complement/3,     % +U0-U1, +Raw, -Set
    iset_shift/4,          % +U0-U1, +Raw, +Offset, -Set
    iset_from_lists/3,     % +U0-U1, +[[S,E],...], -Set
    iset_to_lists/2        % +Set, -[[S,E],...]
]).

%!  iset_normalise(+Universe, +Raw, -Set) is det.
%
%   Clip every pair of Raw to Universe, drop empty ones, sort and merge. Raw may be
%   in any order, overlapping, or hold reversed (empty) pairs.
iset_normalise(U0-U1, Raw, Set) :-
    clip_all(Raw, U0, U1, Clipped),
    msort(Clipped, Sorted),
    merge_sorted(Sorted, Set).

clip_all([], _, _, []).
clip_all([S0-E0|T], U0, U1, Out) :-
    S is max(S0, U0),
    E is min(E0, U1),
    (   S =< E
    ->  Out = [S-E|Out1]
    ;   Out = Out1
    ),
    clip_all(T, U0, U1, Out1).

% Sorted by start; join a pair into the current run when it overlaps or touches it.
merge_sorted([], []).
merge_sorted([S-E|T], Set) :-
    merge_run(T, S, E, Set).

merge_run([], S, E, [S-E]).
merge_run([S2-E2|T], S, E, Set) :-
    (   S2 =< E + 1
    ->  E3 is max(E, E2),
        merge_run(T, S, E3, Set)
    ;   Set = [S-E|Set1],
        merge_run(T, S2, E2, Set1)
    ).

%!  iset_union(+Universe, +Raw1, +Raw2, -Set) is det.
iset_union(U, A, B, Set) :-
    append(A, B, Raw),
    iset_normalise(U, Raw, Set).

%!  iset_intersection(+Universe, +A, +B, -Set) is det.
%
%   A linear sweep over both normalised lists, clipped to Universe.
iset_intersection(U, A, B, Set) :-
    sweep(A, B, Raw),
    iset_normalise(U, Raw, Set).

sweep([], _, []) :- !.
sweep(_, [], []) :- !.
sweep([S1-E1|T1], [S2-E2|T2], Out) :-
    S is max(S1, S2),
    E is min(E1, E2),
    (   S =< E
    ->  Out = [S-E|Out1]
    ;   Out = Out1
    ),
    (   E1 < E2
    ->  sweep(T1, [S2-E2|T2], Out1)
    ;   sweep([S1-E1|T1], T2, Out1)
    ).

%!  iset_complement(+Universe, +Raw, -Set) is det.
%
%   The years of Universe not in A ("not" is relative to the universe: there is no
%   year outside it).
iset_complement(U0-U1, A, Set) :-
    iset_normalise(U0-U1, A, Norm),
    gaps(Norm, U0, U1, Set).

gaps([], From, U1, Set) :-
    (   From =< U1
    ->  Set = [From-U1]
    ;   Set = []
    ).
gaps([S-E|T], From, U1, Set) :-
    (   From < S
    ->  Before is S - 1,
        Set = [From-Before|Set1]
    ;   Set = Set1
    ),
    Next is E + 1,
    gaps(T, Next, U1, Set1).

%!  iset_shift(+Universe, +Raw, +Offset, -Set) is det.
%
%   Every year moved by Offset (negative: earlier), then clipped.
iset_shift(U, A, K, Set) :-
    shift_all(A, K, Raw),
    iset_normalise(U, Raw, Set).

shift_all([], _, []).
shift_all([S0-E0|T], K, [S-E|T1]) :-
    S is S0 + K,
    E is E0 + K,
    shift_all(T, K, T1).

%!  iset_from_lists(+Universe, +Lists, -Set) is det.
%
%   Read `[[S,E], ...]` as passed from Python; the result is normalised.
iset_from_lists(U, Lists, Set) :-
    lists_pairs(Lists, Raw),
    iset_normalise(U, Raw, Set).

lists_pairs([], []).
lists_pairs([[S,E]|T], [S-E|T1]) :-
    lists_pairs(T, T1).

%!  iset_to_lists(+Set, -Lists) is det.
iset_to_lists([], []).
iset_to_lists([S-E|T], [[S,E]|T1]) :-
    iset_to_lists(T, T1).
