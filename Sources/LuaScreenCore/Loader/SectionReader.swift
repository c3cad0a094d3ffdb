import LuaRuntime
import ScreenModel

/// Reading a section and its list of rows.
extension Validator {
    /// Reads a section and its rows (nil, reported, when it is not one).
    func readSection(_ t: borrowing LuaTableView, position: Int, rowIDs: inout RowIDs) -> Section? {
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
        let arrayCount = forEachField(t, what: "section") { key, value in
            switch key {
            case "type": break
            case "id": id = string(key, at: value)
            case "header":
                if value.type == .function { headerFunction = reference(at: value) } else { header = dynamicString(key, at: value)?.value }
            case "footer":
                if value.type == .function { footerFunction = reference(at: value) } else { footer = dynamicString(key, at: value)?.value }
            case "visible": if let v = dynamicBool(key, at: value) { visible = v }
            case "rows":
                rowsField = true
                if value.type != .table { typeError(key, expected: "a list of rows", at: value) }
            case "ios": platform.ios = platformTable(key, at: value) ?? []
            case "android": platform.android = platformTable(key, at: value) ?? []
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
            _ = t.table("rows") { list in
                withPath(.field("rows")) {
                    section.rows = readRows(list, count: list.count, rowIDs: &rowIDs)
                }
            }
        } else {
            withPath(.field("rows")) {
                section.rows = readRows(t, count: arrayCount, rowIDs: &rowIDs)
            }
        }
        section.visibility = VisibilitySummary(section.rows)
        return section
    }

    /// Reads the first `count` rows of a list, sharing one set of field slots.
    func readRows(_ list: borrowing LuaTableView, count: Int, rowIDs: inout RowIDs) -> [Row] {
        var rows: [Row] = []
        guard count > 0 else { return rows }
        rows.reserveCapacity(count)
        rowIDs.reserveCapacity(rowIDs.count + count)
        // The path's last component is the row's index, written in its cell for each row (not
        // in `path`: a write to the validator's property is checked for exclusive access).
        let index = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        index.initialize(to: 0)
        path.append(.row(index))
        defer {
            path.removeLast()
            index.deallocate()
        }
        // One set of field slots serves every row of the list.
        lua.withSlots(RowField.slotCount) { slots in
            withRowNames(slots) { present in
                let listRead = ListRead(slots: slots, present: present, visiting: visiting, place: places.last)
                list.forEachArrayItem(upTo: count) { i, item in
                    index.pointee = i
                    if let row = item.table({ readRow($0, position: rowIDs.count + 1, rowIDs: &rowIDs, list: listRead) }) {
                        if let row { rows.append(row) }
                    } else if !item.isNil {
                        forgetRowName(listRead)
                        typeError("", expected: "a row table", at: item)
                    }
                }
            }
        }
        return rows
    }
}
