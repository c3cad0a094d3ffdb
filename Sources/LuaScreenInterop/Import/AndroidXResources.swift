import LuaScreenCore
import ScreenModel
/// An app's `res/values*/` resources as an androidx import needs them: strings, string and
/// integer arrays, booleans and integers by name, for the default configuration and for each
/// locale (`values-de`, `values-pt-rBR` → `pt_BR`, `values-b+sr+Latn` → `sr_Latn`). Folders with
/// other qualifiers (`values-night`, `values-v21`, `values-sw600dp`) are not read.
/// A value type: `Sendable`.
package struct AndroidXResources: Sendable {
    /// The values of one configuration.
    struct Table: Sendable {
        var strings: [String: String] = [:]
        var arrays: [String: [String]] = [:]
        var bools: [String: Bool] = [:]
        var integers: [String: String] = [:]
    }

    /// How many references in a row are followed.
    static let maxChain = 8

    var base = Table()
    /// Locale → its values, for the locales a `values-LANG` folder gives.
    var locales: [String: Table] = [:]
    /// Files that could not be read: the file, the line when known, why.
    var problems: [(file: String, line: Int?, message: String)] = []

    /// The luascreen locale of a `values-...` folder name, "" for `values`, nil for a folder of
    /// another configuration.
    package static func locale(ofFolder name: String) -> String? {
        guard name.hasPrefix("values") else { return nil }
        if name == "values" { return "" }
        guard name.hasPrefix("values-") else { return nil }
        let qualifiers = name.dropFirst(7)
        if qualifiers.hasPrefix("b+") {
            let parts = qualifiers.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.utf8.allSatisfy(isAlphanumeric) }) else { return nil }
            return parts.joined(separator: "_")
        }
        let parts = qualifiers.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.utf8.allSatisfy(isLowercaseLetter) else { return nil }
        if parts.count == 1 { return String(language) }
        guard parts.count == 2, parts[1].count == 3, parts[1].first == "r", parts[1].dropFirst().utf8.allSatisfy(isUppercaseLetter) else { return nil }
        return "\(language)_\(parts[1].dropFirst())"
    }

    /// The `values-...` folder for a luascreen locale (`pt_BR` → `values-pt-rBR`), or nil
    /// when the locale has no Android spelling.
    package static func folder(ofLocale locale: String) -> String? {
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first?.lowercased(), (2...3).contains(language.count), language.utf8.allSatisfy(isLowercaseLetter) else { return nil }
        if parts.count == 1 { return "values-\(language)" }
        if parts.count == 2, parts[1].count == 2, parts[1].utf8.allSatisfy({ isUppercaseLetter($0) || isLowercaseLetter($0) }) {
            return "values-\(language)-r\(parts[1].uppercased())"
        }
        guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.utf8.allSatisfy(isAlphanumeric) }) else { return nil }
        return "values-b+" + ([language] + parts.dropFirst()).joined(separator: "+")
    }

    private static func isLowercaseLetter(_ c: UInt8) -> Bool { c >= 97 && c <= 122 }
    private static func isUppercaseLetter(_ c: UInt8) -> Bool { c >= 65 && c <= 90 }
    private static func isAlphanumeric(_ c: UInt8) -> Bool { isLowercaseLetter(c) || isUppercaseLetter(c) || (c >= 48 && c <= 57) }

    /// Adds the resources of one `values*/NAME.xml` file's root `<resources>`.
    mutating func add(_ root: XMLTreeElement, locale: String) {
        var table = locale.isEmpty ? base : locales[locale] ?? Table()
        guard root.name == "resources" else { return }
        for element in root.elements {
            guard let name = element.attribute("name") else { continue }
            var kind = element.name
            if kind == "item", let type = element.attribute("type") { kind = type }
            switch kind {
            case "string": table.strings[name] = Self.resourceText(element)
            case "string-array", "array", "integer-array": table.arrays[name] = element.elements.filter { $0.name == "item" }.map(Self.resourceText)
            case "bool": table.bools[name] = Self.resourceText(element) == "true"
            case "integer": table.integers[name] = Self.resourceText(element)
            default: continue
            }
        }
        if locale.isEmpty { base = table } else { locales[locale] = table }
    }

    /// An element's text as aapt compiles it: runs of white space become one space and the ends
    /// are trimmed, except inside double quotes (which are removed); `\n`, `\t`, `\'`, `\"`,
    /// `\\`, `\@`, `\?` and `\uXXXX` are escapes. Markup inside (`<b>`, `<xliff:g>`) keeps its text.
    package static func resourceText(_ element: XMLTreeElement) -> String { literalText(element.text) }

    /// A string written in a resource or an attribute value as aapt compiles it (see `resourceText`).
    package static func literalText(_ written: String) -> String {
        let raw = Array(written.unicodeScalars)
        var out: [Unicode.Scalar] = []
        var quoted = false
        var pendingSpace = false
        var j = 0
        func emit(_ s: Unicode.Scalar) {
            if pendingSpace, !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(s)
        }
        while j < raw.count {
            let c = raw[j]
            if c == "\\", j + 1 < raw.count {
                let n = raw[j + 1]
                j += 2
                switch n {
                case "n": emit("\n")
                case "t": emit("\t")
                case "u":
                    let hex = String(String.UnicodeScalarView(raw[j..<min(raw.count, j + 4)]))
                    if hex.count == 4, let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) { emit(scalar); j += 4 } else { emit("u") }
                default: emit(n)
                }
                continue
            }
            j += 1
            if c == "\"" { quoted.toggle(); continue }
            if !quoted, c == " " || c == "\n" || c == "\t" || c == "\r" { pendingSpace = true; continue }
            emit(c)
        }
        return String(String.UnicodeScalarView(out))
    }

    /// A resolved attribute value: `@string/x` (and `@android:string/x` kept as it is),
    /// `@array/`, `@bool/`, `@integer/` looked up; any other value as written.
    enum Resolved {
        case text(String)
        case list([String])
        case missing(String)
    }

    /// `value` with its reference resolved in `table` (the default configuration when nil).
    /// A resource that names another (`<string name="a">@string/b</string>`, an array's
    /// `<item>@string/c</item>`) is followed, at most `maxChain` times.
    func resolve(_ value: String, locale: String? = nil, depth: Int = 0) -> Resolved {
        guard value.hasPrefix("@"), !value.hasPrefix("@android:"), !value.hasPrefix("@null"),
              let slash = value.firstIndex(of: "/") else {
            if value.hasPrefix("\\@") || value.hasPrefix("\\?") { return .text(String(value.dropFirst())) }
            return .text(value)
        }
        let type = value[value.index(after: value.startIndex)..<slash]
        let name = String(value[value.index(after: slash)...])
        let local = locale.flatMap { locales[$0] }
        guard depth < Self.maxChain else { return .missing(value) }
        func follow(_ s: String) -> String? {
            guard s.hasPrefix("@") else { return s }
            if case .text(let t) = resolve(s, locale: locale, depth: depth + 1) { return t }
            return nil
        }
        switch type {
        case "string":
            if let s = local?.strings[name] ?? base.strings[name], let t = follow(s) { return .text(t) }
        case "array":
            if let a = local?.arrays[name] ?? base.arrays[name] { return .list(a.map { follow($0) ?? $0 }) }
        case "bool":
            if let b = local?.bools[name] ?? base.bools[name] { return .text(b ? "true" : "false") }
        case "integer":
            if let i = local?.integers[name] ?? base.integers[name] { return .text(i) }
        default:
            return .text(value)
        }
        return .missing(value)
    }
}
