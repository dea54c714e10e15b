extension MapReduce {
    /// Faults tied to task attempts, as the classic MapReduce lab injects them: when a worker
    /// starts an attempt it may crash (and restart) or stall (pause) at a random moment shortly
    /// after. Drawn from the worker's own stream `mapreduce.attempt-chaos.<worker>`, so a run
    /// replays exactly.
    public struct AttemptChaos: Sendable, Equatable {
        /// Probability that an attempt's worker crashes while running it.
        public var crashProbability: Double
        /// Probability that an attempt's worker stalls while running it.
        public var stallProbability: Double
        /// How long a stall lasts, in seconds.
        public var stallLength: Distribution
        /// How long a crashed worker stays down before it restarts, in seconds.
        public var downtime: Distribution
        /// When, after the attempt starts, the crash or stall hits, in seconds.
        public var delay: Distribution

        /// Creates the rule; the defaults are the lab's: a third of attempts crash, another third
        /// stall for up to 10 s.
        public init(crashProbability: Double = 1.0 / 3, stallProbability: Double = 1.0 / 3,
                    stallLength: Distribution = .uniform(min: 0, max: 10), downtime: Distribution = .uniform(min: 0.5, max: 3),
                    delay: Distribution = .uniform(min: 0, max: 1)) {
            self.crashProbability = crashProbability
            self.stallProbability = stallProbability
            self.stallLength = stallLength
            self.downtime = downtime
            self.delay = delay
        }

        /// Draws what happens to one attempt on `worker` and schedules it on `network`.
        func strike(_ worker: NodeID, network: Network, random: inout SeededRandom) {
            let roll = random.nextUnitInterval()
            let after = delay.sampleDuration(using: &random)
            if roll < crashProbability {
                let down = downtime.sampleDuration(using: &random)
                network.simulation.schedule(after: after) {
                    network.crash(worker)
                    network.simulation.schedule(after: down) {
                        if network.node(worker)?.state == .crashed { network.restart(worker) }
                    }
                }
            } else if roll < crashProbability + stallProbability {
                let length = stallLength.sampleDuration(using: &random)
                network.simulation.schedule(after: after) { network.pause(worker, for: length) }
            }
        }
    }
}
