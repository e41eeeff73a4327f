"""Fixtures shared by several test modules: the one headless Chromium and the pages opened
in it (tests/pages.py), the cluster on TLS (tests/dask_cluster.py), the one Xvfb screen."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import settings

from tests.dask_cluster import Certificates, Cluster, make_certificates
from tests.pages import Opened

# The locale and the CUDA simulator are chosen for every test in the root conftest.py.

# A cluster's own TLS certificate is kept under XDG_CONFIG_HOME (cluster/tls.py): the
# tests keep theirs in a folder of the run's own, never in the user's home.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="nqueens-tests-config-")

# Speed is measured in benchmarks/, never asserted: a loaded machine must not fail a
# property by Hypothesis's per-example deadline (a first example also compiles kernels).
settings.register_profile("nqueens", deadline=None)
settings.load_profile("nqueens")

CHROMIUM = "/usr/bin/chromium"
# Chromium as this machine runs it: as root (no sandbox), offline (no background traffic).
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        unavailable(f"{CHROMIUM} is not installed (apt install chromium chromium-driver)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def open_page(browser: object) -> Iterator[Opened]:
    """`open_page(where, viewport=..., ready=...)`: a page of the browser (tests/pages.py);
    at the test's end, no page it opened had a script error."""
    opened = Opened(browser)
    yield opened
    opened.close()


@pytest.fixture
def open_player(browser: object, tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """`open_player(board, algorithm, **options)`: `nqueens.play`'s page (board: N or a
    variant's Rules), written in the test's folder and opened at 1000 x 820; at the
    test's end, no page had a script error or asked for anything but a file."""
    import nqueens

    opened = Opened(browser, offline=True)

    def load(board: object, algorithm: str = "backtracking", **options: object) -> Any:
        n = getattr(board, "rows", board)  # N, or a variant's Rules
        path = tmp_path / f"player{n}-{algorithm}-{len(opened.pages)}.html"
        nqueens.play(board, algorithm, out=path, **options)  # type: ignore[arg-type]
        return opened(path, viewport=(1000, 820))

    yield load
    opened.close()


def unavailable(reason: str) -> NoReturn:
    """Skip a test whose part is missing here; fail it under CI (the env var CI set), where
    .ci/run provides every part, so that nothing is left out silently there."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI provides it")
    pytest.skip(reason)


def require_program(program: str) -> None:
    """Skip where `program` is missing (fail under CI, which installs it)."""
    if shutil.which(program) is None:
        package = "poppler-utils" if program.startswith("pdf") else program.lower()
        unavailable(f"{program} is not installed (apt install {package})")


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Certificates]:
    """A new certificate authority and the certificates it signs for `node` and `client`."""
    return make_certificates(tmp_path_factory.mktemp("certs"), ("node", "client"))


@pytest.fixture(scope="module")
def secured(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    certificates: dict[str, Certificates],
) -> Iterator[Cluster]:
    """A cluster on TLS, the scheduler's and workers' certificate `certificates["node"]`:
    two workers, or as many as a test asks by parametrizing `secured` indirectly (0: a
    scheduler alone, for what reaches it)."""
    workers = getattr(request, "param", 2)
    running = Cluster(tmp_path_factory.mktemp("tls"), workers=workers, tls=certificates["node"])
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def _windows_collected_in_the_main_thread(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a window's test, its Tk variables are collected here: left to the garbage
    collector, a later test's threads (Dask's) collected them, and Tk refused the call
    from another thread (a warning in CI: "main thread is not in main loop")."""
    yield
    if request.node.get_closest_marker("gui") is not None:
        gc.collect()


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """One Xvfb server for the whole session; its number is chosen by Xvfb itself
    (-displayfd). One, not one per module: Tk keeps its connection to a display after
    its last window closes, and an X server stopped under it ends this process."""
    require_program("Xvfb")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    assert number, "Xvfb did not start"
    name = f":{number}"
    previous = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = name
    try:
        yield name
    finally:
        if previous is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = previous
        server.terminate()
        server.wait(timeout=10)
