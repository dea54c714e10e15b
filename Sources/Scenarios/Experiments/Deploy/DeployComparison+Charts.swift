import Reports
import Simulator

extension DeployComparison {
    /// Successful answers per second, one line per variant.
    func throughputChart() -> TimelineChart {
        TimelineChart(title: "\(base.name): successful answers per second while deploying",
                      series: variants.map { variant in
                          .init(variant.name, samples: variant.result.completionsPerSecond.enumerated().map { .init(time: Double($0.offset), value: Double($0.element)) })
                      },
                      events: deploymentEvents(), yAxisLabel: "successful requests per second")
    }

    /// Mean latency of each second's successful answers, one line per variant.
    func latencyChart() -> TimelineChart {
        TimelineChart(title: "\(base.name): mean latency of each second's successful answers",
                      series: variants.map { variant in
                          .init(variant.name, samples: (variant.deployment?.meanLatencyPerSecond ?? []).enumerated().compactMap {
                              $0.element > 0 ? .init(time: Double($0.offset), value: $0.element * 1000) : nil
                          })
                      },
                      events: deploymentEvents(), yAxisLabel: "milliseconds")
    }

    /// Each server's phases, for the graceful deployment and the bad release.
    func timelineChart() -> GanttChart {
        var rows: [String] = []
        var tasks: [GanttChart.Task] = []
        let boot = base.deployment?.bootTime.seconds ?? 0
        let pause = base.deployment?.pause.seconds ?? 0
        for variant in variants where variant.name == "graceful rolling" || variant.name == "bad release" {
            for step in variant.deployment?.steps ?? [] {
                let row = "\(variant.name == "graceful rolling" ? "graceful" : variant.name): \(step.server)"
                if !rows.contains(row) { rows.append(row) }
                let restarted = step.restarted.seconds
                if let started = step.drainStarted?.seconds { tasks.append(.init(row: row, start: started, end: max(restarted, started + 0.2), category: "draining")) }
                tasks.append(.init(row: row, start: restarted, end: restarted + boot, category: step.kind == .deploy ? "booting v\(step.toVersion)" : "booting (rollback) v\(step.toVersion)"))
                if let healthy = step.healthy?.seconds, healthy > restarted + boot {
                    tasks.append(.init(row: row, start: restarted + boot, end: healthy, category: "waiting for a health check"))
                }
                if let back = step.backInRotation?.seconds, pause > 0 { tasks.append(.init(row: row, start: back, end: back + pause, category: "observed (pause)")) }
            }
        }
        return GanttChart(title: "\(base.name): each server's deployment, step by step", rows: rows,
                          categories: [.init("draining", color: .skyBlue), .init("booting v\(base.deployment?.version ?? 2)", color: .blue),
                                       .init("waiting for a health check", color: .grey), .init("observed (pause)", color: .bluishGreen)],
                          tasks: tasks, yAxisLabel: "variant: server")
    }

    /// The graceful deployment's start and end, as markers.
    private func deploymentEvents() -> [TimelineChart.Event] {
        guard let figures = variants.first?.deployment else { return [] }
        var events: [TimelineChart.Event] = []
        if let started = figures.started { events.append(.init(time: started, label: "deploy starts")) }
        if let ended = figures.ended { events.append(.init(time: ended, label: "\(variants[0].name) ends")) }
        return events
    }
}
