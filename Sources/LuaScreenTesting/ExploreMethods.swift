import LuaRuntime
import LuaScreenCore
import ScreenModel
import LuaScreenExplore

extension TestFileRun {
    /// Session methods the tests that `luascreen explore --out` writes use: `s:reset(REF)`,
    /// `s:reset_all()` (the REPL's `reset REF`, `reset all`) and `s:check()`, which runs the
    /// explorer's checks on the current state and raises the first failure.
    static var exploreMethods: [(String, Method)] {
        [
            ("reset", { run, session, _, s in
                try SessionVerb.reset(row: try run.reference(s, "reset")).apply(to: session)
                return .results(0)
            }),
            ("reset_all", { _, session, _, _ in
                try SessionVerb.resetAll.apply(to: session)
                return .results(0)
            }),
            ("check", { _, session, _, _ in
                if let failure = ExploreChecker(reuse: false).check(session, after: .done) {
                    throw SessionError(.script, "explore check failed: \(failure)")
                }
                return .results(0)
            }),
        ]
    }
}
