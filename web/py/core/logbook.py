"""The log as the story (issues 23 and 28): the game's events grouped by the phase they
happened in, newest first: the newest phase on top, under its heading the newest event
first (a roll below what it caused); dice drawn as dice; a category per event for the
log's filters; the rule of an entry reachable without a Tab stop per line (one roving stop
for the whole list).

Pure: built from event dicts (Game.log's to_dict), tested on CPython; the page puts the
strings in #log (action_panel.py) and moves the roving focus (page_input.py). The phases
the engine announces without a "phase" event (the Intruder Metamorphosis Phase and the
Self-Destruction Sequence Phase) are derived here from the events that open them, since
events and their texts never change (saves hold them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from intruder_core import event_types
from intruder_core.event_types import EventData

DIE_FACES = "⚀⚁⚂⚃⚄⚅"

# The log's filters: category -> (its button's words, the event types in it); each event
# type's category is declared with it (intruder_core/event_types.py, `log`).
CATEGORY: Mapping[str, str] = event_types.LOG_CATEGORY
FILTERS: dict[str, tuple[str, frozenset[str]]] = {
    cat: (words, frozenset(t for t, c in CATEGORY.items() if c == cat))
    for cat, words in (("moves", "Moves"), ("dice", "Dice"), ("combat", "Combat"))}


def e(value: object) -> str:
    """HTML-escaped text (quotes too)."""
    return escape(str(value), quote=True)


def derived_phase(event: EventData) -> str:
    """The phase an event opens that has no "phase" event of its own, in the words of the
    Sequence of Play ("" for any other event): the metamorphosis roll opens the Intruder
    Metamorphosis Phase, the marker's move the Self-Destruction Sequence Phase."""
    if event.get("type") == "roll" and event.get("roll") == "metamorphosis":
        return "Intruder Metamorphosis Phase"
    if event.get("type") == "self_destruct" and ("box" in event or event.get("held")):
        return "Self-Destruction Sequence Phase"
    return ""


def rule_button(rule: str, name: str) -> str:
    """An entry's rule link: a button out of the Tab order (the entry holds the list's one
    Tab stop; Enter on it opens this rule), still clicked with a pointer."""
    return (f' <button type="button" class="rule-link" data-rule="{e(rule)}" title="{e(rule)}" '
            f'tabindex="-1" aria-label="{e(name)}">(rule)</button>')


def log_item(event: EventData, seq: int | None = None, group: int | None = None,
             head: str = "") -> str:
    """One event: its text, a die face for rolls, its rule link, its filter category
    (data-cat); `seq` is its place in the game's log (data-seq), `group` the place of its
    turn's first event (data-group), `head` the phase it opens when no "phase" event does."""
    kind = str(event.get("type", ""))
    text = str(event.get("text") or kind)
    die = event.get("die")
    face = ""
    if isinstance(die, int) and 1 <= die <= 6 and kind in ("roll", "shaken"):
        face = f'<span class="die" aria-hidden="true">{DIE_FACES[die - 1]}</span> '
    attrs = (f' data-seq="{seq}"' if seq is not None else "") + (
        f' data-group="{group}"' if group is not None else "")
    cat = CATEGORY.get(kind)
    attrs += f' data-cat="{cat}"' if cat else ""
    # the link names its entry by number: the same text and rule may come twice
    link = rule_button(str(event["rule"]), f"Rule: {event['rule']}"
                       + (f", log entry {seq + 1}" if seq is not None else "")) \
        if event.get("rule") else ""
    opens = f'<span class="ev-head">{e(head)}</span> ' if head else ""
    heads = ' data-head="1"' if head or kind == "phase" else ""
    return (f'<li class="ev ev-{e(kind)}{" opens" if head else ""}" data-type="{e(kind)}" '
            f'tabindex="-1"{attrs}{heads}>{opens}{face}<span class="ev-text">{e(text)}</span>'
            f"{link}</li>")


def heads(event: EventData) -> bool:
    """Whether an event opens a phase (its "phase" event, or one derived_phase names): the
    heading of its group in the log."""
    return event.get("type") == "phase" or bool(derived_phase(event))


def _groups(events: Sequence[EventData], start: int, current: int
            ) -> list[tuple[str, list[str]]]:
    """Events cut into phases, each (its heading's item or "", its other items in the order
    they happened), every item rendered with its group's id: the log index of the group's
    first event (`current` for events before the first heading here)."""
    groups: list[tuple[str, list[str]]] = [("", [])]
    group = current
    for i, ev in enumerate(events):
        if heads(ev):
            group = start + i
            groups.append((log_item(ev, start + i, group, derived_phase(ev)), []))
        else:
            groups[-1][1].append(log_item(ev, start + i, group))
    return groups


def _newest_first(groups: Sequence[tuple[str, list[str]]]) -> str:
    return "".join(head + "".join(reversed(items)) for head, items in reversed(groups))


def log_html(events: Sequence[EventData], start: int = 0) -> str:
    """The log, newest first: the newest phase on top, its heading, then its events newest
    first."""
    return _newest_first(_groups(events, start, start))


def log_update(events: Sequence[EventData], start: int, current: int) -> tuple[str, str]:
    """New events for a log already showing the first `start` ones, whose newest group is
    `current`: (the HTML of the events that go on in that group, to go on top of it, under
    its heading if it has one; the HTML of the phases the new events open, to go on top)."""
    groups = _groups(events, start, current)
    return "".join(reversed(groups[0][1])), _newest_first(groups[1:])


def filters_html(hidden: Sequence[str] = ()) -> str:
    """The log's filters: a toggle button per category, pressed while it is shown; each
    named "Show moves" and so on, its visible word kept short so they fit beside the log's
    heading on a phone."""
    return "".join(
        f'<button type="button" class="log-filter" data-log-filter="{cat}" '
        f'aria-pressed="{"false" if cat in hidden else "true"}"><span class="vh">Show </span>'
        f"{e(words)}</button>" for cat, (words, _) in FILTERS.items())


def toggled(hidden: str, cat: str) -> str:
    """The log's hidden categories (#log's data-hide, space-separated) after a filter's
    toggle; an unknown category changes nothing."""
    now = [c for c in hidden.split() if c in FILTERS]
    if cat not in FILTERS:
        return " ".join(now)
    return " ".join(c for c in FILTERS if (c in now) != (c == cat))


def roving_step(count: int, at: int, key: str) -> int | None:
    """The entry the log's roving focus goes to from entry `at` of `count` shown ones on
    `key` (arrows, Home, End), or None for another key."""
    if count <= 0:
        return None
    steps = {"ArrowDown": at + 1, "ArrowUp": at - 1, "Home": 0, "End": count - 1,
             "PageDown": at + 10, "PageUp": at - 10}
    if key not in steps:
        return None
    return max(0, min(count - 1, steps[key]))
