import LuaRuntime
import ScreenModel

/// The key-typo warning of `check` (SPEC §9): a store key that the script's functions read
/// (`ctx.store.NAME`, `ctx.store["NAME"]`) but that no row binds and the script never writes is
/// almost always a misspelt key, and it makes a condition silently false forever.
extension Session {
    /// One warning for each such key, at its first read, with a did-you-mean among the bound keys.
    /// Reads the script's text and the modules it names with a literal `require "name"`.
    public func storeKeyWarnings() -> [Diagnostic] {
        var uses: [StoreKeyUse] = []
        var files = [scriptPath]
        var index = 0
        while index < files.count {
            let file = files[index]
            index += 1
            guard let bytes = readFileBytes(file) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            uses += StoreKeyUse.scan(text, file: file)
            for module in StoreKeyUse.requiredModules(text) {
                let path = ScriptLoader.directoryName(scriptPath) + "/" + module.replacing(".", with: "/") + ".lua"
                if !files.contains(path) { files.append(path) }
            }
        }
        let written = Set(uses.filter(\.isWrite).map(\.key))
        let bound = boundKeys
        let boundSet = Set(bound)
        var warned = Set<String>()
        var out: [Diagnostic] = []
        for use in uses where !use.isWrite && !boundSet.contains(use.key) && !written.contains(use.key) {
            guard warned.insert(use.key).inserted else { continue }
            let hint = Suggest.hint(use.key, bound)
            out.append(Diagnostic(.warning, file: use.file, line: use.line, path: "",
                                  message: "ctx.store.\(use.key.prefix(200)) is read, but no row binds the key \"\(use.key.prefix(200))\" and the script never writes it\(hint)"))
        }
        return out
    }
}

/// A place where a script reads or writes `ctx.store.NAME` (any name before `.store`).
struct StoreKeyUse {
    var key: String
    var file: String
    var line: Int
    var isWrite: Bool

    /// Every `X.store.NAME` and `X.store["NAME"]` outside `--` comments, with whether it is
    /// assigned to (`= value`, not `==`).
    static func scan(_ text: String, file: String) -> [StoreKeyUse] {
        var out: [StoreKeyUse] = []
        let pattern = #/\.store(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*(?:"([^"\n]*)"|'([^'\n]*)')\s*\])(\s*=(?!=))?/#
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.contains(".store") else { continue }
            let code = line.firstRange(of: "--").map { line[..<$0.lowerBound] } ?? line[...]
            for match in code.matches(of: pattern) {
                guard let key = match.output.1 ?? match.output.2 ?? match.output.3 else { continue }
                out.append(StoreKeyUse(key: String(key), file: file, line: number + 1, isWrite: match.output.4 != nil))
            }
        }
        return out
    }

    /// The modules a script names with a literal: `require "name"`, `require("name")`.
    static func requiredModules(_ text: String) -> [String] {
        let pattern = #/require\s*\(?\s*["']([A-Za-z0-9_.\-]+)["']/#
        return text.matches(of: pattern).map { String($0.output.1) }
    }
}
