import LuaRuntime
import ScreenModel

extension Session {
    /// Warnings found while loading (things that work but look wrong).
    public var loadWarnings: [Diagnostic] { validator.diagnostics.filter { $0.severity == .warning } }

    /// Evaluates every field function of every screen against the current values (for
    /// `check` and `dump`, against the defaults), and reports each failure as a diagnostic
    /// at the line Lua names.
    public func evaluationProblems() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func add(_ error: SessionError, path: String, at location: SourceLocation?) {
            let lua = LuaError(kind: .runtime, message: error.message)
            if let place = lua.location {
                problems.append(Diagnostic(file: place.file, line: place.line, path: path, message: lua.text))
            } else {
                problems.append(Diagnostic(file: location?.file ?? scriptPath, line: location?.line, path: path, message: error.message))
            }
        }
        for screen in validator.screens {
            let prefix = screen.id == app.root && validator.screens.count == 1 ? "" : "screen \(screen.id)."
            navigation.append(liveScreen(for: screen))
            defer { navigation.removeLast() }
            let (sections, sectionsError) = self.sections(of: navigation.last!)
            if let sectionsError {
                problems.append(Diagnostic(file: screen.location?.file ?? scriptPath, line: screen.location?.line,
                                           path: prefix + "sections", message: sectionsError))
            }
            for (si, section) in sections.enumerated() {
                let sectionPath = "\(prefix)sections[\(si + 1)]"
                if case .failure(let e) = evalBool(section.visible, row: nil, what: "visible") {
                    add(e, path: sectionPath + ".visible", at: section.location)
                }
                for (ri, row) in section.rows.enumerated() {
                    let rowPath = "\(sectionPath).rows[\(ri + 1)]"
                    let checks: [(String, () -> SessionError?)] = [
                        ("text", { self.failure(self.evalString(row.text, row: row, what: "text")) }),
                        ("detail", { row.detail.flatMap { self.failure(self.evalString($0, row: row, what: "detail")) } }),
                        ("enabled", { self.failure(self.evalBool(row.enabled, row: row, what: "enabled")) }),
                        ("visible", { self.failure(self.evalBool(row.visible, row: row, what: "visible")) }),
                        ("options", { row.kind == .choice ? self.failure(self.options(of: row)) : nil }),
                    ]
                    for (field, check) in checks {
                        if let error = check() { add(error, path: "\(rowPath).\(field)", at: row.location) }
                    }
                    if row.kind == .choice, case .function? = row.binding?.options,
                       case .success(let options) = self.options(of: row), let binding = row.binding,
                       !options.contains(where: { $0.value.sameValue(as: binding.defaultValue) }),
                       binding.defaultValue != .string("") {
                        problems.append(Diagnostic(file: row.location?.file ?? scriptPath, line: row.location?.line,
                                                   path: rowPath + ".default",
                                                   message: "the default \"\(binding.defaultValue)\" is not among the options the function returns"))
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
