"""What the page shows of the current position: the drawn view, its action rows, the
selection and where it may go, and the last action's headline. The action panel writes it
on every redraw; the board, the input and the advisor read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from core import panels
from intruder_core.view import View


@dataclass
class Shown:
    """The shown side's position as last drawn (ActionPanel.draw)."""

    view: View = field(default_factory=lambda: cast(View, {}))  # {} until the first draw
    rows: list[panels.ActionRow] = field(default_factory=list)
    selected: str | None = None     # the crewman (or the Intruder player's counter) in hand
    costs: dict[str, int] = field(default_factory=dict)  # where the selection may go
    tokens: list[str] = field(default_factory=list)  # counters the shown side may select
    banner: str = ""                # the last action's headline events (moments.banner_html)
    flash: list[str] = field(default_factory=list)  # where they happened, lit on the plan

    def legal(self) -> list[Any]:
        """The shown actions as dicts, in the order of their rows."""
        return [row[1] for row in self.rows]

    def decision(self) -> dict[str, Any]:
        """The pending decision of the view ({} when there is none)."""
        return dict(self.view.get("decision") or {})

    def forget_headline(self) -> None:
        """No headline events (a new position that is not an action's)."""
        self.banner, self.flash = "", []
