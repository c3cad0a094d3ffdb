/// The strings a script translates, by locale (SPEC §9): `app { strings = { de = { ["Settings"] =
/// "Einstellungen" } } }`, or `strings = "locales"`, a folder beside the script holding one
/// `LANG.lua` a locale, each returning such a table. A plain value: `Sendable`.
public struct Translations: Sendable, Equatable {
    /// The tables given inline: locale → (text as written → text shown).
    public var tables: [String: [String: String]]
    /// The folder (relative to the script) holding `LANG.lua` files, when `strings` named one.
    public var folder: String?
    /// Texts shown as written in every locale (`app { untranslated = { "GitHub" } }`):
    /// `check --locale` does not ask for their translation.
    public var untranslated: Set<String>

    /// Tables given inline, or a folder read on demand; `untranslated`: texts no locale translates.
    public init(tables: [String: [String: String]] = [:], folder: String? = nil, untranslated: Set<String> = []) {
        self.tables = tables
        self.folder = folder
        self.untranslated = untranslated
    }

    /// Whether `check --locale` should ask for a translation of `text`: not when it is marked
    /// untranslated, nor when it holds no letter (numbers, versions, punctuation).
    public func wantsTranslation(_ text: String) -> Bool {
        !untranslated.contains(text) && text.contains(where: \.isLetter)
    }

    /// The names to look a locale up by, most specific first: `de_DE.UTF-8` and `de_DE@euro`
    /// give `de_DE`, then `de`; `C`, `POSIX` and an empty name give none.
    public static func candidates(for locale: String) -> [String] {
        var name = Substring(locale)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        guard !name.isEmpty, name != "C", name != "POSIX" else { return [] }
        var out = [String(name)]
        if let sep = name.firstIndex(where: { $0 == "_" || $0 == "-" }), sep > name.startIndex {
            out.append(String(name[..<sep]))
        }
        return out
    }

    /// The locale a person asked for through the environment: `LC_ALL`, then `LC_MESSAGES`,
    /// then `LANG` (the first one set non-empty), without its encoding; nil for C/POSIX or none.
    public static func environmentLocale(_ environment: [String: String]) -> String? {
        environmentLocale(variable: { environment[$0] })
    }

    /// `environmentLocale(_:)` with each variable read through `variable` (getenv, say): no
    /// dictionary of the environment is made (the first `[String: String]` a process makes
    /// costs 0.23 M instructions, a tenth of a one-row `check`, issue 26).
    public static func environmentLocale(variable: (String) -> String?) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = variable(name), !value.isEmpty {
                return candidates(for: value).first
            }
        }
        return nil
    }
}
