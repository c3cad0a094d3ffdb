import LuaRuntime
import ScreenModel

extension Session {
    /// Warnings found while loading (things that work but look wrong).
    public var loadWarnings: [Diagnostic] { script.diagnostics.filter { $0.severity == .warning } }

    /// Evaluates every field function of every screen against the current values (for
    /// `check` and `dump`, against the defaults), and reports each failure as a diagnostic
    /// at the line Lua names.
    /// Also records the store keys each function read (`fieldReads`), for the key-typo warnings
    /// of keys a script computes (`ctx.store[s.depends]`).
    public func evaluationProblems() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        tracking.fieldReads = []
        /// Runs one field function's evaluation, keeping the keys it read.
        func reading<T>(_ what: String, of row: Row?, section: Section, _ body: () -> T) -> T {
            tracking.readLog = []
            defer {
                for read in tracking.readLog ?? [] {
                    tracking.fieldReads.append(FieldRead(key: read.key, what: what, row: row, section: section))
                }
                tracking.readLog = nil
            }
            return body()
        }
        /// `code`: the kind when the field says it (a failing `options` function), else read from the error's text.
        func add(_ error: SessionError, path: String, at location: SourceLocation?, code: DiagnosticCode? = nil) {
            let lua = LuaError(kind: .runtime, message: error.message)
            var d: Diagnostic
            if let place = lua.location {
                d = Diagnostic.ofErrorText(file: place.file, line: place.line, path: path, message: lua.text)
            } else {
                d = Diagnostic.ofErrorText(file: location?.file ?? scriptPath, line: location?.line, path: path, message: error.message)
            }
            if let code, d.code != .budget, d.code != .memory { d.code = code }
            problems.append(d)
        }
        for screen in registry.screens {
            let prefix = screen.id == app.root && registry.screens.count == 1 ? "" : "screen \(screen.id)."
            navigation.append(liveScreen(for: screen))
            lua.beginAction()  // one screen, one budget
            defer {
                lua.endAction()
                navigation.removeLast()
            }
            let (sections, sectionsError) = self.sections(of: navigation.last!)
            if let sectionsError {
                problems.append(Diagnostic.ofErrorText(file: screen.location?.file ?? scriptPath, line: screen.location?.line,
                                                    path: prefix + "sections", message: sectionsError))
            }
            for (si, section) in sections.enumerated() {
                let sectionPath = "\(prefix)sections[\(si + 1)]"
                if case .failure(let e) = reading("visible", of: nil, section: section, { evalBool(section.visible, row: nil, what: "visible") }) {
                    add(e, path: sectionPath + ".visible", at: section.location)
                }
                // (asked in place: a row is copied only when it has a function to run)
                for ri in section.rows.indices where section.rows[ri].hasFieldFunctions {
                    let row = section.rows[ri]
                    let rowPath = "\(sectionPath).rows[\(ri + 1)]"
                    if case .function = row.text, let e = failure(reading("text", of: row, section: section, { evalString(row.text, row: row, what: "text") })) {
                        add(e, path: rowPath + ".text", at: row.location)
                    }
                    if case .function? = row.detail, let d = row.detail,
                       let e = failure(reading("detail", of: row, section: section, { evalString(d, row: row, what: "detail") })) {
                        add(e, path: rowPath + ".detail", at: row.location)
                    }
                    if case .function = row.enabled, let e = failure(reading("enabled", of: row, section: section, { evalBool(row.enabled, row: row, what: "enabled") })) {
                        add(e, path: rowPath + ".enabled", at: row.location)
                    }
                    if case .function = row.visible, let e = failure(reading("visible", of: row, section: section, { evalBool(row.visible, row: row, what: "visible") })) {
                        add(e, path: rowPath + ".visible", at: row.location)
                    }
                    if row.kind == .choice, case .function? = row.binding?.options, let binding = row.binding {
                        switch reading("options", of: row, section: section, { options(of: row) }) {
                        case .failure(let e):
                            add(e, path: rowPath + ".options", at: row.location, code: .optionsFailed)
                        case .success(let options):
                            if !options.contains(where: { $0.value.sameValue(as: binding.defaultValue) }),
                               binding.defaultValue != .string("") {
                                problems.append(Diagnostic(file: row.location?.file ?? scriptPath, line: row.location?.line,
                                                           path: rowPath + ".default",
                                                           message: "the default \"\(binding.defaultValue)\" is not among the options the function returns",
                                                           code: .badDefault))
                            }
                        }
                    }
                }
            }
        }
        return problems
    }

    private func failure<T>(_ result: Result<T, SessionError>) -> SessionError? {
        if case .failure(let e) = result { return e }
        return nil
    }
}
