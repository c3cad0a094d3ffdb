import LuaRuntime
import ScreenModel

/// Reading a choice's list of options.
extension Validator {
    /// Reads a list of options: strings (or numbers, booleans), or { value =, text = } tables.
    func readOptions(_ list: borrowing LuaTableView, field: String) -> [ChoiceOption]? {
        var options: [ChoiceOption] = []
        var ok = true
        let count = list.count
        withPath(.field(field)) {
            if count == 0 {
                report("the options list is empty; a choice needs at least one option")
                ok = false
                return
            }
            list.forEachArrayItem(upTo: count) { i, item in
                path.append(.index(i))
                if let value = storeValue(at: item) {
                    options.append(ChoiceOption(value: value, text: value.description))
                } else if item.type == .table {
                    var value: StoreValue?
                    var text: String?
                    var short: String?
                    var symbol: SymbolDefinition?
                    var isSymbol = false
                    var typed = false
                    _ = item.table { t in
                        forEachField(t, what: "option") { key, field in
                            switch key {
                            case "value":
                                value = storeValue(at: field)
                                if value == nil { typeError(key, expected: "a string, number or boolean", at: field) }
                            case "text": text = string(key, at: field)
                            case "short": short = string(key, at: field)
                            default:
                                if !readOptionSymbolField(key, field, into: &symbol, isSymbol: &isSymbol, typed: &typed) {
                                    unknownField(key, allowed: ["value", "text", "short", "symbol", "depends", "prompt_if", "select", "imply", "help", "kind"])
                                }
                            }
                        }
                    }
                    if let value {
                        options.append(ChoiceOption(value: value, text: text ?? value.description, short: short))
                        if isSymbol, var d = symbol {
                            // A choice's option that is a bool symbol (docs/dependencies.md).
                            d.name = value.description
                            d.prompt = text ?? value.description
                            registry.symbols.pendingOptions.append((d, typed))
                        }
                    } else {
                        report("an option table needs a value: { value = \"x\", text = \"Shown\" }")
                        ok = false
                    }
                } else {
                    typeError("", expected: "a string or a { value =, text = } table", at: item)
                    ok = false
                }
                path.removeLast()
            }
            // Numbers by value (5 == 5.0), as sameValue: a set, not a scan (100,000 options).
            var seen = Set<StoreValue>()
            for (i, option) in options.enumerated() {
                let key = option.value.doubleValue.map { StoreValue.number($0) } ?? option.value
                if !seen.insert(key).inserted {
                    path.append(.index(i + 1))
                    report("duplicate option \"\(option.value)\"", code: .duplicate)
                    path.removeLast()
                    ok = false
                }
            }
        }
        return ok ? options : nil
    }
}
