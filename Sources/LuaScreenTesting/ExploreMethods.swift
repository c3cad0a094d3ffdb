import LuaRuntime
import LuaScreenCore
import ScreenModel
import LuaScreenExplore

extension TestFileRun {
    /// The verbs the tests that `luascreen explore --out` writes use: the REPL's `reset REF`
    /// and `reset all`.
    static var resetVerbMethods: [(Verb, Method)] {
        [
            (.reset, { run, session, _, s in
                try SessionVerb.reset(row: try run.reference(s, .reset)).apply(to: session)
                return .results(0)
            }),
            (.resetAll, { _, session, _, _ in
                try SessionVerb.resetAll.apply(to: session)
                return .results(0)
            }),
        ]
    }

    /// `s:check()`, which runs the explorer's checks on the current state and raises the
    /// first failure.
    static var exploreMethods: [(String, Method)] {
        [
            ("check", { _, session, _, _ in
                if let failure = ExploreChecker(reuse: false).check(session, after: .done) {
                    throw SessionError(.script, "explore check failed: \(failure)")
                }
                return .results(0)
            }),
        ]
    }
}
