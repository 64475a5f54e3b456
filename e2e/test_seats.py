"""Every seat played by hand: the Intruder player by clicks on the plan (his counters, the
lit compartments, the crewmen he attacks) against the crew bot and in hot-seat, with every
control's accessible name unique and text and targets at size (at each seat's first decision
and a fixed sample of the others: measures.NAMES_SAMPLE) and axe clean.

The test reads the page's game (intruderDebug.state) to choose a legal action, performs it
with the page's own controls, and checks the page's state against the same game on CPython.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import states
from conftest import Problems, Site, answered
from game_page import BODY, Boot, crew_by_hand, digest, page_game, play_along, start
from measures import MEASURES, NAMES_SAMPLE, axe_violations, check_table, duplicate_names
from playwright.sync_api import Page, expect

import intruder_core as ic
from intruder_core import story
from intruder_core.bots import HeuristicPolicy, intruder_ai
from intruder_core.scoring import science_officer_result
from intruder_core.sides import side_of

pytestmark = pytest.mark.heavy  # whole games and several boots a test


def wait_turn(page: Page, turn: str) -> None:
    """Until it is `turn` ("human:intruder") or the game is over."""
    page.wait_for_function(
        "t => document.body.dataset.turn === t || document.body.dataset.turn === 'none:'",
        arg=turn, timeout=120_000)


FREE_POINT = """cid => {
  const room = document.querySelector(`#board [data-compartment="${cid}"]`);
  room.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = room.querySelector('.room-box').getBoundingClientRect();
  for (let fy = 0.4; fy < 0.9; fy += 0.1) for (let fx = 0.2; fx < 0.85; fx += 0.1) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit.closest('[data-compartment]') === room ||
                (!hit.closest('[data-crew], [data-token], [data-items]')
                 && hit.closest('[data-inset]')?.dataset.inset === cid))) return [x, y];
  }
  return null;
}"""


def click_room(page: Page, cid: str) -> None:
    """Click a compartment's own background (not a token in it, not a neighbour), scrolled
    into view first (in FREE_POINT's round trip)."""
    point = page.evaluate(FREE_POINT, cid)
    if point is None:  # under a crowded neighbour drawn grown: the keyboard reaches it
        room = page.locator(f'#board [data-compartment="{cid}"]')
        room.focus()
        page.keyboard.press("Enter")
        return
    page.mouse.click(point[0], point[1])


def select_counter(page: Page, token: str) -> None:
    """Select one of the Intruder's counters on the plan: its token, or the stack holding it
    (each click on a stack selects the next of his counters there)."""
    body = page.locator(BODY)
    for _ in range(6):
        if body.get_attribute("data-selected") == token:
            return
        own = page.locator(f'#board [data-token="{token}"]')
        stack = page.locator(f'#board [data-stack][data-members~="{token}"]')
        at = (own if own.count() else stack).first.get_attribute(
            "data-at" if own.count() else "data-stack")
        lit = "reachable" in (page.locator(f'#board [data-compartment="{at}"]')
                              .get_attribute("class") or "")
        if lit:  # a tap there would move the counter in hand: pick it from the list
            line = page.locator(f'#actions [data-select="{token}"]')
            if not line.is_visible():
                page.locator("#actions details.crew-others > summary").click()
            line.click()
        elif own.count():
            own.click()
        else:
            page.locator(f'#board [data-stack][data-members~="{token}"]').click()
        page.wait_for_function("s => document.body.dataset.stateSha !== undefined", arg=None)
    expect(body).to_have_attribute("data-selected", token)


def skip_moments(page: Page) -> None:
    """While moments play a press on the plan only skips them (ruling R67): Esc first, as a
    player would, before the plan is clicked."""
    body = page.locator(BODY)
    if body.get_attribute("data-moments") == "playing":
        page.keyboard.press("Escape")
        expect(body).not_to_have_attribute("data-moments", "playing")


def intruder_moves_by_clicks(page: Page, game: ic.Game, moves: int) -> ic.Game:
    """Move up to `moves` counters by clicking them and a lit compartment, then end the
    movement with its button; each step checked against CPython."""
    for _ in range(moves):
        legal = [a for a in game.legal_actions("intruder") if a.type == "move_counter"]
        if not legal:
            break
        a = legal[len(legal) // 2]
        skip_moments(page)
        select_counter(page, a["token"])
        room = page.locator(f'#board [data-compartment="{a["to"]}"]')
        expect(room).to_have_attribute("role", "button")
        expect(room).to_have_class(re.compile(r"\breachable\b"))
        assert "step" in (room.get_attribute("aria-label") or "")
        assert not duplicate_names(page), duplicate_names(page)
        click_room(page, a["to"])
        game.apply(a)
        expect(page.locator(BODY)).to_have_attribute("data-state-sha", digest(game))
    legal = game.legal_actions("intruder")
    end = next(a for a in legal if a.type == "end_intruder_movement")
    page.locator("#actions").get_by_role("button", name=end.label, exact=True).click()
    if len(legal) > 1:  # counters could still move or act: the guard asks first
        expect(page.locator("#confirm-dialog")).to_be_visible()
        expect(page.locator("#confirm-dialog")).to_contain_text(
            "End the Intruder's movement?")
        page.locator("#confirm-yes").click()
    game.apply(end)
    return game


def intruder_attacks_by_clicks(page: Page, game: ic.Game) -> None:
    """An attack decision: click the crewman attacked (or the button when he is stacked)."""
    legal = game.legal_actions("intruder")
    attack = next((a for a in legal if a.type == "intruder_attack"), legal[-1])
    token = page.locator(f'#board [data-crew="{attack.get("crew")}"]')
    if attack.type == "intruder_attack" and token.count():
        skip_moments(page)
        token.click()
    else:
        name = attack.label + (" (dice follow)" if attack.type == "intruder_attack" else "")
        page.locator("#actions").get_by_role("button", name=name, exact=True).click()
    # No guard: the button says the dice follow, and the attack is applied at once.


def confirm_guard(page: Page, question: str, yes: str = "End anyway") -> None:
    """The guard asks `question` before an irreversible choice: answer `yes`."""
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible(timeout=30_000)
    expect(dialog).to_contain_text(question)
    expect(page.locator("#confirm-yes")).to_have_text(yes)
    page.locator("#confirm-yes").click()


def test_the_intruder_player_plays_by_clicks_against_the_crew_bot(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3&pace_ms=10")
    body = page.locator(BODY)
    start(page, "intelligent_intruder", 1, seats="intruder")
    expect(body).to_have_attribute("data-side", "intruder")
    # The buttons say what each does: the counter as he knows it, from where to where.
    first = page.locator('#actions button[data-action*="move_counter"]').first
    expect(first).to_contain_text(re.compile(r"(Intruder|Lab Animal|Dummy) \S+: .+ -> .+"))
    assert not axe_violations(page), axe_violations(page)
    decisions = 0
    for _turn in range(150):  # a whole game: seed 3 ends in about 30 Intruder decisions
        wait_turn(page, "human:intruder")
        if body.get_attribute("data-turn") == "none:":
            break
        game = page_game(page)
        assert not duplicate_names(page), duplicate_names(page)
        if game.step == "intruder_move":
            intruder_moves_by_clicks(page, game, moves=2 if decisions < 6 else 1)
        else:
            intruder_attacks_by_clicks(page, game)
        decisions += 1
        page.wait_for_function(
            "s => document.body.dataset.stateSha !== s", arg=digest(game), timeout=60_000) \
            if game.is_over is False and body.get_attribute("data-state-sha") == digest(game) \
            else None
        if decisions == 3:
            assert not axe_violations(page), axe_violations(page)
    game = page_game(page)  # whatever the page holds replays on CPython, as it is
    assert decisions >= 3
    assert game.is_over, (decisions, game.step)  # played to the end, by clicks


BOARD_BUTTONS = """() => [...document.querySelectorAll('#board [role=button]')]
  .filter(e => e.getBoundingClientRect().width > 0)
  .map(e => { const r = e.getBoundingClientRect();
              return [e.getAttribute('aria-label'), r.width, r.height,
                      e.dataset.items || null]; })"""


def check_board_buttons(page: Page, where: str, least: float = 24) -> list[Any]:
    """Every button on the plan at least `least` CSS px each way, no two with the same name;
    returns them as [name, width, height, data-items] (printed with pytest -s)."""
    buttons = page.evaluate(BOARD_BUTTONS)
    small = [b for b in buttons if b[1] < least or b[2] < least]
    assert not small, f"{where}: board buttons under {least:.1f} px: {small[:5]}"
    names = Counter(b[0] for b in buttons)
    assert all(n == 1 for n in names.values()), [k for k, n in names.items() if n > 1]
    objects = [b for b in buttons if b[3]]
    print(where, len(buttons), "buttons, smallest",
          f"{min(b[1] for b in buttons):.1f}x{min(b[2] for b in buttons):.1f}",
          "objects", [(b[0].split(":")[0], round(b[1], 1), round(b[2], 1)) for b in objects])
    return buttons


def intruder_with_objects(crowded: bool = False) -> ic.Game:
    """The Intelligent Intruder's movement: a free Intruder beside two Blasters and a Cage
    holding a Lab Animal in Corridor B-1, another in the Lab with its empty Cages and a Lab
    Animal in the permanent cages; `crowded`: three crewmen, a Dummy and more objects in the
    Crew's Mess with a third Intruder."""
    crew = {c: {"at": "command"} for c in ("co1", "co2", "co3", "so1", "so2", "so3", "en1",
                                            "en2", "en3")}
    items = {"cage1": "b1", "blaster1": "b1", "blaster2": "b1"}
    counters = [{"kind": "intruder", "at": "b1"},
                {"kind": "lab_animal", "at": "b1", "face_up": True, "caged": "cage1"},
                {"kind": "intruder", "at": "lab"},
                {"kind": "lab_animal", "at": "caged_lab"}]
    if crowded:
        crew.update({c: {"at": "mess"} for c in ("co2", "so3", "en1")})
        items.update({"gas1": "mess", "prod1": "mess", "dart1": "mess"})
        counters += [{"kind": "intruder", "at": "mess"}, {"kind": "dummy", "at": "mess"}]
    return ic.Game.from_position({"scenario": "intelligent_intruder", "phase": "movement",
                                  "seed": 5, "crew": crew, "items": items,
                                  "counters": counters})


def load_intruder_seat(page: Page, site: Site, game: ic.Game) -> None:
    """The page resumes `game` with the Intruder played by hand (the crew by the bot)."""
    page.evaluate("s => { localStorage.setItem('intruder:save', s);"
                  " localStorage.removeItem('intruder:undo');"
                  " localStorage.setItem('intruder:seats', "
                  "JSON.stringify({crew: 'computer', intruder: 'human'})); }", game.to_json())
    page.goto(site.url + "?pace_ms=10")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    expect(page.locator(BODY)).to_have_attribute("data-turn", "human:intruder",
                                                 timeout=60_000)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_objects_the_intruder_may_act_on_are_named_buttons_of_token_size(
    page: Page, site: Site, problems: Problems, boot: Boot, size: str
) -> None:
    w, h = states.SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    states.on_origin(page, site.url)
    for crowded in (False, True):
        game = intruder_with_objects(crowded)
        load_intruder_seat(page, site, game)
        where = f"{size}{' crowded' if crowded else ''}"
        buttons = check_board_buttons(page, where)
        check_table(page, h, where)
        assert not duplicate_names(page), duplicate_names(page)
        if page.locator("#board-zoom").is_visible():
            # A phone's "Whole station" is the overview drawn smaller than the rules (docs/
            # web.md), a map where a tap only zooms in (R65): there the object buttons are as
            # big as the tokens (32 units).
            page.locator("#board-zoom").click()
            expect(page.locator("#board")).to_have_attribute("data-zoom", "whole")
            least = 32 * page.evaluate("document.querySelector('#board svg').getScreenCTM().a")
            objects = [b for b in page.evaluate(BOARD_BUTTONS) if b[3]]
            assert objects and all(b[2] >= least - 0.5 for b in objects), (least, objects)
            page.locator("#board-zoom").click()
            expect(page.locator("#board")).to_have_attribute("data-zoom", "part")
        names = {b[0] for b in buttons if b[3]}
        assert "Bl×2: Blaster 1 and Blaster 2 in Corridor B-1: destroy them" in names
        assert "Lab: the permanent cages in Laboratory: open them" in names
    # A click on the Lab's cages opens them: the engine's one legal action, on the page.
    legal = game.legal_actions("intruder")
    opening = next(a for a in legal if a.type == "open_lab_cages")
    cages = page.locator('#board [data-items="lab-cages"]')
    if size == "desktop":
        cages.click()
    else:  # out of the part of the plan shown: by keyboard
        cages.focus()
        page.keyboard.press("Enter")
    game.apply(opening)
    expect(page.locator(BODY)).to_have_attribute("data-state-sha", digest(game))
    expect(page.locator('#board [data-items="lab-cages"]')).to_have_count(0)
    if size == "desktop":
        assert not axe_violations(page), axe_violations(page)


def test_the_objects_are_reached_by_keyboard_and_the_end_of_movement_is_guarded(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    states.on_origin(page, site.url)
    game = intruder_with_objects()
    load_intruder_seat(page, site, game)
    body = page.locator(BODY)
    here = next(c.token for c in game.counters.values() if c.kind == "intruder"
                and c.at == "b1")
    # From Corridor B-1 by keys: Enter selects the Intruder there, Enter again goes on to the
    # first object it may act on, Right to the next; Enter on one destroys it.
    page.locator('#board [data-compartment="b1"]').focus()
    page.keyboard.press("Enter")
    expect(body).to_have_attribute("data-selected", here)
    page.keyboard.press("Enter")
    focused = page.evaluate("document.activeElement.dataset.items")
    assert focused == "blaster1 blaster2", focused
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.items") == "cage1"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # past the first: back on the compartment
    assert page.evaluate("document.activeElement.dataset.compartment") == "b1"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # two Blasters: which one is said in the list
    expect(page.locator("#alert")).to_contain_text("list of actions")
    # Ending the movement with counters that could still move asks first; No changes nothing.
    before = body.get_attribute("data-state-sha")
    page.locator("#actions").get_by_role("button", name="End the Intruder's movement",
                                         exact=True).click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("could still move or act")
    expect(dialog).to_contain_text(here)
    assert not duplicate_names(page), duplicate_names(page)
    page.locator("#confirm-no").click()
    expect(dialog).to_be_hidden()
    assert body.get_attribute("data-state-sha") == before
    page.locator("#actions").get_by_role("button", name="End the Intruder's movement",
                                         exact=True).click()
    page.locator("#confirm-yes").click()
    expect(body).not_to_have_attribute("data-state-sha", before, timeout=60_000)


# --- a generic player by hand: the page's controls, the bots' choices ------------------------

CREW_BOT = HeuristicPolicy()


def choose(game: ic.Game, side: str, rng: random.Random) -> Any:
    """The action a player would take: the Intruder AI for the Intruder, the crew heuristic
    for a crew side (each seeing only its side's view)."""
    legal = game.legal_actions(side)
    if side == "intruder":
        return intruder_ai.choose(game.view("intruder"), legal, rng)[0]
    return CREW_BOT.choose(game.view(side), legal, rng)[0]


def action_button_index(page: Page, action: Any) -> int:
    """The index of the button in #actions whose data is `action`, or -1."""
    want = action.to_dict()
    data = page.locator("#actions button[data-action]").evaluate_all(
        "bs => bs.map(b => b.dataset.action)")
    return next((i for i, d in enumerate(data) if json.loads(d) == want), -1)


def press_action_button(page: Page, action: Any) -> None:
    """Click an action's button, selecting its crewman first when his actions are folded."""
    i = action_button_index(page, action)
    if i < 0 and action.get("crew") and isinstance(action.get("crew"), str):
        select_crew(page, action["crew"])
        i = action_button_index(page, action)
    assert i >= 0, f"no button for {action.to_dict()}"
    page.locator("#actions button[data-action]").nth(i).click()


def tap(page: Page, piece: Any, toast: bool | None = None) -> None:
    """Tap a piece of the plan where it is drawn. Under the events toast the tap is the
    piece's all the same (page_input.through_toast), where Playwright's own click waits for
    the toast to go; likely the tap that once did not select a crewman in a fresh-clone run.
    `toast`: whether the toast shows, when the caller has read it already."""
    piece.click(force=page.locator("#banner li").count() > 0 if toast is None else toast)


# What select_crew reads before it taps, in one round trip: who is selected, whether moments
# play, the crewman's token, whether his compartment is lit, whether the events toast shows.
CREW_LOOK = """crew => { const b = document.body.dataset;
  const token = document.querySelector(`#board [data-crew="${crew}"]`);
  const room = token && document.querySelector(
    `#board [data-compartment="${token.dataset.at}"]`);
  return {selected: b.selected || '', playing: b.moments === 'playing', token: !!token,
          lit: !!room && room.classList.contains('reachable'),
          toast: document.querySelectorAll('#banner li').length > 0}; }"""


def select_crew(page: Page, crew: str) -> None:
    """Select a crewman: his token on the plan, else his line in the actions (the other
    crewmen's lines are folded in a disclosure: open it first)."""
    body = page.locator(BODY)
    look = page.evaluate(CREW_LOOK, crew)
    if look["selected"] == crew:
        return
    token = page.locator(f'#board [data-crew="{crew}"]')
    line = page.locator(f'#actions [data-select="{crew}"]')
    if look["token"]:
        if look["playing"]:
            skip_moments(page)
            look = page.evaluate(CREW_LOOK, crew)
        if look["selected"] and look["lit"]:
            # (A tap on a crewman selects him, even in a lit compartment; letting go of the
            # selected one first is kept from when it moved him there.)
            page.keyboard.press("Escape")
            expect(body).to_have_attribute("data-selected", "")
        tap(page, token, look["toast"])
        if body.get_attribute("data-selected") == crew:
            return
        page.wait_for_timeout(300)
        if body.get_attribute("data-selected") == crew:
            return
    if not line.first.is_visible():
        page.locator("#actions details.crew-others > summary").click()
    line.first.click()
    expect(body).to_have_attribute("data-selected", crew)


def perform(page: Page, game: ic.Game, side: str, action: Any,
            by_hand: bool | None = None, before: str | None = None) -> dict[str, Any] | None:
    """Do `action` with the page's controls (the plan for moves and attacks, else its
    button), answer a guard, and play it on CPython as the page does (`by_hand`: whether
    the crew is seated by a human, read from the page when not given; `before`: the state's
    digest, likewise). The page's answer when it is known (conftest.answered), else None."""
    answer: dict[str, Any] | None = None
    if before is None:
        before = page.locator(BODY).get_attribute("data-state-sha")
    if action.type == "move":
        select_crew(page, action["crew"])  # (moments skipped there)
        room = page.locator(f'#board [data-compartment="{action["to"]}"]')
        expect(room).to_have_class(re.compile(r"\breachable\b"))
        click_room(page, action["to"])
    elif action.type == "move_counter":
        skip_moments(page)
        select_counter(page, action["token"])
        room = page.locator(f'#board [data-compartment="{action["to"]}"]')
        expect(room).to_have_class(re.compile(r"\breachable\b"))
        click_room(page, action["to"])
    elif action.type == "intruder_attack" and \
            page.locator(f'#board [data-crew="{action["crew"]}"]').count():
        skip_moments(page)
        tap(page, page.locator(f'#board [data-crew="{action["crew"]}"]'))
    else:
        skip_moments(page)
        press_action_button(page, action)
    if action.type in ("intruder_attack", "intruder_hold"):  # never asked: dice follow
        expect(page.locator("#confirm-dialog")).to_be_hidden()
    elif action.type == "end_intruder_movement" and len(game.legal_actions(side)) > 1:
        confirm_guard(page, "End the Intruder's movement?")
    else:
        answer = answered(page, before)
        if answer is not None and answer["guard"]:
            page.locator("#confirm-yes").click()
            answer = None
    play_along(game, action, crew_by_hand(page) if by_hand is None else by_hand)
    return answer


def settled(page: Page) -> dict[str, str]:
    """Wait until a human is to play, a hand-over waits, or the game is over; body's data
    attributes and which it was (`state`): one round trip for what each decision of a whole
    game reads first."""
    handle = page.wait_for_function(
        """() => { const b = document.body.dataset;
                   const state = b.handover ? 'handover' : b.turn === 'none:' ? 'over'
                     : (b.turn || '').startsWith('human:') && b.autoplay !== '1' ? 'human'
                     : null;
                   return state && {...b, state}; }""", timeout=120_000)
    answer: dict[str, str] = handle.json_value()
    return answer


def check_handover(page: Page) -> None:
    """During a hand-over: nothing to export, share or peek at through the debug hook."""
    expect(page.locator("#export")).to_be_disabled()
    expect(page.locator("#share")).to_be_disabled()
    assert page.evaluate("intruderDebug.state()") is None
    assert page.evaluate("intruderDebug.sha()") is None
    expect(page.locator("#game-view")).to_be_hidden()
    assert not duplicate_names(page), duplicate_names(page)


Check = Callable[[Page, str, ic.Game, bool], None]


def play_by_hand(page: Page, actions: int, seed: int = 0, check: Check | None = None,
                 sample: int = NAMES_SAMPLE) -> tuple[ic.Game, int, set[str]]:
    """Play up to `actions` human decisions with the page's controls; returns the game (as
    the page holds it), the hand-overs seen and the sides played. `check(page, side, game,
    full)` looks at every state a player decides in; `full` (and the accessible names'
    check, the costliest look) at each side's first decision and at every `sample`-th."""
    rng = random.Random(seed)
    handovers = 0
    sides: set[str] = set()
    body = page.locator(BODY)
    game: ic.Game | None = None  # CPython's game after the last action played here
    decisions = 0
    looked: set[str] = set()  # the sides whose first decision had the full check
    by_hand = crew_by_hand(page)  # the seats stay as the game began
    for _ in range(actions):
        data = settled(page)
        if data["state"] == "over":
            break
        if data["state"] == "handover":
            check_handover(page)
            handovers += 1
            page.locator("#handover-continue").click()
            continue
        side = data["turn"].split(":", 1)[1]
        sides.add(side)
        if game is None or data.get("stateSha") != digest(game):
            game = page_game(page)  # the computer has played since: the page's game
        full = side not in looked or decisions % sample == 0
        looked.add(side)
        if full:
            assert not duplicate_names(page), duplicate_names(page)
        decisions += 1
        if check is not None:
            check(page, side, game, full)
        action = choose(game, side, rng)
        before = data.get("stateSha")
        now = perform(page, game, side, action, by_hand, before or "") or \
            answered(page, before, 60_000)
        if now is None:
            raise AssertionError(f"{side} {action.label}: nothing happened; alert: "
                                 f"{page.inner_text('#alert')!r}, selected "
                                 f"{body.get_attribute('data-selected')}")
        if not now["handover"] and now["sha"] != digest(game):  # the same game as on CPython
            expect(body).to_have_attribute("data-state-sha", digest(game))
    return page_game_when_shown(page), handovers, sides


def page_game_when_shown(page: Page) -> ic.Game:
    if page.locator(BODY).get_attribute("data-handover"):
        page.locator("#handover-continue").click()
    return page_game(page)


def test_intelligent_intruder_hot_seat_by_hand(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    start(page, "intelligent_intruder", 1, seats="hotseat")
    game, handovers, sides = play_by_hand(page, 60, seed=1)
    assert sides == {"crew", "intruder"} and handovers >= 2
    # The crew's screen keeps the Intruder's counters face down (the hand-over check).
    if page.locator(BODY).get_attribute("data-side") == "crew" and not game.is_over:
        expect(page.locator("#board .counter.known")).to_have_count(0)
        expect(page.locator("#board .counter.selectable")).to_have_count(0)
    page.locator("#share").click()
    expect(page.locator("#share-spoiler")).to_contain_text("every side's secrets")
    page.locator("#share-dialog [data-command='close:share-dialog']").click()
    assert not axe_violations(page), axe_violations(page)
    # On to the end: a whole hot-seat game by hand (about 150 actions from the start).
    game, _, _ = play_by_hand(page, 400, seed=2)
    assert game.is_over, game.step


# What SeatChecks reads of a state, in one round trip: the side and turn shown, the crewmen
# offered, the seats' scores, whose crewmen, the prompt.
SEAT_LOOK = """() => { const text = (s) => document.querySelector(s)?.innerText ?? '';
  return {side: document.body.dataset.side, turn: document.body.dataset.turn,
          picks: [...document.querySelectorAll('#actions [data-select]')]
            .map((b) => b.dataset.select),
          seats: text('#status .seats'), yours: text('#status .yours'),
          prompt: text('#prompt')}; }"""


class SeatChecks:
    """What every state a crew player decides in must show (issue 11): the side whose turn it
    is, only his crewmen to select, each Science Officer player's score as the engine counts
    it; on the sampled states (play_by_hand's `full`) text and tap targets too (the table's
    measures, e2e/measures.py); axe at a few states."""

    def __init__(self, height: int, axe_at: tuple[int, ...] = (5, 60)) -> None:
        self.height, self.axe_at, self.states, self.axe_runs = height, axe_at, 0, 0
        self.scores_seen: set[tuple[int, int]] = set()
        self.tallest = 0  # the page's height, reported (measures.check_table holds its bound)

    def __call__(self, page: Page, side: str, game: ic.Game, full: bool) -> None:
        where = f"state {self.states} ({side}, turn {game.turn}, {game.step})"
        shown = page.evaluate(SEAT_LOOK)
        assert shown["side"] == side, where
        assert shown["turn"] == f"human:{side}", where
        crew = {c.id for c in game.crew.values() if side_of(game, c) == side}
        picks = set(shown["picks"])
        assert picks <= crew, (where, sorted(picks - crew))
        if game.config.scenario == "science_officer":
            scores = science_officer_result(game, "win")["scores"]
            seats = shown["seats"]
            for player, name in (("command", "Command"), ("science", "Science Officer")):
                who = "you" if player == side else "human"
                assert f"{name}: {who}, {scores[player]} points" in seats, (where, seats)
            self.scores_seen.add((scores["command"], scores["science"]))
            mine = "Science Officers" if side == "science" else "Command Officers and Engineers"
            assert shown["yours"].endswith(mine), where
            assert ("Science Officer:" if side == "science" else "Command:") in \
                shown["prompt"], (where, shown["prompt"])
        if full or self.states in self.axe_at:
            small, tiny, height = page.evaluate(MEASURES)
            assert not small, f"{where}: text under 11 px: {small[:8]}"
            assert not tiny, f"{where}: tap targets under 24x24 px: {tiny[:8]}"
            self.tallest = max(self.tallest, height)
        if self.states in self.axe_at:
            assert not axe_violations(page), (where, axe_violations(page))
            self.axe_runs += 1
        self.states += 1


def test_science_officer_hot_seat_by_hand_to_the_end(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(site.url + "?seed=3")
    start(page, "science_officer", 3, seats="hotseat")
    expect(page.locator("#status .seats")).to_contain_text("Command: you, 0 points")
    expect(page.locator("#status .seats")).to_contain_text("Science Officer: human, 0 points")
    expect(page.locator("#status .yours")).to_contain_text("Command Officers and Engineers")
    checks = SeatChecks(800)
    game, handovers, sides = play_by_hand(page, 600, seed=3, check=checks)
    assert sides == {"command", "science"} and handovers >= 1
    assert game.is_over, (checks.states, game.turn, game.step)  # played to the end, by hand
    assert checks.axe_runs == 2 and len(checks.scores_seen) > 1  # the scores moved
    # The end shows both players' final scores, the engine's.
    result = game.result or {}
    print("Science Officer, seed 3:", checks.states, "decisions,", handovers, "hand-overs,",
          result.get("outcome"), result.get("scores"), "tallest page", checks.tallest, "px")
    for player, points in (result.get("scores") or {}).items():
        expect(page.locator("#result")).to_contain_text(str(points))
        assert player in ("command", "science")
    assert not duplicate_names(page), duplicate_names(page)


def test_return_to_prometheus_with_lost_crewmen_by_hand_to_the_end(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(site.url + "?seed=3")
    start(page, "return_to_prometheus", 13, options=("lost_crewmen", "marines"))
    checks = SeatChecks(800)
    game, handovers, sides = play_by_hand(page, 600, seed=4, check=checks)
    assert sides == {"crew"} and handovers == 0
    assert game.origin.get("options", {}).get("lost_crewmen") or game.config.lost_crewmen
    assert game.is_over, (checks.states, game.turn, game.step)  # played to the end, by hand
    assert checks.axe_runs == 2
    # Lost Crewmen found, a shuttle come and gone: the scenario's own rules were played.
    assert {"lost_crewman", "arrival", "departure"} <= {e.type for e in game.log}
    result = game.result or {}
    print("Return to Prometheus, seed 13:", checks.states, "decisions,",
          result.get("outcome"), result.get("score"), "tallest page", checks.tallest, "px")
    expect(page.locator(BODY)).to_have_attribute("data-turn", "none:")
    assert not duplicate_names(page), duplicate_names(page)


def test_watching_the_computer_its_pace_is_a_setting_and_skip_ends_the_wait(
    page: Page, site: Site, problems: Problems, boot: Boot
) -> None:
    boot(site.url + "?seed=3")
    body = page.locator(BODY)
    start(page, "intelligent_intruder", 1, seats="crew")
    # The computer plays the Intruder at the stored pace (Normal): the control says so.
    pace = page.locator("#actions #pace")
    expect(pace).to_be_visible()
    expect(pace).to_have_value("600")
    assert not duplicate_names(page), duplicate_names(page)
    pace.select_option("1500")
    stored = page.evaluate("JSON.parse(localStorage.getItem('intruder:settings'))")
    assert stored["pace_ms"] == 1500
    # Each move is outlined on the plan as it is made, and said once in the live region.
    expect(page.locator("#board .event-here").first).to_be_attached(timeout=30_000)
    expect(page.locator("#announce")).to_contain_text("moves to")
    said = page.inner_text("#announce")
    assert said.count("moves to") <= 6 and said != page.inner_text("#log")
    page.locator("#actions #skip").click()
    expect(body).to_have_attribute("data-turn", "human:crew", timeout=60_000)
    expect(page.locator("#pace")).to_have_count(0)
    # The pace is kept for the next visit.
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    stored = page.evaluate("JSON.parse(localStorage.getItem('intruder:settings'))")
    assert stored["pace_ms"] == 1500
    # The player's own action is announced once, in words: its moments' outcomes first
    # (story.headline), else its events; not the log.
    game = page_game(page)
    seen, before = len(game.log), game.view("crew")
    action = choose(game, "crew", random.Random(3))
    perform(page, game, "crew", action)
    expect(body).to_have_attribute("data-state-sha", digest(game))
    events = [e.to_dict() for e in game.log[seen:]]
    told = story.headline(story.moments(events, "crew", game.view("crew"), before))
    if told or events:
        expect(page.locator("#announce")).to_contain_text(told[:60] or events[0]["text"])
