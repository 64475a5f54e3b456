"""What the page tells the player: the alert line, notices that stay until dismissed, the
spoken announcement of an action's events, and the engine's refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import panels, session
from dom.elements import document, el, nn
from intruder_core import story
from intruder_core.event_types import EventData

if TYPE_CHECKING:
    from intruder_core import IllegalAction


class Messages:
    """The alert region (#alert), the notices (#notices) and the live region (#announce)."""

    def alert(self, text: str, kind: str = "info") -> None:
        """A message in the alert region: "info", or "error" (a refusal, a bad file)."""
        box = el("alert")
        box.textContent = text
        box.dataset.kind = kind

    def refuse(self, exc: IllegalAction) -> None:
        """Show an IllegalAction's reason and rule (with its rule link)."""
        reason = str(exc.reason or exc)
        rule = str(exc.rule or "")
        text = panels.e(f"Not allowed: {reason}" + (f" ({rule})." if rule else "."))
        self.alert("", "error")
        el("alert").innerHTML = f"{text} {panels.rule_link(rule)}"

    def notice(self, key: str, text: str, kind: str = "info",
               buttons: tuple[tuple[str, str], ...] = ()) -> None:
        """A message that stays until dismissed (autosave failed, a new version, another
        tab): one per key, with optional (command, label) buttons."""
        if not text:
            return
        box = nn(el("notices"))
        if box is None:  # the page's document was replaced (a test's set_content)
            return
        old = nn(box.querySelector(f'[data-notice="{key}"]'))
        node = old if old is not None else document.createElement("p")
        node.className = "notice"
        node.dataset.notice = key
        node.dataset.kind = kind
        node.setAttribute("role", "alert" if kind == "error" else "status")
        extra = "".join(f'<button type="button" data-command="{panels.e(cmd)}">'
                        f"{panels.e(label)}</button>" for cmd, label in buttons)
        node.innerHTML = (f"<span>{panels.e(text)}</span> {extra}"
                          f'<button type="button" data-command="dismiss:{panels.e(key)}" '
                          f'aria-label="Dismiss: {panels.e(text[:40])}">Dismiss</button>')
        if old is None:
            box.append(node)

    def dismiss(self, key: str) -> None:
        """Remove a notice (when the player dismisses it, or its cause is gone)."""
        node = nn(el("notices").querySelector(f'[data-notice="{key}"]'))
        if node is not None:
            node.remove()

    def announce(self, events: list[EventData],
                 told: list[story.Moment] | None = None) -> None:
        """Say an action's events once, in a polite live region of their own (not the log):
        its moments' outcomes first, then their dice (story.headline), else the events."""
        box = nn(el("announce"))
        if box is None:
            box = document.createElement("p")
            box.id = "announce"
            box.className = "vh"
            box.setAttribute("role", "status")
            box.setAttribute("aria-live", "polite")
            document.body.append(box)
        line = story.headline(told) if told else ""
        box.textContent = line + ("." if line and not line.endswith((".", "!")) else "") \
            if line else session.announcement(events)

    def clear_announcement(self) -> None:
        """Forget the last announcement (a hand-over: it may name what the last side saw)."""
        if nn(el("announce")) is not None:
            el("announce").textContent = ""
