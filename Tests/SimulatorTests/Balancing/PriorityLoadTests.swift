import Testing
@testable import Simulator

/// Envoy's priority load, against the values its documentation's tables give (computed by hand
/// from `health = min(100, 140 × healthy ÷ hosts)` and the normalized total health).
struct PriorityLoadTests {
    @Test(arguments: [
        (healthy: 3, hosts: 3, health: 100), (1, 3, 46), (2, 3, 93), (0, 3, 0), (18, 25, 100), (71, 100, 99), (1, 2, 70), (1, 4, 35), (1, 5, 28), (0, 0, 0),
    ])
    func aLevelsHealthIsItsHealthyShareTimesTheFactorCappedAt100(healthy: Int, hosts: Int, health: Int) {
        #expect(PriorityLoad.health(healthy: healthy, hosts: hosts, overprovisioningPercent: 140) == health)
    }

    @Test(arguments: [
        // Two levels, P1 fully healthy: Envoy's first table.
        ([100, 100], [100, 0]), ([99, 100], [99, 1]), ([70, 100], [70, 30]), ([35, 100], [35, 65]), ([0, 100], [0, 100]),
        // One of three hosts healthy in the client's zone: 140 × 1 ÷ 3 = 46.
        ([46, 100], [46, 54]),
        // Both levels degraded: the second table; {20, 30} is scaled to {40, 60}.
        ([99, 99], [99, 1]), ([70, 70], [70, 30]), ([35, 35], [50, 50]), ([20, 30], [40, 60]),
        // Three levels: the third table (35/35/28 sums to 98; the integer shares 35/35/28 leave 2 for P0).
        ([35, 35, 100], [35, 35, 30]), ([35, 35, 28], [37, 35, 28]), ([100, 100, 100], [100, 0, 0]),
        // Nothing healthy: P0 takes everything (Envoy leaves it to panic handling).
        ([0, 0, 0], [100, 0, 0]), ([0, 0, 40], [0, 0, 100]),
    ])
    func theLoadFollowsEnvoysPriorityLoad(health: [Int], loads: [Int]) {
        #expect(PriorityLoad.loads(health: health) == loads)
        #expect(loads.reduce(0, +) == 100)
    }

    @Test func aDrawFallsInTheFirstLevelWhoseCumulativeLoadReachesIt() {
        let loads: [Int] = [46, 54]
        let levels: [Int] = (1...100).map { (draw: Int) -> Int in PriorityLoad.level(for: draw, loads: loads) }
        #expect(levels.filter { $0 == 0 }.count == 46)
        #expect(PriorityLoad.level(for: 46, loads: loads) == 0 && PriorityLoad.level(for: 47, loads: loads) == 1)
        #expect(PriorityLoad.level(for: 100, loads: [0, 0, 100]) == 2)
    }
}
