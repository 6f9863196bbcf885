"""tools/fuzz_app.py: hostile input for the whole app on the simulated board.

host-only. The long run (its result is in docs/persistence.md)::

    python tools/fuzz_app.py --events 1000000 --seed 1 --jobs 2

CI runs a short one with a fixed seed (tests/test_fuzz_app.py). Random key events go to the
real ``App`` (controller, screens, lights, saves) on ``hardware.sim`` with a manual clock:
presses, releases, several keys at once, long holds, the encoder spun, at random moments, so
they land during dice animations, banners, computer turns, the roll-off, menus and the end
screen. Set-ups are random too (2-8 players, every seat kind, every rule preset and option).
Every so often the power is cut (sometimes in the middle of a save) and the board boots
again from its flash. After every frame:

* no exception escapes;
* the engine's invariants hold: scores change only by a bank, a penalty or a welfare
  transfer (exactly by the points logged), the dice in hand plus those set aside make the
  rules' dice count, the state is one the engine can reach (``farkle.savegame`` checks it),
  and any change of the game's state is logged;
* a refused action changes nothing: in every state the fuzzer also calls an engine action
  the engine refuses and checks that it raises ``IllegalAction`` and leaves the game as it
  was;
* the newest save in the flash is what the app saved last.

Every game started reaches an end: after a random stretch of hostile input (a few hundred to
a few thousand events) the fuzzer plays sensibly (take best, bank at 350) and the game must
reach its end screen within a bounded time; then the hostile input goes on (first on the end
screen). A game left by "New game" in the menu counts as ended by the players.
"""

import argparse
import multiprocessing
import os
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from app import view as v  # noqa: E402
from app.controller import T_NONE  # noqa: E402
from app.main import App  # noqa: E402
from app.setup import LEVELS, Setup  # noqa: E402
from farkle.dice import FixedDice, RandomDice  # noqa: E402
from farkle.game import CHOOSE, KEEP, OVER, ROLLOFF, START, IllegalAction  # noqa: E402
from farkle.presets import NAMES  # noqa: E402
from farkle.savegame import dumps, loads  # noqa: E402
from hardware import nvm_store  # noqa: E402
from hardware.sim.board import ManualClock, SimBoard  # noqa: E402
from hardware.sim.nvm import FlashNVM, PowerCut  # noqa: E402

FRAME = 20
NO_DICE = FixedDice()
SANE_FRAME = 100  # ms a frame while playing sensibly (the app runs on the injected clock)
SANE_LIMIT_FRAMES = 200000  # frames of sensible play a game may take to reach its end
STALL_FRAMES = 3000  # frames of sensible play without a turn ending: stuck


class FuzzFailure(AssertionError):
    pass


def fingerprint(game):
    """Everything a save holds of the game, as one comparable value (cheap)."""
    return (tuple(game.scores), tuple(game.streak), tuple(game.reached), tuple(game.opened),
            tuple(game.pending), game.changes, game.turns, game.current, game.phase, game.turn_total,
            game.in_hand, game.left_dice, game.left_points, game.final_by, game.piggybacked,
            game.rolloff_for_tie, tuple(game.rolloff_players), tuple(game.shown), tuple(game.kept),
            tuple(game.winners), len(game.log), game.log[-1] if game.log else None)


def computer_players():
    try:
        from farkle.players import make_player
        from farkle.players.hint import hint
    except ImportError:
        return None, None
    return make_player, hint


NULL_KEY = 99  # an action no key has: what any press does (hurry, end an animation)


def shown(c):
    """What a player can see or will meet next of the controller ``c``, as one value: the
    view, the game, the selection, what runs on the clock, the set-up and any open panel."""
    view = c.view
    extra = c.extra
    return (view.screen, view.title, tuple(view.rows), view.cursor, view.top, view.header, view.header_right,
            tuple(view.faces), tuple(view.states), view.status, tuple(view.message), view.banner,
            tuple(view.cells), tuple(view.rolloff), tuple(view.lines), view.mute, tuple(c.selected), c.step,
            c.then, c.player, c.hint_wait, fingerprint(c.game) if c.game is not None else None,
            tuple(c.setup.rows()), None if extra is None else (extra.panel, extra.confirm), c.confirm,
            c.job is not None)


def lights_lie(controller, keys):
    """The keys among ``keys`` whose light is wrong now: lit though a press would be refused
    or change nothing, or dark though it would be carried out. A press is tried on a copy of
    the controller and compared with a copy given a key that has no action of its own (any
    press hurries a computer and ends an animation; that is not the key's doing)."""
    import copy

    state = random.getstate()  # fair dice draw from the module's generator: leave it be
    try:
        base = copy.deepcopy(controller, shared())
        base.press(NULL_KEY)
        base.update()
        random.setstate(state)
        expect = shown(base)
        wrong = []
        for name in keys:
            trial = copy.deepcopy(controller, shared())
            trial.press(v_action(name))
            trial.update()
            acted = trial.refusals == base.refusals and (shown(trial) != expect or trial.said != base.said)
            if acted != (name in controller.view.keys_lit):
                wrong.append((name, "lit" if acted else "dark"))  # what it should be
            random.setstate(state)
        return wrong
    finally:
        random.setstate(state)


def shared():
    """A deepcopy memo of what copies of the app share: the experts' open tables (read-only,
    one per file for every player, and a file cannot be copied)."""
    from farkle.players import expert_table

    return {id(table): table for table in expert_table._TABLES.values()}


def v_action(name):
    from app.input import action_named

    return action_named(name)


class Fuzzer:
    def __init__(self, seed, layout=None, check_every=1, lights=False, checks=()):
        self.rng = random.Random(seed)
        self.seed = seed
        self.layout = layout
        self.check_every = check_every
        self.lights = lights  # check every key's light at every frame (slow: copies the app)
        self.checks = list(checks)  # more checks after every frame: check(fuzzer) returns what is wrong
        self.nvm = FlashNVM()
        self.make_player, self.hint = computer_players()
        self.events = 0
        self.frames = 0
        self.stats = {"games_started": 0, "games_ended": 0, "games_abandoned": 0, "reboots": 0,
                      "cuts_in_saves": 0, "refusals_checked": 0, "finish_phases": 0,
                      "screens": {}, "max_finish_frames": 0, "saves": 0, "flash_erases": 0,
                      "resumes_offered": 0, "lights_checked": 0, "lights_waiting": 0}
        self.held = set()
        self.boot()

    # ----- the board -----

    def boot(self, data=None):
        """Power on (again) with the flash as it is."""
        rng = self.rng
        if data is not None:
            self.nvm = FlashNVM(data=data)
        self.clock = ManualClock(rng.randrange(1 << 29))  # the clock wraps too
        layout = self.layout or rng.choice(("macropad", "tower"))
        self.board = SimBoard(layout, self.clock)
        self.board.nvm = self.nvm
        setup = Setup()
        setup.players = rng.randint(2, 8)
        for i in range(8):
            setup.seats[i] = rng.choice(LEVELS)
        setup.preset = rng.randrange(len(NAMES))
        for field, _, values in setup.offers():
            if rng.random() < 0.5:
                setup.options[field] = rng.choice(values)
        self.dice = RandomDice(rng.getrandbits(32))
        self.app = App(self.board, make_player=self.make_player, hint=self.hint, dice=self.dice, setup=setup)
        self.keys = [n for n in self.board.key_names]
        self.held = set()
        self.game = None
        self.game_ended = False
        self.prev = None
        self.step()

    def reboot(self):
        """Cut the power (half the time in the middle of the next save), boot again, and check
        that the board finds the last save or the one being written, and offers that game."""
        rng = self.rng
        self.stats["reboots"] += 1
        store = self.app.keeper.store
        old = store.last
        attempted = [old]
        save = store.save

        rewrites = [False]

        def recording_save(payload, framed=None, collect=True):
            attempted.append(bytes(payload))
            rewrites.append(not store.fits(len(payload) + nvm_store.HEADER))
            return save(payload, framed, collect)

        store.save = recording_save
        if rng.random() < 0.5:
            # most saves append a few hundred bytes; some rewrite the whole 4 KB sector
            self.nvm.cut_after = rng.randrange(450) if rng.random() < 0.8 else rng.randrange(4200)
            self.nvm.seed = rng.getrandbits(16)
            try:
                self.sane(SANE_LIMIT_FRAMES // 10, until_save=True)
            except PowerCut:
                self.stats["cuts_in_saves"] += 1
            self.nvm.cut_after = None
        data = bytes(self.nvm.data)
        if not self.stats["reboots"]:  # every run checks a power cut, however short
            self.reboot()
        self.stats["saves"] += self.app.keeper.saves
        self.stats["flash_erases"] += self.nvm.erases
        if self.game is not None and not self.game_ended:
            self.stats["games_abandoned"] += 1  # the power went: counted as left
            self.game = None
        found = nvm_store.Store(FlashNVM(data=data)).load()
        if found not in (attempted[0], attempted[-1]) and not (found is None and rewrites[-1]):
            self.fail("after the power cut the flash holds neither the old nor the new save")
        self.boot(data)
        saved = self.app.keeper.saved_game
        if found is not None:
            sections = nvm_store.unpack_sections(found)
            game = sections.get(nvm_store.GAME)
            if (saved is None) != (game is None) or (saved is not None and saved != game):
                self.fail("the game offered after the power cut is not the one saved")
            if saved is not None:
                self.stats["resumes_offered"] += 1

    # ----- one frame -----

    def step(self, ms=FRAME):
        self.clock.advance(ms)
        self.app.step()
        self.frames += 1
        if self.frames % self.check_every == 0:
            self.check()

    def check(self):
        c = self.app.controller
        screen = v.SCREEN_NAMES[c.view.screen]
        self.stats["screens"][screen] = self.stats["screens"].get(screen, 0) + 1
        if self.lights:
            self.check_lights(c)
        for check in self.checks:
            wrong = check(self)
            if wrong:
                self.fail("%s; %s" % (wrong, self.describe()))
        game = c.game
        if game is not self.game:
            if self.game is not None and not self.game_ended:
                self.stats["games_abandoned"] += 1
            self.game = game
            self.game_ended = False
            self.prev = None
            if game is not None:
                self.stats["games_started"] += 1
        if game is None:
            return
        state = fingerprint(game)
        if self.prev is not None:
            self.check_change(game, state)
        if self.prev is None or state != self.prev[0]:
            self.check_engine(game)
        if game.phase == OVER and not self.game_ended:
            self.game_ended = True
            self.stats["games_ended"] += 1
        self.prev = (state, list(game.scores), game.log[-1] if game.log else None)
        if self.rng.random() < 0.2:
            self.check_refusal(game)

    def check_lights(self, c):
        if c.job is not None or c.queue:  # presses wait for a job (a step a frame), then act: not checked
            self.stats["lights_waiting"] += 1
            return
        keys = [name for name in self.board.key_pixels if name != "mute"]  # MUTE's light: the sound
        wrong = lights_lie(c, keys)
        if wrong:
            self.fail("lights: %s; %s" % (", ".join("%s should be %s" % w for w in wrong), self.describe()))
        self.stats["lights_checked"] += len(keys)

    def check_change(self, game, state):
        before, scores, last = self.prev
        new = []
        i = len(game.log) - 1
        while i >= 0 and game.log[i] is not last:
            new.append(game.log[i])
            i -= 1
        new.reverse()
        if state != before and not new:
            self.fail("the game changed without a logged event")
        expected = list(scores)
        for n, (kind, seat, data, points) in enumerate(new):
            if kind == "bank":
                if not (n + 1 < len(new) and new[n + 1][0] == "welfare"):
                    expected[seat] += points
            elif kind == "welfare" and seat >= 0:
                expected[seat] += points
            elif kind == "penalty":
                expected[seat] -= points
        if expected != game.scores:
            self.fail("scores changed by more than the banks and penalties: %r -> %r (events %r)"
                      % (scores, game.scores, new))

    def check_engine(self, game):
        rules = game.rules
        try:
            back = loads(dumps(game), dice=NO_DICE)  # the engine's own check (dice given: no reseeding)
            if fingerprint(back) != fingerprint(game):
                self.fail("the state does not survive a save and load")
        except ValueError as error:
            self.fail("the state would not load back: %s" % error)
        if not 0 < game.in_hand <= rules.dice:
            self.fail("dice in hand %d" % game.in_hand)
        if game.phase == KEEP and len(game.shown) != game.in_hand:
            self.fail("a roll of %d dice with %d in hand" % (len(game.shown), game.in_hand))
        if game.phase == CHOOSE and not game.hot_dice() and len(game.unkept()) != game.in_hand:
            self.fail("%d unkept dice, %d in hand" % (len(game.unkept()), game.in_hand))
        c = self.app.controller
        view = c.view
        if (view.screen == v.PLAY and c.step == T_NONE and not view.tumbling and not view.banner
                and game.current == c.player and game.phase in (KEEP, CHOOSE) and not game.hot_dice()):
            aside = sum(1 for s in view.states if s == v.ASIDE)
            if aside + game.in_hand != rules.dice:
                self.fail("%d dice set aside on the display + %d in hand != %d"
                          % (aside, game.in_hand, rules.dice))

    def check_refusal(self, game):
        """Call an action the engine refuses now: it must raise and change nothing."""
        rng = self.rng
        options = []
        if game.why_not_roll():
            options.append(("roll", ()))
        if game.why_not_bank():
            options.append(("bank", ()))
        if game.why_not_piggyback():
            options.append(("piggyback", ()))
        if game.why_not_rolloff():
            options.append(("rolloff", ()))
        faces = [rng.randint(1, 6) for _ in range(rng.randint(0, 6))]
        if game.why_not_keep(faces):
            options.append(("keep", (faces,)))
        if not options:
            return
        name, args = rng.choice(options)
        before = fingerprint(game)
        log = list(game.log)
        try:
            getattr(game, name)(*args)
        except IllegalAction:
            pass
        else:
            self.fail("a refused %s was carried out" % name)
        if fingerprint(game) != before or game.log != log:
            self.fail("a refused %s changed the game" % name)
        self.stats["refusals_checked"] += 1

    def check_saved(self):
        store = self.app.keeper.store
        fresh = nvm_store.Store(FlashNVM(data=bytes(self.nvm.data)))
        if fresh.load() != store.last:
            self.fail("the flash does not hold the last save")

    def describe(self):
        c = self.app.controller
        game = c.game
        out = "step %d then %d player %d cpu_step %d hurry %s status %r message %r keys_lit %r " % (
            c.step, c.then, c.player, c.cpu_step, c.hurry, c.view.status, c.message_lines, c.view.keys_lit)
        out += "states %r faces %r selected %r banners %r " % (c.view.states, c.view.faces, c.selected, c.banners)
        if game is not None:
            out += "game phase %d current %d seats %r in_hand %d total %d shown %r kept %r sensible %r rules %r" % (
                game.phase, game.current, [s is not None for s in c.seats], game.in_hand, game.turn_total,
                game.shown, game.kept, self.sensible_keys(), game.rules.name)
        return out

    def fail(self, what):
        c = self.app.controller
        raise FuzzFailure("seed %d, event %d, frame %d, screen %s: %s"
                          % (self.seed, self.events, self.frames, v.SCREEN_NAMES[c.view.screen], what))

    # ----- input -----

    def hostile(self, n):
        """About ``n`` random input events."""
        rng = self.rng
        keys = self.board.keys
        end = self.events + n
        while self.events < end:
            r = rng.random()
            if r < 0.30:  # a tap
                name = rng.choice(self.keys)
                keys.press(name)
                keys.release(name)
                self.events += 2
            elif r < 0.45:  # a press held on (released later, or never until a release)
                name = rng.choice(self.keys)
                keys.press(name)
                self.held.add(name)
                self.events += 1
            elif r < 0.60 and self.held:  # a release
                name = rng.choice(sorted(self.held))
                keys.release(name)
                self.held.discard(name)
                self.events += 1
            elif r < 0.70:  # several keys at once
                names = [rng.choice(self.keys) for _ in range(rng.randint(2, 5))]
                for name in names:
                    keys.press(name)
                for name in names:
                    keys.release(name)
                self.events += 2 * len(names)
            elif r < 0.80 and self.board.encoder is not None:  # the encoder spun
                turn = rng.randint(-8, 8)
                self.board.encoder.position += turn
                self.events += max(1, abs(turn))
            elif r < 0.95:  # a sensible key now and then, so games move on
                for name in self.sensible_keys():
                    keys.tap(name)
                    self.events += 2
            else:  # a long hold: a key down for a second or more while frames run
                name = rng.choice(self.keys)
                keys.press(name)
                self.events += 1
                for _ in range(rng.randint(10, 40)):
                    self.step(rng.choice((20, 50, 100)))
                keys.release(name)
                self.events += 1
            # the frames between events: none (same frame), a few, or a long pause
            wait = rng.random()
            if wait < 0.3:
                self.step()  # the next event in the same frame... nearly: one frame
            elif wait < 0.9:
                for _ in range(rng.randint(1, 4)):
                    self.step()
            else:  # a pause: animations and computer turns run on
                for _ in range(rng.randint(5, 30)):
                    self.step(rng.choice((20, 60, 120)))

    def sensible_keys(self):
        name = self.sensible_key()
        if name is None:
            return []
        return [name] if isinstance(name, str) else name

    def sensible_key(self):
        c = self.app.controller
        game = c.game
        screen = c.view.screen
        if screen != v.PLAY or game is None:
            return "roll" if screen in (v.SPLASH, v.SETUP, v.ROLLOFF, v.END) else \
                ("menu" if screen == v.PAUSE and not c.extra.panel else "roll")
        if c.step != T_NONE or c.seats[game.current] is not None or game.current != c.player:
            return None
        if game.phase == START:
            return "roll"
        selection = c._selection()
        if selection and not game.selection_points(selection):
            # a selection that does not score (left by the hostile keys): clear it
            return ["die%d" % i for i in range(v.NDICE) if c.selected[i]]
        if game.phase == KEEP:
            if selection:
                return "roll"
            if "best" in self.keys:
                return "best"
            # no Take-best key (the tower): press the dice of the best keep
            faces = list(game.best_keep()[0])
            names = []
            for i in range(v.NDICE):
                if c.view.states[i] == v.FREE and c.view.faces[i] in faces:
                    faces.remove(c.view.faces[i])
                    names.append("die%d" % i)
            return names or None
        if game.phase == CHOOSE:
            if selection:
                return "roll"
            rules = game.rules
            total = game.turn_total
            score = game.scores[game.current]
            if rules.exact_target:
                want = score + total == rules.target or (total >= 350 and score + total < rules.target)
            else:
                want = total >= 350
            if game.why_not_bank() is None and want:
                return "bank"
            return "roll" if game.why_not_roll() is None else "bank"
        return None

    def sane(self, limit, until_save=False):
        """Play sensibly until the game ends (or, ``until_save``, one save happens): take the
        best, bank at 350 (exactly on an exact target), hurry the computers. Fails when no
        turn ends for STALL_FRAMES or the game does not end within ``limit`` frames."""
        keys = self.board.keys
        store = self.app.keeper.store
        seq = store.seq
        turns, last_progress = -1, 0
        for frame in range(limit):
            if until_save and store.seq != seq:
                return frame
            c = self.app.controller
            if c.view.screen == v.END and (not until_save or not self.app.keeper.dirty):
                return frame  # (a game that is over: no save comes until a key is pressed)
            game = c.game
            if game is not None and game.turns != turns:
                turns, last_progress = game.turns, frame
            elif frame - last_progress > STALL_FRAMES and not until_save:
                self.fail("no turn ended in %d frames of sensible play: %s" % (STALL_FRAMES, self.describe()))
            for name in sorted(self.held):
                keys.release(name)
            self.held = set()
            screen = c.view.screen
            if screen == v.PAUSE and c.extra is not None and c.extra.panel == "offer":
                keys.tap("roll")  # Resume
            elif screen == v.PAUSE:
                keys.tap("menu")  # back (from a panel: to the menu; from the menu: the game)
            elif screen == v.PLAY and c.step == T_NONE:
                for name in self.sensible_keys():
                    keys.tap(name)
            elif screen == v.PLAY and game is not None and c.seats[c.player] is not None and not c.hurry:
                keys.tap("roll")  # any key hurries a computer's turn
            elif screen in (v.SPLASH, v.SETUP, v.ROLLOFF) and frame % 5 == 0:
                keys.tap("roll")
            self.step(SANE_FRAME)
        if until_save:
            return limit
        self.fail("a game did not reach its end in %d frames of sensible play" % limit)

    def run(self, events, report_every=0):
        rng = self.rng
        start = time.perf_counter()
        next_report = report_every
        while self.events < events:
            self.hostile(rng.randint(200, 4000))
            self.check_saved()
            if rng.random() < 0.15:
                self.reboot()
                continue
            if self.app.controller.game is not None and not self.game_ended:
                self.stats["finish_phases"] += 1
                took = self.sane(SANE_LIMIT_FRAMES)
                self.stats["max_finish_frames"] = max(self.stats["max_finish_frames"], took)
                self.step()
            if report_every and self.events >= next_report:
                next_report += report_every
                print("  %d events, %d frames, %.0f s, games %d/%d"
                      % (self.events, self.frames, time.perf_counter() - start,
                         self.stats["games_ended"], self.stats["games_started"]), flush=True)
        if not self.stats["reboots"]:  # every run checks a power cut, however short
            self.reboot()
        self.stats["saves"] += self.app.keeper.saves
        self.stats["flash_erases"] += self.nvm.erases
        self.stats.update(events=self.events, frames=self.frames,
                          seconds=round(time.perf_counter() - start, 1), seed=self.seed)
        return self.stats


def run_job(args):
    seed, events, report = args
    return Fuzzer(seed).run(events, report_every=report)


def main(argv=None):
    parser = argparse.ArgumentParser(description="hostile input for the whole app (host-only)")
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes (seeds seed, seed+1, ...)")
    args = parser.parse_args(argv)
    per_job = -(-args.events // args.jobs)
    jobs = [(args.seed + j, per_job, 50000) for j in range(args.jobs)]
    print("fuzzing the app: %d events in %d job(s), seeds %s"
          % (per_job * args.jobs, args.jobs, ", ".join(str(j[0]) for j in jobs)), flush=True)
    if args.jobs == 1:
        results = [run_job(jobs[0])]
    else:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(run_job, jobs)
    total = {}
    for r in results:
        for key, value in r.items():
            if isinstance(value, (int, float)) and key != "seed":
                total[key] = total.get(key, 0) + value
    screens = {}
    for r in results:
        for name, n in r["screens"].items():
            screens[name] = screens.get(name, 0) + n
    print("passed: %(events)d events, %(frames)d frames (%(seconds).0f s of CPU)" % total)
    print("games started %(games_started)d, ended %(games_ended)d, left (menu or power) "
          "%(games_abandoned)d; sensible finishes %(finish_phases)d, longest %(max_finish_frames)d frames"
          % total)
    print("power cuts %(reboots)d (%(cuts_in_saves)d in the middle of a save, %(resumes_offered)d "
          "games offered again exactly as saved), saves %(saves)d, sector rewrites %(flash_erases)d; "
          "refused actions checked %(refusals_checked)d" % total)
    print("frames by screen: " + ", ".join("%s %d" % (k, screens[k]) for k in sorted(screens)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
