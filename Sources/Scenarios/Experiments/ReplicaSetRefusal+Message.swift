import Reports
import Simulator

extension ReplicaSetRefusal {
    /// The refusal as the original's `<Error> …` message says it, its figures grouped as every
    /// number Orrery prints (`Cannot add 10,000 instances: … they need 90,000 free slots`; the
    /// Simulator's own text wrote `10000` and `90000`).
    var message: String {
        switch self {
        case .nonPositiveAdd: return "Number of new instances must be a positive integer"
        case .moreHostnamesThanAdded: return "Length of hostname list is more than newly added instances"
        case .repeatedHostname(let name): return "Hostname '\(name)' appears more than once in the request"
        case .alreadyReplica(let name): return "Hostname '\(name)' is already a replica"
        case .invalidHostname(let name): return "Hostname '\(name)' is not a valid replica hostname"
        case let .mapFull(adding, slotsEach, freeBefore, slotCount):
            let they = adding == 1 ? "it needs" : "they need"
            return Self.cannotAdd(adding) + "the hash map is full: \(they) \(NumberFormat.integer(adding * slotsEach)) free slots (\(NumberFormat.integer(slotsEach)) each) "
                + "but only \(NumberFormat.integer(freeBefore)) of \(NumberFormat.integer(slotCount)) are free"
        case let .placement(adding, error): return Self.cannotAdd(adding) + error.message
        case .nonPositiveRemove: return "Number of instances to remove must be a positive integer"
        case .moreHostnamesThanRemoved: return "Length of hostname list is more than removable instances"
        case let .tooFewReplicas(removing, existing):
            return "Cannot remove \(NumberFormat.counted(removing, "instance")): only \(NumberFormat.counted(existing, "replica")) \(existing == 1 ? "exists" : "exist")"
        case .notAReplica(let name): return "Hostname '\(name)' is not a replica"
        }
    }

    /// The original's answer to the refused operation: status 400, `{"message": "<Error> …", "status": "failure"}`.
    var reply: BalancerReply {
        BalancerReply(status: 400, body: AssignmentJSON.error(message))
    }

    /// `Cannot add 10,000 instances: `.
    private static func cannotAdd(_ count: Int) -> String {
        "Cannot add \(NumberFormat.counted(count, "instance")): "
    }
}
