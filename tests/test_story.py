"""Moments (intruder_core/story.py): each kind made to happen with scripted dice, its words
(outcome first), its place and what each die decided; and hidden facts swapped leave the
crew's moments unchanged."""

from __future__ import annotations

from helpers import act, position, powers, token_of

import intruder_core as ic
from intruder_core.story import KINDS, Moment, concerns, headline, moments, since

FILL = ["immune_vacuum", "immune_cold", "fast_reflexes", "very_fast", "immune_gas",
        "immune_shock", "extra_strong"]


def told(g: ic.Game, events: list[ic.Event], side: str = "crew",
         before: dict | None = None) -> list[Moment]:
    return moments([e.to_dict() for e in events], side, g.view(side), before)


def one(ms: list[Moment], kind: str) -> Moment:
    found = [m for m in ms if m.kind == kind]
    assert len(found) == 1, (kind, ms)
    return found[0]


def met(stage: int, known: list[str], crew: dict, dice: list[int], **kw: object) -> ic.Game:
    """A face-up Intruder in Storage A-1 in the First Interaction Phase."""
    return position(phase="interaction1", stage=stage, known=powers(stage, known, FILL),
                    crew=crew, dice=dice,
                    counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}], **kw)


def test_random_movement_draws_the_path_with_each_die() -> None:
    g = position(phase="movement", stage=2, known=["very_fast", "immune_gas", "clone"],
                 unknown=0, counters=[{"kind": "lab_animal", "at": "shaft1"}], dice=[4, 6, 6])
    ms = told(g, g.log)
    move = [m for m in ms if m.kind == "random_move"]
    assert move and move[0].places[0] == "shaft1" and len(move[0].places) >= 2
    assert move[0].words.startswith(f"Counter {move[0].token} moves to ")
    assert str(move[0].dice[0]).startswith("4: to ")
    assert "Lab Animal" not in move[0].words  # the crew does not know what it is


def test_very_fast_gives_two_steps_and_a_stay_says_why() -> None:
    g = position(phase="movement", stage=2, known=["very_fast", "immune_gas", "clone"],
                 unknown=0, counters=[{"kind": "intruder", "at": "shaft1"}], dice=[4, 1])
    move = one(told(g, g.log), "random_move")
    assert len(move.dice) == 2 and len(move.places) == 3
    g = position(phase="movement", stage=2, known=["immune_gas", "immune_cold", "clone"],
                 unknown=0, counters=[{"kind": "intruder", "at": "store_a1"}], dice=[6])
    move = one(told(g, g.log), "random_move")
    assert move.places == ("store_a1",) and move.words.endswith("stays in Storage A-1")
    assert str(move.dice[0]).startswith("6: ")


def test_reveal_powers_and_no_attack_each_die_says_what_it_decided() -> None:
    g = position(phase="interaction1", stage=1, unknown=2, known=[],
                 crew={"so1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1"}],
                 dice=[6, 3, 6, 1, 1], strict_dice=True)  # no attack; 9; 2
    ms = told(g, g.log)
    reveal = one(ms, "reveal")
    assert reveal.words.endswith("is the Intruder") and reveal.places == ("store_a1",)
    flame, shock = [m for m in ms if m.kind == "power"]
    assert flame.words == "The Intruder gains Immune to Flame"
    assert flame.detail == "Flamethrowers do nothing to it"
    assert [str(d) for d in flame.dice] == ["3 and 6: Immune to Flame"]
    assert [str(d) for d in shock.dice] == ["1 and 1: Immune to Shock"]
    no = one(ms, "no_attack")
    assert [str(d) for d in no.dice] == ["6: it does not attack"]
    assert no.places == ("store_a1",)
    assert ms.index(reveal) < ms.index(flame) < ms.index(no)
    assert concerns(reveal, "crew") and not concerns(no, "crew")


def test_a_power_already_known_is_rolled_again_and_said_so() -> None:
    g = position(phase="interaction1", stage=2, unknown=1, known=["immune_flame", "clone"],
                 crew={"so1": {"at": "store_a1"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 dice=[6, 4, 5, 1, 1], strict_dice=True)
    power = one(told(g, g.log), "power")
    assert [str(d) for d in power.dice] == ["4 and 5: Immune to Flame, already known: roll "
                                            "again", "1 and 1: Immune to Shock"]


def test_the_intruder_attack_target_then_outcome_at_the_target() -> None:
    g = met(1, [], {"so1": {"at": "store_a1"}, "co1": {"at": "store_a1"}},
            dice=[2, 5, 4])  # attacks; 4-6 is co1; kill on 1-3: 4 survives
    target = one(told(g, g.log), "attack_target")
    assert target.words == "The Intruder attacks Command Officer 1"
    assert [str(d) for d in target.dice] == ["2: it attacks", "5: it goes for Command Officer 1"]
    assert target.places == ("store_a1",) and target.crew == ("co1",)
    events = act(g, "no_defense") if g.step == "defense" else []
    hit = one(told(g, events), "attack_on_crew")
    assert hit.words == "Command Officer 1 survives the attack"
    assert [str(d) for d in hit.dice] == ["4: Command Officer 1 survives"]
    assert hit.places == ("store_a1",) and concerns(hit, "crew")


def test_a_killed_crewman_is_struck_where_he_stood() -> None:
    g = met(1, [], {"so1": {"at": "store_a1"}}, dice=[1, 2, 6, 6])
    events = act(g, "no_defense") if g.step == "defense" else []
    hit = one(told(g, g.log[-len(events):] if events else g.log), "attack_on_crew")
    assert hit.words == "Science Officer 1 is killed by the Intruder in Storage A-1"
    assert [str(d) for d in hit.dice] == ["2: Science Officer 1 is killed"]
    assert hit.places == ("store_a1",) and hit.crew == ("so1",)


def test_crew_attacks_say_column_and_result_no_effect_included() -> None:
    g = met(5, ["immune_flame"], {"co1": {"at": "store_a1", "carrying": ["flamethrower1"]}},
            dice=[6, 1])
    m = one(told(g, act(g, "attack", crew="co1", target=token_of(g, "intruder"),
                        weapon="flamethrower")), "crew_attack")
    assert m.words == "No effect: Command Officer 1 uses the Flamethrower"
    assert [str(d) for d in m.dice] == ["1: no effect: the Intruder is immune to it"]
    assert m.places == ("store_a1",)
    g = met(5, ["blaster_resistant"], {"co1": {"at": "store_a1", "carrying": ["blaster1"]}},
            dice=[6, 3])
    m = one(told(g, act(g, "attack", crew="co1", target=token_of(g, "intruder"),
                        weapon="blaster")), "crew_attack")
    assert [str(d) for d in m.dice] == ["3: the Blaster* column: no effect"]
    assert concerns(m, "intruder") and not concerns(m, "crew")


def test_a_dart_puts_it_to_sleep_and_a_kill_is_told() -> None:
    g = met(2, [], {"so1": {"at": "store_a1", "carrying": ["dart1"]}}, dice=[6, 1])
    m = one(told(g, act(g, "attack", crew="so1", target=token_of(g, "intruder"),
                        weapon="dart")), "sleep")
    assert m.words == "The Intruder falls asleep: Science Officer 1 uses the Sleep Dart Pistol"
    assert [str(d) for d in m.dice] == ["1: the Sleep Dart Pistol column: the Intruder falls "
                                        "asleep"]
    g = met(4, [], {"co1": {"at": "store_a1", "carrying": ["blaster1"]},
                    "co2": {"at": "store_a1"}}, dice=[6, 1])
    ms = told(g, act(g, "attack", crew="co1", target=token_of(g, "intruder"),
                     weapon="blaster"))
    assert one(ms, "crew_attack").words.startswith("The Intruder is killed: ")
    assert one(ms, "intruder_killed").words == "The Intruder is killed by Command Officer 1"


def test_self_defense_retreat() -> None:
    g = met(3, [], {"co1": {"at": "store_a1", "carrying": ["blaster1"]}}, dice=[1, 2])
    assert g.step == "defense"
    ms = told(g, act(g, "defend", crew="co1", weapon="blaster"))
    m = one(ms, "retreat")
    assert m.words == "The Intruder retreats: Command Officer 1 uses the Blaster"
    assert [str(d) for d in m.dice] == ["2: the Blaster column: the Intruder retreats"]


def test_failed_cage_catch_and_prod() -> None:
    g = met(1, ["immune_gas"], {"co1": {"at": "store_a1", "carrying": ["cage1"]},
                                "co2": {"at": "store_a1"}}, dice=[4, 3])
    m = one(told(g, act(g, "cage", crew="co1", target=token_of(g, "intruder"))),
            "cage_failed")
    assert m.words == "The Intruder is not caged" and m.crew == ("co1",)
    assert [str(d) for d in m.dice] == ["3: it is not caged"]
    g = position(phase="interaction2", crew={"so1": {"at": "lab"}},
                 counters=[{"kind": "lab_animal", "at": "lab"}], dice=[4, 6])
    m = one(told(g, act(g, "catch", crew="so1", target=token_of(g, "lab_animal"))),
            "catch_failed")
    assert [str(d) for d in m.dice] == ["4: the Lab Animal gets away"]
    assert m.places == ("lab",) and m.words == "The Lab Animal gets away"
    g = met(3, ["immune_gas"], {"co1": {"at": "store_a1", "carrying": ["prod1"]}},
            dice=[4, 6, 6])
    m = one(told(g, act(g, "prod", crew="co1", target=token_of(g, "intruder"))),
            "control_failed")
    assert str(m.dice[0]).startswith("6: ")


def test_metamorphosis_and_clone() -> None:
    g = position(phase="crew_movement", stage=1, known=["immune_gas", "very_fast"],
                 dice=[1, 6, 6], strict_dice=False)
    ms = told(g, act(g, "end_movement"))
    m = one(ms, "metamorphosis")
    assert m.words == "The Intruder grows to Life Stage 2"
    assert [str(d) for d in m.dice] == ["1: it grows to Life Stage 2"]
    g = position(phase="metamorphosis", stage=2, known=["clone", "immune_gas", "very_fast"],
                 counters=[{"kind": "intruder", "at": "store_a1"}], dice=[1])
    ms = told(g, g.log)
    assert one(ms, "clone").words == "A Clone joins the game"
    g = position(phase="crew_movement", stage=1, known=["immune_gas", "very_fast"],
                 dice=[4], strict_dice=False)
    m = one(told(g, act(g, "end_movement")), "no_metamorphosis")
    assert [str(d) for d in m.dice] == ["4: no metamorphosis"]


def test_metamorphosis_grows_the_intruders_this_side_knows_and_says_what_the_stage_means(
) -> None:
    g = position(phase="crew_movement", stage=2, known=["immune_gas", "very_fast", "clone"],
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 dice=[1], strict_dice=False)
    token = token_of(g, "intruder")
    before = dict(g.view("crew"))
    m = one(told(g, act(g, "end_movement"), before=before), "metamorphosis")
    assert m.stage == 3 and m.places == ("store_a1",) and m.tokens == (token,)
    assert m.detail == ("Life Stage 3: attacks on 1-3, kills on 1-4, crew may kill; "
                        "a new unknown power")
    assert m.to_dict()["stage"] == 3 and m.to_dict()["tokens"] == [token]
    # face down: the crew does not know where it is, so nothing grows on its plan; the
    # Intruder player knows his counter, and sees it grow there
    g = ic.Game.from_position({
        "scenario": "intelligent_intruder", "phase": "crew_movement", "stage": 1, "seed": 1,
        "known": ["immune_gas"], "counters": [{"kind": "intruder", "at": "lab"}],
        "dice": [1], "strict_dice": False})
    before, mine = dict(g.view("crew")), dict(g.view("intruder"))
    events = act(g, "end_movement")
    ms = told(g, events, before=before)
    crew = one(ms, "metamorphosis")
    assert crew.places == () and crew.tokens == ()  # revealed only after it grew
    assert one(ms, "reveal").places == ("lab",)
    assert crew.detail.startswith("Life Stage 2: attacks on 1-3, kills on 1-3, crew may "
                                  "kill only in Self Defense")
    own = one(moments([e.to_dict() for e in events], "intruder", g.view("intruder"), mine),
              "metamorphosis")
    assert own.places == ("lab",) and len(own.tokens) == 1


def test_a_difficulty_that_changes_the_chart_changes_the_words() -> None:
    from intruder_core.charts import LIFE_STAGES
    from intruder_core.story import stage_words
    from intruder_core.variants import DIFFICULTIES, chart

    assert stage_words(6, LIFE_STAGES[6]) == \
        "Life Stage 6: attacks on 1-5, kills on 1-5, crew may kill"
    changed = [(d, n) for d in DIFFICULTIES for n, row in chart({"difficulty": d}).items()
               if row != LIFE_STAGES[n]]
    assert changed, "no difficulty level changes the Life Stage Chart"
    level, n = changed[0]
    view = {"bookkeeping": {"options": {"difficulty": level}}}
    ev = [{"type": "roll", "die": 1, "purpose": "metamorphosis"},
          {"type": "metamorphosis", "stage": n}]
    m = one(moments(ev, "crew", view), "metamorphosis")
    assert m.detail.startswith(stage_words(n, chart({"difficulty": level})[n]))


def test_panic_draws_each_crewmans_flight() -> None:
    g = position(phase="interaction1", stage=3,
                 known=["immune_gas", "immune_flame", "very_fast", "fast_reflexes"],
                 crew={"co1": {"at": "store_a1"}, "en1": {"at": "lab"}},
                 counters=[{"kind": "intruder", "at": "store_a1", "face_up": True}],
                 dice=[1, 1, 6, 6])
    before = g.view("crew")
    events = act(g, "no_defense")
    ms = told(g, events, before=dict(before))
    assert one(ms, "attack_on_crew").words.startswith("Command Officer 1 is killed")
    panic = one(ms, "panic")
    assert "en1" in panic.crew and panic.places[-1] == "command" and "lab" in panic.places
    assert "co1" not in panic.crew  # killed before the Panic: no flight
    assert one(ms, "placed").places


def test_self_destruct_countdown_departure_destroyed_and_the_end_with_why() -> None:
    crew = {c: {"at": "dock1"} for c in ("co1", "co2", "co3")}
    g = position(phase="interaction2", self_destruct=1, crew=crew,
                 counters=[{"kind": "intruder", "at": "store_c2"}], dice=[6])
    ms = told(g, act(g, "leave", shuttle="shuttle1", crew=["co1", "co2", "co3"]))
    assert g.is_over  # the last crew left: the countdown runs out at once
    dep = one(ms, "departure")
    assert dep.places == ("dock1", "shuttle1") and dep.words.endswith("no Intruder got aboard")
    assert [str(d) for d in dep.dice] == ["6: no Intruder gets aboard against Stowaway "
                                          "Index 2"]
    assert one(ms, "self_destruct").words == "Self-Destruct countdown: 0"
    assert one(ms, "destroyed").places == ()
    end = one(ms, "game_over")
    assert end.words == "A draw"
    assert end.detail.startswith("the station was destroyed and 3 crewmen escaped")
    assert concerns(end, "crew") and concerns(end, "intruder")


def test_a_stowaway_is_told_on_the_departure() -> None:
    g = position(phase="interaction2", self_destruct=3, stage=3,
                 known=["clone", "immune_gas", "immune_flame", "very_fast"],
                 crew={"co1": {"at": "dock1"}, "co2": {"at": "dock2"}},
                 counters=[{"kind": "intruder", "at": "store_a1"},
                           {"kind": "intruder", "at": "frozen"}], dice=[2, 4])
    dep = one(told(g, act(g, "leave", shuttle="shuttle1", crew=["co1"])), "departure")
    assert dep.words.endswith("the Intruder is aboard!") and dep.token
    assert str(dep.dice[0]) == "2: an Intruder gets aboard against Stowaway Index 2"


def test_words_lead_with_the_outcome_in_the_headline_and_the_handover() -> None:
    g = met(1, [], {"so1": {"at": "store_a1"}, "co1": {"at": "store_a1"}}, dice=[2, 5, 4])
    events = list(g.log) + act(g, "no_defense")
    ms = told(g, events)
    line = headline(ms)
    assert line.index("survives the attack") < line.index("4: Command Officer 1 survives")
    assert since(ms).startswith("Since your last turn: The Intruder attacks Command "
                                "Officer 1; Command Officer 1 survives the attack")
    assert since([]) == "Since your last turn: nothing happened."
    assert {m.kind for m in ms} <= set(KINDS)


def test_hidden_kinds_swapped_leave_the_crews_moments_unchanged() -> None:
    """Two face-down counters' identities swapped, same dice: the crew is told the same;
    the Intruder player (who may examine every counter) is told which is which."""
    def game(first: str, second: str, scenario: str = "solitaire") -> ic.Game:
        counters = [{"kind": first, "at": "shaft1", "token": "c1"},
                    {"kind": second, "at": "store_c2", "token": "c2"},
                    {"kind": "intruder", "at": "dock2", "token": "c3"}]
        return position(phase="movement", stage=1, known=["immune_gas", "very_fast"],
                        counters=counters, dice=[4, 1, 3, 6], scenario=scenario)
    a, b = game("lab_animal", "dummy"), game("dummy", "lab_animal")
    assert [m.to_dict() for m in told(a, a.log)] == [m.to_dict() for m in told(b, b.log)]
    text = " ".join(m.text() for m in told(a, a.log))
    assert "Lab Animal" not in text and "Dummy" not in text
    # the Intruder player's own view names them (and nothing the view lacks)
    ia = moments([e.to_dict() for e in a.log], "intruder",
                 dict(a.view("crew"), counters=[{"token": "c1", "kind": "lab_animal"}]))
    assert any("Counter c1 (Lab Animal)" in m.words for m in ia)
    # a crew side is never told a kind, even if handed a view that holds one
    ca = moments([e.to_dict() for e in a.log], "crew",
                 dict(a.view("crew"), counters=[{"token": "c1", "kind": "lab_animal"}]))
    assert not any("Lab Animal" in m.words for m in ca)


def test_every_action_of_random_games_tells_known_kinds_at_real_places() -> None:
    import random

    from intruder_core.station import NAMES

    seen: set[str] = set()
    for seed in (1, 2, 3):
        g, rng = ic.new_game(seed=seed), random.Random(seed)
        while not g.is_over:
            before = g.view("crew")
            events = g.apply(rng.choice(g.legal_actions()))
            for m in told(g, events, before=dict(before)):
                assert m.kind in KINDS and m.words
                assert all(p in NAMES for p in m.places), m
                seen.add(m.kind)
    assert {"random_move", "reveal", "game_over"} <= seen
