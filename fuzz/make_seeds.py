#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora: fuzz/corpus/text (records and move text) and
fuzz/corpus/capi (call programs for fuzz_capi.cpp). The files are checked in; run this
again only to change them:

    CARCASSONNE_LIBRARY=build/release/capi/libcarcassonne_c.so \\
        PYTHONPATH=capi/python python3 fuzz/make_seeds.py

Records come from seeded random games played through the Python binding, so they are the
records real games save. The call programs follow fuzz_capi.cpp's encoding (an opcode byte,
a slot byte, then the opcode's arguments); keep OPS below in step with its enum Op.

Only the Tower's seeds (the files whose names hold "tower"), or only Abbey & Mayor's (the
files whose names hold "abbey"), new since the others were written:

    CARCASSONNE_LIBRARY=build/release/capi/libcarcassonne_c.so \\
        PYTHONPATH=capi/python python3 fuzz/make_seeds.py tower    # or: abbey
"""
import os
import random
import struct
import sys

import carcassonne as carc

HERE = os.path.dirname(os.path.abspath(__file__))


def write(folder, name, data):
    path = os.path.join(HERE, "corpus", folder)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def random_turns(game, rng, turns):
    for _ in range(turns):
        if game.over:
            return
        game.place(rng.choice(game.placements()))
        actions = game.figure_actions()  # meeples, and with the Abbot the abbot and the recall
        if actions and rng.random() < 0.6:
            action = rng.choice(actions)
            game.act(action.figure, action.meeple)
        else:
            game.skip()


def random_decisions(game, rng, decisions, stop=None):
    """Random legal options of whatever the game waits for (placements, figure actions on
    the tile or on other tiles, dragon steps, bonus tiles), until `stop(game)` or the end."""
    for _ in range(decisions):
        if game.over or (stop and stop(game)):
            return
        choices = game.choices()
        # mostly a figure action when there is one, so that fairies, princesses and portals come up
        acts = [c for c in choices if game.choice_text(c) != "-"]
        game.decide(rng.choice(acts if acts and rng.random() < 0.7 else choices))


def in_flight(game):
    kind, _ = game.decision()
    return kind == carc.DecisionKind.DRAGON


def tower_game(players, seed, *expansions):
    """A seeded game with The Tower on (and the expansions named as in a record's header:
    "abbot", "inns-and-cathedrals", ...): the binding's constructor has no option for the
    Tower, so a record of the header alone is loaded."""
    header = ["carcassonne-record 1", f"players {players}", f"seed {seed}"]
    header += [f"{name} on" for name in expansions] + ["tower on"]
    return carc.Game.load("\n".join(header) + "\n")


def tower_pick(game, rng):
    """The index among game.choices() of a random legal option that favours the Tower: a
    ransom when one is listed (first among the placement decision's options), a capture
    rather than none, a tower piece or a figure onto a tower among the figure actions; else
    mostly a figure action. Only the first 256 options (a byte picks one in fuzz_capi)."""
    choices = game.choices()[:256]
    texts = [game.choice_text(c) for c in choices]
    ransoms = [i for i, t in enumerate(texts) if t.startswith("ransom ")]
    captures = [i for i, t in enumerate(texts) if t.startswith("capture ") and t != "capture none"]
    towers = [i for i, t in enumerate(texts) if t.startswith(("T:", "TM:", "TL:"))]
    for pool, odds in ((ransoms, 0.6), (captures, 0.85), (towers, 0.5)):
        if pool and rng.random() < odds:
            return rng.choice(pool)
    acts = [i for i, t in enumerate(texts) if t != "-" and i not in ransoms]
    places = [i for i, t in enumerate(texts) if i not in ransoms]
    return rng.choice(acts if acts and rng.random() < 0.6 else places)


def tower_decisions(game, rng, decisions, stop=None):
    """tower_pick's options until `stop(game)`, the end or `decisions` of them; their
    indices (each < 256)."""
    picks = []
    for _ in range(decisions):
        if game.over or (stop and stop(game)):
            break
        picks.append(tower_pick(game, rng))
        game.decide(game.choices()[picks[-1]])
    return picks


def has_tower_lines(record):
    """A record with a capture of a figure and a ransom."""
    return any(line.startswith("capture ") and line != "capture none" for line in record.split("\n")) and \
        "\nransom " in record


def records():
    rng = random.Random(1)
    g = carc.Game(2, seed=7)
    random_turns(g, rng, 100)
    write("text", "finished-2p-seed7", g.save())

    g = carc.Game(3, seed=12345, first_edition_small_city=True)
    random_turns(g, rng, 20)
    write("text", "unfinished-3p", g.save())

    g = carc.Game(4, seed=99)
    random_turns(g, rng, 9)
    g.place(g.placements()[0])
    write("text", "mid-turn-4p", g.save())  # the last line ends in '?'

    g = carc.Game(6, seed=2024, farmers=False, first_edition_farmers=True)
    random_turns(g, rng, 100)
    write("text", "finished-6p-options", g.save())

    g = carc.Game(3, seed=77)
    random_turns(g, rng, 25)
    write("text", "public-3p", g.save(public=True))  # 'pile hidden', a 'draw' line last

    g = carc.Game(2, order="EAACEUVB")
    random_turns(g, rng, 3)
    write("text", "public-pile-discard", g.save(public=True))  # a pile that is not the box

    seed = 1
    while True:  # the first seed whose random game discards a tile that fits nowhere
        g = carc.Game(2, seed=seed)
        random_turns(g, random.Random(seed), 100)
        if "\ndiscard " in g.save():
            break
        seed += 1
    write("text", "finished-discard", g.save())

    g = carc.Game(2, order="EAACEUVB")
    for move in ["E 0,-1 180 S", "A 1,0 90 C", "A -1,0 270"]:
        g.play(move)
    write("text", "order-discard", g.save())

    g = carc.Game(2, seed=5, river=True)
    random_turns(g, rng, 100)
    write("text", "finished-river", g.save())  # 'river on', the spring first and the lake last

    g = carc.Game(3, seed=6, abbot=True)
    random_turns(g, rng, 40)
    write("text", "unfinished-abbot", g.save())  # 'abbot on', abbots ('A:C') and recalls

    g = carc.Game(2, seed=8, river=True, abbot=True)
    random_turns(g, rng, 100)
    write("text", "finished-river-abbot", g.save())

    g = carc.Game(2, seed=9, river=True, abbot=True)
    random_turns(g, rng, 8)
    write("text", "public-river-abbot", g.save(public=True))

    write("text", "empty-pile", "carcassonne-record 1\nplayers 1\norder -\n")
    write("text", "crlf-tabs-bom",
          "\ufeffcarcassonne-record 1\r\n# comment\r\n\tplayers\t2\r\nfarmers off\r\norder EU\r\n"
          "E 0,-1 180 S # note\r\n")
    write("text", "moves", "E 0,-1 180 S\nA 1,0 90 C\nU 0,1 0 -\nV -1,0 270 ENE\nX 127,-128 0 NNW\nB 3,-0 90\n"
                           "U_G 0,1 90 A:C\nU -1,1 90 recall\nRB 1,0 90 CF\nE_G 2,2 180 S\n")
    # Refused input whose messages quote it: lowercase letters, '+' numbers, a terminal
    # escape, a C1 control, invalid UTF-8 and a backslash (all quoted escaped).
    write("text", "escapes-lowercase-plus",
          b"carcassonne-record 1\nplayers 2\norder EuV\nE 0,-1 180 \x1b[2J\nE +0,-1 180 S\ne 0,-1 180 S\n"
          b"farmers \xc2\x9b\nE 0,-1 180 S\xff\xfe\\\n")
    princess_and_dragon_records()
    tower_records()
    write("text", "moves-hostile",
          b"E +1,0 0\nE 0,+-1 90\ne 0,-1 180 S\nE 0,-1 180 \x1b]0;x\x07\nE 0,-1 180 S\xc3\xa9\xc3\n")


def princess_and_dragon_records():
    # Princess & Dragon: a seeded game played to the end through the decision calls (aside
    # lines, flights, the fairy, the princess, portals), its public record, a record stopped
    # inside a flight, every expansion at once, and Traders & Builders' bonus tile with flights
    rng = random.Random(3)
    g = carc.Game(2, seed=11, princess_and_dragon=True)
    random_decisions(g, rng, 1000)
    write("text", "finished-princess-dragon", g.save())

    g = carc.Game(3, seed=12, princess_and_dragon=True)
    random_decisions(g, rng, 60)
    write("text", "public-princess-dragon", g.save(public=True))

    g = carc.Game(2, seed=13, princess_and_dragon=True)
    flights = 0
    while not g.over and flights < 2:  # the second flight, after its first step
        random_decisions(g, rng, 1000, in_flight)
        flights += 1
        if flights < 2:
            random_decisions(g, rng, 1000, lambda game: not in_flight(game))
    g.decide(g.choices()[0])
    write("text", "mid-flight-princess-dragon", g.save())

    g = carc.Game(3, seed=14, abbot=True, inns_and_cathedrals=True, traders_and_builders=True, princess_and_dragon=True)
    random_decisions(g, rng, 1000)
    write("text", "finished-all-expansions", g.save())

    g = carc.Game(2, seed=15, traders_and_builders=True, princess_and_dragon=True)
    random_decisions(g, rng, 90)
    write("text", "unfinished-traders-dragon", g.save())

    # records.md's example: DH set aside, the volcano DZ brings it back on top, DH's flight
    example = ("carcassonne-record 1\nplayers 2\nprincess-and-dragon on\norder DH U DZ\naside DH\nU 1,0 90 E\n"
               "DZ 0,-1 180 -\nDH 2,0 90 -\ndragon S\ndragon E\ndragon E\n")
    write("text", "aside-and-flight", example)
    # the same refused: the set-aside tile's line left out, a step back to a visited tile,
    # another line where a step is due, a 'deal' after an order
    write("text", "aside-refused", example.replace("aside DH\n", ""))
    write("text", "step-refused", example.replace("dragon S\ndragon E", "dragon S\ndragon N"))
    write("text", "step-due-refused", example.replace("dragon E\ndragon E", "E 3,0 0 -"))
    write("text", "deal-refused", example + "deal -\n")

    # a fixed order re-dealt while a tile that went back at the first volcano is face down:
    # the full record is the public record with a last line 'deal <ids>'
    g = carc.Game(2, order="DH DI U DZ E V K A DX DG")
    for move in ["U 1,0 90 E", "DZ 0,-1 180 -"]:
        g.play(move)
    g.redeal(0)
    write("text", "deal-after-volcano", g.save())

    write("text", "moves-princess-dragon",
          "DZ 0,-1 180 F:1,0:E\nDB 1,-1 0 princess:0,-1:E\nDR -1,0 0 @1,1:C\nDR -1,0 0 @0,0:L:ESE\n"
          "DR -1,0 0 @1,1:A:C\nD1 2,-2 270 F:-1,0:NNW\nDQ 0,1 90 @-128,127:CF\n")


def tower_records():
    # The Tower: seeded games played through the decision calls, favouring pieces, figures
    # on towers, captures and ransoms (tower_pick): the first seeds whose records hold a
    # capture and a ransom, played to the end, with every other expansion, and a public
    # record; a record stopped where a capture is due; refusals; move text
    seed = 1
    while True:
        g = tower_game(2, seed)
        tower_decisions(g, random.Random(seed), 2000)
        if has_tower_lines(g.save()):
            break
        seed += 1
    write("text", "finished-tower", g.save())  # 'tower on', T:/TM:/TL:, capture and ransom lines
    finished = g.save()

    seed = 1
    while True:  # with every other expansion: large meeples and abbots among the figures captured
        try:
            g = tower_game(3, seed, "abbot", "inns-and-cathedrals", "traders-and-builders", "princess-and-dragon")
        except carc.IllegalMove:  # the seed draws a dragon tile first: its record starts with an 'aside' line
            seed += 1
            continue
        tower_decisions(g, random.Random(seed), 3000)
        record = g.save()
        if has_tower_lines(record):
            break
        seed += 1
    write("text", "finished-tower-all-expansions", record)

    seed = 1
    while True:  # a public record ('pile hidden'), ransoms right before their placements
        g = tower_game(3, seed)
        rng = random.Random(seed)
        tower_decisions(g, rng, 2000, lambda game: has_tower_lines(game.save()))
        if not g.over:
            tower_decisions(g, rng, 6)
            break
        seed += 1
    write("text", "public-tower", g.save(public=True))

    g = tower_game(2, 4)
    rng = random.Random(4)
    captures = 0
    while not g.over and captures < 2:  # the second capture due: the record's last line built the piece
        tower_decisions(g, rng, 2000, lambda game: game.decision()[0] == carc.DecisionKind.CAPTURE)
        captures += 1
        if captures < 2:
            tower_decisions(g, rng, 1)
    write("text", "capture-due-tower", g.save())

    # refused: a ransom of a kind nobody holds, a ransom after its placement, a capture where
    # none is due, 'none' for a ransom's kind
    lines = finished.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("ransom "))
    refused = lines[:at] + ["ransom " + lines[at].split()[1] + " abbot"] + lines[at + 1:]
    write("text", "tower-ransom-refused", "\n".join(refused))
    late = lines[:at] + [lines[at + 1], lines[at]] + lines[at + 2:]
    write("text", "tower-ransom-late-refused", "\n".join(late))
    move = next(i for i, line in enumerate(lines) if "# turn" in line and not line.startswith(("capture", "ransom")))
    write("text", "tower-capture-refused", "\n".join(lines[:move + 1] + ["capture none"] + lines[move + 1:]))
    write("text", "tower-ransom-none-refused", "\n".join(lines[:at] + ["ransom 1 none"] + lines[at + 1:]))

    write("text", "moves-tower",
          "OA 0,-1 0 T:0,-1\nE 1,0 90 TM:0,-1\nOQ -1,0 270 TL:-128,127\nOB 2,0 0 T:2,0\nE 0,1 0 T:+1,2\n"
          "E 0,1 0 TM:1,2,3\nE 0,1 0 TL:x,y\nE 0,1 0 T:\nE 0,1 0 TA:1,2\nE 0,1 0 @1,2:TW\nE 0,1 0 @1,2:T:TW\n")


OPS = ["move_pack", "move_unpack", "move_format", "move_parse", "names", "new", "new_with_order", "clone",
       "copy", "free", "set_option", "option", "getters", "remaining_by_type", "placements", "place",
       "meeple_locations", "deploy", "skip", "play", "play_text", "playout", "poll_event", "tiles",
       "feature_kind", "meeples", "save", "load", "turn_move", "undo", "rewind", "probabilities", "frontier",
       "fitting_rotations", "scores", "inspect_feature", "feature_tiles", "render_svg", "render_text",
       "tile_render", "turns", "new_caller_draws", "draw", "redeal", "save_public", "rollouts",
       "banked_scores", "discards", "meeple_locations_for", "figure_actions", "figure_actions_for", "act", "check",
       "figure_supply", "river_end", "tile_names", "rl_legal", "rl_apply", "rl_observe", "rl_convert", "batch",
       "take_bonus", "pass", "goods", "bot", "decide", "rl_choice", "bot_decide", "tower"]


def op(name, slot, *args):
    return bytes([OPS.index(name), slot]) + b"".join(args)


def num(v):  # Input::number() for -64..175
    return bytes([v + 0x40])


def u64(v):
    return struct.pack("<Q", v)


def new(slot, players, seed):
    return op("new", slot, b"\x01", num(players), u64(seed))


def legal_turn(slot, pick, meeple_pick):
    # place a legal placement (mode 2, rotation kept, no figure action: pick, location bits,
    # an odd figure byte that keeps the figure bits), then a legal meeple or none
    place = op("place", slot, b"\x02", bytes([pick, 15 << 2, 1]))
    deploy = op("deploy", slot, b"\x02", bytes([meeple_pick])) if meeple_pick >= 0 else op("skip", slot)
    return place + deploy


def acting_turn(slot, pick, action_pick):
    # place a legal placement, then take a listed figure action (abbot and recall included)
    return op("place", slot, b"\x02", bytes([pick, 15 << 2, 1])) + op("act", slot, num(0), num(0), b"\x01",
                                                                         bytes([action_pick]))


def text_buf(mode, small=0):
    return bytes([mode, small])


def draw(slot, pick):
    # a face-down tile (mode byte 1: picked among the face-down types by the next byte)
    return op("draw", slot, num(0), b"\x01", bytes([pick]))


def programs():
    rng = random.Random(2)
    # caller draws: the whole box, then turns each after a draw of a face-down tile, a
    # public record, a re-deal, rollouts both ways and a playout
    p = op("new_caller_draws", 0, b"\x01", num(3), b"\x00")
    for i in range(15):
        p += draw(0, i * 7 % 24) + legal_turn(0, i * 53 % 256, i % 2 - 1)
    p += op("save_public", 0, text_buf(3)) + op("redeal", 0, u64(9)) + op("save_public", 0, text_buf(2, 7))
    p += op("rollouts", 0, u64(3), b"\x02\x00", b"\x05\x02", b"\x05\x02")
    p += op("rollouts", 0, u64(3), b"\x02\x01", b"\x05\x02", b"\x05\x02")
    p += op("playout", 0, u64(4), b"\x01")
    write("capi", "caller-draws", p)

    turns = b"".join(legal_turn(0, rng.randrange(256), rng.choice([-1, rng.randrange(256)])) for _ in range(40))
    write("capi", "forty-turns", new(0, 2, 7) + turns + op("playout", 0, u64(1), b"\x00"))

    p = new(1, 3, 11) + b"".join(legal_turn(1, i * 37 % 256, i % 3 - 1) for i in range(12))
    p += op("poll_event", 1, b"\x01", num(16)) * 3
    p += op("clone", 1, b"\x02", b"\x01")  # clone into slot 2
    p += op("undo", 2) + op("rewind", 2, num(5)) + op("copy", 2, b"\x01")
    p += op("save", 1, text_buf(2, 5)) + op("save", 1, text_buf(3))
    write("capi", "history-and-copies", p)

    p = new(0, 4, 3) + b"".join(legal_turn(0, i, 0) for i in range(20))
    p += op("load", 1, b"\x02\x00\x04", bytes([0x30, 1, 0, 0x51]), b"\x03")  # slot 0's record, a byte changed
    p += op("load", 2, b"\x01\x00", b"\x03")  # slot 0's record as it is
    p += op("render_svg", 0, num(31), num(64), num(0), num(0), b"\x00", text_buf(4))
    p += op("render_text", 0, num(3), num(0), num(0), num(0), b"\x00", text_buf(3))
    write("capi", "records-and-pictures", p)

    order = b"EAACEUVB"
    p = op("new_with_order", 0, b"\x01", num(2)) + bytes([len(order)]) + order + b"\x01"
    p += op("set_option", 0, num(2), num(1))
    p += op("play_text", 0, b"\x00", bytes([12]) + b"E 0,-1 180 S", b"\x01")
    p += legal_turn(0, 0, 0) + legal_turn(0, 1, -1)
    p += op("inspect_feature", 0, b"\x01", num(15), b"\x01", num(1), num(0), num(3))
    # lists: [x, y,] location, the array (mode 5: a capacity near the count needed, here
    # exactly it), then a non-NULL count
    p += op("feature_tiles", 0, b"\x01", num(1), num(0), num(3), b"\x05\x02", b"\x01")
    p += op("frontier", 0, num(0), b"\x05\x01", b"\x01")  # one short
    p += op("playout", 0, u64(5), b"\x00") + op("getters", 0, num(0))
    write("capi", "order-options-queries", p)

    p = op("place", 4, b"\x00\x00", u64(0)[:4]) + op("deploy", 4, b"\x00", num(3))
    p += op("save", 4, text_buf(1, 9)) + op("load", 0, b"\x00\x04", b"\x00", b"\x00")
    p += op("move_parse", 4, b"\x00", bytes([5]) + b"E 0,x", b"\x00")
    write("capi", "null-handles", p)

    # farmers off, then 60 legal turns a byte each (meeples whenever the byte's top bit is
    # clear), then a meeple on a field with the farmers off: CARC_EILLEGAL
    p = new(2, 2, 8) + op("set_option", 2, num(1), num(0)) + op("turns", 2, b"\x1f", bytes(range(32)))
    p += op("turns", 2, b"\x1c", bytes(range(40, 69))) + op("place", 2, b"\x02", bytes([0, 15 << 2]))
    p += b"".join(op("deploy", 2, b"\x00", num(loc)) for loc in range(5, 13))
    write("capi", "farmers-off-deep", p)

    # the River: options 4 on, then legal turns (river tiles first), the river's open end,
    # checks of listed and tweaked moves, figure actions of placements
    p = new(0, 2, 21) + op("set_option", 0, num(4), num(1)) + op("river_end", 0, b"\x01")
    for i in range(14):
        p += legal_turn(0, i * 29 % 256, i % 2 - 1) + op("river_end", 0, b"\x01")
        p += op("check", 0, b"\x03", bytes([i, 15 << 2 | i % 4, 1]))  # another rotation: a U-turn or no fit
    p += op("figure_actions_for", 0, b"\x04", bytes([3, 0, 0]), b"\x05\x02", b"\x01")
    p += op("frontier", 0, num(0), b"\x05\x02", b"\x01") + op("tile_names", 0, num(70), b"\x02RA", b"\x01")
    write("capi", "river", p)

    # the Abbot: option 5 on, turns that take listed figure actions (abbots on monasteries
    # and gardens, recalls), supplies, checks of listed actions, events
    p = new(1, 2, 5) + op("set_option", 1, num(5), num(1))
    for i in range(30):
        p += acting_turn(1, i * 41 % 256, i * 7 % 256)
        p += op("figure_supply", 1, num(i % 2), num(2)) + op("poll_event", 1, b"\x01", num(17))
    p += op("place", 1, b"\x02", bytes([5, 15 << 2, 1])) + op("figure_actions", 1, b"\x00", b"\x05\x02", b"\x01")
    p += op("check", 1, b"\x04", bytes([1, 0, 0])) + op("act", 1, num(7), num(15), b"\x00")
    p += op("meeples", 1, num(0), b"\x01") + op("playout", 1, u64(2), b"\x00")
    write("capi", "abbot", p)

    # both expansions, played deep a byte a turn (the turns op takes listed figure actions)
    p = new(2, 3, 33) + op("set_option", 2, num(4), num(1)) + op("set_option", 2, num(5), num(1))
    p += op("turns", 2, b"\x1f", bytes(range(0, 256, 8))) + op("turns", 2, b"\x1f", bytes(range(3, 256, 8)))
    write("capi", "river-abbot-deep", p)

    # Traders & Builders (option 7) on an order of base tiles: T&B example 3 in move text up
    # to the builder's bonus tile, passed on in a clone (slot 0) and taken here (slot 3),
    # then undo and rewind across the pass and the bonus tile, the goods and the bonus
    # tile's move; both games played out
    order = b"UEUEAA"
    p = op("new_with_order", 3, b"\x01", num(2)) + bytes([len(order)]) + order + b"\x01"
    p += op("set_option", 3, num(7), num(1))
    for move in [b"U 1,0 90 E", b"E 0,-1 180", b"U 2,0 90 B:E", b"E 1,-1 0", b"A 3,0 90"]:
        p += op("play_text", 3, b"\x00", bytes([len(move)]) + move, b"\x01")
    p += op("poll_event", 3, b"\x01", num(20)) + op("clone", 3, b"\x00", b"\x01") + op("pass", 0) + op("take_bonus", 3)
    p += op("turns", 0, b"\x00", b"\x00") + op("undo", 0) + op("rewind", 0, num(4)) + op("undo", 3)
    p += op("goods", 3, num(0), num(2), b"\x01") + op("play_text", 3, b"\x00", bytes([10]) + b"A -1,0 270", b"\x01")
    p += op("playout", 0, u64(3), b"\x00") + op("playout", 3, u64(3), b"\x00")
    write("capi", "traders-bonus", p)

    # both new expansions (options 6 and 7) from a seed, played deep a byte a turn
    p = new(1, 2, 44) + op("set_option", 1, num(6), num(1)) + op("set_option", 1, num(7), num(1))
    p += op("turns", 1, b"\x1f", bytes(range(1, 256, 8))) + op("turns", 1, b"\x1f", bytes(range(5, 256, 8)))
    write("capi", "inns-traders-deep", p)

    # reinforcement learning: integer actions through a caller-draws game (chance actions,
    # placements, figures; mode 1 picks a legal one by the next byte), lists with a
    # capacity near the count, observations, conversions; then a batch program: 3 games
    # for 2 players, 10 steps of legal actions with every output (0x1f: auto-reset, sorted,
    # to_play, observations, legal lists, masks)
    p = op("new_caller_draws", 1, b"\x01", num(2), b"\x00")
    for i in range(12):
        p += op("rl_apply", 1, b"\x01", bytes([i * 5 % 256]))  # a chance outcome, a placement or a figure
        p += op("rl_legal", 1, b"\x05\x02", b"\x01")  # and a mask one short
    p += op("rl_observe", 1, num(1), b"\x05\x02") + op("rl_observe", 1, num(2), b"\x05\x02")
    p += op("rl_convert", 1, b"\x01\x00", b"\x01", b"\x02\x00\x00")
    p += op("batch", 0, b"\x02", num(2), u64(5), b"\x0a") + (b"\x01" + b"\x01\x07" * 3 + b"\x1f") * 10
    write("capi", "rl-actions-and-batch", p)

    # the bots (level byte: random, greedy, mcts; an iteration byte; a seed) between turns of
    # a base game, then of a game with the abbot and Inns & Cathedrals played deep
    p = new(0, 4, 21)
    for i in range(8):
        p += op("bot", 0, bytes([i % 3]), bytes([i]), u64(i)) + legal_turn(0, i * 41 % 256, i % 2 - 1)
    p += new(1, 3, 8) + op("set_option", 1, num(5), num(1)) + op("set_option", 1, num(6), num(1))
    p += op("turns", 1, b"\x1f", bytes(range(2, 256, 8)))
    p += op("bot", 1, b"\x01", b"\x00", u64(3)) + op("bot", 1, b"\x02", b"\x02", u64(4)) + op("bot", 1, b"\x03", b"\x00", u64(5))
    write("capi", "bots", p)

    # Princess & Dragon (option 8) from a seed, played deep a byte a turn: the turns op takes
    # listed figure actions (the fairy, the princess and the portal on other tiles through
    # their choices) and listed steps of the dragon's flights; dragon tiles set aside before
    # the first volcano; then a playout
    p = new(0, 2, 11) + op("set_option", 0, num(8), num(1))
    for start in range(4):
        p += op("turns", 0, b"\x1f", bytes(range(start, 256, 8)))
    # events with every argument (fields, a changed field, count, buffers)
    p += op("poll_event", 0, b"\x01", num(20), b"\x00", num(0), b"\x01\x01\x01\x64") * 6
    p += op("playout", 0, u64(6), b"\x00")
    write("capi", "princess-dragon-deep", p)

    # every expansion but the river (options 5..8) for 3 players: the portal carries the large
    # meeple and the abbot, the dragon eats builders and pigs, a bonus tile may fly
    p = new(1, 3, 5) + b"".join(op("set_option", 1, num(o), num(1)) for o in (5, 6, 7, 8))
    for start in range(4):
        p += op("turns", 1, b"\x1f", bytes(range(7 + start, 256, 8)))
    write("capi", "all-expansions-deep", p)

    # the decision calls through flights: a listed choice of each decision (mostly the
    # first), the bots' options (random, greedy, MCTS), actions named as choices, undo of a
    # step; checks of listed and tweaked moves with actions on other tiles
    p = new(2, 3, 21) + op("set_option", 2, num(8), num(1))
    for i in range(160):
        p += op("decide", 2, b"\x01", b"\x01", bytes([i * 7 % 5]))
        if i % 9 == 0:
            p += op("bot_decide", 2, bytes([i % 3]), b"\x01", u64(i))
        if i % 7 == 3:
            p += op("rl_choice", 2, b"\x01", bytes([i]), b"\x01")
        if i % 23 == 5:
            p += op("undo", 2)
        if i % 11 == 2:
            p += op("figure_actions", 2, b"\x00", b"\x05\x02", b"\x01")
            p += op("check", 2, b"\x02", bytes([i, i % 13 << 2, 0x10 | (i % 4) << 1]))  # an action on another tile
    write("capi", "princess-dragon-decisions", p)

    # caller draws with Princess & Dragon: draws of face-down tiles (dragon tiles drawn before
    # the first volcano are set aside), turns, the public record, a re-deal and a playout
    p = op("new_caller_draws", 3, b"\x01", num(2), b"\x00") + op("set_option", 3, num(8), num(1))
    for i in range(30):
        p += draw(3, 84 + i * 5 % 29 if i % 3 else i * 11 % 113) + op("turns", 3, b"\x00", bytes([i * 37 % 256]))
        p += op("decide", 3, b"\x01", b"\x01", b"\x00") * 2
    p += op("save_public", 3, text_buf(3)) + op("redeal", 3, u64(9)) + op("save", 3, text_buf(3))
    p += op("load", 0, b"\x01\x03", b"\x03") + op("playout", 3, u64(4), b"\x00")
    write("capi", "princess-dragon-caller-draws", p)

    # DH and DI set aside, the volcano DZ brings them back on top (DH in hand); then a
    # re-deal while DI is face down, whose full record is the public one with a last line
    # 'deal ...', saved, loaded and played on; undo and rewind replay it draw by draw
    order = b"DH DI U DZ E V K A DX DG"
    p = op("new_with_order", 0, b"\x01", num(2)) + bytes([len(order)]) + order + b"\x01"
    for move in [b"U 1,0 90 E", b"DZ 0,-1 180 -"]:
        p += op("play_text", 0, b"\x00", bytes([len(move)]) + move, b"\x01")
    p += op("redeal", 0, u64(0)) + op("save", 0, text_buf(3))
    p += op("load", 1, b"\x01\x00", b"\x03") + op("turns", 1, b"\x08", bytes(range(9)))
    p += op("undo", 1) + op("rewind", 1, num(2)) + op("clone", 0, b"\x02", b"\x01") + op("turns", 2, b"\x1f", bytes(range(32)))
    p += op("undo", 2) + op("playout", 0, u64(2), b"\x01")
    write("capi", "princess-dragon-aside-deal", p)

    # reinforcement learning with Princess & Dragon: a seeded game stepped by listed actions
    # (dragon steps and actions on other tiles have ids), each action's choice, observations;
    # then a batch that turns the option on and steps with every output
    p = new(1, 2, 31) + op("set_option", 1, num(8), num(1))
    for i in range(60):
        p += op("rl_choice", 1, b"\x01", bytes([i * 13 % 256]), b"\x01") + op("rl_apply", 1, b"\x01", bytes([i * 13 % 256]))
        if i % 10 == 0:
            p += op("rl_legal", 1, b"\x05\x02", b"\x01") + op("rl_observe", 1, num(i % 2), b"\x05\x02")
    p += op("rl_convert", 1, b"\x01\x00", b"\x01", b"\x04\x00\x00\x00")
    p += op("batch", 0, b"\x01", num(2), u64(5), b"\x2f") + b"\x00" + num(8) + num(1)
    p += (b"\x01" + b"\x01\x07" * 2 + b"\x1f") * 46
    write("capi", "princess-dragon-rl", p)


def tower_programs():
    # The Tower (option 9): a seeded game decided option by option as tower_pick chooses
    # (ransoms, pieces, figures onto towers, captures and exchanges; each a listed choice by
    # its index), the Tower's queries, checks of pieces onto any tile (move mode 5: the
    # figure kind's fourth bit), the bots' options and RL choices along the way, then a
    # playout; one decision, one undo is checked at each capture and ransom
    def decisions(seed):
        g = tower_game(2, seed)
        rng = random.Random(seed)
        p = new(2, 2, seed) + op("set_option", 2, num(9), num(1))
        for i in range(240):
            if g.over:
                break
            kind = g.decision()[0]
            if kind == carc.DecisionKind.CAPTURE or i % 17 == 0:
                p += op("bot_decide", 2, bytes([i % 3]), b"\x01", u64(i)) + op("rl_choice", 2, b"\x01", bytes([i]), b"\x01")
            if i % 5 == 0:
                p += op("tower", 2, num(i % 2), num(1 - i % 2), num(i % 3), b"\x01", num(i % 40), num(0), b"\x01")
            if i % 13 == 4 and kind == carc.DecisionKind.PLACE:
                # (every argument spelled out, so that the program stays in step: a move of 32
                # bits, a list as long as needed, a count; a move by a placement's index, which
                # only the tile phase reads as such)
                p += op("figure_actions", 2, b"\x00\x00" + bytes(4), b"\x05\x02", b"\x01")
                p += op("check", 2, b"\x05", bytes([i, 14 << 2 | (i % 4) << 6, 0x10 | (i % 8) << 5]))
            pick = tower_pick(g, rng)
            g.decide(g.choices()[pick])
            p += op("decide", 2, b"\x01", b"\x01", bytes([pick]))
            if i % 10 == 9:
                p += op("poll_event", 2, b"\x01", num(21), b"\x00", num(0), b"\x01\x01\x01\x64") * 4
        return p, g

    seed = 17
    while True:  # the first seed from 17 whose 240 decisions hold a capture and a ransom
        p, g = decisions(seed)
        if has_tower_lines(g.save()):
            break
        seed += 1
    p += op("playout", 2, u64(7), b"\x00")
    write("capi", "tower-decisions", p)

    # the Tower from a seed, played deep a byte a turn (the turns op takes listed pieces and
    # figures onto towers, listed captures, and a listed ransom when bit 6 of the byte is
    # set); then with every other expansion but the river for 3 players
    p = new(0, 2, 19) + op("set_option", 0, num(9), num(1))
    for start in range(4):
        p += op("turns", 0, b"\x1f", bytes((b * 37 + start) % 256 for b in range(32)))
    p += op("poll_event", 0, b"\x01", num(21), b"\x00", num(0), b"\x01\x01\x01\x64") * 6
    write("capi", "tower-deep", p)
    p = new(1, 3, 23) + b"".join(op("set_option", 1, num(o), num(1)) for o in (5, 6, 7, 8, 9))
    for start in range(4):
        p += op("turns", 1, b"\x1f", bytes((b * 29 + 3 * start) % 256 for b in range(32)))
    p += op("playout", 1, u64(8), b"\x00")
    write("capi", "tower-all-expansions-deep", p)

    # caller draws with the Tower: draws of face-down tiles (mostly the tower's), turns and
    # listed decisions, the public record, a re-deal, the record loaded, a playout
    p = op("new_caller_draws", 3, b"\x01", num(2), b"\x00") + op("set_option", 3, num(9), num(1))
    for i in range(30):
        p += draw(3, 113 + i * 5 % 17 if i % 3 else i * 11 % 130) + op("turns", 3, b"\x00", bytes([i * 37 % 256]))
        p += op("decide", 3, b"\x01", b"\x01", bytes([i % 3])) * 2
    p += op("save_public", 3, text_buf(3)) + op("redeal", 3, u64(9)) + op("save", 3, text_buf(3))
    p += op("load", 0, b"\x01\x03", b"\x03") + op("playout", 3, u64(4), b"\x00")
    write("capi", "tower-caller-draws", p)

    # reinforcement learning with the Tower: listed actions (pieces and captures on cells,
    # ransoms and "capture none" in the Tower's own slots), each action's choice,
    # observations; then a batch that turns option 9 on and steps with every output
    p = new(1, 2, 37) + op("set_option", 1, num(9), num(1))
    for i in range(80):
        p += op("rl_choice", 1, b"\x01", bytes([i * 13 % 256]), b"\x01") + op("rl_apply", 1, b"\x01", bytes([i * 13 % 256]))
        if i % 10 == 0:
            p += op("rl_legal", 1, b"\x05\x02", b"\x01") + op("rl_observe", 1, num(i % 2), b"\x05\x02")
    p += op("batch", 0, b"\x01", num(2), u64(5), b"\x2f") + b"\x00" + num(9) + num(1)
    p += (b"\x01" + b"\x01\x07" * 2 + b"\x1f") * 46
    write("capi", "tower-rl", p)


def abbey_pick(game, rng):
    """The index among game.choices() of a random legal option that favours Abbey & Mayor: a
    ransom before an abbey, an abbey rather than the draw (once in five), a mayor, wagon or
    barn among the figure actions, a wagon's move rather than staying; else random_decisions's
    choice."""
    choices = game.choices()
    texts = [game.choice_text(c) for c in choices]
    kind, _ = game.decision()
    ransoms = [i for i, t in enumerate(texts) if t.startswith("ransom ")]
    abbeys = [i for i, t in enumerate(texts) if t.startswith("abbey ") and t != "abbey pass"]
    figures = [i for i, t in enumerate(texts) if t.startswith(("M:", "W:", "N:"))]
    wagons = [i for i, t in enumerate(texts) if t.startswith("wagon ") and t != "wagon stay"]
    if kind == carc.DecisionKind.ABBEY:
        pools = ((ransoms, 0.7), (abbeys, 0.2))
    else:
        pools = ((figures, 0.6), (wagons, 0.8))
    for pool, odds in pools:
        if pool and rng.random() < odds:
            return pool[rng.randrange(len(pool))]
    if kind == carc.DecisionKind.ABBEY:
        return len(choices) - 1  # the draw, 'pass' or 'abbey pass'
    acts = [i for i, t in enumerate(texts) if t != "-"]
    return rng.choice(acts) if acts and rng.random() < 0.7 else rng.randrange(len(choices))


def abbey_decisions(game, rng, decisions, stop=None):
    for _ in range(decisions):
        if game.over or (stop and stop(game)):
            return
        game.decide(game.choices()[abbey_pick(game, rng)])


def abbey_records():
    # Abbey & Mayor: seeded games played through the decision calls, favouring abbeys, the
    # mayor, the wagon and the barn (abbey_pick): finished (abbeys, the final abbey round,
    # wagon lines, barns), with Traders & Builders (an abbey as a bonus part), stopped mid-game,
    # and with The Tower, a ransom right before an abbey (README D2); refusals and move text
    g = carc.Game(2, seed=21, abbey_and_mayor=True)
    abbey_decisions(g, random.Random(21), 3000)
    write("text", "finished-abbey-and-mayor", g.save())

    g = carc.Game(3, seed=22, abbey_and_mayor=True, traders_and_builders=True)
    abbey_decisions(g, random.Random(22), 3000)
    write("text", "finished-abbey-and-mayor-traders", g.save())

    g = carc.Game(3, seed=11, abbey_and_mayor=True, traders_and_builders=True)
    abbey_decisions(g, random.Random(11), 60)
    write("text", "abbey-and-mayor-mid-game", g.save())

    seed = 1
    while True:  # the first seed whose game pays a ransom right before an abbey
        g = carc.Game(2, seed=seed, abbey_and_mayor=True, tower=True)
        rng = random.Random(seed)
        while not g.over:
            pick = tower_pick(g, rng) if g.decision()[0] != carc.DecisionKind.ABBEY else abbey_pick(g, rng)
            g.decide(g.choices()[pick])
        record = g.save()
        lines = record.split("\n")
        if any(a.startswith("ransom ") and b.startswith("abbey ") for a, b in zip(lines, lines[1:])):
            break
        seed += 1
    write("text", "finished-abbey-and-mayor-tower", record)
    at = next(i for i, (a, b) in enumerate(zip(lines, lines[1:])) if a.startswith("ransom ") and b.startswith("abbey "))
    # refused: a draw after a ransom that committed to the abbey ('take' instead of the abbey)
    write("text", "abbey-ransom-then-draw-refused", "\n".join(lines[:at + 1] + ["take"] + lines[at + 2:]))

    write("text", "moves-abbey-and-mayor",
          "K 1,0 0 M:N\nU 1,0 90 W:E\nE 1,-1 90 N:NW\nE 1,-1 90 N:E\nE 1,-1 90 N:\nE 1,-1 90 @1,0:N:NW\n"
          "E 1,-1 90 @1,0:M:N\nMA 1,-1 0 C\nMM 0,1 90 W:C\n")


def abbey_programs():
    # Abbey & Mayor (option 10) from a seed, 3 players, played deep a byte a turn (the turns op
    # takes listed abbey and wagon choices and the abbey's figure step), then played out; and
    # with every other expansion (options 5..9), 4 players
    p = new(1, 3, 23) + op("set_option", 1, num(10), num(1))
    for start in range(0, 18, 3):
        p += op("turns", 1, b"\x1f", bytes((start + 29 * k) % 256 for k in range(32)))
    write("capi", "abbey-and-mayor-deep", p + op("playout", 1, u64(8), b"\x00"))

    p = new(1, 4, 29) + b"".join(op("set_option", 1, num(o), num(1)) for o in range(5, 11))
    for start in range(0, 30, 5):
        p += op("turns", 1, b"\x1f", bytes((start + 31 * k) % 256 for k in range(32)))
    write("capi", "abbey-and-mayor-all-expansions-deep", p + op("playout", 1, u64(8), b"\x00"))


if __name__ == "__main__":
    if sys.argv[1:] == ["tower"]:
        tower_records()
        tower_programs()
    elif sys.argv[1:] == ["abbey"]:
        abbey_records()
        abbey_programs()
    else:
        records()
        programs()
        tower_programs()
        abbey_records()
        abbey_programs()
