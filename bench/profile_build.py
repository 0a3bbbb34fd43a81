"""Where a cold ``build-kb`` spends its time: each phase timed in one fresh process.

    python bench/profile_build.py DUMP [--workspace DIR]

Runs what ``kgtest build-kb DUMP`` runs, one phase after the other (no overlap, so each is
seen alone): importing kgtest's CLI, starting the embedded database (the JVM, with build-kb's
flags), loading the sanity rules, reading the dump into its spill file and resolving it, writing
entities, writing facts (each chunk separately) and the sanity check (each of its steps). Prints
seconds per phase and the load average.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

T0 = time.perf_counter()
_marks: list[tuple[str, float]] = []


def mark(name: str) -> None:
    _marks.append((name, time.perf_counter()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dump", help="a dump file, or `example`")
    parser.add_argument("--workspace", type=Path)
    parser.add_argument("--jfr", type=Path, help="record the JVM with Flight Recorder into this file")
    parser.add_argument("--jvm-flag", action="append", default=[], help="an extra JVM flag (repeatable)")
    args = parser.parse_args()
    flags = list(args.jvm_flag)
    if args.jfr:
        flags.append(f"-XX:StartFlightRecording=filename={args.jfr.resolve()},settings=profile")
    if flags:
        import kgtest.kg.jvm_cache as cache

        plain = cache.jvm_args
        cache.jvm_args = lambda: [*plain(), *flags]
    ws = args.workspace or Path(tempfile.mkdtemp(prefix="kgtest-profile-"))

    from kgtest.api.building import jvm_flags, lifetime_properties, mark_unsound
    from kgtest.api.gathered import Gathered
    from kgtest.core.settings import load_settings
    from kgtest.kg.build import SourceSpec, open_source
    from kgtest.kg.catalog import builtin_catalog
    from kgtest.kg.loader import load
    from kgtest.kg.schema import ensure_schema
    from kgtest.kg.store import open_store

    mark("import kgtest.api.building")
    settings = load_settings(workspace=ws)
    catalog = builtin_catalog()
    with ExitStack() as stack:
        with jvm_flags(settings, [SourceSpec(args.dump)]):  # build-kb's heap cap and JIT
            store = stack.enter_context(open_store(settings))
        mark("open store (JVM, server)")
        ensure_schema(store)
        mark("schema")
        lifetime = lifetime_properties()
        mark("sanity rules into Prolog")
        source = open_source(SourceSpec(args.dump), settings, catalog, None)
        mark("read the dump into the spill file and resolve it")

        def tick(phase: str, done: int, total: int) -> None:
            mark(f"{phase} {done}/{total}")

        gathered = Gathered(source, lifetime, catalog, whole=True)
        report = load(store, source, catalog, None, tick, seen=gathered)
        source.close()
        mark("load done")
        mark_unsound(store, settings, catalog, (gathered, report), tick)
        if args.jfr:  # the JVM is never destroyed at exit (kg/embedded.py), so dump it now
            import jpype

            recorder = jpype.JClass("jdk.jfr.FlightRecorder").getFlightRecorder()
            for recording in recorder.getRecordings():
                recording.dump(jpype.JClass("java.nio.file.Path").of(str(args.jfr.resolve())))
    mark("store closed")
    print(f"{gathered.fact_count} facts, {len(gathered.entities)} entities; load {_load()}")
    last = T0
    for name, t in _marks:
        print(f"{t - last:7.2f} s  {name}")
        last = t
    print(f"{last - T0:7.2f} s  in all")


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
