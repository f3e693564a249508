"""Leaving jail (RULES.md J2): paying the fine, using a Get Out of Jail Free card, rolling for
doubles, and the forced payment after the third failed roll. A mixin of
:class:`megamono.rules.engine.Game`; jail is entered through the spaces and cards (J1).
"""

from __future__ import annotations

from .actions import PayJailFine, RollForDoubles, UseJailCard
from .agenda import EndOfThrowStep, EndTurnStep, JailMoveStep, MoveStep, PayStep
from .core import Core, commas
from .decisions import JailDecision, JailPayDecision, Pending
from .events import JailCardUsed, JailDoubles, JailRoll, LeavesJail


class JailMixin(Core):
    """The jail decisions of the engine: checks (``_check_*``), actions (``_act_*``) and the
    ``jail_move`` agenda step."""

    def _check_pay_jail_fine(self, a: PayJailFine) -> str | None:
        fine = self.board.rules.jail_fine
        if isinstance(self.st.pending, JailDecision) and self.st.players[a.player].cash < fine:
            return f"the fine is ${commas(fine)}; {self.name(a.player)} has ${commas(self.st.players[a.player].cash)}"
        return None

    def _check_use_jail_card(self, a: UseJailCard) -> str | None:
        return None if self.st.players[a.player].gojf else f"{self.name(a.player)} has no Get Out of Jail Free card"

    def _leave_jail(self, p: int) -> None:
        pl = self.st.players[p]
        pl.in_jail, pl.jail_turns = False, 0

    def _act_pay_jail_fine(self, a: PayJailFine) -> None:
        pend = self.st.pending
        self.st.pending = None
        if isinstance(pend, JailDecision):
            self.transfer(a.player, None, self.board.rules.jail_fine, "jail fine")
            self.into_pot(True, self.board.rules.jail_fine)
            self._leave_jail(a.player)
            self.log(LeavesJail(a.player))
            self._offer_turn(a.player, again=False)
        else:
            self.push(PayStep(player=a.player, creditors=[(None, self.board.rules.jail_fine)], why="jail fine",
                              fine=True),
                      JailMoveStep(player=a.player, steps=_third_roll(pend)))

    def _act_use_jail_card(self, a: UseJailCard) -> None:
        pl = self.st.players[a.player]
        cid = pl.gojf.pop(0)
        deck = "chance" if cid in {c.id for c in self.ed.chance} else "community_chest"
        getattr(self.st.decks, deck).append(cid)
        self.log(JailCardUsed(a.player))
        pend = self.st.pending
        self.st.pending = None
        if isinstance(pend, JailDecision):
            self._leave_jail(a.player)
            self._offer_turn(a.player, again=False)
        else:
            self.push(JailMoveStep(player=a.player, steps=_third_roll(pend)))

    def _act_roll_for_doubles(self, a: RollForDoubles) -> None:
        p = a.player
        pl = self.st.players[p]
        self.st.pending = None
        self.lapse_claims(p)
        th = self.throw(False)
        self.st.turn.last_throw = th
        self.log(JailRoll(p, th))
        if th.doubles:
            self._leave_jail(p)
            self.log(JailDoubles(p))
            self.push(MoveStep(player=p, steps=th.white_total, dice=th.white_total),
                      EndOfThrowStep(player=p, again=False))
            return
        pl.jail_turns += 1
        if pl.jail_turns >= 3:
            fine = commas(self.board.rules.jail_fine)
            self.wait(JailPayDecision(player=p, prompt=f"{pl.name}: third failed roll: pay ${fine} or use a "
                                      f"card, then move {th.white_total}", amount=th.white_total))
        else:
            self.push(EndTurnStep())

    def _step_jail_move(self, s: JailMoveStep) -> None:
        if self.st.players[s.player].bankrupt:
            # went bankrupt over the fine: no move, the turn passes (T5)
            self.push(EndTurnStep())
            return
        self._leave_jail(s.player)
        self.push(MoveStep(player=s.player, steps=s.steps, dice=s.steps),
                  EndOfThrowStep(player=s.player, again=False))



def _third_roll(pend: Pending | None) -> int:
    """The dice total of the third failed roll (J2), which the player moves once out."""
    if not isinstance(pend, JailPayDecision):
        raise AssertionError(f"expected the third failed roll's decision, found {pend!r:.80}")
    return pend.amount
