import LuaRuntime
import ScreenModel

/// Reading an app's `strings` (SPEC §9): a table of locale → { text = translation }, or the
/// name of a folder beside the script holding `LANG.lua` files.
extension Validator {
    /// Reads the `strings` field; reports what is wrong and keeps the rest.
    func readStrings(_ v: borrowing LuaValueView) -> Translations? {
        switch v.type {
        case .string:
            guard let folder = v.string else { return nil }
            guard Translations.isFolderName(folder) else {
                report("strings must name a folder beside the script (letters, digits, '_', '-'; no '/' or '..'), got \"\(folder.prefix(200))\"", field: "strings", code: .wrongType)
                return nil
            }
            return Translations(folder: folder)
        case .table:
            var tables: [String: [String: String]] = [:]
            _ = v.table { t in
                t.forEachPair { key, value in
                    if key.type == .string, let locale = key.string {
                        if let table = readStringTable(value, what: "strings.\(locale.prefix(200))") {
                            tables[locale] = table
                        }
                    } else {
                        report("each key of strings is a locale name such as \"de\" or \"pt_BR\", got a \(key.type.name)", field: "strings", code: .wrongType)
                    }
                }
            }
            return Translations(tables: tables)
        default:
            report("expected a table of locales ({ de = { [\"Settings\"] = \"Einstellungen\" } }) or a folder name, got \(v.type.name)", field: "strings", code: .wrongType)
            return nil
        }
    }

    /// Reads `untranslated`: a list of texts shown as written in every locale (names,
    /// brands), which `check --locale` does not ask to translate.
    func readUntranslated(_ v: borrowing LuaValueView) -> Set<String> {
        var texts = Set<String>()
        let isTable: Void? = v.table { t in
            t.forEachArrayItem { i, item in
                if let text = string("untranslated[\(i)]", at: item) { texts.insert(text) }
            }
        }
        guard isTable != nil else {
            typeError("untranslated", expected: "a list of strings ({ \"GitHub\", \"Ada Lovelace\" })", at: v)
            return []
        }
        return texts
    }

    /// One locale's table: text → translation, both strings. Nil (reported) when it is not a
    /// table; other entries are reported and skipped.
    func readStringTable(_ v: borrowing LuaValueView, what: String) -> [String: String]? {
        let read = v.table { t -> [String: String] in
            var table: [String: String] = [:]
            t.forEachPair { key, value in
                if key.type == .string, value.type == .string, let source = key.string, let shown = value.string {
                    table[source] = shown
                } else {
                    report("each entry is [\"text\"] = \"translation\" (two strings), got a \(key.type.name) key and a \(value.type.name) value", field: what, code: .wrongType)
                }
            }
            return table
        }
        if read == nil { report("expected a table of text = translation, got \(v.type.name)", field: what, code: .wrongType) }
        return read
    }
}

extension Translations {
    /// A folder name `strings` may give: one plain path component.
    static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." &&
            name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}
