import ScreenModel
import LuaScreenCore

/// Writes an imported Settings.bundle as a luascreen script (an `app` of screens, one per
/// plist), with every string as a Lua literal that reads back byte for byte.
enum LuaScriptWriter {
    static func script(_ app: ImportedApp, source: String) -> String {
        var out = LuaLiteral.comment("Imported from \(source) by luascreen import.") + "\n"
        out += "return app {\n  root = \(quote(app.root)),\n  screens = {\n"
        for screen in app.screens {
            out += "    screen {\n      id = \(quote(screen.id)), title = \(quote(screen.title)),\n"
            if !screen.ios.isEmpty { out += "      ios = \(table(screen.ios)),\n" }
            if !screen.android.isEmpty { out += "      android = \(table(screen.android)),\n" }
            if !screen.strings.isEmpty { out += strings(screen.strings, indent: "      ") }
            for section in screen.sections {
                var head: [String] = []
                if let id = section.id { head.append("id = \(quote(id))") }
                if let header = section.header { head.append("header = \(quote(header))") }
                if let footer = section.footer { head.append("footer = \(quote(footer))") }
                if !section.ios.isEmpty { head.append("ios = \(table(section.ios))") }
                if !section.android.isEmpty { head.append("android = \(table(section.android))") }
                out += "      section {\n"
                if !head.isEmpty { out += "        " + head.joined(separator: ", ") + ",\n" }
                for row in section.rows { out += "        " + self.row(row) + ",\n" }
                out += "      },\n"
            }
            out += "    },\n"
        }
        out += "  },\n"
        if !app.strings.isEmpty { out += strings(app.strings, indent: "  ") }
        out += "}\n"
        return out
    }

    /// `strings = { LANG = { ["text"] = "translation", ... }, ... },` at `indent`.
    static func strings(_ tables: [(language: String, pairs: [(String, String)])], indent: String) -> String {
        var out = indent + "strings = {\n"
        for (language, pairs) in tables {
            out += indent + "  \(LuaLiteral.key(language)) = {\n"
            for (text, translation) in pairs { out += indent + "    [\(quote(text))] = \(quote(translation)),\n" }
            out += indent + "  },\n"
        }
        return out + indent + "},\n"
    }

    static func row(_ row: ImportedRow) -> String {
        var fields: [String] = []
        if let id = row.id { fields.append("id = \(quote(id))") }
        fields.append("text = \(quote(row.text))")
        if let key = row.key { fields.append("key = \(quote(key))") }
        let constructor: String
        switch row.kind {
        case .text(let detail, let push):
            constructor = "row"
            if let detail { fields.append("detail = \(quote(detail))") }
            if let push { fields.append("push = \(quote(push))") }
        case .button(let message):
            constructor = "button"
            fields.append("on_select = function(ctx) ctx:alert(\(quote(message))) end")
        case .toggle(let on, let values):
            constructor = "toggle"
            fields.append("default = \(on)")
            if let values { fields.append("values = { \(literal(values.on)), \(literal(values.off)) }") }
        case .choice(let options, let value, let sorted, let radio):
            constructor = "choice"
            let list = options.map { option in
                "{ value = \(literal(option.value)), text = \(quote(option.text))\(option.short.map { ", short = \(quote($0))" } ?? "") }"
            }
            fields.append("options = { \(list.joined(separator: ", ")) }")
            fields.append("default = \(literal(value))")
            if sorted { fields.append("sorted = true") }
            if radio { fields.append("radio = true") }
        case .input(let value, let secure, let placeholder, let hints, let multiline):
            constructor = "input"
            fields.append("default = \(quote(value))")
            if multiline { fields.append("multiline = true") }
            if let secure { fields.append("secure = \(secure)") }
            if let placeholder { fields.append("placeholder = \(quote(placeholder))") }
            if let k = hints.keyboard { fields.append("keyboard = \(quote(k.rawValue))") }
            if let a = hints.autocapitalize { fields.append("autocapitalize = \(quote(a.rawValue))") }
            if let c = hints.autocorrect { fields.append("autocorrect = \(c)") }
        case .number(let value, let min, let max):
            constructor = "number"
            if let value { fields.append("default = \(number(value))") }
            if let min { fields.append("min = \(number(min))") }
            if let max { fields.append("max = \(number(max))") }
        case .options(let options, let value, let multiple):
            constructor = "choice"
            let list = options.map { "{ value = \(literal($0.value)), text = \(quote($0.text)) }" }
            fields.append("options = { \(list.joined(separator: ", ")) }")
            if multiple { fields.append("multiple = true") }
            if let value { fields.append("default = \(literal(value))") }
        }
        if let detail = row.detail { fields.append("detail = \(quote(detail))") }
        if let (on, off) = row.toggleDetail, let key = row.key {
            fields.append("detail = function(ctx) if ctx.store[\(quote(key))] then return \(on.map(quote) ?? "nil") else return \(off.map(quote) ?? "nil") end end")
        }
        switch row.enabled {
        case .never?: fields.append("enabled = false")
        case .toggle(let key, let whenOff)?: fields.append("enabled = function(ctx) return \(whenOff ? "not " : "")ctx.store[\(quote(key))] end")
        case .notEmpty(let key)?: fields.append("enabled = function(ctx) return (ctx.store[\(quote(key))] or \"\") ~= \"\" end")
        case nil: break
        }
        if row.hidden { fields.append("visible = false") }
        if !row.ios.isEmpty { fields.append("ios = \(table(row.ios))") }
        if !row.android.isEmpty { fields.append("android = \(table(row.android))") }
        return "\(constructor) { \(fields.joined(separator: ", ")) }"
    }

    /// A platform-key table as a Lua table constructor, keys in the order given.
    static func table(_ entries: [PlatformEntry]) -> String {
        if entries.isEmpty { return "{}" }
        return "{ " + entries.map { "[\(quote($0.key))] = \(literal($0.value))" }.joined(separator: ", ") + " }"
    }

    /// A platform value as a Lua literal (integers stay integers, floats stay floats).
    static func literal(_ value: PlatformValue) -> String {
        switch value {
        case .string(let s): return quote(s)
        case .integer(let i): return LuaLiteral.integer(i)
        case .number(let d): return LuaLiteral.float(d)
        case .bool(let b): return "\(b)"
        case .list(let items): return items.isEmpty ? "{}" : "{ " + items.map(literal).joined(separator: ", ") + " }"
        case .table(let entries): return table(entries)
        }
    }

    /// A stored value (an option's value, a default) as a Lua value.
    static func literal(_ value: StoreValue) -> String {
        switch value {
        case .number(let d): return number(d)
        case .list(let items): return items.isEmpty ? "{}" : "{ " + items.map(literal).joined(separator: ", ") + " }"
        default: return LuaLiteral.value(value)
        }
    }

    /// A plist number (one kind of number) as Lua reads it back exactly: a whole number as
    /// an integer (`math.mininteger` too), anything else as a float.
    static func number(_ d: Double) -> String { LuaLiteral.number(d) }

    /// A Lua string literal (the one emitter's).
    static func quote(_ s: String) -> String { LuaLiteral.string(s) }
}
