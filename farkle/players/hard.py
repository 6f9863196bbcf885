"""farkle.players.hard: max-expected-score play that also plays the game.

It plays *normal*'s exact turn, and changes course where the game, not the turn, decides:

* **final round, behind**: it needs more than the leader; it keeps rolling until it is ahead
  and picks each keep for the best chance of getting there (the reach table, below); ahead,
  it banks (unless players after it can still answer: then it plays for points);
  a tie it could bank is taken only when rolling on is the worse bet;
* **target**: without a final round a bank that reaches the target wins and is taken; with
  one, where normal would bank past the target anyway it still rolls once more when the points
  that roll adds make the others' last turns enough harder (their chances of beating the score
  from the reach table) to pay for the farkle risk; under an exact target it never overshoots
  when it can help it;
* **three-farkle penalty**: with two farkles in a row a third also costs the penalty, which is
  exactly the turn played with the penalty added to the stake (the table at total + penalty);
* **piggybacking**: it takes over dice exactly when that is worth more than fresh dice (in the
  final round: when that is the better chance of beating the leader); ``mind_gift`` (off: it
  measured no better) also weighs what its leftover dice are worth to the next player;
* **far behind or far ahead** near the end (two players, someone within two turns' expected
  points of the target, a gap of 1,500 or more): it banks only from 1.5 times the usual
  threshold when behind, and from 0.7 times it when ahead;
* the **opening and later minimum** are part of every decision (as for *normal*).

``farkle/policies/<preset>.rch`` holds the chance of making at least r more points this turn
from n dice, for every r up to 10,000 on the rules' point grid.
"""

from farkle.game import CHOOSE
from farkle.players.base import faces, keep_options, leader, minimum
from farkle.players.normal import Normal
from farkle.players.policy import opened


class Hard(Normal):
    level = "hard"
    stop_at_target = True  # switches, so a benchmark can measure what each rule is worth
    mind_gift = False  # the leftover-dice rule measured no better (farkel, 4,000 games)
    continued = 0.5  # past the target, a farkle leaves this much of banking's winning chance
    late = 2  # near the end: someone is within this many turns' points of the target
    far = 1500  # far behind or ahead: by this many points
    behind_attitude = 1.5  # bank thresholds times this when far behind near the end
    ahead_attitude = 0.7  # ... and times this when far ahead

    def __init__(self, rules, players=2, seat=0):
        Normal.__init__(self, rules, players, seat)
        self.reach = opened(rules, "reach") if self.policy is not None else None

    # ----- what the game asks of this turn -----

    def goal(self, game):
        """The turn total this turn must reach before a bank is worth making (in the final
        round, behind: more than the leader), or 0."""
        if self.reach is None:
            return 0
        p = game.current
        me = game.scores[p]
        lead = leader(game, p)
        if game.final_by >= 0:
            if game.pending[p] and me + game.turn_total <= lead:
                return lead - me + 1
            return 0
        return 0

    def attitude(self, game):
        """How far to push the bank thresholds: above 1 far behind near the end, below 1 far
        ahead (two players)."""
        if game.players != 2 or game.final_by >= 0:
            return 1.0
        rules = game.rules
        me = game.scores[game.current]
        lead = leader(game)
        expect = self.policy.value(rules.dice, 0, rules.min_bank) // self.policy.scale
        if max(me, lead) < rules.target - self.late * expect:
            return 1.0
        if lead - me >= self.far:
            return self.behind_attitude
        if me - lead >= self.far:
            return self.ahead_attitude
        return 1.0

    def shift(self, game, bank_minimum):
        """``(points added to the stake, bank minimum)`` for the penalty: a third farkle in a
        row also costs the penalty, the same as playing for total + penalty."""
        rules = game.rules
        if not rules.penalty or game.streak[game.current] != 2:
            return 0, bank_minimum
        if bank_minimum <= self.policy.step:
            return rules.penalty, 0
        if self.policy.has_minimum(bank_minimum + rules.penalty):
            return rules.penalty, bank_minimum + rules.penalty
        return 0, bank_minimum  # no exact table for that: play the plain turn

    # ----- decisions -----

    def choose_keep(self, game):
        if self.fallback:
            return self.fallback.choose_keep(game)
        options = keep_options(game)
        if not options:
            return []
        if game.phase == CHOOSE:
            options = options + [(0, game.in_hand, 0)]
        rules = game.rules
        total = game.turn_total
        me = game.scores[game.current]
        bank_min = minimum(game)
        goal = self.goal(game)
        if goal and goal > total:
            best = self.best_for_goal(options, total, max(goal, bank_min), bank_min)
            return faces(best)
        if game.final_by < 0 and self.stop_at_target:
            reach = [o for o in options if me + total + o[0] >= rules.target]
            if rules.exact_target:
                exact = [o for o in reach if me + total + o[0] == rules.target]
                if exact:
                    return faces(exact[0])
                under = [o for o in options if o not in reach]
                options = under or options
            elif reach and total + max(o[0] for o in reach) >= bank_min:
                best = reach[0]
                for o in reach:
                    if o[0] > best[0]:
                        best = o
                return faces(best)
        shift, bank_min = self.shift(game, bank_min)
        return faces(self.policy.best(options, total + shift, bank_min))

    def best_for_goal(self, options, total, goal, bank_min):
        """The option with the best chance of making ``goal`` this turn; once it is made,
        the best one for points."""
        made = [o for o in options if total + o[0] >= goal]
        if made:
            return self.policy.best(made, total, bank_min)
        best, best_key = None, None
        for o in options:
            key = (-self.reach.code(o[1], goal - total - o[0]), o[0], o[1])
            if best_key is None or key > best_key:
                best, best_key = o, key
        return best

    def roll_on(self, game):
        if self.fallback:
            return self.fallback.roll_on(game)
        if game.why_not_bank():
            return True
        rules = game.rules
        p = game.current
        n, total = game.in_hand, game.turn_total
        me = game.scores[p]
        if game.final_by >= 0 and game.pending[p]:
            lead = leader(game, p)
            later = False
            for i in range(game.players):
                if i != p and game.pending[i]:
                    later = True
            if me + total < lead:
                return True
            if me + total == lead:
                if rules.tie not in ("draw", "rolloff") or later:
                    return True
                return self.reach.chance(n, 1) > 0.5
            if not later:
                return False
        goal = self.goal(game)
        if goal and total < goal:
            return True
        if game.final_by < 0:
            if rules.exact_target:
                if me + total == rules.target:
                    return False
                if me + total > rules.target:
                    return True  # a bank would hand the points to someone else
            elif me + total >= rules.target and self.stop_at_target:
                if not rules.final_round:
                    return False  # a bank wins the game now
                if not self.policy.rolls(n, total):
                    return self.roll_past_target(game)
        shift, _ = self.shift(game, minimum(game))
        attitude = self.attitude(game)
        if attitude != 1.0:
            return total + shift < attitude * self.policy.bank_at(n)
        if self.policy.rolls(n, total + shift):
            return True
        if rules.piggyback and game.players == 2 and self.mind_gift:
            # the next player may take over these dice: count what that is worth to them
            nxt = (p + 1) % game.players
            if game.on_board(nxt) and self.policy.piggybacks(n, total):
                fresh = self.policy.value(rules.dice, 0, rules.min_bank) // self.policy.scale
                gift = self.policy.roll_once(n, total) - fresh
                return self.policy.roll_once(n, total + shift) - shift > total - gift
        return False

    def chance_to_hold(self, game, score):
        """The chance that no one still to play beats ``score`` in their last turn (each
        one's best chance of making the points they need from fresh dice)."""
        rules = game.rules
        hold = 1.0
        for i in range(game.players):
            if i == game.current:
                continue
            need = score - game.scores[i] + 1
            if not game.on_board(i):
                need = max(need, rules.opening)
            hold *= 1.0 - self.reach.chance(rules.dice, need)
        return hold

    def roll_past_target(self, game):
        """At a bank that starts the final round: roll once more when the points it adds make
        the others' last turns enough harder to pay for the farkle risk (a farkle counted as
        ``continued`` times the chance banking now gives)."""
        n, total = game.in_hand, game.turn_total
        score = game.scores[game.current] + total
        now = self.chance_to_hold(game, score)
        scores = self.policy.surv[n] / 65535.0
        if scores <= 0:
            return False
        more = self.policy.mean[n] / scores  # points a scoring roll adds, on average
        later = self.chance_to_hold(game, score + int(more))
        return scores * later + (1.0 - scores) * self.continued * now > now

    def piggyback(self, game):
        if self.fallback:
            return self.fallback.piggyback(game)
        goal = self.goal(game)
        if goal:
            take = self.reach.code(game.left_dice, goal - game.left_points)
            return take < self.reach.code(game.rules.dice, goal)
        return self.policy.piggybacks(game.left_dice, game.left_points)
