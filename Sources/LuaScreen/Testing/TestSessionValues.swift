import LuaRuntime
import ScreenModel

/// Session methods SPEC §11 adds for the kinds of value of §8: `inc`, `dec`, `why`, `help`.
extension TestFileRun {
    /// The methods beyond select/set/navigation, each taking the session table first.
    static var valueSessionMethods: [(String, Method)] {
        [
            ("inc", { run, session, _, s in
                try session.increment(try run.reference(s, "inc"))
                return .results(0)
            }),
            ("dec", { run, session, _, s in
                try session.decrement(try run.reference(s, "dec"))
                return .results(0)
            }),
            ("why", { run, session, _, s in
                s.push(try session.why(try run.reference(s, "why")))
                return .results(1)
            }),
            ("help", { run, session, _, s in
                s.push(try session.help(try run.reference(s, "help")))
                return .results(1)
            }),
        ]
    }
}
