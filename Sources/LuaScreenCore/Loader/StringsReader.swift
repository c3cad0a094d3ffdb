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
                    // The entry named as written (a number key read as a number: converting it
                    // to a string would change the key under the traversal).
                    var entry = ""
                    if key.type == .string, let k = key.string {
                        entry = "[\(LuaLiteral.string(Diagnostic.quote(k)))]: "
                    } else if key.type == .number, let i = key.integer {
                        entry = "[\(i)]: "
                    }
                    report("\(entry)each entry is [\"text\"] = \"translation\" (two strings), got a \(key.type.name) key and a \(value.type.name) value", field: what, code: .wrongType)
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

/// Where a locale file's entry is written: the line an entry problem (`["Climate"]: each entry
/// is ...`) is said at. A namespace of functions: any thread.
package enum LocaleEntryLines {
    /// The 1-based line of `bytes` holding the key `["TEXT"]` (or `['TEXT']`) the message
    /// names, when it names one; nil otherwise.
    package static func line(of message: String, in bytes: [UInt8]) -> Int? {
        guard let open = message.firstRange(of: "[\""),
              let close = message[open.upperBound...].firstRange(of: "\"]: ") else { return nil }
        let written = String(message[open.lowerBound..<message.index(after: close.lowerBound)]) + "]"
        let text = String(decoding: bytes, as: UTF8.self)
        let quoted = written.dropFirst(2).dropLast(2)
        let single = "['" + quoted + "']"
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains(written) || line.contains(single) {
            return index + 1
        }
        return nil
    }

    /// `diagnostics` with the line of each entry problem of the locale file at `path` (read
    /// again, or `bytes`) that names its entry.
    package static func placed(_ diagnostics: [Diagnostic], path: String, bytes: [UInt8]? = nil) -> [Diagnostic] {
        guard diagnostics.contains(where: { $0.line == nil }),
              let bytes = bytes ?? (try? PathResolver.readRegularFile(path).get()) else { return diagnostics }
        return diagnostics.map { d in
            var d = d
            if d.line == nil, let line = line(of: d.message, in: bytes) { d.line = line }
            return d
        }
    }
}
