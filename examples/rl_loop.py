#!/usr/bin/env python3
"""The reinforcement-learning loop, three ways; it trains nothing (docs/rl.md).

1. OpenSpiel-style: a State whose draws are chance nodes, played to the end.
2. Gymnasium-style: an Env against the library's greedy bot, one episode.
3. Batched: a VectorEnv of many games, one C call per step, games reset as they end.

The "policy" picks uniformly among the legal actions; a learner would put its network
there, reading the observation and masking its output with the legal actions.

    PYTHONPATH=capi/python /usr/bin/python3 examples/rl_loop.py [--quick] [--help]
"""
import argparse
import os
import random
import sys

try:
    import carcassonne
except ImportError:  # run from a checkout: the binding lives in capi/python
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "capi", "python"))
    import carcassonne
from carcassonne import Env, State, VectorEnv


def policy(observation, legal_actions, rng):
    """Where a learner's network goes: here, a uniform choice among the legal actions."""
    return rng.choice(legal_actions)


def openspiel_style(rng):
    state = State(players=2)  # caller draws: every draw is a chance node
    while not state.is_terminal():
        if state.is_chance_node():
            tiles, odds = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(tiles, odds)[0])
        else:
            obs = state.observation_tensor()  # the view of the player to decide
            state.apply_action(policy(obs, state.legal_actions(), rng))
    print(f"OpenSpiel-style game: returns {state.returns()}")


def gymnasium_style(rng):
    env = Env(players=2, opponent="greedy", seat=0)
    obs, info = env.reset(seed=1)
    total, done = 0, False
    while not done:
        obs, reward, done, truncated, info = env.step(policy(obs, info["legal_actions"], rng))
        total += reward
    print(f"Env episode against greedy: the agent's rewards sum to {total}, scores {info['scores']}")


def batched(rng, games, steps):
    venv = VectorEnv(games, players=2)
    obs, info = venv.reset(seed=7)
    episodes, points = 0, 0
    for _ in range(steps):
        legal, counts = info["legal_actions"], info["legal_counts"]  # a row per game, with or without numpy
        actions = [policy(obs[i], legal[i][:counts[i]].tolist(), rng) for i in range(games)]
        obs, rewards, terminated, truncated, info = venv.step(actions)
        episodes += sum(terminated)
        points += sum(rewards)
    print(f"VectorEnv: {games} games x {steps} steps, {episodes} episodes finished, {points} points to the deciders")


def main():
    parser = argparse.ArgumentParser(description="The reinforcement-learning loop three ways (trains nothing).")
    parser.add_argument("--quick", action="store_true", help="a small batch (for ctest)")
    quick = parser.parse_args().quick
    rng = random.Random(0)
    openspiel_style(rng)
    gymnasium_style(rng)
    batched(rng, 4 if quick else 64, 160 if quick else 600)


if __name__ == "__main__":
    main()
