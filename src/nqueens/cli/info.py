"""`nqueens info`: what a bug report needs about this installation, one line each."""

from __future__ import annotations

import json

import click

from nqueens.cli._app import cli
from nqueens.cli._options import json_option


@cli.command()
@json_option("the report")
def info(as_json: bool) -> None:
    """Versions, the processor, the vector path of the counting kernels, workers, numba's
    cache and the optional parts found (ffmpeg, Chromium, Tk, Dask's dashboard).

    \b
    Examples:
      nqueens info
      nqueens info --json
    """
    from nqueens.system import info as system_info

    found = system_info()
    if as_json:
        click.echo(json.dumps(found.to_dict()))
        return
    for line in found.lines():
        click.echo(line)
