"""The interactive player page: the API of `nqueens play`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nqueens.errors import IncompatibleOptionsError, InvalidSizeError, OutputFormatError
from nqueens.files import check_output_place, is_stream, output_file
from nqueens.i18n import N_, _
from nqueens.limits import PLAYER_MAX_STEPS, PLAYER_TREE_NODES, check_count
from nqueens.messages import variant_name
from nqueens.validate import flag_given, whole_given
from nqueens.variants.rules import with_variant
from nqueens.visual.common import PLAYER_STEPS, steppable, variant_title

if TYPE_CHECKING:
    from nqueens.render.player import Recording
    from nqueens.search_tree import Node
    from nqueens.variants.rules import BoardLike

__all__ = ["Player", "play"]


@dataclass
class Player:
    """The interactive player page for a recorded search (see `nqueens.render.player`):
    the recording, the SVG of its search tree, and the page (the learner alone: nothing
    recorded, no tree)."""

    recording: Recording
    tree: str
    html: str

    @property
    def capped(self) -> bool:
        return self.recording.capped

    def save(self, path: str | Path) -> None:
        """Write the page to `path`, whole or not at all."""
        with output_file(path) as out:
            out.write(self.html.encode("utf-8"))

    def _repr_html_(self) -> str:
        import html

        # An iframe keeps the page's script and style to itself inside a notebook.
        title = html.escape(_("N-Queens player"))
        return (
            f'<iframe srcdoc="{html.escape(self.html)}" style="width:100%;height:760px;'
            f'border:none" title="{title}"></iframe>'
        )


def play(
    n: BoardLike,
    algorithm: str = "backtracking",
    *,
    max_steps: int | None = None,
    out: str | Path | None = None,
    learn: bool = False,
    variant: str | None = None,
    one_based: bool = False,
    learn_only: bool = False,
) -> Player:
    """Record the search into a self-contained, offline HTML player page.

    Parameters
    ----------
    n : int or Rules
        The board: N <= 12, or a variant's `Rules` (toroidal, superqueens), whose own
        check-function search is recorded; the page shades its wrapped and knight
        attacks apart (and has no learner mode).
    algorithm : str
        The teaching algorithm to record (a variant's board: backtracking).
    max_steps : int, optional
        Record at most this many events of the search (default 20,000).
    out : str or Path, optional
        Also write the page (an .html name), whole or not at all.
    learn : bool
        Open the page in the learner mode, where the student places the queens.
    variant : str, optional
        Deprecated (it warns): the variant's name, for a board given as N; give the
        board's `Rules` instead (``Rules.of("toroidal", n)``).
    one_based : bool
        Number rows and columns from 1 (the code's arrays keep their indices, from 0).
    learn_only : bool
        The learner alone, for a class: no recorded search in the page (nothing is
        recorded), no other mode to switch to, no "give up" that lists every solution;
        the student's own hints, checks and completions stay.

    Returns
    -------
    Player
        The recording and the page; notebooks display it in an iframe.

    Raises
    ------
    SizeTooLargeError
        N is beyond the player's 12.
    OutputFormatError, OutputPlaceError
        `out` is not an .html name, or cannot be written.
    IncompatibleOptionsError
        A variant with `learn` or `learn_only`, or with a teaching algorithm other than
        backtracking; `max_steps` with `learn_only` (which records nothing).

    Examples
    --------
    >>> player = play(4)
    >>> len(player.recording.solutions)
    2
    """
    from nqueens.render.glyph import queen_path
    from nqueens.render.player import Recording, page, recorded
    from nqueens.render.tree import tree_svg
    from nqueens.search_tree import SearchTree, build_tree

    named = Path(out).suffix if out is not None else ""
    if out is not None and named.lower() not in (".html", ".htm") and (named or not is_stream(out)):
        raise OutputFormatError(
            _("the player is an HTML page: name the file .html, not {out}").format(out=repr(out))
        )
    if out is not None:
        check_output_place(out)
    steps = steppable(with_variant(n, variant, "play"), algorithm, _("the player"))
    learn_only = flag_given(learn_only, "learn_only")
    learn = flag_given(learn, "learn") or learn_only
    if learn_only and max_steps is not None:
        raise IncompatibleOptionsError(
            _("the learner alone records no search: drop max_steps"), option="max_steps"
        )
    max_steps = whole_given(PLAYER_STEPS if max_steps is None else max_steps, "max_steps")
    if max_steps < 1:
        raise InvalidSizeError(
            _("max_steps must be 1 or more, not {max_steps}").format(max_steps=max_steps)
        )
    check_count(
        N_("steps"),
        max_steps,
        PLAYER_MAX_STEPS,
        N_("each is a row of the page"),
        option="max_steps",
    )
    rules = steps.variant_rules
    if rules is not None and learn_only:
        raise IncompatibleOptionsError(
            _(
                "the learner's own search follows the classic rules: drop learn_only "
                "for the {variant} board"
            ).format(variant=variant_name(rules.variant)),
            option="learn_only",  # the command adds its flag, --learn-only
        )
    if rules is not None and learn:
        raise IncompatibleOptionsError(
            _(
                "the learner mode's own search follows the classic rules: drop learn "
                "to watch the {variant} search"
            ).format(variant=variant_name(rules.variant)),
            option="learn",  # the command adds its flag, --learn
        )
    recording = Recording(steps.n, steps.search, max_steps, rules=rules, code=steps.source())
    title = steps.algorithm.heading(steps.n) if rules is None else variant_title(steps.n, rules)
    if learn_only:  # nothing recorded, nothing to watch
        html = page(recording, "", queen_path(), title, learn=True, base=int(one_based), alone=True)
        return _written(Player(recording, "", html), out)
    root, _ended = build_tree(recorded(steps.events(), recording))  # one run of the search
    depth = _fitting_depth(root, PLAYER_TREE_NODES)
    if depth is not None:
        _cut(root, depth)
    found = SearchTree(steps.n, steps.search, root, depth=depth, complete=not recording.capped)
    tree = str(tree_svg(found, narrow=True, base=int(one_based), zoomable=True))
    html = page(recording, tree, queen_path(), title, learn=learn, base=int(one_based))
    return _written(Player(recording, tree, html), out)


def _written(player: Player, out: str | Path | None) -> Player:
    if out is not None:
        player.save(out)
    return player


def _fitting_depth(root: Node, most: int) -> int | None:
    """The deepest depth whose nodes, with all those above, number `most` or fewer
    (None: the whole tree fits)."""
    per_depth: list[int] = []
    for node in root.walk():
        per_depth += [0] * (node.depth + 1 - len(per_depth))
        per_depth[node.depth] += 1
    if sum(per_depth) <= most:
        return None
    kept, depth = 0, -1
    while depth + 1 < len(per_depth) and kept + per_depth[depth + 1] <= most:
        depth += 1
        kept += per_depth[depth]
    return max(depth, 0)


def _cut(root: Node, depth: int) -> None:
    """The tree cut at `depth`, as `build_tree(depth=...)` builds it: each node there
    keeps the size of its subtree (`below`, `solutions_below`) in place of its children."""
    for node in root.walk():
        if node.depth == depth and node.children:
            below = [d for child in node.children for d in child.walk()]
            node.below = len(below)
            node.solutions_below = sum(d.solution for d in below)
            node.children = []
