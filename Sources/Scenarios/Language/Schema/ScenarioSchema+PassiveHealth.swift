import Simulator

/// `balancer.passive_health:`, nginx's passive health.
extension ScenarioSchema {
    /// `passive_health:`.
    static let passiveHealth = SchemaObject([
        .optional("max_fails", .count(atLeast: 0), "Failures that mark a server down; 0 switches it off; default 1. Ignored, as by nginx, when the balancer has a single server (one primary, no backup).", default: .integer(PassiveHealth.nginxDefault.maxFails)),
        .optional("fail_timeout", failTimeout, "Window of the failures, and how long the server stays down: a whole number of seconds in s or a larger unit (nginx parses it in seconds and counts it, and its clock, in whole seconds; 1.5s and 2000ms are refused), at least 1s; default 10s.", default: .duration(PassiveHealth.nginxDefault.failTimeout)),
    ])

    /// `fail_timeout`, as ``ScenarioLoader/parsePassiveHealth(_:)`` reads it: a whole number of
    /// seconds, at least 1, written in `s` or a larger unit. A plain `positive_duration` let an
    /// editor accept `0.5`, `1500ms` and `.5ms`, which `orrery validate` refuses.
    ///
    /// A number of seconds, or one written in `s`, must be whole (`2`, `2.0`, `2s`; an exponent is
    /// let through, `1.5e1s` being 15 s). In `min`, `m`, `h` or `d` any number is let through:
    /// whether `0.01min` is whole seconds is the loader's to say (README lists it among what the
    /// schema cannot express).
    static let failTimeout: SchemaNode = {
        let digits = DecimalText.digitsPattern
        // As `SchemaNode.duration`'s patterns: no `017` without a unit (their own lookahead), a
        // digit above zero, `+` only.
        let noLeadingZero = SchemaNode.noLeadingZero
        let positive = "[+]?(?=[0-9_.]*[1-9])"
        let wholeSeconds = "(\(digits)(\\.(0(_?0)*)?)?|(\(digits)(\\.(\(digits))?)?|\\.\(digits))[eE][+-]?[0-9]+) *s?"
        let largerUnit = "\(DecimalText.unsignedPattern) *(min|m|h|d)"
        return .named("whole_seconds", summary: "A whole number of seconds, at least 1, written in s or a larger unit (min, m, h, d) or as a number of seconds: 10s, 2m, 1h, 30; at most 100 years.", .anyOf([
            .wholeNumber(minimum: 1, maximum: Int(YAMLCursor.maximumSeconds)),
            .text(pattern: "^\(noLeadingZero) *\(positive)(\(wholeSeconds)|\(largerUnit)) *$"),
        ]))
    }()
}
