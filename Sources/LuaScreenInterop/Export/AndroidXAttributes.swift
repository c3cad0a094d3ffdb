import LuaScreenCore
import ScreenModel
/// androidx.preference's elements and the attributes each declares, with their formats, as its
/// own `attrs.xml` declares them: androidx/androidx, `preference/preference/res/values/attrs.xml`
/// (commit 8e6dba3bf264ba9832a39390115c107003035ee4, Apache-2.0), read on 2026-12-01. A
/// styleable's `<attr name="X" format="..."/>` is `app:X`; `<attr name="android:X"/>` is the
/// platform's `android:X` (its format is the platform's). An attribute declared there with no
/// format (`title`, `icon`, `layout`) takes the format of the library that defines it
/// (`title` is a string). Export writes only attributes in this table, in its namespace.
/// A namespace of constant tables: callable from any thread.
package enum AndroidXAttributes {
    /// How an attribute's value is written (attrs.xml's `format`).
    package struct Attribute: Sendable {
        var name: String
        /// `string`, `boolean`, `integer`, `reference`, `string|boolean|integer|reference|float`.
        package var format: String
        /// Declared as `app:NAME` (androidx's own).
        var app: Bool
        /// Declared as `android:NAME` too (the platform attribute androidx also reads).
        var android: Bool
    }

    private static func both(_ name: String, _ format: String) -> Attribute { Attribute(name: name, format: format, app: true, android: true) }
    private static func appOnly(_ name: String, _ format: String) -> Attribute { Attribute(name: name, format: format, app: true, android: false) }
    private static func androidOnly(_ name: String, _ format: String) -> Attribute { Attribute(name: name, format: format, app: false, android: true) }

    /// `<declare-styleable name="...">` by name.
    static let styleables: [String: [Attribute]] = [
        "Preference": [
            both("icon", "reference"), both("key", "string"), both("title", "string"), both("summary", "string"),
            both("order", "integer"), both("fragment", "string"), both("layout", "reference"),
            both("widgetLayout", "reference"), both("enabled", "boolean"), both("selectable", "boolean"),
            both("dependency", "string"), both("persistent", "boolean"),
            both("defaultValue", "string|boolean|integer|reference|float"), both("shouldDisableView", "boolean"),
            appOnly("allowDividerAbove", "boolean"), appOnly("allowDividerBelow", "boolean"),
            both("singleLineTitle", "boolean"), both("iconSpaceReserved", "boolean"),
            appOnly("isPreferenceVisible", "boolean"), appOnly("enableCopying", "boolean"),
        ],
        "PreferenceGroup": [both("orderingFromXml", "boolean"), appOnly("initialExpandedChildrenCount", "integer")],
        "CheckBoxPreference": [both("summaryOn", "string"), both("summaryOff", "string"), both("disableDependentsState", "boolean")],
        "DialogPreference": [
            both("dialogTitle", "string"), both("dialogMessage", "string"), both("dialogIcon", "reference"),
            both("positiveButtonText", "string"), both("negativeButtonText", "string"), both("dialogLayout", "reference"),
        ],
        "EditTextPreference": [appOnly("useSimpleSummaryProvider", "boolean")],
        "ListPreference": [both("entries", "reference"), both("entryValues", "reference"), appOnly("useSimpleSummaryProvider", "boolean")],
        "MultiSelectListPreference": [both("entries", "reference"), both("entryValues", "reference")],
        "SwitchPreferenceCompat": [
            both("summaryOn", "string"), both("summaryOff", "string"), both("switchTextOn", "string"),
            both("switchTextOff", "string"), both("disableDependentsState", "boolean"),
        ],
        "SwitchPreference": [
            both("summaryOn", "string"), both("summaryOff", "string"), both("switchTextOn", "string"),
            both("switchTextOff", "string"), both("disableDependentsState", "boolean"),
        ],
        "SeekBarPreference": [
            appOnly("min", "integer"), androidOnly("max", "integer"), androidOnly("layout", "reference"),
            appOnly("seekBarIncrement", "integer"), appOnly("adjustable", "boolean"),
            appOnly("showSeekBarValue", "boolean"), appOnly("updatesContinuously", "boolean"),
        ],
    ]

    /// Each element and the styleables it reads (its class and the classes it extends).
    static let elements: [String: [String]] = [
        "Preference": ["Preference"],
        "PreferenceScreen": ["Preference", "PreferenceGroup"],
        "PreferenceCategory": ["Preference", "PreferenceGroup"],
        "CheckBoxPreference": ["Preference", "CheckBoxPreference"],
        "SwitchPreferenceCompat": ["Preference", "SwitchPreferenceCompat"],
        "SwitchPreference": ["Preference", "SwitchPreference"],
        "EditTextPreference": ["Preference", "DialogPreference", "EditTextPreference"],
        "ListPreference": ["Preference", "DialogPreference", "ListPreference"],
        "DropDownPreference": ["Preference", "DialogPreference", "ListPreference"],
        "MultiSelectListPreference": ["Preference", "DialogPreference", "MultiSelectListPreference"],
        "SeekBarPreference": ["Preference", "SeekBarPreference"],
    ]

    /// The attribute `prefix:name` (`app:key`, `android:max`) as `element` declares it, or nil.
    package static func attribute(_ qualified: String, of element: String) -> Attribute? {
        let parts = qualified.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let styleables = elements[element] else { return nil }
        for styleable in styleables {
            for attribute in self.styleables[styleable] ?? [] where attribute.name == parts[1] {
                if parts[0] == "app" ? attribute.app : parts[0] == "android" ? attribute.android : false { return attribute }
            }
        }
        return nil
    }

    /// Whether `value` is of `format` as aapt reads it (a reference `@type/name` fits every format).
    package static func fits(_ value: String, format: String) -> Bool {
        if value.hasPrefix("@") { return value.contains("/") }
        return format.split(separator: "|").contains { kind in
            switch kind {
            case "string": return true
            case "boolean": return value == "true" || value == "false"
            case "integer": return Int32(value) != nil
            case "float": return Double(value) != nil
            default: return false
            }
        }
    }
}
