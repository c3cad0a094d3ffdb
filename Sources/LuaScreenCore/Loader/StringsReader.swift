import LuaRuntime
import ScreenModel

/// Reading an app's `strings` (SPEC §9): a table of locale → { text = translation }, or the
/// name of a folder beside the script holding `LANG.lua` files.
extension Validator {
    /// Reads the `strings` field on top of the stack; reports what is wrong and keeps the rest.
    func readStrings() -> Translations? {
        switch stack.type(at: -1) {
        case .string:
            guard let folder = stack.string(at: -1) else { return nil }
            guard Translations.isFolderName(folder) else {
                report("strings must name a folder beside the script (letters, digits, '_', '-'; no '/' or '..'), got \"\(folder.prefix(200))\"", field: "strings", code: .wrongType)
                return nil
            }
            return Translations(folder: folder)
        case .table:
            let t = stack.absolute(-1)
            var tables: [String: [String: String]] = [:]
            stack.ensure(8)
            stack.pushNil()
            while stack.next(t) {
                if stack.type(at: -2) == .string, let locale = stack.string(at: -2) {
                    if let table = readStringTable(at: -1, what: "strings.\(locale.prefix(200))") {
                        tables[locale] = table
                    }
                } else {
                    report("each key of strings is a locale name such as \"de\" or \"pt_BR\", got a \(stack.type(at: -2).name)", field: "strings", code: .wrongType)
                }
                stack.pop()
            }
            return Translations(tables: tables)
        default:
            report("expected a table of locales ({ de = { [\"Settings\"] = \"Einstellungen\" } }) or a folder name, got \(stack.type(at: -1).name)", field: "strings", code: .wrongType)
            return nil
        }
    }

    /// Reads `untranslated` on top of the stack: a list of texts shown as written in every
    /// locale (names, brands), which `check --locale` does not ask to translate.
    func readUntranslated() -> Set<String> {
        guard stack.type(at: -1) == .table else {
            typeError("untranslated", expected: "a list of strings ({ \"GitHub\", \"Ada Lovelace\" })")
            return []
        }
        let t = stack.absolute(-1)
        var texts = Set<String>()
        let count = stack.rawLength(t)
        if count > 0 {
            for i in 1...count {
                stack.rawGet(t, index: i)
                if let text = string("untranslated[\(i)]") { texts.insert(text) }
                stack.pop()
            }
        }
        return texts
    }

    /// One locale's table at `index`: text → translation, both strings. Nil (reported) when it
    /// is not a table; other entries are reported and skipped.
    func readStringTable(at index: Int32, what: String) -> [String: String]? {
        guard stack.type(at: index) == .table else {
            report("expected a table of text = translation, got \(stack.type(at: index).name)", field: what, code: .wrongType)
            return nil
        }
        let t = stack.absolute(index)
        var table: [String: String] = [:]
        stack.pushNil()
        while stack.next(t) {
            if stack.type(at: -2) == .string, stack.type(at: -1) == .string,
               let source = stack.string(at: -2), let shown = stack.string(at: -1) {
                table[source] = shown
            } else {
                report("each entry is [\"text\"] = \"translation\" (two strings), got a \(stack.type(at: -2).name) key and a \(stack.type(at: -1).name) value", field: what, code: .wrongType)
            }
            stack.pop()
        }
        return table
    }
}

extension Translations {
    /// A folder name `strings` may give: one plain path component.
    static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." &&
            name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}
