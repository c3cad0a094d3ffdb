import LuaRuntime
import ScreenModel

/// A row back as the plain table it was declared as (`ctx:update_row` merges new fields into it).
extension Session {
    /// Fills `t`, a new plain table, with the fields a row was declared with (for update_row).
    func fillRowTable(_ row: Row, _ t: LuaTableWriter) {
        do {
            func dynamic(_ name: String, _ d: Dynamic<String>?) {
                switch d {
                case .value(let v)?: t.set(name, v)
                case .function(let f)?: t.set(name, refID: f.id)
                case nil: break
                }
            }
            func dynamic(_ name: String, _ d: Dynamic<Bool>?) {
                switch d {
                case .value(let v)?: t.set(name, v)
                case .function(let f)?: t.set(name, refID: f.id)
                case nil: break
                }
            }
            func ref(_ name: String, _ r: ScriptRef?) { if let r { t.set(name, refID: r.id) } }
            func str(_ name: String, _ v: String?) { if let v { t.set(name, v) } }
            t.set("type", row.kind.rawValue)
            t.set("id", row.id)
            dynamic("text", row.text)
            dynamic("detail", row.detail)
            str("icon", row.icon)
            t.set("style", row.style.rawValue)
            str("accessory", row.accessory?.rawValue)
            ref("on_select", row.onSelect)
            ref("on_accessory", row.onAccessory)
            switch row.push {
            case .screen(let id)?: t.set("push", id)
            case .function(let f)?: t.set("push", refID: f.id)
            case nil: break
            }
            dynamic("enabled", row.enabled)
            dynamic("visible", row.visible)
            str("help", row.help)
            ref("context", row.context)
            if row.kind == .button {
                t.set("destructive", row.destructive)
                str("confirm", row.confirm)
            }
            if let b = row.binding {
                t.set("key", b.key)
                t.set("default", b.defaultValue)
                ref("on_change", b.onChange)
                switch b.options {
                case .value(let options)?:
                    t.setTable("options", arrayCount: options.count) { list in
                        for (i, o) in options.enumerated() {
                            list.setTable(at: i + 1, recordCount: 2) { option in
                                option.set("value", o.value)
                                option.set("text", o.text)
                            }
                        }
                    }
                case .function(let f)?: t.set("options", refID: f.id)
                case nil: break
                }
                if row.kind == .input {
                    str("placeholder", b.placeholder)
                    t.set("secure", b.secure)
                    if let m = b.maxLength { t.set("max_length", m) }
                    ref("validate", b.validate)
                }
                if row.kind == .number {
                    if let v = b.minimum { t.set("min", v) }
                    if let v = b.maximum { t.set("max", v) }
                    if let v = b.step { t.set("step", v) }
                    str("unit", b.unit)
                }
            }
            addValueKindFields(row, to: t)
        }
    }
}
