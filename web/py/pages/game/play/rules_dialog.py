"""The rules reference: the rulebook's sections and the rulings, opened at the rule an action
or a refusal cites, with a contents list the player can search (rulesref.py, panels.py)."""

from __future__ import annotations

from typing import Any

from core import panels, rulesref
from dom.elements import el
from pages.game.messages import Messages

SCENARIO_RULES = {  # where the rules reference opens for each scenario
    "intelligent_intruder": "The Intelligent Intruder",
    "return_to_prometheus": "Return to Prometheus",
    "science_officer": "The Science Officer",
}


class RulesDialog:
    """#rules-dialog, its texts read once from Pyodide's file system."""

    def __init__(self, messages: Messages) -> None:
        self.messages = messages
        self.rules: list[dict[str, str]] | None = None
        self.book: list[dict[str, str]] = []
        self.numbered: list[dict[str, str]] = []

    def load_rules(self) -> list[dict[str, str]]:
        """The rules reference entries, read once from Pyodide's file system."""
        if self.rules is None:
            try:
                self.book, self.numbered = rulesref.load()
            except OSError as exc:
                self.messages.alert(f"The rules texts are missing: {exc}", "error")
                return []
            self.rules = panels.rule_entries(self.book, self.numbered)
        return self.rules

    def open_rules(self, rule: str) -> None:
        """Open the reference at the entries a rule citation points to (or the first one)."""
        entries = self.load_rules()
        if not entries:
            return
        found = [x["id"] for x in rulesref.lookup(rule, self.book, self.numbered)] if rule \
            else []
        el("rules-search").value = ""
        el("rules-cited").textContent = f"Cited: {rule}" if rule else ""
        self.show_rules(found or [entries[0]["id"]])
        dialog = el("rules-dialog")
        if not dialog.open:
            dialog.showModal()
        el("rules-content").focus()

    def show_rules(self, ids: list[str], shown: list[str] | None = None) -> None:
        """Show these entries, the contents listing `shown` ones (all by default)."""
        entries = self.load_rules()
        by_id = {x["id"]: x for x in entries}
        el("rules-nav").innerHTML = panels.rules_nav_html(entries, shown, ids)
        content = el("rules-content")
        content.innerHTML = "".join(panels.rule_entry_html(by_id[i]) for i in ids if i in by_id)
        content.scrollTop = 0

    def on_rules_search(self, _event: Any) -> None:
        """Filter the rules contents as the player types."""
        entries = self.load_rules()
        query = str(el("rules-search").value)
        shown = panels.search_rules(query, entries)
        el("rules-count").textContent = f"{len(shown)} of {len(entries)} entries"
        el("rules-nav").innerHTML = panels.rules_nav_html(entries, shown)
        if shown and query.strip():
            by_id = {x["id"]: x for x in entries}
            el("rules-content").innerHTML = panels.rule_entry_html(by_id[shown[0]])

    def open_scenario_rules(self) -> None:
        """The rules reference at the chosen scenario's section, with its rulings."""
        scenario = str(el("new-scenario").value)
        self.open_rules(SCENARIO_RULES.get(scenario, "Multi-Player Scenarios"))
        found = [x["id"] for x in rulesref.lookup(
            SCENARIO_RULES.get(scenario, "Multi-Player Scenarios"), self.book, self.numbered)]
        self.show_rules([*found, "R39", "R40", "R41", "R42", "R43"])
