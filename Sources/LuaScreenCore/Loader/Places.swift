import LuaRuntime
import ScreenModel

/// Where the validator is: the path of fields and indexes, the place (file:line) of each
/// table being read and the calls that led to it, the tables being read (a cycle shows
/// there), and reporting a diagnostic at that place.
extension Validator {
    /// The place of the table being read: its file and line, if known.
    var place: (file: String, line: Int?) {
        guard let p = places.last else { return (file, nil) }
        return (files[Int(p.file)], p.line > 0 ? Int(p.line) : nil)
    }

    /// The index of a file's name in `files`, adding it the first time.
    func fileIndex(_ name: String) -> Int32 {
        if let i = files.firstIndex(of: name) { return Int32(i) }
        files.append(name)
        return Int32(files.count - 1)
    }

    /// Pushes the place of the table when a constructor recorded one; false (and nothing
    /// pushed) for a plain table, whose place is its parent's.
    func pushPlaceIfRecorded(of t: borrowing LuaTableView) -> Bool {
        guard lua.constructorsRecordedPlaces else { return false }
        pushPlace(of: t)
        return true
    }

    /// The place of the table: the line its constructor recorded, else its parent's.
    func pushPlace(of t: borrowing LuaTableView) {
        let (line, source) = t.constructorPlace
        guard line > 0 else {
            places.append(places.last ?? Place(file: fileIndex(file), line: 0, chain: 0))
            return
        }
        var f: Int32
        if let source {
            if let last = lastSource, last.pointer == source {
                f = last.file
            } else {
                f = fileIndex(luaChunkPath(String(cString: source)))
                lastSource = (source, f)
            }
        } else {
            f = places.last?.file ?? fileIndex(file)
        }
        let callers = t.constructorCallers
        if callers.isEmpty {
            places.append(Place(file: f, line: line, chain: 0))
        } else {
            places.append(Place(file: f, line: line, chain: Int32(callChains.count)))
            callChains.append(callers.map { SourceLocation(file: $0.file, line: $0.line) })
        }
    }


    /// The fields a row is named by in diagnostics' paths, in the order tried (`givenName`).
    static let rowNameFields: [RowField] = [.id, .key]

    /// The id (else the key) the script gave the row read at path component `component`.
    func givenName(ofRowAt component: Int) -> String? {
        guard let row = rowNames.last(where: { $0.component == component }) else { return nil }
        for field in Self.rowNameFields where row.present.pointee & field.bit != 0 {
            if let name = row.slots[field.rawValue].string {
                return name.count > 60 ? String(name.prefix(60)) + "…" : name
            }
        }
        return nil
    }

    /// The path as diagnostics show it (`screens[1].sections[2]`), with `extra` appended.
    func pathString(_ extra: String? = nil) -> String {
        var out = ""
        for (n, component) in path.enumerated() {
            let index: Int
            switch component {
            case .field(let name):
                out += out.isEmpty ? name : "." + name
                continue
            case .index(let i): index = i
            case .row(let cell): index = cell.pointee
            }
            out += "[\(index)]"
            // Rows built by a helper share the helper's line: name them by id or key.
            if places.last?.chain ?? 0 != 0, let name = givenName(ofRowAt: n) { out += "(\(name))" }
        }
        if let extra, !extra.isEmpty { out += out.isEmpty ? extra : "." + extra }
        return out
    }

    /// Reports a problem at the current place and path (plus `field`); `code` nil: the
    /// general code of its severity and place (`DiagnosticCode.general`).
    func report(_ message: String, field: String? = nil, severity: Diagnostic.Severity = .error, code: DiagnosticCode? = nil,
                subject: String? = nil, suggestion: String? = nil) {
        let (f, l) = place
        diagnostics.append(Diagnostic(severity, file: f, line: l, path: pathString(field), message: message,
                                      calledFrom: callChains[Int(places.last?.chain ?? 0)], code: code,
                                      subject: subject, suggestion: suggestion))
    }

    /// Reports a value of the wrong type, showing what it is.
    func typeError(_ field: String, expected: String, at v: borrowing LuaValueView) {
        let actual = v.type
        var shown = actual.name
        if actual == .number, let n = v.number { shown += " (\(StoreValue.format(n)))" }
        if actual == .string, let s = v.string { shown += " (\"\(s.prefix(40))\")" }
        report("expected \(expected), got \(shown)", field: field, code: .wrongType)
    }

    /// Runs `body` with `component` appended to the path.
    func withPath<T>(_ component: PathComponent, _ body: () -> T) -> T {
        path.append(component)
        defer { path.removeLast() }
        return body()
    }

    /// Enters the table: its own place (a constructor's line) or its parent's.
    /// Returns false (and reports) when the table is already being read: it contains itself.
    func enter(_ t: borrowing LuaTableView) -> Bool {
        guard let pointer = t.pointer else { return false }
        if visiting.contains(pointer) {
            reportCycle()
            return false
        }
        visiting.append(pointer)
        pushPlace(of: t)
        return true
    }

    /// Runs `body` with the rows read in `slots` named, in diagnostics' paths, at the path's
    /// last component (by their id or key: `givenName`, reading the fields `body`'s cell says
    /// the row gave).
    func withRowNames<T>(_ slots: LuaSlots, _ body: (UnsafeMutablePointer<UInt64>) -> T) -> T {
        let present = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        present.initialize(to: 0)
        rowNames.append((path.count - 1, slots, present))
        defer {
            rowNames.removeLast()
            present.deallocate()
        }
        return body(present)
    }

    /// Forgets the id and key of the row `list` names in diagnostics (`withRowNames`), before
    /// a diagnostic about a list item read without them.
    func forgetRowName(_ list: ListRead) {
        list.present.pointee = 0
    }

    /// Whether the table is already being read (it contains itself), among `tables` (a copy
    /// of `visiting` taken by the caller) or else `visiting`.
    func isVisiting(_ t: borrowing LuaTableView, among tables: [UnsafeRawPointer]? = nil) -> Bool {
        guard let pointer = t.pointer else { return false }
        return (tables ?? visiting).contains(pointer)
    }

    /// Reports a table that is already being read (it contains itself).
    func reportIfVisiting(_ t: borrowing LuaTableView) -> Bool {
        guard isVisiting(t) else { return false }
        reportCycle()
        return true
    }

    /// Reports the table being read as one that contains itself.
    func reportCycle() {
        report("this table contains itself (a cycle of tables); a screen can only be reached again by its id, e.g. push = \"id\"", code: .cycle)
    }

    /// Leaves the table entered.
    func leave(_ t: borrowing LuaTableView) {
        if let pointer = t.pointer, let i = visiting.lastIndex(of: pointer) { visiting.remove(at: i) }
        places.removeLast()
    }

    /// The current place as a source location, when it has a line.
    var currentLocation: SourceLocation? { location(of: places.last) }

    /// A place as a source location, when it has a line.
    func location(of place: Place?) -> SourceLocation? {
        guard let p = place, p.line > 0 else { return nil }
        return SourceLocation(file: files[Int(p.file)], line: Int(p.line))
    }
}
