import ScreenModel
import LuaScreenCore

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
    /// The `PreferenceScreen`'s attributes luascreen has no field for (the screen's `android`).
    var android: [PlatformEntry] = []
    /// The pane's own translations where its strings table translates a text otherwise than
    /// the app's (`strings` of the screen), by language, in file order.
    var strings: [(language: String, pairs: [(String, String)])] = []
}

/// A run of specifiers after a PSGroupSpecifier (or before the first one).
struct ImportedSection {
    var id: String?
    var header: String?
    var footer: String?
    var rows: [ImportedRow] = []
    /// The group specifier's keys luascreen has no field for (the section's `ios`).
    var ios: [PlatformEntry] = []
    /// The `PreferenceCategory`'s attributes luascreen has no field for (the section's `android`).
    var android: [PlatformEntry] = []
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
        /// `secure`: IsSecure as the plist gave it (nil: absent); `multiline`: InAppSettingsKit's text view.
        case input(default: String, secure: Bool?, placeholder: String?, hints: InputHints, multiline: Bool = false)
        case number(default: Double?, min: Double?, max: Double?)
        /// androidx: a ListPreference (`multiple` false) or a MultiSelectListPreference, whose
        /// default may be absent.
        case options(options: [ChoiceOption], default: StoreValue?, multiple: Bool)
    }

    var kind: Kind
    var text: String
    /// Written only when it differs from the id luascreen would give the row.
    var id: String?
    var key: String?
    /// androidx: `enabled = false`, or enabled while the row with this key is on (`dependency`).
    var enabled: ImportedCondition?
    /// androidx: `isPreferenceVisible="false"`.
    var hidden = false
    /// androidx: a toggle's `summaryOn`/`summaryOff`, its detail in either state.
    var toggleDetail: (on: String?, off: String?)?
    /// androidx: a row's `summary` on a bound row (its detail; a plain row's goes in `.text`).
    var detail: String?
    /// The specifier's keys luascreen has no field for, or cannot write back as they were
    /// (the row's `ios`; export merges them into the specifier).
    var ios: [PlatformEntry] = []
    /// The element's attributes luascreen has no field for, and its name when it is not the
    /// element luascreen writes for the row (`element`): the row's `android`.
    var android: [PlatformEntry] = []
    /// A title-value specifier's `Key`, which export writes as the row's id: when the id had
    /// to differ (two rows share the key), the key goes into `ios`.
    var keyAsID: String?
}

/// When an imported row is enabled.
enum ImportedCondition {
    case never
    /// While the toggle `key` is on (`whenOff`: off, androidx's `disableDependentsState`).
    case toggle(key: String, whenOff: Bool)
    /// While the value of `key` is not empty (androidx disables dependents of an empty text).
    case notEmpty(key: String)
}

/// An input's platform hints, as a Settings.bundle gives them.
struct InputHints {
    var keyboard: KeyboardKind?
    var autocapitalize: Autocapitalization?
    var autocorrect: Bool?
}
