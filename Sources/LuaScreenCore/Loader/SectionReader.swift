import LuaRuntime
import ScreenModel

/// Reading a section and its list of rows.
extension Validator {
    /// Reads a section and its rows (nil, reported, when it is not one).
    func readSection(_ t: Int32, position: Int, rowIDs: inout RowIDs) -> Section? {
        guard !reportIfVisiting(t) else { return nil }
        if let tag = typeTag(t), tag != "section" {
            if FieldNames.rowTypes.contains(tag) {
                report("a \(tag == "text" ? "row" : tag) where a section is expected: put rows inside section { ... }")
            } else {
                report("expected a section, got a \(tag) table", code: .wrongType)
            }
            return nil
        }
        guard enter(t) else { return nil }
        defer { leave(t) }
        var id: String?
        var header: String?
        var footer: String?
        var headerFunction: ScriptRef?
        var footerFunction: ScriptRef?
        var visible: Dynamic<Bool> = .value(true)
        var rowsField = false
        var platform = PlatformKeys()
        let location = currentLocation
        let arrayCount = forEachField(t, what: "section") { key in
            switch key {
            case "type": break
            case "id": id = string(key)
            case "header":
                if stack.type(at: -1) == .function { headerFunction = reference() } else { header = dynamicString(key)?.value }
            case "footer":
                if stack.type(at: -1) == .function { footerFunction = reference() } else { footer = dynamicString(key)?.value }
            case "visible": if let v = dynamicBool(key) { visible = v }
            case "rows":
                rowsField = true
                if stack.type(at: -1) != .table { typeError(key, expected: "a list of rows") }
            case "ios": platform.ios = platformTable(key, at: -1) ?? []
            case "android": platform.android = platformTable(key, at: -1) ?? []
            default: unknownField(key, allowed: FieldNames.section)
            }
        }
        if rowsField, arrayCount > 0 {
            report("rows are given both in \"rows\" and in the array part; use one of them", field: "rows")
        }
        var section = Section(id: id ?? header.map(slug).flatMap { $0.isEmpty ? nil : $0 } ?? "section\(position)",
                              header: header, footer: footer, visible: visible, location: location)
        section.headerFunction = headerFunction
        section.footerFunction = footerFunction
        section.platform = platform
        if rowsField {
            if stack.rawGet(t, "rows") == .table {
                let list = stack.absolute(-1)
                withPath(.field("rows")) {
                    section.rows = readRows(list, count: stack.rawLength(list), rowIDs: &rowIDs)
                }
            }
            stack.pop()
        } else {
            withPath(.field("rows")) {
                section.rows = readRows(t, count: arrayCount, rowIDs: &rowIDs)
            }
        }
        section.visibility = VisibilitySummary(section.rows)
        return section
    }

    /// Reads the first `count` rows of a list, sharing one set of field slots.
    func readRows(_ list: Int32, count: Int, rowIDs: inout RowIDs) -> [Row] {
        var rows: [Row] = []
        guard count > 0 else { return rows }
        rows.reserveCapacity(count)
        rowIDs.reserveCapacity(rowIDs.count + count)
        // One set of field slots serves every row of the list.
        let slots = stack.top
        stack.ensure(RowField.slotCount + 24)
        stack.top = slots + RowField.slotCount
        defer { stack.top = slots }
        // The path's last component is the row's index, rewritten in place for each row.
        path.append(.index(0))
        let last = path.count - 1
        defer { path.removeLast() }
        var i = 0
        while i < count {
            i += 1
            stack.rawGet(list, index: i)
            path[last] = .index(i)
            if stack.type(at: -1) == .table {
                if let row = readRow(stack.top, position: rowIDs.count + 1, rowIDs: &rowIDs, slots: slots) {
                    rows.append(row)
                }
            } else if stack.type(at: -1) != .nil_ {
                typeError("", expected: "a row table")
            }
            stack.pop()
        }
        return rows
    }
}
