import LuaRuntime
import ScreenModel

/// A row back as the plain table it was declared as (`ctx:update_row` merges new fields into it).
extension Session {
    /// Pushes a plain table with the fields a row was declared with (for update_row).
    func pushRowTable(_ row: Row) {
        let s = lua.stack
        s.ensure(8)
        s.newTable(recordCount: 16)
        func set(_ name: String, _ push: () -> Void) { push(); s.rawSet(-2, name) }
        func dynamic<T>(_ name: String, _ d: Dynamic<T>?, _ pushValue: (T) -> Void) {
            switch d {
            case .value(let v)?: set(name) { pushValue(v) }
            case .function(let f)?: set(name) { lua.push(ref: f.id) }
            case nil: break
            }
        }
        func ref(_ name: String, _ r: ScriptRef?) { if let r { set(name) { lua.push(ref: r.id) } } }
        func str(_ name: String, _ v: String?) { if let v { set(name) { s.push(v) } } }
        set("type") { s.push(row.kind.rawValue) }
        set("id") { s.push(row.id) }
        dynamic("text", row.text) { s.push($0) }
        dynamic("detail", row.detail) { s.push($0) }
        str("icon", row.icon)
        set("style") { s.push(row.style.rawValue) }
        str("accessory", row.accessory?.rawValue)
        ref("on_select", row.onSelect)
        ref("on_accessory", row.onAccessory)
        switch row.push {
        case .screen(let id)?: set("push") { s.push(id) }
        case .function(let f)?: set("push") { lua.push(ref: f.id) }
        case nil: break
        }
        dynamic("enabled", row.enabled) { s.push($0) }
        dynamic("visible", row.visible) { s.push($0) }
        str("help", row.help)
        ref("context", row.context)
        if row.kind == .button {
            set("destructive") { s.push(row.destructive) }
            str("confirm", row.confirm)
        }
        if let b = row.binding {
            set("key") { s.push(b.key) }
            set("default") { s.push(b.defaultValue) }
            ref("on_change", b.onChange)
            switch b.options {
            case .value(let options)?:
                set("options") {
                    s.newTable(arrayCount: options.count)
                    for (i, o) in options.enumerated() {
                        s.newTable(recordCount: 2)
                        s.push(o.value)
                        s.rawSet(-2, "value")
                        s.push(o.text)
                        s.rawSet(-2, "text")
                        s.rawSet(-2, index: i + 1)
                    }
                }
            case .function(let f)?: set("options") { lua.push(ref: f.id) }
            case nil: break
            }
            if row.kind == .input {
                str("placeholder", b.placeholder)
                set("secure") { s.push(b.secure) }
                if let m = b.maxLength { set("max_length") { s.push(m) } }
                ref("validate", b.validate)
            }
            if row.kind == .number {
                if let v = b.minimum { set("min") { s.push(v) } }
                if let v = b.maximum { set("max") { s.push(v) } }
                if let v = b.step { set("step") { s.push(v) } }
                str("unit", b.unit)
            }
        }
        pushValueKindFields(row)
    }
}
