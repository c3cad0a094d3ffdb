import LuaRuntime
import ScreenModel
import LuaScreenCore

/// An androidx element's attributes as the reader takes them (SPEC §15, issue 42): the ones
/// luascreen has fields for, with their references resolved, and every other one kept as it
/// was for the `android` table, in its namespace; child elements that are not preferences as
/// XML; the translations of the texts, and a text's own where the app translates it otherwise.
extension AndroidXReader {
    /// The attributes of `e` (namespace declarations aside): `android:NAME` for the platform's
    /// namespace, `app:NAME` for the app's under the prefix `app`; any other prefix (a second
    /// res-auto prefix, `tools:`, a library's) and an attribute with no namespace (`style`) as written.
    func attributes(_ e: XMLTreeElement) -> [(name: String, value: String)] {
        e.attributes.compactMap { attribute in
            let parts = attribute.name.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return attribute.name == "xmlns" ? nil : (attribute.name, attribute.value) }
            guard parts[0] != "xmlns" || (e.line != rootLine && parts[1] != "android" && parts[1] != "app") else { return nil }
            if prefixes[parts[0]] == Self.androidURI { return ("android:" + parts[1], attribute.value) }
            return (attribute.name, attribute.value)
        }
    }

    /// Whether the qualified name is in android's namespace or the app's under `app`: the ones
    /// luascreen may read into fields.
    func isPlatform(_ name: String) -> Bool { name.hasPrefix("android:") || name.hasPrefix("app:") }

    /// Whether a child element is a preference (a class: its last name starts with a capital),
    /// not data of its parent (`<intent>`, `<extra>`).
    static func isPreference(_ e: XMLTreeElement) -> Bool {
        let last = e.name.split(separator: ".").last.map(String.init) ?? e.name
        return last.first.map { $0.isUppercase } ?? false
    }

    /// Child elements that are not preferences, as XML written back inside the element on
    /// export (the row's `android.children`), prefixes as written.
    func childrenXML(_ elements: [XMLTreeElement]) -> String? {
        let kept = elements.filter { !Self.isPreference($0) }
        return kept.isEmpty ? nil : kept.map(xml).joined(separator: "\n")
    }

    /// One element as XML (attributes in order, character data that is not only white space
    /// kept); a `@string/` reference the app's resources hold is written as its text, so the
    /// export needs none of them (an intent's `android:data` URL).
    func xml(_ e: XMLTreeElement) -> String {
        var out = "<" + e.name
        for (name, written) in e.attributes {
            var value = XMLText.escape(written)
            if written.hasPrefix("@string/"), case .text(let s) = resources.resolve(written) { value = AndroidXWriter.attr(s) }
            out += " \(name)=\"\(value)\""
        }
        var inner = ""
        for child in e.children {
            switch child {
            case .element(let c): inner += xml(c)
            case .text(let t): if t.contains(where: { !$0.isWhitespace }) { inner += XMLText.escape(t) }
            }
        }
        return inner.isEmpty ? out + " />" : out + ">" + inner + "</\(e.name)>"
    }

    /// The value of `app:NAME`, else of `android:NAME` (the first of each), as written. Looks
    /// at the names' bytes in place: building `attributes(e)` for each of the ~20 lookups an
    /// element gets was half of a 10,000-preference import.
    func raw(_ e: XMLTreeElement, _ name: String) -> String? {
        var android: String?
        for attribute in e.attributes {
            let bytes = attribute.name.utf8
            guard let colon = bytes.firstIndex(of: 58), bytes[bytes.index(after: colon)...].elementsEqual(name.utf8) else { continue }
            let prefix = attribute.name[..<colon]
            guard prefix != "xmlns", let uri = prefixes[String(prefix)] else { continue }
            if uri == Self.androidURI {
                if android == nil { android = attribute.value }
            } else if uri == Self.autoURI || uri.hasPrefix("http://schemas.android.com/apk/res/") {
                return attribute.value
            }
        }
        return android
    }

    /// The attributes of `e` luascreen has no field for, as written (references to texts the
    /// user reads resolved), sorted by name: the `android` table. `dependency` is kept
    /// resolved, with the `enabled` it becomes.
    mutating func extra(_ e: XMLTreeElement, also: Set<String> = []) -> [PlatformEntry] {
        var out: [PlatformEntry] = []
        for (name, value) in attributes(e) {
            let platform = isPlatform(name)
            // (the part after the prefix; `app:` alone has an empty one)
            let bare = platform ? name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name : name
            guard !platform || !Self.read.contains(bare) || also.contains(bare) else { continue }
            var kept = PlatformValue.string(value)
            if platform, Self.texts.contains(bare), let s = text(e, bare) {
                kept = .string(s)
                // A text the app translates otherwise here than where it shows it first (a
                // dialog's title, a row's title): its own translations, kept with it.
                if value.hasPrefix("@string/"), let own = ownTranslations(of: s, reference: value) { kept = own }
            }
            else if platform, ["key", "dependency"].contains(bare), let s = key(e, bare) { kept = .string(s) }
            else if value.hasPrefix("@array/"), let items = list(value, e, name) {
                // The app's array, its items: export writes it into its own arrays.xml.
                kept = .list(items.map(PlatformValue.string))
            } else if ["@string/", "@bool/", "@integer/"].contains(where: value.hasPrefix), case .text(let s) = resources.resolve(value) {
                // What the app reads there, so the export needs none of the app's resources.
                if value.hasPrefix("@string/") { references.append((s, value, nil)) }
                kept = .string(s)
            }
            out.append(PlatformEntry(key: name, value: kept))
        }
        out.sort { $0.key < $1.key }
        if let children = childrenXML(e.elements) { out.append(PlatformEntry(key: "children", value: .string(children))) }
        return out
    }

    /// The attributes whose value is a text the user reads: a `@string/` reference in them is
    /// resolved (and translated), and export writes them to its strings.xml.
    static let texts: Set<String> = ["title", "summary", "summaryOn", "summaryOff", "dialogTitle", "dialogMessage",
                                     "positiveButtonText", "negativeButtonText", "switchTextOn", "switchTextOff"]

    /// The attribute as text, its reference resolved (a missing one is a warning, and the reference kept).
    mutating func text(_ e: XMLTreeElement, _ name: String) -> String? {
        guard let value = raw(e, name) else { return nil }
        switch resources.resolve(value) {
        case .text(let s):
            if value.hasPrefix("@string/") { references.append((s, value, nil)); return s }
            // A literal as aapt reads it (its escapes: `\n` is a line break).
            return value.hasPrefix("@") || value.hasPrefix("?") ? s : AndroidXResources.literalText(value)
        case .list(let items): return items.joined(separator: ", ")
        case .missing(let reference):
            warn(e, "\(name)=\"\(reference)\": no such resource in the app's res/values*/ (kept as written)")
            return reference
        }
    }

    mutating func list(_ e: XMLTreeElement, _ name: String) -> [String]? {
        guard let value = raw(e, name) else { return nil }
        return list(value, e, name)
    }

    /// The items of `value` (an `@array/` reference resolved, its items' references kept for
    /// the translations), or nil with a warning.
    mutating func list(_ value: String, _ e: XMLTreeElement, _ name: String) -> [String]? {
        switch resources.resolve(value) {
        case .list(let items):
            if value.hasPrefix("@array/") { for (n, item) in items.enumerated() { references.append((item, value, n)) } }
            return items
        case .text(let s): return [s]
        case .missing(let reference):
            warn(e, "\(name)=\"\(reference)\": no such array in the app's res/values*/")
            return nil
        }
    }

    /// A key (or a dependency), a `@string/` reference resolved; not a text to translate.
    mutating func key(_ e: XMLTreeElement, _ name: String = "key") -> String? {
        guard let value = raw(e, name) else { return nil }
        var resolved = value
        if case .text(let s) = resources.resolve(value) {
            resolved = s
        } else {
            warn(e, "\(name)=\"\(value)\": no such resource in the app's res/values*/ (kept as written)")
        }
        if resolved.isEmpty {
            // An empty key names nothing (and would make an empty row id): as if not given.
            warn(e, "\(name) is empty: left out")
            return nil
        }
        return resolved
    }

    mutating func warn(_ e: XMLTreeElement, _ message: String) {
        warnings.append(Diagnostic(.warning, file: file, line: e.line, path: "", message: sanitize("<\(e.name)>: \(message)", lineBreaks: .escape)))
    }

    /// The text `s` of `reference` with its translations (`{ text = s, LANG = ... }`) when some
    /// locale translates it otherwise than the first reference to the same text, which the
    /// app's `strings` take; nil when they agree.
    func ownTranslations(of s: String, reference: String) -> PlatformValue? {
        guard let first = references.first(where: { $0.text == s }), first.reference != reference || first.index != nil else { return nil }
        func translation(_ ref: String, _ index: Int?, _ locale: String) -> String? {
            switch resources.resolve(ref, locale: locale) {
            case .text(let t): return t
            case .list(let items): return index.flatMap { $0 < items.count ? items[$0] : nil }
            case .missing: return nil
            }
        }
        var entries: [PlatformEntry] = []
        var differs = false
        for locale in resources.locales.keys.sorted() {
            guard let own = translation(reference, nil, locale) else { continue }
            if own != translation(first.reference, first.index, locale) { differs = true }
            if own != s { entries.append(PlatformEntry(key: locale, value: .string(own))) }
        }
        return differs ? .table([PlatformEntry(key: "text", value: .string(s))] + entries) : nil
    }

    /// The translations: for each locale, each referenced text → that locale's text.
    func translations() -> [(language: String, pairs: [(String, String)])] {
        var out: [(language: String, pairs: [(String, String)])] = []
        for locale in resources.locales.keys.sorted() {
            var pairs: [(String, String)] = []
            var seen = Set<String>()
            for (text, reference, index) in references where !seen.contains(text) {
                var translated: String?
                switch resources.resolve(reference, locale: locale) {
                case .text(let s): translated = s
                case .list(let items): translated = index.flatMap { $0 < items.count ? items[$0] : nil }
                case .missing: break
                }
                if let translated, translated != text { pairs.append((text, translated)); seen.insert(text) }
            }
            if !pairs.isEmpty { out.append((locale, pairs)) }
        }
        return out
    }
}
