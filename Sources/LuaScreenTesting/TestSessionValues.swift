import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenExplore

/// Session methods SPEC §11 adds for the kinds of value of §8: `inc`, `dec`, `why`, `help`.
extension TestFileRun {
    /// The verbs beyond select/set/navigation, each taking the session table first.
    static var valueVerbMethods: [(Verb, Method)] {
        [
            (.inc, { run, session, _, s in
                try SessionVerb.inc(row: try run.reference(s, .inc)).apply(to: session)
                return .results(0)
            }),
            (.dec, { run, session, _, s in
                try SessionVerb.dec(row: try run.reference(s, .dec)).apply(to: session)
                return .results(0)
            }),
            (.add, { run, session, _, s in
                let (ref, at) = run.optionalListReference(s, session, taking: 1)
                guard let text = s.string(at) else {
                    throw SessionError.refused("s:add(REF, text): text must be a string, got \(run.describeArgument(s, at))")
                }
                try SessionVerb.add(row: ref, text: text).apply(to: session)
                return .results(0)
            }),
            (.remove, { run, session, _, s in
                let (ref, at) = run.optionalListReference(s, session, taking: 1)
                try SessionVerb.remove(row: ref, at: try run.position(s, at, "remove(REF, n)")).apply(to: session)
                return .results(0)
            }),
            (.move, { run, session, _, s in
                let (ref, at) = run.optionalListReference(s, session, taking: 2)
                try SessionVerb.move(row: ref, from: try run.position(s, at, "move(REF, from, to)"),
                                     to: try run.position(s, at + 1, "move(REF, from, to)")).apply(to: session)
                return .results(0)
            }),
            (.action, { run, session, _, s in
                let ref = try run.reference(s, .action)
                guard let id = s.string(3) else {
                    throw SessionError.refused("s:action(REF, ID [, answer]): ID is the action's id, got \(run.describeArgument(s, 3))")
                }
                let answer: Bool
                switch s.type(4) {
                case .none, .nil_: answer = true
                case .boolean: answer = s.truth(4)
                default: throw SessionError.refused("s:action(REF, ID, answer): answer is true (yes) or false (no), got \(run.describeArgument(s, 4))")
                }
                try SessionVerb.action(row: ref, id: id, answer: answer).apply(to: session)
                return .results(0)
            }),
            (.actions, { run, session, _, s in
                let list = try session.actions(try run.reference(s, .actions))
                s.push(.array(list.map { .object([("id", .string($0.id)), ("text", .string($0.text)), ("destructive", .bool($0.destructive))]) }))
                return .results(1)
            }),
            (.why, { run, session, _, s in
                let ref = try run.reference(s, .why)
                s.push(try session.explainSymbol(ref)?.joined(separator: "\n") ?? (session.why(ref).formatted))
                return .results(1)
            }),
            (.help, { run, session, _, s in
                let ref = try run.reference(s, .help)
                s.push(try session.explainSymbol(ref)?.joined(separator: "\n") ?? (session.help(ref).formatted))
                return .results(1)
            }),
        ]
    }

    /// REF of a list edit and where the next argument is: REF may be left out on a list's
    /// screen (`s:add("text")`, `s:remove(2)`, `s:move(1, 3)`), seen by the argument count.
    func optionalListReference(_ s: borrowing LuaCall, _ session: Session, taking count: Int) -> (String?, Int) {
        let last = s.type(2 + count)
        if last == .none || last == .nil_ { return (nil, 2) }
        return (s.string(2) ?? s.integer(2).map { String($0) }, 3)
    }

    /// A position argument (a whole number).
    func position(_ s: borrowing LuaCall, _ index: Int, _ what: String) throws -> Int {
        guard let n = s.integer(index), abs(n) < Int64(Int32.max) else {
            throw SessionError.refused("s:\(what): positions are whole numbers from 1, got \(describeArgument(s, index))")
        }
        return Int(n)
    }
}
