import LuaRuntime
import ScreenModel

/// Reading a row's `actions`.
extension Validator {
    /// A row's `actions = { { id =, text =, destructive =, confirm =, on_select = }, ... }`.
    func readActions(at v: borrowing LuaValueView) -> [RowAction] {
        guard v.type == .table else {
            typeError("actions", expected: "a list of { text =, on_select = } tables", at: v)
            return []
        }
        return v.table { list in readActions(list) } ?? []
    }

    /// The actions of a list of action tables.
    private func readActions(_ list: borrowing LuaTableView) -> [RowAction] {
        var actions: [RowAction] = []
        var ids = Set<String>()
        withPath(.field("actions")) {
            list.forEachArrayItem { i, item in
                path.append(.index(i))
                defer { path.removeLast() }
                guard item.type == .table else {
                    typeError("", expected: "a { text =, on_select = } table", at: item)
                    return
                }
                var id: String?
                var text: String?
                var destructive = false
                var confirm: Dynamic<String>?
                var onSelect: ScriptRef?
                var textSlug: String?
                _ = item.table { t in
                    forEachField(t, what: "action") { key, value in
                        switch key {
                        case "id": id = string(key, at: value)
                        case "text":
                            text = string(key, at: value)
                            textSlug = value.slug
                        case "destructive": destructive = bool(key, at: value) ?? false
                        case "confirm": confirm = dynamicString(key, at: value)
                        case "on_select": onSelect = function(key, at: value)
                        default: unknownField(key, allowed: FieldNames.action)
                        }
                    }
                }
                if text == nil { report("missing required field \"text\" (what the action is called)", code: .missingField) }
                if onSelect == nil { report("missing required field \"on_select\" (what the action does)", code: .missingField) }
                let actionID = id ?? textSlug ?? "action\(i)"
                if !ids.insert(actionID).inserted {
                    report("duplicate action id \"\(actionID)\" in this row; give one of them an id", field: id == nil ? nil : "id", code: .duplicate)
                }
                if let text, let onSelect {
                    actions.append(RowAction(id: actionID, text: text, destructive: destructive, confirm: confirm, onSelect: onSelect))
                }
            }
        }
        return actions
    }
}
