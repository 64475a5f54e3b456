"""Moments on the board, as drawing data: the story's moments (intruder_core.story) turned
into timed steps with SVG coordinates, their words placed beside their place (never over it),
and the overlay layer that CSS animates (app.css, /* moments */). Also the toast's items,
outcome first. Pure: tested on CPython (tests/test_moments.py); moment_player.py puts the
layer on the page."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Any, Final

from core import panels
from core.station import layout
from intruder_core import story
from intruder_core.event_types import EventData
from intruder_core.names import KIND_NAMES
from intruder_core.view import View

# Settings "moments" (index.html's #setting-moments offers them): the time one moment
# holds the board, in ms ("off": none drawn).
PACES: Final[dict[str, int]] = {"off": 0, "fast": 900, "normal": 1800, "slow": 3600}
DEFAULT_PACE: Final = "normal"
# Moments the board does not play (the toast and the log tell them).
QUIET: Final = frozenset({"placed", "inventory"})  # told in the log only
# told on the board, not in the toast: a roll that decides nothing ("4: no metamorphosis")
BOARD_ONLY: Final = frozenset({"no_metamorphosis"})
MARK_FONT: Final = 15  # a die's mark at its place: 11.8 px at layout.MIN_SCALE
FONT: Final = 15          # caption text, SVG units: 11.8 px at layout.MIN_SCALE
LINE: Final = 19
PAD: Final = 7
MAX_W: Final = 300         # a caption's widest, SVG units
GAP: Final = 6             # between a place and its caption
# The toast's style per moment kind (app.css's hl-* classes), else "info".
STYLES: Final[dict[str, str]] = {
    "panic": "panic", "crew_killed": "death", "attack_on_crew": "death",
    "attack_target": "death", "reveal": "reveal", "clone": "reveal", "power": "reveal",
    "metamorphosis": "meta", "self_destruct": "sd", "departure": "escape", "escaped": "escape",
    "lost": "lost", "intruder_killed": "win", "frozen": "win", "caged": "win",
    "game_over": "end", "destroyed": "end",
}

Box = tuple[float, float, float, float]
Part = tuple[int, int, int, int]  # a viewBox: the part of the plan shown (layout.zoom_box)


@dataclass(frozen=True)
class Step:
    """One moment on the board: when it plays (ms from the start) and for how long, the
    boxes it lights, a runner's path (a random movement, a Panic flight), a mark at its place
    ("strike" a death, "flip" a reveal, "" none) and its caption box with its lines."""

    kind: str
    start: int
    duration: int
    lit: tuple[Box, ...]
    caption: Box
    lines: tuple[str, ...]
    path: tuple[tuple[float, float], ...] = ()
    mark: str = ""
    label: str = ""  # the mark's text (a revealed counter's kind letter)
    grow: tuple[str, ...] = ()  # the counters (tokens) whose pieces grow (a metamorphosis)
    view: Part | None = None    # the part of the plan a phone shows while it plays


def pace_ms(pace: str, reduced_motion: bool = False) -> int:
    """A moment's time at this pace; 0 (none drawn) when off or motion is to be reduced."""
    return 0 if reduced_motion else PACES.get(pace, PACES[DEFAULT_PACE])


def text_width(text: str, size: float = FONT) -> float:
    """A generous estimate of a text's width in SVG units (no font metrics here)."""
    return sum(0.78 if ch.isupper() or ch in "mwMW" else 0.62 for ch in text) * size


def wrap(text: str, width: float = MAX_W - 2 * PAD) -> list[str]:
    """Words into lines no wider than `width`."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def caption_lines(m: story.Moment) -> list[str]:
    """The words of a moment's caption: the outcome, what it means, then each die."""
    lines = wrap(m.words)
    if m.detail:
        lines += wrap(m.detail)
    for die in m.dice:
        lines += wrap(f"Die {die}")
    return lines


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


def _inside(a: Box, view: Box) -> bool:
    return a[0] >= view[0] and a[1] >= view[1] and a[0] + a[2] <= view[0] + view[2] and \
        a[1] + a[3] <= view[1] + view[3]


def place_caption(w: float, h: float, rooms: Sequence[Box], view: Box | None = None,
                  keep: Sequence[Box] = ()) -> Box:
    """Where a w x h caption goes: beside its places (right, left, below, above, sliding
    along the side to stay on the plan) and over none of them, nor over `keep` (the place of
    the piece in hand, issue 28 item 3); at the plan's top (or bottom) when the moment has no
    place or nothing beside it fits."""
    vx, vy, vw, vh = view or tuple(float(v) for v in layout.VIEWBOX)
    clear = [*rooms, *keep]  # what the caption covers none of
    if rooms:
        x0 = min(r[0] for r in rooms)
        y0 = min(r[1] for r in rooms)
        x1 = max(r[0] + r[2] for r in rooms)
        y1 = max(r[1] + r[3] for r in rooms)
        cy = min(max((y0 + y1) / 2 - h / 2, vy), vy + vh - h)
        cx = min(max((x0 + x1) / 2 - w / 2, vx), vx + vw - w)
        for box in ((x1 + GAP, cy, w, h), (x0 - GAP - w, cy, w, h),
                    (cx, y1 + GAP, w, h), (cx, y0 - GAP - h, w, h)):
            if _inside(box, (vx, vy, vw, vh)) and not any(_overlaps(box, r) for r in clear):
                return box
    for top in (vy + GAP, vy + vh - GAP - h):
        for left in (vx + (vw - w) / 2, vx + GAP, vx + vw - GAP - w):
            box = (left, top, w, h)
            if not any(_overlaps(box, r) for r in clear):
                return box
    # a small part of the plan (a phone's) crowded with places: any spot in it over none of
    # them, else the one that covers the least of them
    best, least = (vx + (vw - w) / 2, vy + GAP, w, h), float("inf")
    for top in _spots(vy + GAP, vy + vh - GAP - h):
        for left in _spots(vx + GAP, vx + vw - GAP - w):
            box = (left, top, w, h)
            cover = sum(_cover(box, r) for r in clear)
            if cover < least:
                best, least = box, cover
                if cover == 0:
                    return box
    return best


def _spots(lo: float, hi: float, step: float = 8) -> list[float]:
    """Positions from lo to hi, `step` apart, hi included (none when hi < lo)."""
    n = int((hi - lo) // step) if hi >= lo else -1
    return [lo + i * step for i in range(n + 1)] + ([hi] if n >= 0 and lo + n * step < hi else [])


def _cover(a: Box, b: Box) -> float:
    """The area of b that a covers."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2] / 2, box[1] + box[3] / 2)


def steps(ms: Iterable[story.Moment], each_ms: int, view: Box | None = None,
          grown: Mapping[str, Box] | None = None,
          zoom: tuple[float, float] | None = None, keep: Sequence[Box] = ()) -> list[Step]:
    """The moments that play on the board, one after another (the random movements of one
    phase together, but one by one on a phone, whose part of the plan has no room for one
    caption beside all their places), each `each_ms` long: none when `each_ms` is 0. A
    place drawn grown (render.grown_boxes) is lit and captioned at its grown box, where its
    pieces are. With `zoom`, the board's (width, max height) in CSS px when a phone shows a
    part of the plan, each step has the part it plays in (zoom_views) and its caption stays
    in it. No caption covers `keep` (the place of the piece in hand) while the plan has room
    for it elsewhere."""
    if each_ms <= 0:
        return []
    units: list[list[story.Moment]] = []  # one moment, or the random movements of a phase
    for m in ms:
        if m.kind in QUIET or (m.kind == "random_move" and len(m.places) < 2):
            continue
        if m.kind == "random_move" and units and units[-1][0].kind == "random_move" and \
                zoom is None:  # a phone's small part: each mover in turn, at its own places
            units[-1].append(m)
        else:
            units.append([m])
    views = zoom_views(units, zoom, grown) if zoom else [None] * len(units)
    out: list[Step] = []
    for n, (unit, part) in enumerate(zip(units, views, strict=True)):
        shown = view if part is None else (float(part[0]), float(part[1]), float(part[2]),
                                           float(part[3]))
        at = n * each_ms
        if unit[0].kind == "random_move":
            out.extend(replace(s, view=part)
                       for s in _moving(unit, at, each_ms, shown, grown, keep))
        else:
            out.append(replace(_step(unit[0], at, each_ms, shown, grown, keep), view=part))
    return out


MANY_MOVES = 4  # this many random movements or more: each its die at its place, one line


def _moving(ms: Sequence[story.Moment], start: int, each_ms: int, view: Box | None,
            grown: Mapping[str, Box] | None, keep: Sequence[Box] = ()) -> list[Step]:
    """The random movements of a phase together: each its path, one caption for all of
    them, over none of their places; many (MANY_MOVES) say their dice as marks at the
    places they end in, and the caption is one short line (issue 28)."""
    paths = [_step(m, start, each_ms, view, grown) for m in ms]
    dice = [", ".join(str(v) for d in m.dice for v in d.values) for m in ms]
    if len(ms) >= MANY_MOVES:
        paths = [replace(s, mark="die", label=f"die {d}") for s, d in zip(paths, dice,
                                                                          strict=True)]
        lines = [f"{len(ms)} counters move at random"]
    else:
        lines = [part for m, d in zip(ms, dice, strict=True)
                 for part in wrap(f"{m.words}: die {d}")]
    rooms = [b for s in paths for b in s.lit]
    w = min(MAX_W, max(text_width(line) for line in lines) + 2 * PAD)
    caption = place_caption(w, len(lines) * LINE + 2 * PAD, rooms, view, keep)
    return [replace(s, lines=tuple(lines) if n == 0 else (),
                    caption=caption if n == 0 else (0.0, 0.0, 0.0, 0.0))
            for n, s in enumerate(paths)]


def zoom_views(units: Sequence[Sequence[story.Moment]], zoom: tuple[float, float],
               grown: Mapping[str, Box] | None = None) -> list[Part | None]:
    """The part of the plan a phone shows while each unit of moments plays: all of them in
    one part when their places fit in it at the readable scale (layout.zoom_box), else each
    its own places; a moment without a place keeps the part before it (None: the usual)."""
    width, height = zoom
    places = [[p for m in unit for p in m.places if p in layout.ROOMS] for unit in units]
    every = list(dict.fromkeys(p for ps in places for p in ps))
    if not every:
        return [None] * len(units)
    together = layout.zoom_box(width, height, every, grown=grown)
    if all(layout.shows(together, p, grown) for p in every):
        return [together] * len(units)
    out: list[Part | None] = []
    for ps in places:
        out.append(layout.zoom_box(width, height, ps, grown=grown) if ps
                   else out[-1] if out else None)
    return out


def in_hand(view: View, selected: str | None,
            grown: Mapping[str, Box] | None = None) -> tuple[Box, ...]:
    """The place of the piece in hand (a crewman, or the Intruder player's counter), which the
    captions keep clear of (issue 28 item 3): () when none is selected or it is off the plan."""
    at = next((c["at"] for c in view.get("crew", []) if c["id"] == selected), None) or \
        next((t["at"] for t in view.get("counters", []) if t["token"] == selected), None)
    if at is None or at not in layout.ROOMS:
        return ()
    return (layout.place_box(at, grown),)


def in_view(ss: Sequence[Step], view: Box | None) -> bool:
    """Whether every place the steps light lies in the part of the plan shown (`view`;
    None: the whole plan)."""
    return view is None or all(_inside(box, view) for s in ss for box in s.lit)


def zoom_changes(ss: Sequence[Step]) -> list[tuple[int, Part]]:
    """When the part of the plan shown changes while the steps play: (ms, part), the first
    at its step's start."""
    out: list[tuple[int, Part]] = []
    for s in ss:
        if s.view is not None and (not out or out[-1][1] != s.view):
            out.append((s.start, s.view))
    return out


def _step(m: story.Moment, start: int, duration: int, view: Box | None,
          grown: Mapping[str, Box] | None = None, keep: Sequence[Box] = ()) -> Step:
    boxes = [layout.place_box(p, grown) for p in m.places if p in layout.ROOMS]
    lines = caption_lines(m) if m.kind != "random_move" else [m.words, *(f"Die {d}" for d in
                                                                         m.dice)]
    if m.kind == "no_metamorphosis":  # nothing to see: its die and word, one short line
        lines = [str(d) for d in m.dice] or [m.words]
    w = min(MAX_W, max(text_width(line) for line in lines) + 2 * PAD)
    h = len(lines) * LINE + 2 * PAD
    caption = place_caption(w, h, boxes, view, keep)
    path: tuple[tuple[float, float], ...] = ()
    if m.kind in ("random_move", "panic") and len(boxes) > 1:
        path = tuple(_centre(b) for b in boxes)
        if m.kind == "panic":  # each flight ends in the Command Module (the last place)
            path = tuple(p for b in boxes[:-1] for p in (_centre(b), _centre(boxes[-1])))
    mark = {"crew_killed": "strike", "reveal": "flip"}.get(m.kind, "")
    if m.kind == "attack_on_crew" and m.event == "crew_killed":  # the attack killed him
        mark = "strike"
    # a revealed counter's card: the kind the story's moment carries, in the one home's words
    label = KIND_NAMES.get(m.revealed, KIND_NAMES["dummy"]) if m.kind == "reveal" else ""
    lit = tuple(boxes[-1:] if m.kind == "panic" else boxes
                if m.kind in ("random_move", "metamorphosis") else boxes[:1])
    return Step(m.kind, start, duration, lit, caption, tuple(lines), path, mark, label,
                m.tokens if m.kind == "metamorphosis" else ())


def stage_light(ss: Sequence[Step]) -> tuple[int, int] | None:
    """When the Life Stage Chart's new row is lit, (start, duration) ms: while the
    metamorphosis plays (None when none plays)."""
    grown = next((s for s in ss if s.kind == "metamorphosis"), None)
    return None if grown is None else (grown.start, grown.duration)


def total_ms(ss: Sequence[Step]) -> int:
    """How long the steps play, ms."""
    return max((s.start + s.duration for s in ss), default=0)


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def layer_svg(ss: Sequence[Step], layer_id: str = "st-moments") -> str:
    """The overlay group for the plan's SVG: one <g class="moment"> per step, timed by its
    inline animation delay and duration (CSS plays them; nothing runs in Python). The layer
    takes no pointer events, so input goes through it."""
    parts = [f'<g id="{layer_id}" class="moments" aria-hidden="true">']
    for n, s in enumerate(ss):
        timing = f"animation-delay:{s.start}ms;animation-duration:{s.duration}ms"
        last = " last" if n == len(ss) - 1 else ""
        parts.append(f'<g class="moment m-{escape(s.kind)}{last}" data-kind="{escape(s.kind)}"'
                     f' data-step="{n}" style="{timing}">')
        for x, y, w, h in s.lit:
            parts.append(f'<rect class="lit" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" '
                         f'height="{_n(h)}" rx="6"/>')
        if s.path:
            d = "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in s.path)
            parts.append(f'<path class="trail" d="{d}"/>')
            name = f"{layer_id}-run{n}"
            frames = " ".join(
                f"{_n(100 * i / (len(s.path) - 1))}% {{transform:translate({_n(x)}px,{_n(y)}px)}}"
                for i, (x, y) in enumerate(s.path))
            parts.append(f"<style>@keyframes {name} {{{frames}}}</style>")
            parts.append(f'<circle class="runner" r="9" cx="0" cy="0" '
                         f'style="animation-name:{name};{timing}"/>')
        if s.mark == "die" and s.lit:  # at the top right of the place it ends in
            x, y, w, _ = s.lit[-1]
            tw = text_width(s.label, MARK_FONT) + 8
            parts.append(f'<g class="die-mark"><rect x="{_n(x + w - tw - 2)}" y="{_n(y + 2)}" '
                         f'width="{_n(tw)}" height="20" rx="4"/><text x="{_n(x + w - 6)}" '
                         f'y="{_n(y + 17)}" text-anchor="end" font-size="{MARK_FONT}">'
                         f"{escape(s.label)}</text></g>")
        elif s.mark and s.lit:
            cx, cy = _centre(s.lit[0])
            if s.mark == "strike":
                parts.append(f'<path class="strike" d="M{_n(cx - 22)} {_n(cy - 22)} '
                             f'L{_n(cx + 22)} {_n(cy + 22)} M{_n(cx + 22)} {_n(cy - 22)} '
                             f'L{_n(cx - 22)} {_n(cy + 22)}"/>')
            else:
                w = text_width(s.label) + 2 * PAD
                # only the card turns: its words stand unscaled beside it (a text measured
                # mid-turn would read as 0 px wide and as small as the turn has got)
                parts.append(f'<g class="flip" style="animation-delay:{s.start}ms">'
                             f'<rect x="{_n(cx - w / 2)}" y="{_n(cy - 14)}" '
                             f'width="{_n(w)}" height="28" rx="4"/></g>'
                             f'<text class="flip-label" x="{_n(cx)}" y="{_n(cy + 5)}" '
                             f'text-anchor="middle" font-size="{FONT}">{escape(s.label)}'
                             "</text>")
        for token in s.grow:  # the glue copies the piece in (moment_player.grow_pieces)
            parts.append(f'<g class="grow-at" data-grow="{escape(token)}">'
                         f'<g class="grow" style="{timing}"></g></g>')
        x, y, w, h = s.caption
        if s.lines:  # (the random movements of a phase share the first one's caption)
            parts.append(f'<g class="caption"><rect x="{_n(x)}" y="{_n(y)}" '
                         f'width="{_n(w)}" height="{_n(h)}" rx="6"/>')
            for i, line in enumerate(s.lines):
                cls = ' class="outcome"' if i == 0 and s.kind != "random_move" else ""
                parts.append(f'<text{cls} x="{_n(x + PAD)}" '
                             f'y="{_n(y + PAD + (i + 1) * LINE - 5)}" font-size="{FONT}">'
                             f"{escape(line)}</text>")
            parts.append("</g>")
        parts.append("</g>")
    parts.append("</g>")
    return "".join(parts)


def banner_html(events: Sequence[EventData], ms: Sequence[story.Moment]) -> str:
    """The toast: one item per moment a player must notice, its outcome first, what it
    means, each die with what it decided (the random movements in one line), then the dice
    rolled (panels.dice_html). An item told by one of panels.HEADLINES' events keeps that
    headline's title and data-type. The counters' moves (random, or a counter moved by
    itself) share one last line, only beside something else. "" when nothing is worth a
    toast."""
    items = []
    moved = [m for m in ms if m.kind == "counter_move"  # (Fast Reflexes: climbing back in)
             or (m.kind == "random_move" and len(m.places) > 1)]
    for m in ms:
        if m.kind in QUIET | BOARD_ONLY or m.kind in ("random_move", "counter_move"):
            continue
        dice = "".join(f' <span class="die-says">Die {escape(str(d))}.</span>' for d in m.dice)
        detail = f' <span class="detail">{escape(m.detail)}.</span>' if m.detail else ""
        event = m.event if m.event in panels.HEADLINES else ""
        if event:
            style, title = panels.HEADLINES[event]
            head = (f'<li class="headline hl-{escape(style)}" data-type="{escape(event)}" '
                    f'data-moment="{escape(m.kind)}"><strong>{escape(title)}</strong> ')
        else:
            head = (f'<li class="outcome hl-{STYLES.get(m.kind, "info")}" '
                    f'data-moment="{escape(m.kind)}">')
        items.append(f'{head}<span class="says">{escape(m.words)}.</span>{detail}{dice}</li>')
    if not items:
        return ""
    if moved:
        words = "; ".join(m.words for m in moved)
        kinds = " ".join(dict.fromkeys(m.kind for m in moved))
        items.append(f'<li class="outcome hl-info" data-moment="{kinds}">{escape(words)}.'
                     "</li>")
    return f'<ul class="headlines">{"".join(items)}</ul>{panels.dice_html(events, decided(ms))}'


# The moments that say what one roll of an action decided, and its roll key
# (intruder_core/event_types.ROLLS): the toast's dice list says it beside the die ("Die 4: no
# metamorphosis").
DECIDED: Final[dict[str, str]] = {"metamorphosis": "metamorphosis",
                                  "no_metamorphosis": "metamorphosis"}


def decided(ms: Sequence[story.Moment]) -> dict[str, str]:
    """Roll key -> what its die decided, for the dice list (panels.dice_html)."""
    return {DECIDED[m.kind]: m.dice[0].decides for m in ms if m.kind in DECIDED and m.dice}


def since_html(ms: Sequence[story.Moment]) -> str:
    """The hot-seat hand-over's opening, for the toast: what happened since this side last
    had the device (story.since), outcomes only."""
    return f'<p class="since" data-moment="since">{escape(story.since(ms))}</p>'


def flash(ms: Sequence[story.Moment]) -> list[str]:
    """Where the moments worth a toast happened: the compartments lit on the plan."""
    out = [p for m in ms if m.kind not in QUIET and m.kind != "random_move"
           for p in (m.places[-1:] if m.kind == "panic" else m.places[:1])
           if p in layout.ROOMS]
    return list(dict.fromkeys(out))


COUNTDOWN_BOX: Final[Box] = (550.0, 8.0, 108.0, 74.0)  # a free corner (layout.KEY_BOXES)


def countdown_svg(view: Mapping[str, Any], layer_id: str = "st-countdown") -> str:
    """The Self-Destruct countdown on the plan while it runs ("" when not running): the
    marker's box, in a free corner of the plan."""
    sd = view.get("self_destruct") or {}
    box = sd.get("box")
    if box is None or sd.get("stopped"):
        return ""
    x, y, w, h = COUNTDOWN_BOX
    value = "Active" if box == "active" else str(box)
    words = f"Self-Destruct countdown: {value}"
    return (f'<g id="{layer_id}" class="countdown" role="img" aria-label="{escape(words)}">'
            f"<title>{escape(words)}</title>"
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="6"/>'
            f'<text x="{_n(x + w / 2)}" y="{_n(y + 20)}" text-anchor="middle" '
            f'font-size="14">Self-Destruct</text>'
            f'<text class="count" x="{_n(x + w / 2)}" y="{_n(y + 58)}" text-anchor="middle" '
            f'font-size="{26 if box == "active" else 34}">{escape(value)}</text></g>')


def told(events: Sequence[EventData], side: str | None,
         view: Mapping[str, Any] | None, before: Mapping[str, Any] | None = None
         ) -> list[story.Moment]:
    """The story's moments of these events for the side shown (the crew's when none)."""
    return story.moments(events, "intruder" if side == "intruder" else "crew", view, before)
