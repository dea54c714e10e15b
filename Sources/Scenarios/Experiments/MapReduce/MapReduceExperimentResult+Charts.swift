import Reports
import Simulator

extension MapReduceExperimentResult {
    /// The baseline job's timeline.
    func timelineChart() -> GanttChart? {
        baseline.report.map { JobTimelineChart.chart($0, workers: baseline.run.workers, title: "Seed 001's job: task attempts per worker") }
    }

    /// The worker failure's timeline.
    func failureChart(_ setup: MapReduceExperimentSpec) -> GanttChart? {
        failure.report.map {
            JobTimelineChart.chart($0, workers: failure.run.workers, title: "\(setup.failure.worker) crashes at \(DurationFormat.seconds(setup.failure.at.seconds))")
        }
    }

    /// The straggler's job without and with backup tasks, one above the other on the same
    /// kind of axis.
    func speculationChart(_ setup: MapReduceExperimentSpec) -> ChartGrid {
        let charts: [any Chart] = [("off", speculationOff), ("on", speculationOn)].compactMap { label, run in
            run.report.map {
                JobTimelineChart.chart($0, workers: run.run.workers,
                                       title: "Speculation \(label): makespan \(JobReportTables.seconds($0.makespan))")
            }
        }
        return ChartGrid(title: "\(setup.straggler.worker) \(NumberFormat.trimmed(setup.straggler.factor, maxDecimals: 2))× slower: without and with backup tasks",
                         charts: charts, columns: 1)
    }

    /// Events per second and makespan against the number of mappers, with linear scaling from
    /// one mapper and the seed's claimed rate for reference.
    func scalingChart(_ claims: Seed001Claims) -> ChartGrid {
        let points = measurements.scaling
        let one = measurements.point(1)?.eventsPerSecond ?? 0
        let xs = points.map { Double($0.mappers) }
        let size = ChartSize(width: 620, height: 420)
        let rate = LineChart(
            title: "Events per second of map phase",
            series: [
                .init("simulated", points: points.map { .init(x: Double($0.mappers), y: $0.eventsPerSecond) }),
                .init("linear from 1 mapper", points: points.map { .init(x: Double($0.mappers), y: Double($0.mappers) * one) }),
                .init("claimed \(NumberFormat.fixed(claims.eventsPerSecondPerMapper, decimals: 0, grouping: true))/s per mapper",
                      points: points.map { .init(x: Double($0.mappers), y: Double($0.mappers) * claims.eventsPerSecondPerMapper) }),
            ],
            xAxisLabel: "mappers", yAxisLabel: "events per second", xTicks: xs, size: size)
        let makespan = LineChart(
            title: "Makespan", series: [.init("simulated", points: points.map { .init(x: Double($0.mappers), y: $0.makespanSeconds) })],
            xAxisLabel: "mappers", yAxisLabel: "seconds of virtual time", xTicks: xs, size: size)
        return ChartGrid(title: "Scaling with the number of mappers", charts: [rate, makespan], columns: 2)
    }

    /// Bytes shuffled with the combiner off and on.
    func shuffleChart() -> BarChart {
        BarChart(title: "Bytes shuffled with and without the combiner", categories: ["combiner off", "combiner on"],
                 series: [.init("bytes shuffled", values: [withoutCombiner, withCombiner].map { Double($0.report?.statistics.shuffledBytes ?? 0) })],
                 xAxisLabel: "map side", yAxisLabel: "bytes fetched by reduce tasks")
    }
}
