import Testing
@testable import Scenarios

/// A user's names in report.md's tables show as written (``MarkdownTable/Column/userText(_:)``):
/// a server named ``k`` read as the code span `k` in the servers tables, the connections table
/// and the deployment's steps and checks, a claim's backticks as code, and an A-4 placement
/// label as code; the report's own code spans (`` `balancer.p99 < 1s` ``) stay code.
struct TableCellLiteralTests {
    static let servers = """
        servers:
          - {name: "`k`", zone: za, slots: 2, service_time: 5ms}
          - {name: "*b*", zone: zb, slots: 2, service_time: 5ms}
          - {name: "a|b", zone: za, slots: 2, service_time: 5ms}
          - {name: "<i>x</i>", zone: zb, slots: 2, service_time: 5ms}
        """

    @Test func aWorldsServersFailoversAndClaimsShowNamesAsWritten() throws {
        let (_, markdown, _) = try BalancerReportEdgeTests.files("""
            name: cells
            seed: 1
            run: {duration: 10s}
            zones: {list: [{name: za}, {name: zb}]}
            balancer: {strategy: round_robin, health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 1}}
            \(Self.servers)
            workload: {type: open_loop, rate: 40, clients: 2}
            faults:
              - {at: 2s, crash: "*b*"}
              - {at: 5s, restart: "*b*"}
            claims:
              - {claim: "`p99` stays *low*", holds_if: balancer.p99 < 1s}
            """)
        #expect(markdown.contains("""
            | server     | served | rejected | lost in crash | peak queue | utilisation |
            | ---------- | -----: | -------: | ------------: | ---------: | ----------: |
            | \\`k\\`      |    113 |        0 |             0 |          0 |        2.8% |
            | \\*b\\*      |     66 |        0 |             0 |          0 |        1.7% |
            | a\\|b       |    113 |        0 |             0 |          0 |        2.8% |
            | \\<i>x\\</i> |    113 |        0 |             0 |          0 |        2.8% |

            """))
        #expect(markdown.contains("| \\`k\\`      |    113 |       113 |       11.3 |    0 | 7.000 ms | 7.000 ms | 7.000 ms | 7.000 ms | 7.000 ms |\n"))
        #expect(markdown.contains("| \\`k\\`      |      1 | primary |      113 | 113 |   0 |              0 |        0 |                       1 |        0 / 10 |\n"))
        #expect(markdown.contains("| \\*b\\*  | crash \\*b\\* | 2.000 s |  2.752 s |        0.752 s |  5.000 s |          5.253 s |       0.253 s |\n"))
        #expect(markdown.contains("""
            | claim                 | holds if            | measured | in this world |
            | --------------------- | ------------------- | -------: | ------------- |
            | \\`p99\\` stays \\*low\\* | `balancer.p99 < 1s` |  0.007 s | holds         |

            """))
        #expect(!markdown.contains("| `k`"))
    }

    @Test func theConnectionsAndTheDeploymentShowNamesAsWritten() throws {
        let (_, markdown, _) = try BalancerReportEdgeTests.files("""
            name: cells2
            seed: 1
            run: {duration: 40s}
            balancer: {strategy: round_robin, keepalive: {connections: 2}, health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 1}}
            servers:
              - {name: "`k`", slots: 2, service_time: 5ms}
              - {name: "*b*", slots: 2, service_time: 5ms}
              - {name: "a|b", slots: 2, service_time: 5ms}
            workload: {type: open_loop, rate: 20, clients: 2}
            deploy: {at: 2s, strategy: rolling, drain: true, drain_timeout: 1s, boot_time: 1s, health_deadline: 10s, pause: 1s}
            """)
        #expect(markdown.contains("""
            | server | setups | reuses | peak open | closes      |
            | ------ | -----: | -----: | --------: | ----------- |
            | \\`k\\`  |    221 |     59 |         1 | evicted 220 |
            | \\*b\\*  |    216 |     62 |         1 | evicted 215 |
            | a\\|b   |    213 |     62 |         1 | evicted 213 |

            """))
        #expect(markdown.contains("""
            | server | step   | version | drain start | drained | left in flight | restart | reset | healthy |    back |
            | ------ | ------ | ------- | ----------: | ------: | -------------: | ------: | ----: | ------: | ------: |
            | \\`k\\`  | deploy | 1 → 2   |     2.000 s | 2.000 s |              0 | 2.000 s |     0 | 3.004 s | 3.004 s |
            | \\*b\\*  | deploy | 1 → 2   |     4.004 s | 4.004 s |              0 | 4.004 s |     0 | 5.339 s | 5.339 s |
            | a\\|b   | deploy | 1 → 2   |     6.339 s | 6.339 s |              0 | 6.339 s |     0 | 7.675 s | 7.675 s |

            """))
        #expect(markdown.contains("""
            | servers |    from |      to | answers (all servers) | failed | failed share | answered by these servers | check  |
            | ------- | ------: | ------: | --------------------: | -----: | -----------: | ------------------------: | ------ |
            | \\`k\\`   | 3.004 s | 4.004 s |                    18 |      0 |        0.00% |                         6 | passed |

            """))
        #expect(!markdown.contains("| `k`"))
    }

    /// A-4's placement labels are the file's: every table of placements shows them as written,
    /// and so does each placement's paragraph.
    @Test func anA4PlacementLabelIsText() throws {
        let text = """
        experiment: a4
        seed: 2024
        servers: [2, 3]
        requests: 200
        variants:
          - {name: "`k`", placement: jump}
          - {name: "*b* <i>x</i>", placement: {ring: {virtual_nodes: 160}}}
          - {name: "a|b", placement: rendezvous}
        """
        let experiment = try #require(try parseExperiment(text) as? A4Experiment)
        let markdown = try A4Experiment.run(experiment.spec).markdown(spec: experiment.spec)
        #expect(markdown.contains("""
            | placement        | definition                                                    |
            | ---------------- | ------------------------------------------------------------- |
            | \\`k\\`            | jump consistent hash (Lamping & Veach)                        |
            | \\*b\\* \\<i>x\\</i> | ketama-style ring, 160 virtual nodes per server (MurmurHash3) |
            | a\\|b             | rendezvous (highest random weight)                            |

            """))
        #expect(markdown.contains("""
            | placement        | N = 2 | N = 3 |
            | ---------------- | ----: | ----: |
            | \\`k\\`            | 1.050 | 1.080 |
            | \\*b\\* \\<i>x\\</i> | 1.020 | 1.110 |
            | a\\|b             | 1.000 | 1.065 |

            """))
        #expect(markdown.contains("| \\`k\\`            | adding node 3   | 33.29% | 33.33% |                 0 |\n"))
        #expect(markdown.contains("\n**\\`k\\`.** Keys are hashed over the whole 64-bit space"))
        #expect(markdown.contains("\n**\\*b\\* \\<i>x\\</i>.** Keys are hashed"))
        #expect(!markdown.contains("| `k`"))
    }
}
