import ScreenModel

/// A Settings.bundle as luascreen reads it: the screens to write as a Lua script.
struct ImportedApp {
    var root: String
    var screens: [ImportedScreen]
    /// Translations from `LANG.lproj/TABLE.strings`, by language, in file order.
    var strings: [(language: String, pairs: [(String, String)])] = []
}

/// One plist of the bundle.
struct ImportedScreen {
    var id: String
    var title: String
    var sections: [ImportedSection]
}

/// A run of specifiers after a PSGroupSpecifier (or before the first one).
struct ImportedSection {
    var id: String?
    var header: String?
    var footer: String?
    var rows: [ImportedRow] = []
}

/// A row to write, with its constructor's fields.
struct ImportedRow {
    enum Kind {
        case text(detail: String?, push: String?)
        /// IASKButtonSpecifier: a button whose on_select shows `message` (the app handled the tap).
        case button(message: String)
        /// `booleans`: the plist wrote TrueValue true and FalseValue false (kept as `values`).
        case toggle(default: Bool, booleans: Bool)
        case choice(options: [ChoiceOption], default: StoreValue, sorted: Bool, radio: Bool)
        /// `secure`: IsSecure as the plist gave it (nil: absent).
        case input(default: String, secure: Bool?, placeholder: String?, hints: InputHints)
        case number(default: Double?, min: Double?, max: Double?)
    }

    var kind: Kind
    var text: String
    /// Written only when it differs from the id luascreen would give the row.
    var id: String?
    var key: String?
}

/// An input's platform hints, as a Settings.bundle gives them.
struct InputHints {
    var keyboard: KeyboardKind?
    var autocapitalize: Autocapitalization?
    var autocorrect: Bool?
}
