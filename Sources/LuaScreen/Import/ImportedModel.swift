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
    /// The pane's own keys luascreen has no field for (written as the screen's `ios`).
    var ios: [PlatformEntry] = []
}

/// A run of specifiers after a PSGroupSpecifier (or before the first one).
struct ImportedSection {
    var id: String?
    var header: String?
    var footer: String?
    var rows: [ImportedRow] = []
    /// The group specifier's keys luascreen has no field for (the section's `ios`).
    var ios: [PlatformEntry] = []
}

/// A row to write, with its constructor's fields.
struct ImportedRow {
    enum Kind {
        case text(detail: String?, push: String?)
        /// IASKButtonSpecifier: a button whose on_select shows `message` (the app handled the tap).
        case button(message: String)
        /// `values`: the plist's TrueValue and FalseValue (kept as `values = { ON, OFF }`).
        case toggle(default: Bool, values: (on: StoreValue, off: StoreValue)?)
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
    /// The specifier's keys luascreen has no field for, or cannot write back as they were
    /// (the row's `ios`; export merges them into the specifier).
    var ios: [PlatformEntry] = []
    /// A title-value specifier's `Key`, which export writes as the row's id: when the id had
    /// to differ (two rows share the key), the key goes into `ios`.
    var keyAsID: String?
}

/// An input's platform hints, as a Settings.bundle gives them.
struct InputHints {
    var keyboard: KeyboardKind?
    var autocapitalize: Autocapitalization?
    var autocorrect: Bool?
}
