"""What the game screen writes around the board: the status line (whose turn, whose decision, the
house rules in play), rent that may still be claimed, and the compact layout's key legend."""

from __future__ import annotations

from rich.text import Text

from megamono.rules.engine import Game

from ..look import DIM, Look, money


def claim_lines(game: Game, look: Look) -> Text:
    """One line per rent that may still be claimed (option ``rent_must_be_claimed``)."""
    lines = []
    for c in game.st.claims:
        t = Text.assemble(look.who(c.owner), f" may claim ${c.amount:,} rent for {game.ed.spaces[c.space].name} from ",
                          look.who(c.payer))
        if game.st.players[c.owner].kind == "human":
            t.append("  (key c, before the next player rolls)", style=DIM)
        lines.append(t)
    return Text("\n").join(lines)


def house_rules(options, speed_die: bool = True) -> list[str]:
    """Short names of the house-rule options that differ from the printed rules (RULES.md O)."""
    from .setup import SWITCHES

    default = type(options)()
    out = [SWITCHES[f][0] for f in SWITCHES
           if getattr(options, f) != getattr(default, f) and (speed_die or f != "speed_die_counts_for_utilities")]
    if options.starting_cash is not None:
        out.append(f"Starting cash {money(options.starting_cash)}")
    return out


def aside_keys(look: Look) -> Text:
    """The keys and the board's letters, under the compact layout's deed card (15 columns)."""
    dim = look.dim
    t = Text("←↑↓→ look\n", style="bold")
    t.append("m build\nw win% j coach\nh help\nF2 contrast\n", style=dim)
    supply = look.game.ed.supply  # (the classic board has no skyscrapers or depots)
    pieces = [("H S", "hotel, sky")] if supply.skyscrapers else [("H", "hotel")]
    pieces += [("D", "depot")] if supply.depots else []
    for key, what in (("A3", "A owns, 3h"), *pieces, ("M", "mortgaged"),
                      ("220", "bank price"), ("3p", "3 tokens"), ("[C]", "in jail")):
        t.append(f"{key:<4}", style="bold")
        t.append(what + "\n", style=dim)
    t.rstrip()
    return t


def clock_words(seconds: float) -> str:
    """A time left as the status line shows it: "1:05:09", "12:34", "0:07" (whole seconds, rounded up)."""
    whole = int(-(-seconds // 1))
    hours, rest = divmod(whole, 3600)
    mins, secs = divmod(rest, 60)
    return f"{hours}:{mins:02}:{secs:02}" if hours else f"{mins}:{secs:02}"


def status_text(game: Game, look: Look, levels: dict[int, str] | None = None,
                time_left: float | None = None) -> Text:
    """Whose turn, and whose decision (in their colour) with the prompt; with the ``time_limit``
    option, the time left (``time_left`` seconds, from the app's clock) or that time is up."""
    st = game.st
    t = Text(f"Turn {st.turn.number}  ", style="bold")
    t.append_text(look.block(st.turn.player))
    t.append(" ")
    t.append_text(look.who(st.turn.player))
    # (a round: every player's turn once; the turn limit and `simulate` count rounds)
    limit = st.options.turn_limit
    t.append(f"   round {st.turn.round}" + (f" of {limit}" if limit else ""), style=DIM)
    if st.turn.time_up:
        t.append("   time is up: the game ends with this round", style="bold")
    elif time_left is not None:
        t.append(f"   time left {clock_words(time_left)}", style="bold" if time_left < 300 else DIM)
    if st.options.free_parking_pot:
        t.append(f"   Free Parking pot {money(st.pot)}", style="bold")
    rules = house_rules(st.options, game.ed.rules.speed_die)
    if rules:
        t.append("   House rules: " + ", ".join(rules), style=DIM)
    pend = game.pending
    if pend is not None:
        who = pend.players
        colour = look.colour(who[0])
        t.append("\nDecision: ", style="bold")
        for q in who:
            t.append_text(look.block(q))
            t.append(" ")
        t.append(game.describe_pending(), style=f"bold {colour}")
        if all(st.players[q].kind == "computer" for q in who) and not game.over:
            level = (levels or {}).get(who[0]) if len(who) == 1 else None
            t.append(f"   computer{' (' + level + ')' if level else ''} playing — space skips ahead", style=DIM)
    return t
