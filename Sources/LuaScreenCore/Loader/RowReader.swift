import LuaRuntime
import ScreenModel

/// The stack slots holding one row's fields, numbered by `RowField`, and which are present.
struct RowSlots {
    /// The slots, one a field.
    let slots: LuaSlots
    /// One bit a field (`RowField.bit`) the row gave.
    let present: UInt64
    /// The value of a field (this row's only when the field is present).
    func at(_ f: RowField) -> LuaValueView { slots[f.rawValue] }
    /// Whether the row gave the field.
    func has(_ f: RowField) -> Bool { present & f.bit != 0 }
}

/// The fields that make a bound row a symbol (docs/dependencies.md).
enum RowReader {
    static let ruleBits: UInt64 = [RowField.depends, .promptIf, .defaults, .select, .imply, .ranges, .hex, .optional, .options]
        .reduce(0) { $0 | $1.bit }
}

/// Reading one row: its kind, its fields in a fixed order, its id, its binding and its push.
extension Validator {
    /// Reads one row. `rowIDs` holds the ids already used on its screen (with their lines).
    ///
    /// The row's fields are first copied, in one `lua_next` pass done in C, into stack slots
    /// numbered by field (`RowField`), then read in a fixed order: fast for screens of
    /// a hundred thousand rows, and the diagnostics come out in the same order every run.
    ///
    /// `list` comes from `readRows`, which reads a list's rows with one set of slots, names
    /// them once in `rowNames` and takes `visiting` and the place once (reading a row leaves
    /// them as they were); without it the row gets its own slots and name.
    func readRow(_ t: borrowing LuaTableView, position: Int, rowIDs: inout RowIDs, list: ListRead? = nil) -> Row? {
        guard let list else {
            return lua.withSlots(RowField.slotCount) { slots in
                withRowNames(slots) { present in
                    readRow(t, position: position, rowIDs: &rowIDs,
                            list: ListRead(slots: slots, present: present, visiting: visiting, place: places.last))
                }
            }
        }
        let slots = list.slots
        if isVisiting(t, among: list.visiting) {
            forgetRowName(list)
            reportCycle()
            return nil
        }
        var present: UInt64 = 0
        let unknownKeys = t.collectFields(names: fieldNames, into: slots, present: &present)
        // A diagnostic's path names the row by its id or key (`givenName`): the slots are
        // shared by the rows of a list, so it reads only those this row gave.
        list.present.pointee = present
        let s = RowSlots(slots: slots, present: present)

        guard let kind = rowKind(t, s) else { return nil }
        // A row's own fields hold no rows: only its place is kept, not its table; and a
        // plain table (no constructor recorded a line for it) is where its parent is.
        let ownPlace = pushPlaceIfRecorded(of: t)
        defer { if ownPlace { places.removeLast() } }
        checkFieldNames(t, kind, s, unknownKeys: unknownKeys)

        var row = Row(id: "", kind: kind, text: .value(""))
        // The row's place, read once: its location, the line its id was given at and the
        // calls that made it.
        let here = ownPlace ? places.last : list.place
        row.location = location(of: here)
        let id = s.has(.id) ? string("id", at: s.at(.id)) : nil
        let push = readCommonFields(&row, s)
        if kind == .button { readButtonFields(&row, s) }
        var key: String?
        var binding = Binding(key: "", defaultValue: .bool(false))
        if kind.isBound { key = readBoundFields(kind, &binding, s) }
        checkRequiredFields(row, key: key, s)
        assignID(&row, id: id, key: key, position: position, place: here, rowIDs: &rowIDs, s)
        if kind.isBound { bind(&row, binding: binding, key: key, s) }
        let isSymbol = (s.present & RowReader.ruleBits != 0 || kind == .tristate || kind == .symbol) && readSymbolRules(&row, s)
        if let push { followPush(&row, push, s) }
        if row.push != nil || row.kind == .button || row.confirm != nil || row.detail != nil {
            warnings(for: row, isSymbol: isSymbol)
        }
        // (moved out: a plain `return row` copies it before the deferred pop and drops the
        // original, 240 instructions a row)
        return consume row
    }

    /// The row's kind from its `type` (nil, reported, for a wrong one).
    private func rowKind(_ t: borrowing LuaTableView, _ s: RowSlots) -> RowKind? {
        // Slots are shared by the rows of a list: only the present ones hold this row's values.
        switch s.has(.type) ? s.at(.type).type : LuaType.nil_ {
        case .nil_: return .text
        case .string:
            if let n = kindNames.slot(of: s.at(.type)) { return Self.rowKinds[Int(n)] }
            let tag = s.at(.type).string ?? ""
            if tag == "screen" || tag == "section" || tag == "app" {
                report("expected a row, got a \(tag) table\(tag == "screen" ? " (to open a screen from a row, write row { text = ..., push = screen { ... } })" : "")", code: .wrongType)
                return nil
            }
            guard enter(t) else { return nil }
            let closest = Suggest.closest(to: tag, in: FieldNames.rowTypes)
            let suggestion = closest.map { "; did you mean \"\($0)\"?" } ?? ""
            report("unknown value \"\(tag)\" (expected \(FieldNames.rowTypes.joined(separator: ", "))\(suggestion))", field: "type", code: .unknownValue,
                   subject: tag, suggestion: closest)
            leave(t)
            return nil
        default:
            guard enter(t) else { return nil }
            typeError("type", expected: "a string", at: s.at(.type))
            leave(t)
            return nil
        }
    }

    /// Reports fields no row has, and fields of other kinds of rows.
    private func checkFieldNames(_ t: borrowing LuaTableView, _ kind: RowKind, _ s: RowSlots, unknownKeys: Int32) {
        let allowed = RowField.allowed(for: kind)
        if unknownKeys > 0 {
            let names = FieldNames.row(kind)
            t.forEachPair { key, _ in
                if let name = key.name {
                    if RowField(name: name) == nil { unknownField(name, allowed: names) }
                } else {
                    report("unexpected \(key.type.name) key in a row")
                }
            }
        }
        if s.present & ~allowed != 0 {
            for field in RowField.allCases where s.has(field) && allowed & field.bit == 0 {
                unknownField(field.name, allowed: FieldNames.row(kind))
            }
        }
    }

    /// A push that is resolved after the row is read: a screen table (in the row's `push`
    /// slot) or an id (checked once every screen is known).
    struct PendingPush {
        var table = false
        var byID: (id: String, place: (file: String, line: Int?), path: String)?
    }

    /// The fields every kind of row has; the push to follow after the row, if it has one.
    private func readCommonFields(_ row: inout Row, _ s: RowSlots) -> PendingPush? {
        if s.has(.text), let v = dynamicString("text", at: s.at(.text)) { row.text = v }
        if s.has(.detail) { row.detail = dynamicString("detail", at: s.at(.detail)) }
        if s.has(.icon) { row.icon = string("icon", at: s.at(.icon)) }
        if s.has(.style), let v = enumValue("style", RowStyle.self, at: s.at(.style)) { row.style = v }
        if s.has(.accessory) { row.accessory = enumValue("accessory", Accessory.self, at: s.at(.accessory)) }
        if s.has(.onSelect) { row.onSelect = function("on_select", at: s.at(.onSelect)) }
        if s.has(.onAccessory) { row.onAccessory = function("on_accessory", at: s.at(.onAccessory)) }
        let push = s.has(.push) ? readPush(&row, s) : nil
        if s.has(.enabled), let v = dynamicBool("enabled", at: s.at(.enabled)) { row.enabled = v }
        if s.has(.visible), let v = dynamicBool("visible", at: s.at(.visible)) { row.visible = v }
        if s.has(.help) {
            if s.at(.help).type == .function { row.helpFunction = reference(at: s.at(.help)) }
            else { row.help = dynamicString("help", at: s.at(.help))?.value }
        }
        if s.has(.context) { row.context = reference(at: s.at(.context)) }
        if s.has(.actions) { row.actions = readActions(at: s.at(.actions)) }
        if s.has(.ios) || s.has(.android) {
            var platform = PlatformKeys()
            if s.has(.ios), let t = platformTable("ios", at: s.at(.ios)) { platform.ios = t }
            if s.has(.android), let t = platformTable("android", at: s.at(.android)) { platform.android = t }
            row.platform = platform
        }
        return push
    }

    /// The row's `push` (it has one): a function, or a screen to resolve after the row.
    private func readPush(_ row: inout Row, _ s: RowSlots) -> PendingPush {
        var push = PendingPush()
        let at = s.at(.push)
        switch at.type {
        case .string:
            if let target = at.string {
                row.push = .screen(target)
                push.byID = (target, place, pathString("push"))
            }
        case .table: push.table = true
        case .function: row.push = .function(reference(at: at))
        default: typeError("push", expected: "a screen id, a screen table or a function of ctx", at: at)
        }
        return push
    }

    /// A button's `destructive` and `confirm`.
    private func readButtonFields(_ row: inout Row, _ s: RowSlots) {
        if s.has(.destructive), let b = bool("destructive", at: s.at(.destructive)) { row.destructive = b }
        if s.has(.confirm) {
            if s.at(.confirm).type == .function { row.confirmFunction = reference(at: s.at(.confirm)) }
            else { row.confirm = dynamicString("confirm", at: s.at(.confirm))?.value }
        }
    }

    /// Reports the fields a row needs and lacks.
    private func checkRequiredFields(_ row: borrowing Row, key: String?, _ s: RowSlots) {
        if !s.has(.text), row.kind != .symbol { report("missing required field \"text\"", code: .missingField) }
        if row.kind == .symbol || row.kind == .tristate, key == nil, !s.has(.key) {
            report("missing required field \"key\" (the symbol's name)", code: .missingField)
        }
        if row.kind == .button, row.onSelect == nil, !s.has(.onSelect) {
            report("missing required field \"on_select\" (a button must do something when selected)", code: .missingField)
        }
        if row.onAccessory != nil, !(row.accessory?.hasDetailButton ?? false) {
            report("on_accessory needs accessory = \"detail\" or \"detail_disclosure\" (the detail button it answers)", field: "on_accessory")
        }
        if row.kind == .toggle, key == nil, !s.has(.key) { report("missing required field \"key\" (the store key the toggle sets)", code: .missingField) }
    }

    /// The id: as given, else the key, else the text made an identifier; unique on the screen.
    private func assignID(_ row: inout Row, id: String?, key: String?, position: Int, place here: Place?, rowIDs: inout RowIDs, _ s: RowSlots) {
        if let given = id ?? key {
            row.id = given
        } else if s.has(.text), case .value = row.text, let textID = s.at(.text).slug, !textID.isEmpty {
            row.id = textID
        } else {
            row.id = "row\(position)"
            if s.has(.text), case .function = row.text {
                report("this row's text is a function, so its id was made up (\"\(row.id)\"), and it changes when rows move: give the row an id = \"...\", which the REPL, tests and the store can rely on", severity: .warning)
            }
        }
        if id != nil, row.id.isEmpty { report("id must not be empty", field: "id") }
        if let chain = here?.chain, chain != 0 {
            registry.recordCallers(callChains[Int(chain)], ofRow: row.id, at: row.location)
        }
        if let previous = rowIDs.insert(row.id, line: here?.line ?? 0) {
            let also = previous > 0 ? " (also at line \(previous))" : ""
            let fix = id == nil ? "; give one of them an id" : ""
            report("duplicate row id \"\(row.id)\" in this screen\(also)\(fix)", field: id == nil ? nil : "id", code: .duplicate)
        }
    }

    /// Reads a pushed screen table, and keeps a push by id to check once all screens are read.
    private func followPush(_ row: inout Row, _ push: PendingPush, _ s: RowSlots) {
        if push.table {
            withPath(.field("push")) {
                _ = s.at(.push).table { target in
                    if let id = readScreen(target, requireID: false, defaultID: nil) { row.push = .screen(id) }
                }
            }
        }
        if let byID = push.byID {
            pendingPushes.append(byID)
        }
    }

    /// Warnings about fields that do nothing together.
    private func warnings(for row: borrowing Row, isSymbol: Bool) {
        if row.push != nil, let accessory = row.accessory, accessory == .none || accessory == .checkmark {
            report("the row pushes a screen but its accessory \"\(accessory.rawValue)\" hides the disclosure", field: "accessory", severity: .warning)
        }
        if row.kind == .button, row.push != nil {
            report("a button runs on_select; its push is followed too, which is unusual", field: "push", severity: .warning)
        }
        // (a symbol's row that pushes is a menuconfig symbol: selecting it opens its screen)
        if row.push != nil, [.toggle, .choice, .input, .number].contains(row.kind), !isSymbol {
            let does = row.kind == .toggle ? "flips its value" : row.kind == .choice ? "opens its options" : "asks for its value"
            report("a \(row.kind.constructor) \(does) when selected; its push is never followed (put the push on a row of its own, or call ctx:push in on_change)", field: "push", severity: .warning)
        }
        if let binding = row.binding, binding.secure, row.detail != nil {
            report("detail on a secure input is shown instead of the masked value", field: "detail", severity: .warning)
        }
        if row.confirm != nil, row.kind != .button {
            report("confirm is only asked for buttons", field: "confirm", severity: .warning)
        }
    }
}
