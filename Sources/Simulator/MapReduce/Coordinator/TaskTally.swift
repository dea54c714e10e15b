extension MapReduce {
    /// How many of a job's tasks of one kind are completed and idle, and the lowest index an idle
    /// one may have, kept up to date as the tasks change state: the coordinator asks at every
    /// heartbeat whether every map task is completed, how many tasks are, and which idle task is
    /// next, and answering by scanning every task made a job of 20,000 map tasks quadratic.
    struct TaskTally {
        /// Tasks completed now.
        private(set) var completed = 0
        /// Tasks idle now.
        private(set) var idle: Int
        /// No idle task has a lower index.
        private(set) var firstIdle = 0

        /// The tally of `count` tasks, all idle.
        init(count: Int) {
            idle = count
        }

        /// Task `index` of `tasks` went from state `old` to its state now.
        mutating func changed(_ index: Int, from old: TaskState, in tasks: [TaskRecord]) {
            let new = tasks[index].state
            guard new != old else { return }
            if old == .completed { completed -= 1 }
            if new == .completed { completed += 1 }
            if old == .idle { idle -= 1 }
            if new == .idle {
                idle += 1
                firstIdle = Swift.min(firstIdle, index)
            }
            while firstIdle < tasks.count, tasks[firstIdle].state != .idle { firstIdle += 1 }
        }
    }
}
