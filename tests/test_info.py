"""`nqueens info` through the real command: every line a bug report needs, true values."""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
from importlib import metadata

from nqueens.engine.methods.join import simd
from nqueens.system import SystemInfo
from tests.processes import NQUEENS, nqueens_after, run_nqueens


def test_info_reports_this_installation_as_json() -> None:
    done = run_nqueens("info", "--json")
    assert done.returncode == 0 and done.stderr == ""
    report = json.loads(done.stdout)
    assert list(report) == list(SystemInfo.__dataclass_fields__)
    assert report["nqueens"] == metadata.version("nqueens-lab")
    assert report["python"].startswith(platform.python_version())
    assert (report["numba"], report["llvmlite"]) == (
        metadata.version("numba"),
        metadata.version("llvmlite"),
    )
    assert report["vector_path"] == simd.vector_path() and report["target"] == simd.target()[0]
    assert report["bit_extract"] == ("pext" if simd.fast_pext() else "shifts")
    assert report["cores"] == report["workers"] == os.cpu_count()
    assert report["ffmpeg"] == shutil.which("ffmpeg")
    assert report["cpu"] and report["numba_cache"]


def test_the_api_gives_what_the_command_prints() -> None:
    import nqueens

    found = nqueens.info()
    assert found.vector_path in simd.PATHS and found.cores == os.cpu_count()
    assert len(found.lines()) == len(found.to_dict())


def test_info_prints_one_line_each() -> None:
    done = run_nqueens("info")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert len(lines) == len(SystemInfo.__dataclass_fields__)
    assert f"vector path: {simd.vector_path()}" in lines
    assert all(": " in line for line in lines)


def test_info_follows_the_target_and_cache_numba_is_given(tmp_path: object) -> None:
    env = os.environ | {"NUMBA_CPU_NAME": "generic", "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [*NQUEENS, "info", "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    assert (report["target"], report["vector_path"]) == ("generic", "portable")
    assert report["bit_extract"] == "shifts"
    assert report["numba_cache"].startswith(str(tmp_path))


def test_a_source_tree_without_installed_metadata_says_so(tmp_path: object) -> None:
    """Run from a checkout with PYTHONPATH=src and no metadata (a GPU machine without a
    package index, say): `info` and `--version` still answer."""
    code = (
        "from importlib import metadata\n"
        "real = metadata.version\n"
        "def version(name):\n"
        "    if name == 'nqueens-lab':\n"
        "        raise metadata.PackageNotFoundError(name)\n"
        "    return real(name)\n"
        "metadata.version = version\n"
    )
    for args in (["info", "--json"], ["--version"]):
        done = subprocess.run(
            [*nqueens_after(before=code), *args], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        assert "unknown (source tree)" in done.stdout
