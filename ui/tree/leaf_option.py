"""Leaves revealed as evaluated: the tree labs' switch that hides every leaf value until the
search evaluates it (a pruned leaf then never shows one), kept in the link as
``leaves=hidden`` (ui.common.link_codec.leaves_hidden, the one decoder)."""

from __future__ import annotations

from teach.i18n import N_, _
from ui.common.keys import TreeLab
from ui.common.link_codec import LEAVES_HIDDEN, leaves_hidden
from ui.common.share import restore

LABEL = N_("Hide leaf values until evaluated")  # translated where shown
HELP = N_(
    "Each leaf shows ? until the search evaluates it; a pruned leaf keeps its ?, since the "
    "search never saw its value. The step sentences and the practice questions say no value "
    "the search has not seen either."
)


def leaves_switch(where, keys: TreeLab) -> bool:  # noqa: ANN001
    """The switch in ``where`` (the link's ``leaves=`` read once per session); True when the
    leaves are hidden."""
    restore(
        "leaves", decode=leaves_hidden, default=False, what=N_("leaf display"), state_key=keys.hide
    )
    return bool(where.toggle(_(LABEL), key=keys.hide, help=_(HELP)))


def link_param(hidden: bool) -> str | None:
    """The link's ``leaves=`` (absent when every leaf is shown, the default)."""
    return LEAVES_HIDDEN if hidden else None
