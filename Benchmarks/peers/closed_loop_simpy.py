#!/usr/bin/env python3
"""SimPy model of scenarios/closed-loop.yaml, written as a SimPy user would write it.

100 closed-loop users each send 1,000 requests back to back (think time 0) to three servers,
request id i going to server i % 3 (as Orrery's DirectServers does). Each message takes the
constant one-way network latency of 0.5 ms. A server serves 4 requests at once, queues at most
200 more (FIFO) and rejects the rest with a 503; service time is exponential with a 2 ms mean.
A client gives up after 1 s (a timeout). Latencies of successful requests are summarised with
the same percentiles as `orrery run`: p50, p90, p95, p99, p99.9, mean and max.

It is the peer that scripts/compare-peers.sh times against `orrery run`; it is not part of CI.
Usage: closed_loop_simpy.py [--seed N] [--users N] [--requests N]
"""
import argparse
import random
import time

import simpy

LATENCY = 0.0005        # network: latency: 0.5ms (one way, constant)
SERVERS = 3             # servers: count: 3
SLOTS = 4               # slots: 4
QUEUE = 200             # queue: 200
SERVICE_MEAN = 0.002    # service_time: exponential: 2ms
TIMEOUT = 1.0           # workload: timeout: 1s


class Server:
    def __init__(self, env, name, rng):
        self.env = env
        self.name = name
        self.rng = rng
        self.slots = simpy.Resource(env, capacity=SLOTS)
        self.served = 0
        self.rejected = 0

    def handle(self):
        """Process: serve one request; returns its HTTP status."""
        if self.slots.count >= SLOTS and len(self.slots.queue) >= QUEUE:
            self.rejected += 1
            return 503
        with self.slots.request() as slot:
            yield slot
            yield self.env.timeout(self.rng.expovariate(1.0 / SERVICE_MEAN))
        self.served += 1
        return 200


class Stats:
    def __init__(self):
        self.latencies = []
        self.issued = 0
        self.timeouts = 0
        self.failed = 0


def call(env, server, answer):
    """Process: the request travels, is served, and the response travels back."""
    yield env.timeout(LATENCY)
    status = yield env.process(server.handle())
    yield env.timeout(LATENCY)
    if not answer.triggered:
        answer.succeed(status)


def user(env, servers, quota, ids, stats):
    for _ in range(quota):
        ids[0] += 1
        request_id = ids[0]
        stats.issued += 1
        start = env.now
        answer = env.event()
        env.process(call(env, servers[request_id % len(servers)], answer))
        deadline = env.timeout(TIMEOUT)
        outcome = yield answer | deadline
        if answer in outcome:
            if outcome[answer] == 200:
                stats.latencies.append(env.now - start)
            else:
                stats.failed += 1
        else:
            stats.timeouts += 1


def percentile(sorted_values, p):
    if not sorted_values:
        return 0.0
    rank = max(1, int(-(-p / 100.0 * len(sorted_values) // 1)))  # nearest rank
    return sorted_values[min(rank, len(sorted_values)) - 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--requests", type=int, default=100_000)
    args = parser.parse_args()

    started = time.perf_counter()
    env = simpy.Environment()
    servers = [Server(env, f"s-{k + 1}", random.Random(f"{args.seed}/server/{k}")) for k in range(SERVERS)]
    stats = Stats()
    ids = [0]
    for index in range(args.users):
        quota = args.requests // args.users + (1 if index < args.requests % args.users else 0)
        if quota:
            env.process(user(env, servers, quota, ids, stats))
    env.run()
    wall = time.perf_counter() - started

    latencies = sorted(stats.latencies)
    print(f"closed-loop (SimPy {simpy.__version__}), seed {args.seed}")
    print(f"requests: {stats.issued} issued, {len(latencies)} succeeded, {stats.timeouts} timeouts, {stats.failed} failed")
    print(f"virtual seconds: {env.now:.6f}")
    labels = [("p50", 50.0), ("p90", 90.0), ("p95", 95.0), ("p99", 99.0), ("p99.9", 99.9)]
    for label, p in labels:
        print(f"{label}: {percentile(latencies, p) * 1000:.3f} ms")
    mean = sum(latencies) / len(latencies) if latencies else 0.0
    print(f"mean: {mean * 1000:.3f} ms")
    print(f"max: {(latencies[-1] if latencies else 0.0) * 1000:.3f} ms")
    print(f"wall seconds: {wall:.3f}")


if __name__ == "__main__":
    main()
