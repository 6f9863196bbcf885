"""farkle.tournament: computer players against each other, many games, with statistics.

host-only (multiprocessing). ``simulate`` is what ``python -m farkle simulate`` prints.

>>> r = simulate("classic", ["normal", "easy"], games=20, seed=1, workers=1)
>>> r["games"], sum(s["wins"] for s in r["seats"]) + r["draw_games"]
(20, 20)
"""

import math
import multiprocessing
import os
import random
import time

from farkle.game import CHOOSE, KEEP, OVER, ROLLOFF, START, Game
from farkle.players import make_player
from farkle.presets import preset
from farkle.rules import Rules
from farkle.scorer import Scorer

MAX_ACTIONS = 200000  # a game that has not ended by then is a bug


class SeededDice:
    """Fair dice from a private ``random.Random`` (so games do not share a stream)."""

    def __init__(self, seed):
        self.random = random.Random(seed)

    def roll(self, n):
        r = self.random.random
        return [int(r() * 6) + 1 for _ in range(n)]


def play(game, players):
    """Play ``game`` to the end, asking ``players[seat]`` every decision; returns the game.

    Every action goes through the engine, so an illegal choice raises ``IllegalAction``.
    """
    limit = max_actions(game)
    for _ in range(limit):
        phase = game.phase
        if phase == OVER:
            return game
        player = players[game.current]
        if phase == START:
            if game.rules.piggyback and game.why_not_piggyback() is None and player.piggyback(game):
                game.piggyback()
            game.roll()
        elif phase == KEEP:
            game.keep(player.choose_keep(game))
        elif phase == CHOOSE:
            if game.shown and len(game.kept) < len(game.shown):
                more = player.choose_keep(game)
                if more:
                    game.keep(more)
                    continue
            if player.roll_on(game):
                game.roll()
            else:
                game.bank()
        elif phase == ROLLOFF:
            game.rolloff()
    raise RuntimeError("the game did not end after %d actions" % limit)


def max_actions(game):
    """Actions after which a game that has not ended is a bug: room for every player to make
    the target 50 points a turn, four actions a turn, on top of ``MAX_ACTIONS``."""
    return MAX_ACTIONS + 4 * game.players * game.rules.target // 50


def _rules(rules):
    return rules if isinstance(rules, Rules) else preset(rules)


def _game_seed(seed, index):
    return (seed * 1000003 + index) & 0xFFFFFFFFFFFF


def _run(job):
    """Play games ``start..stop-1``; return tallies (run in a worker process)."""
    rules, seats, seed, start, stop = job
    k = len(seats)
    wins = [0] * k
    draws = [0] * k
    starts = [0] * k
    first_wins = 0
    draw_games = 0
    turns = 0
    points = [0] * k
    scorer = Scorer(rules)
    scorer.options_cache = {}  # every game shares one scorer: keep options are looked up once
    for i in range(start, stop):
        shift = i % k
        order = [(j + shift) % k for j in range(k)]  # table position -> seat
        players = [make_player(seats[s], rules, k, j) for j, s in enumerate(order)]
        game = Game(rules, players=k, first=0, dice=SeededDice(_game_seed(seed, i)), log_size=1)
        game.scorer = scorer
        play(game, players)
        starts[order[0]] += 1
        turns += game.turns
        for j, s in enumerate(order):
            points[s] += game.scores[j]
        if len(game.winners) == 1:
            wins[order[game.winners[0]]] += 1
            if game.winners[0] == 0:
                first_wins += 1
        else:
            draw_games += 1
            for j in game.winners:
                draws[order[j]] += 1
    return wins, draws, starts, first_wins, draw_games, turns, points


def _collect(results, jobs, parts, games, progress):
    for job, part in zip(jobs, results):
        parts.append(part)
        if progress is not None:
            progress(job[4], games)


def wilson(successes, n, z=1.959964):
    """95% Wilson score interval of a proportion, as ``[low, high]``."""
    if n == 0:
        return [0.0, 1.0]
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(max(0.0, centre - half), 5), round(min(1.0, centre + half), 5)]


def simulate(rules_name="classic", seats=("normal", "easy"), games=1000, seed=0, workers=None, progress=None):
    """Play ``games`` games between computer players and report JSON-ready statistics.

    ``rules_name``: a preset name or a ``Rules``; ``seats``: one level per player (2 to 8), a
    list or a comma-separated string;
    game i seats them rotated by i, so each seat starts equally often when ``games`` is a
    multiple of the number of seats. Games are seeded from ``seed`` and their index, so the
    result does not depend on ``workers`` (processes; default: every core). ``progress(done,
    total)``, when given, is called as batches of games finish.

    Returns ``{"rules", "seats": [{"seat", "level", "wins", "draws", "losses", "win_rate",
    "win_ci95", "mean_score"}], "games", "draw_games", "first_player_win_rate",
    "first_player_ci95", "mean_turns", "seed", "seconds"}``; ``mean_turns`` counts every
    player's turns in a game.
    """
    rules = _rules(rules_name)
    if isinstance(seats, str):
        seats = seats.split(",")
    seats = [level.strip() for level in seats]
    if not 2 <= len(seats) <= 8:
        raise ValueError("2 to 8 seats, not %d" % len(seats))
    for level in seats:
        make_player(level, rules, len(seats), 0)  # unknown levels fail here, not in a worker
    if games < 1:
        raise ValueError("games must be at least 1")
    if workers is None:
        workers = min(os.cpu_count() or 1, 8)
    workers = max(1, min(workers, games // 200 or 1))
    t0 = time.time()
    chunks = max(workers * 4, 1) if progress is None else max(workers * 4, min(games // 500, 2000))
    bounds = [games * c // chunks for c in range(chunks + 1)]
    jobs = [(rules, seats, seed, bounds[c], bounds[c + 1]) for c in range(chunks) if bounds[c] < bounds[c + 1]]
    parts = []
    if workers == 1:
        done = map(_run, jobs)
        _collect(done, jobs, parts, games, progress)
    else:
        ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        with ctx.Pool(workers) as pool:
            _collect(pool.imap(_run, jobs), jobs, parts, games, progress)
    k = len(seats)
    wins, draws, starts, points = [0] * k, [0] * k, [0] * k, [0] * k
    first_wins = draw_games = turns = 0
    for w, d, s, fw, dg, t, pts in parts:
        for i in range(k):
            wins[i] += w[i]
            draws[i] += d[i]
            starts[i] += s[i]
            points[i] += pts[i]
        first_wins += fw
        draw_games += dg
        turns += t
    out_seats = []
    for i, level in enumerate(seats):
        out_seats.append({
            "seat": i,
            "level": level,
            "wins": wins[i],
            "draws": draws[i],
            "losses": games - wins[i] - draws[i],
            "starts": starts[i],
            "win_rate": round(wins[i] / games, 5),
            "win_ci95": wilson(wins[i], games),
            "mean_score": round(points[i] / games, 1),
        })
    return {
        "rules": rules.name,
        "seats": out_seats,
        "games": games,
        "draw_games": draw_games,
        "first_player_win_rate": round(first_wins / games, 5),
        "first_player_ci95": wilson(first_wins, games),
        "mean_turns": round(turns / games, 3),
        "seed": seed,
        "seconds": round(time.time() - t0, 2),
    }
