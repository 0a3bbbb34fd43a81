"""An ahead-of-time cache for the embedded database's JVM, made once per install.

Every kgtest command that opens the embedded database starts a JVM, which then loads
thousands of classes and compiles the engine's hot paths before it runs at full speed. JDK 25
(the runtime inside the arcadedb-embedded wheel) can record that work in one run and start
later JVMs from the record (JEPs 483, 514 and 515: classes loaded and linked, method
profiles). Measured on the 2-core machine: the database starts in 1.9-2.2 s instead of
2.8-3.0 s, and a fresh process loads Wikidata12k about 15% faster (docs/performance.md).

The first command that finds no cache starts a training run in the background, at low
priority: it builds the bundled example and a synthetic KB in a scratch workspace, reads them
back, and exits through the JVM, which writes the cache. Later commands use it. The cache is
keyed by the JVM, the engine's jars and kgtest's version, so an upgrade trains anew. It lives
in ``$XDG_CACHE_HOME/kgtest`` (``~/.cache/kgtest``, about 50 MB); ``KGTEST_JVM_CACHE=0`` turns
it off, and deleting the folder is always safe. A JVM that cannot use a cache runs without it.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from importlib import metadata
from pathlib import Path

from kgtest.core.user_cache import cache_dir, prune
from kgtest.kg.model import Domain, Entity, Fact, Snapshot

ENV = "KGTEST_JVM_CACHE"
_STALE_LOCK_S = 15 * 60
_RETRY_AFTER_FAILURE_S = 24 * 3600


def cache_path() -> Path:
    return cache_dir() / f"jvm-{fingerprint()}.aot"


def jvm_args() -> list[str]:
    """The flags that start a JVM from the cache; with none yet, start making it and run without.

    Never fails: the cache only saves time, so anything in its way (no home folder, a read-only
    disk, an uninstalled checkout) means running without it.
    """
    if os.environ.get(ENV, "1") == "0":
        return []
    try:
        path = cache_path()
        if path.is_file():
            os.utime(path)  # in use: spared by the clean-up of old caches
            return [f"-XX:AOTCache={path}"]
        if _claim(path):
            child = subprocess.Popen(
                [sys.executable, "-m", "kgtest.kg.jvm_cache", "--claimed", str(path)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            threading.Thread(target=child.wait, daemon=True).start()  # no zombie in `db serve`
    except (OSError, ValueError, ImportError, metadata.PackageNotFoundError):
        pass
    return []


def fingerprint() -> str:
    """What a cache is only valid for: this runtime, these jars where they are, this kgtest."""
    from arcadedb_embedded.jvm import get_bundled_jre_lib_path, get_jar_path

    h = hashlib.blake2b(digest_size=8)
    h.update(metadata.version("kgtest").encode())
    h.update(get_jar_path().encode())  # the JVM checks the class path, paths included
    libjvm = Path(get_bundled_jre_lib_path())
    h.update(libjvm.read_bytes()[:4096])
    h.update(str(libjvm.stat().st_size).encode())
    for jar in sorted(Path(get_jar_path()).glob("*.jar")):
        h.update(f"{jar.name}:{jar.stat().st_size}".encode())
    return h.hexdigest()


def _claim(path: Path) -> bool:
    """Take the right to train ``path``: not while another run does, nor soon after one failed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lock, failed = path.with_suffix(".lock"), path.with_suffix(".failed")
    if failed.exists() and time.time() - failed.stat().st_mtime < _RETRY_AFTER_FAILURE_S:
        return False
    if lock.exists() and time.time() - lock.stat().st_mtime >= _STALE_LOCK_S:
        lock.unlink(missing_ok=True)  # its run died without cleaning up
    try:
        os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        return False
    return True


def train(path: Path) -> bool:
    """Record a representative run into ``path`` (in a child JVM) and release the claim on it.

    True when the cache exists afterwards. A failed run leaves a ``.failed`` marker, so kgtest
    does not try again for a day.
    """
    partial = path.with_suffix(f".{os.getpid()}.partial")
    try:
        os.nice(10)
        with tempfile.TemporaryDirectory(prefix="kgtest-jvm-cache-") as tmp:
            recorder = [sys.executable, "-m", "kgtest.kg.jvm_cache", "--record", str(partial), tmp]
            done = subprocess.run(recorder, env={**os.environ, ENV: "0"}, capture_output=True, timeout=600)
        if done.returncode == 0 and partial.is_file() and partial.stat().st_size > 0:
            os.replace(partial, path)
            prune("jvm-*.aot", keep=path)
        else:
            path.with_suffix(".failed").touch()
    except (OSError, subprocess.SubprocessError):
        path.with_suffix(".failed").touch()
    finally:
        partial.unlink(missing_ok=True)
        path.with_suffix(".lock").unlink(missing_ok=True)
    return path.is_file()


def _record(output: Path, scratch: Path) -> None:
    """The training workload: build, read back, then exit through the JVM so it writes ``output``."""
    from kgtest.core.settings import load_settings
    from kgtest.kg.build import SourceSpec, build
    from kgtest.kg.catalog import builtin_catalog
    from kgtest.kg.embedded import start_jvm
    from kgtest.kg.knowledge_base import KnowledgeBase
    from kgtest.kg.loader import load_snapshot
    from kgtest.kg.store import open_store

    start_jvm(scratch / "logging.properties", scratch / "jvm.%g.log", [f"-XX:AOTCacheOutput={output}"])
    settings = load_settings(scratch / "workspace", env={})
    with open_store(settings) as store:
        build(store, SourceSpec("example"), settings, builtin_catalog())
        load_snapshot(store, _synthetic(), builtin_catalog())
        kb = KnowledgeBase(store)
        kb.require_complete()
        list(kb.facts())
        list(kb.entities())
        kb.stats()
    import jpype

    jpype.JClass("java.lang.System").exit(0)


def _synthetic(entities: int = 4_000, facts: int = 16_000) -> Snapshot:
    """Enough rows for the ingest and read paths to get hot; the content does not matter."""
    rng = random.Random(0)
    ids = [f"Q{i + 1}" for i in range(entities)]
    snapshot = Snapshot("jvm-cache-training")
    for qid in ids:
        snapshot.entities[qid] = Entity(qid, f"entity {qid}", types=("Q5",), domain=Domain.PEOPLE)
    for i in range(facts):
        start = rng.randrange(1800, 2000)
        f = Fact(rng.choice(ids), "P54", rng.choice(ids), start, start + 5, "jvm-cache-training", f"T-{i}")
        snapshot.facts[f.id] = f
    return snapshot


def main(argv: list[str]) -> int:
    """``python -m kgtest.kg.jvm_cache``: train now (setup scripts). The flags are kgtest's own."""
    if argv[:1] == ["--record"]:
        _record(Path(argv[1]), Path(argv[2]))
        return 0
    if argv[:1] == ["--claimed"]:
        return 0 if train(Path(argv[1])) else 1
    target = cache_path()
    if target.is_file():
        print(f"JVM cache at {target}")
        return 0
    if not _claim(target):
        print("JVM cache: another kgtest is making it (or failed to today); kgtest runs without it meanwhile")
        return 0
    made = train(target)
    print(f"JVM cache at {target}" if made else "JVM cache could not be made; kgtest runs without it")
    return 0 if made else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
