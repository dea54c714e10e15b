import Testing
@testable import Simulator

/// The log jobs on hand-written lines whose answers are worked out by hand.
struct LogJobTests {
    func output(_ job: any MapReduce.Job) throws -> [String] {
        let request = MapReduce.JobRequest(job: job, input: .documents([Fixtures.knownLog], splitSize: 150), reducers: 2)
        return Fixtures.text(try Fixtures.run(seed: 21, request).report.output!.records)
    }

    @Test func patternsCountLevelsServicesStatusCodesAndMalformedLines() throws {
        #expect(try output(MapReduce.LogPatterns()) == [
            "level:ERROR\t4", "level:INFO\t1", "malformed\t1", "service:api\t4", "service:auth\t1",
            "status:200\t1", "status:500\t3", "status:503\t1",
        ])
    }

    @Test func tumblingWindowsCountErrorsPerMinute() throws {
        #expect(try output(MapReduce.TumblingErrorCounts(window: .seconds(60))) == [
            "2024-01-01T00:00:00.000Z\t2", "2024-01-01T00:01:00.000Z\t1", "2024-01-01T00:03:00.000Z\t1",
        ])
    }

    @Test func slidingWindowsCountAnErrorInEveryWindowThatHoldsIt() throws {
        #expect(try output(MapReduce.SlidingErrorCounts(window: .seconds(60), slide: .seconds(30))) == [
            "2023-12-31T23:59:30.000Z\t1", "2024-01-01T00:00:00.000Z\t2", "2024-01-01T00:00:30.000Z\t2",
            "2024-01-01T00:01:00.000Z\t1", "2024-01-01T00:02:30.000Z\t1", "2024-01-01T00:03:00.000Z\t1",
        ])
    }

    @Test func sessionWindowsSplitWhereErrorsAreFartherApartThanTheGap() throws {
        #expect(try output(MapReduce.SessionErrorWindows(gap: .seconds(30))) == [
            "api\t2024-01-01T00:00:05.000Z/2024-01-01T00:00:05.000Z 1; 2024-01-01T00:00:50.000Z/2024-01-01T00:00:50.000Z 1; "
                + "2024-01-01T00:03:00.000Z/2024-01-01T00:03:00.000Z 1",
            "auth\t2024-01-01T00:01:10.000Z/2024-01-01T00:01:10.000Z 1",
        ])
        #expect(try output(MapReduce.SessionErrorWindows(gap: .seconds(60))) == [
            "api\t2024-01-01T00:00:05.000Z/2024-01-01T00:00:50.000Z 2; 2024-01-01T00:03:00.000Z/2024-01-01T00:03:00.000Z 1",
            "auth\t2024-01-01T00:01:10.000Z/2024-01-01T00:01:10.000Z 1",
        ])
    }

    @Test func partialSessionsMergeToTheSameSessionsInAnyOrder() {
        let times: [Int64] = [0, 10, 25, 100, 105, 300, 329, 360]
        var forward = MapReduce.SessionSet(event: times[0])
        for time in times.dropFirst() { forward.merge(MapReduce.SessionSet(event: time), gap: 30) }
        var halves = MapReduce.SessionSet(event: times[7])
        var odd = MapReduce.SessionSet(event: times[1])
        for time in [times[5], times[3]] { halves.merge(MapReduce.SessionSet(event: time), gap: 30) }
        for time in [times[4], times[6], times[0], times[2]] { odd.merge(MapReduce.SessionSet(event: time), gap: 30) }
        halves.merge(odd, gap: 30)
        #expect(forward == halves)
        #expect(forward.sessions == [
            MapReduce.Session(start: 0, end: 25, count: 3), MapReduce.Session(start: 100, end: 105, count: 2),
            MapReduce.Session(start: 300, end: 329, count: 2), MapReduce.Session(start: 360, end: 360, count: 1),
        ])
    }
}
