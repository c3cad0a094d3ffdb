import LuaRuntime
import ScreenModel

/// Reading a row's `actions`.
extension Validator {
    /// A row's `actions = { { id =, text =, destructive =, confirm =, on_select = }, ... }`.
    func readActions(at index: Int32) -> [RowAction] {
        guard stack.type(at: index) == .table else {
            typeError("actions", expected: "a list of { text =, on_select = } tables", at: index)
            return []
        }
        let list = stack.absolute(index)
        let count = stack.rawLength(list)
        var actions: [RowAction] = []
        var ids = Set<String>()
        withPath(.field("actions")) {
            guard count > 0 else { return }
            for i in 1...count {
                stack.rawGet(list, index: i)
                defer { stack.pop() }
                path.append(.index(i))
                defer { path.removeLast() }
                guard stack.type(at: -1) == .table else {
                    typeError("", expected: "a { text =, on_select = } table")
                    continue
                }
                var id: String?
                var text: String?
                var destructive = false
                var confirm: Dynamic<String>?
                var onSelect: ScriptRef?
                var textSlug: String?
                _ = forEachField(-1, what: "action") { key in
                    switch key {
                    case "id": id = string(key)
                    case "text":
                        text = string(key)
                        textSlug = stack.slug(at: -1)
                    case "destructive": destructive = bool(key) ?? false
                    case "confirm": confirm = dynamicString(key)
                    case "on_select": onSelect = function(key)
                    default: unknownField(key, allowed: FieldNames.action)
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
