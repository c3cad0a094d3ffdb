import LuaRuntime
import ScreenModel

/// androidx.preference XML for an export plan: `res/xml/NAME.xml` per screen and the choices'
/// entries in `res/values/arrays.xml`, with the attribute names androidx.preference declares
/// (`app:key`, `app:defaultValue`, `app:entries`, `app:min`, `android:max`, ...).
enum AndroidXWriter {
    static func files(_ plan: ExportPlan) -> [ExportedFile] {
        var arrays: [(name: String, items: [String])] = []
        var usedArrays = Set<String>()
        var files: [ExportedFile] = []
        for screen in plan.screens {
            var out = """
            <?xml version="1.0" encoding="utf-8"?>
            <PreferenceScreen xmlns:android="http://schemas.android.com/apk/res/android"
                xmlns:app="http://schemas.android.com/apk/res-auto"
                app:key="\(attr(screen.screen.id))"
                android:title="\(attr(screen.screen.title))">


            """
            for planned in screen.sections {
                let section = planned.section
                var head = "    <PreferenceCategory\n        app:key=\"\(attr(section.id))\""
                if let header = section.header { head += "\n        android:title=\"\(attr(header))\"" }
                if let footer = section.footer { head += "\n        app:summary=\"\(attr(footer))\"" }
                out += head + (planned.rows.isEmpty ? " />\n\n" : ">\n\n")
                for row in planned.rows {
                    out += element(row, arrays: &arrays, used: &usedArrays)
                }
                if !planned.rows.isEmpty { out += "    </PreferenceCategory>\n\n" }
            }
            out += "</PreferenceScreen>\n"
            files.append(ExportedFile(path: "res/xml/\(screen.file).xml", contents: out))
        }
        var values = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        for array in arrays {
            values += "    <string-array name=\"\(array.name)\">\n"
            for item in array.items { values += "        <item>\(text(item))</item>\n" }
            values += "    </string-array>\n"
        }
        values += "</resources>\n"
        files.append(ExportedFile(path: "res/values/arrays.xml", contents: values))
        return files
    }

    /// A list preference's options as two string arrays (`KEY_entries`, `KEY_values`), in the
    /// order its dialog lists them (`sorted` sorts them by text); the attributes naming them.
    private static func optionArrays(_ binding: Binding, _ unsorted: [ChoiceOption],
                                     arrays: inout [(name: String, items: [String])],
                                     used: inout Set<String>) -> [(String, String)] {
        let options = binding.sortedOptions ? sortedByText(unsorted) : unsorted
        let base = resourceName(binding.key, used: &used)
        arrays.append((base + "_entries", options.map(\.text)))
        arrays.append((base + "_values", options.map(\.value.description)))
        return [("app:entries", "@array/\(base)_entries"), ("app:entryValues", "@array/\(base)_values")]
    }

    private static func element(_ planned: ExportPlan.PlannedRow, arrays: inout [(name: String, items: [String])],
                                used: inout Set<String>) -> String {
        let row = planned.row
        let title = row.text.value ?? row.id
        var name: String
        var comment = ""
        var attributes: [(String, String)]
        switch planned {
        case .value(_, let detail):
            name = "Preference"
            attributes = [("app:key", row.id), ("android:title", title)]
            if !detail.isEmpty { attributes.append(("app:summary", detail)) }
            attributes.append(("app:selectable", "false"))
        case .child(_, let file, _):
            // The child screen is res/xml/FILE.xml; the app opens it from this row (a
            // PreferenceFragmentCompat calling setPreferencesFromResource(R.xml.FILE, ...)).
            name = "Preference"
            attributes = [("app:key", row.id), ("android:title", title)]
            comment = "        <!-- opens res/xml/\(file).xml -->\n"
        case .button:
            name = "Preference"
            attributes = [("app:key", row.id), ("android:title", title)]
        case .toggle(_, let binding):
            name = "SwitchPreferenceCompat"
            attributes = [("app:key", binding.key), ("android:title", title), ("app:defaultValue", (binding.toggleIsOn(binding.defaultValue) ?? false) ? "true" : "false")]
        case .choice(_, let binding, let options):
            name = "ListPreference"
            attributes = [("app:key", binding.key), ("android:title", title)]
                + optionArrays(binding, options, arrays: &arrays, used: &used)
                + [("app:defaultValue", binding.defaultValue.description), ("app:useSimpleSummaryProvider", "true")]
        case .multipleChoice(_, let binding, let options):
            name = "MultiSelectListPreference"
            attributes = [("app:key", binding.key), ("android:title", title)]
                + optionArrays(binding, options, arrays: &arrays, used: &used)
        case .input(_, let binding):
            name = "EditTextPreference"
            attributes = [("app:key", binding.key), ("android:title", title), ("app:defaultValue", binding.defaultValue.description)]
            if !binding.secure { attributes.append(("app:useSimpleSummaryProvider", "true")) }
        case .slider(_, let binding, let min, let max):
            name = "SeekBarPreference"
            attributes = [("app:key", binding.key), ("android:title", title),
                          ("app:defaultValue", StoreValue.format(binding.defaultValue.doubleValue ?? min)),
                          ("app:min", StoreValue.format(min)), ("android:max", StoreValue.format(max))]
            if let step = binding.step { attributes.append(("app:seekBarIncrement", StoreValue.format(step))) }
            attributes.append(("app:showSeekBarValue", "true"))
        }
        let keyed = attributes.map { (key, value) -> String in
            let literal = value.hasPrefix("@array/") ? XMLText.escape(value) : attr(value)
            return "\n            \(key)=\"\(literal)\""
        }
        return comment + "        <\(name)\(keyed.joined()) />\n\n"
    }

    /// Options in the order of their texts, ignoring case (equal texts keep their order).
    static func sortedByText(_ options: [ChoiceOption]) -> [ChoiceOption] {
        options.enumerated().map { ($0.offset, $0.element, $0.element.text.lowercased()) }.sorted { a, b in
            a.2 != b.2 ? a.2 < b.2 : a.0 < b.0
        }.map(\.1)
    }

    /// A string as an Android resource literal in an attribute: backslash escapes for the
    /// characters aapt reads specially, then XML escapes.
    static func attr(_ s: String) -> String { XMLText.escape(androidLiteral(s)) }

    /// A string as the text of an `<item>`.
    static func text(_ s: String) -> String { XMLText.escape(androidLiteral(s)) }

    static func androidLiteral(_ s: String) -> String {
        var out = ""
        for (i, scalar) in s.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "@", "?": if i == 0 { out += "\\" }; out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A resource name from a key: a-z, 0-9 and `_`, starting with a letter, unique.
    static func resourceName(_ key: String, used: inout Set<String>) -> String {
        var base = slug(key)
        if base.isEmpty || !base.first!.isLetter { base = "key_" + base }
        var name = base
        var n = 2
        while used.contains(name) { name = "\(base)_\(n)"; n += 1 }
        used.insert(name)
        return name
    }
}
