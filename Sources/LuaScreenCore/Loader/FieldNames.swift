import ScreenModel

/// The fields each kind of table accepts.
package enum FieldNames {
    package static let screen = ["type", "id", "title", "sections", "on_appear", "invariants", "ios", "android", "strings"]
    package static let section = ["type", "id", "header", "footer", "rows", "visible", "ios", "android"]
    package static let app = ["type", "root", "store", "screens", "strings", "untranslated", "invariants", "modules"]
    package static let commonRow = ["type", "id", "text", "detail", "icon", "style", "accessory", "on_select",
                            "on_accessory", "push", "enabled", "visible", "help", "context", "actions", "ios", "android", "depends"]
    /// The rules of a symbol (docs/dependencies.md).
    static let rules = ["prompt_if", "defaults", "select", "imply"]
    static let button = ["destructive", "confirm"]
    static let toggle = rules + ["key", "default", "values", "validate", "on_change"]
    static let choice = rules + ["key", "options", "default", "close_on_pick", "multiple", "min_selected", "max_selected",
                         "sorted", "radio", "validate", "on_change", "optional", "kind"]
    static let input = rules + ["key", "default", "placeholder", "secure", "max_length", "multiline", "keyboard", "autocapitalize",
                        "autocorrect", "validate", "on_change", "ranges", "hex"]
    static let number = rules + ["key", "default", "min", "max", "step", "unit", "field", "validate", "on_change", "ranges"]
    static let tristate = rules + ["key", "default", "on_change"]
    static let symbol = rules + ["key", "default", "ranges", "kind"]
    static let date = ["key", "default", "min", "max", "placeholder", "validate", "on_change"]
    static let list = ["key", "default", "placeholder", "validate", "min_items", "max_items", "unique", "on_change"]

    package static func extra(for kind: RowKind) -> [String] {
        switch kind {
        case .text: return []
        case .button: return button
        case .toggle: return toggle
        case .choice: return choice
        case .input: return input
        case .number: return number
        case .list: return list
        case .date, .time: return date
        case .tristate: return tristate
        case .symbol: return symbol
        }
    }

    package static func row(_ kind: RowKind) -> [String] { commonRow + extra(for: kind) }

    /// The kinds a field belongs to, for "min is a field of number rows".
    static func kinds(having field: String) -> [RowKind] {
        RowKind.allCases.filter { extra(for: $0).contains(field) }
    }

    static let action = ["id", "text", "destructive", "confirm", "on_select"]
    static let rowTypes = ["row", "text", "button", "toggle", "choice", "input", "number", "list", "date", "time", "tristate", "symbol"]
}

/// Every field a row may have, numbered: the stack slot its value is copied to.
package enum RowField: Int32, CaseIterable {
    case type = 1, id, text, detail, icon, style, accessory, onSelect, onAccessory, push, enabled, visible,
         help, context, destructive, confirm, key, default_, onChange, options, placeholder, secure, maxLength,
         validate, min, max, step, unit, values, closeOnPick, multiple, minSelected, maxSelected, minItems, maxItems, unique, multiline, actions,
         keyboard, autocapitalize, autocorrect, sorted, radio, ios, android,
         depends, promptIf, defaults, select, imply, ranges, kind, optional, hex, field

    static let slotCount = Int32(allCases.count + 1)

    /// The field's name in a script: a stored string by case (`"\(self)"` went through
    /// reflection, 66 times an open; issue 26).
    package var name: String { RowField.names[Int(rawValue) - 1] }

    /// Each case's name, in the order of the cases (RowFieldTests checks they line up).
    private static let names: [String] = [
        "type", "id", "text", "detail", "icon", "style", "accessory", "on_select", "on_accessory", "push",
        "enabled", "visible", "help", "context", "destructive", "confirm", "key", "default", "on_change",
        "options", "placeholder", "secure", "max_length", "validate", "min", "max", "step", "unit", "values",
        "close_on_pick", "multiple", "min_selected", "max_selected", "min_items", "max_items", "unique", "multiline",
        "actions", "keyboard", "autocapitalize", "autocorrect", "sorted", "radio", "ios", "android",
        "depends", "prompt_if", "defaults", "select", "imply", "ranges", "kind", "optional", "hex", "field",
    ]

    package init?(name: String) {
        guard let field = RowField.byName[name] else { return nil }
        self = field
    }

    private static let byName: [String: RowField] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The fields of `FieldNames.row(kind)` as cases, listed again here so that the masks are
    /// made without looking 211 names up in a dictionary at each start-up (0.2 M
    /// instructions of a one-row `check`, issue 26); RowFieldTests checks the two lists agree.
    private static func fields(_ kind: RowKind) -> [RowField] {
        let common: [RowField] = [.type, .id, .text, .detail, .icon, .style, .accessory, .onSelect, .onAccessory,
                                  .push, .enabled, .visible, .help, .context, .actions, .ios, .android, .depends]
        // The rules of a symbol (docs/dependencies.md).
        let rules: [RowField] = [.promptIf, .defaults, .select, .imply]
        switch kind {
        case .text: return common
        case .button: return common + [.destructive, .confirm]
        case .toggle: return common + rules + [.key, .default_, .values, .validate, .onChange]
        case .choice:
            return common + rules + [.key, .options, .default_, .closeOnPick, .multiple, .minSelected, .maxSelected, .sorted,
                             .radio, .validate, .onChange, .optional, .kind]
        case .input:
            return common + rules + [.key, .default_, .placeholder, .secure, .maxLength, .multiline, .keyboard,
                             .autocapitalize, .autocorrect, .validate, .onChange, .ranges, .hex]
        case .number: return common + rules + [.key, .default_, .min, .max, .step, .unit, .field, .validate, .onChange, .ranges]
        case .tristate: return common + rules + [.key, .default_, .onChange]
        case .symbol: return common + rules + [.key, .default_, .ranges, .kind]
        case .list: return common + [.key, .default_, .placeholder, .validate, .minItems, .maxItems, .unique, .onChange]
        case .date, .time: return common + [.key, .default_, .min, .max, .placeholder, .validate, .onChange]
        }
    }

    private static let masks: [UInt64] = RowKind.allCases.map { fields($0).reduce(0) { $0 | $1.bit } }

    /// The fields a kind of row accepts, one bit a field.
    package static func allowed(for kind: RowKind) -> UInt64 {
        masks[kind.caseIndex]
    }
}

/// The type (as lua-language-server writes it) and one-line meaning of a field, for
/// `luascreen stubs`. The names come from `FieldNames` (what the validator accepts); this
/// only describes them, keyed `"kind.field"` (`"toggle.default"`, `"screen.id"`) or, for a
/// field that means the same in every row, `"field"`. A test fails for a field the
/// validator accepts with no description here, and for a description of no such field.
package enum FieldDocs {
    package struct Doc {
        /// The LuaLS type, e.g. `string|fun(ctx: luascreen.Ctx): string`.
        package var type: String
        package var text: String
        /// The validator reports the field missing.
        package var required = false

        /// A field's type, its text, and whether the validator reports it missing.
        package init(type: String, text: String, required: Bool = false) {
            self.type = type
            self.text = text
            self.required = required
        }
    }

    package static let ctx = "luascreen.Ctx"
    static let dynamicString = "string|(fun(ctx: \(ctx)): string)"
    static let dynamicBool = "boolean|(fun(ctx: \(ctx)): any)"
    static let callback = "fun(ctx: \(ctx))"
    static func enumType(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: "|") }
    static let platformType = "table<string, string|number|boolean|table>"
    static let iosText = "Settings.bundle keys written into this specifier by export (plain values; shown nowhere), e.g. { IASKSubtitle = \"...\" }"
    static let androidText = "androidx attributes written onto this element by export (plain values; shown nowhere), e.g. { [\"app:singleLineTitle\"] = false }"

    package static let table: [String: Doc] = [
        // app
        "app.type": Doc(type: "\"app\"", text: "set by the app constructor"),
        "app.root": Doc(type: "string", text: "the id of the first screen (default: the first of screens)"),
        "app.store": Doc(type: "string", text: "the store's file name: $XDG_CONFIG_HOME/luascreen/NAME.json"),
        "app.strings": Doc(type: "table<string, table<string, string>>|string", text: "translations: { de = { [\"Settings\"] = \"Einstellungen\" } }, or a folder of LANG.lua files beside the script"),
        "app.untranslated": Doc(type: "string[]", text: "texts shown as written in every locale (names, brands): check --locale does not ask to translate them"),
        "app.invariants": Doc(type: "table<string, fun(ctx: \(ctx)): boolean?, string?>", text: "checks `luascreen explore` runs after every step: false (and a message) or an error fails"),
        "app.screens": Doc(type: "luascreen.Screen[]|table<string, luascreen.Screen>", text: "the app's screens, each with an id (or keyed by it)", required: true),
        // screen
        "screen.type": Doc(type: "\"screen\"", text: "set by the screen constructor"),
        "screen.id": Doc(type: "string", text: "unique in the app (required there); `push` names it"),
        "screen.title": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "shown at the top and in the path", required: true),
        "screen.sections": Doc(type: "luascreen.Section[]|(fun(ctx: \(ctx)): luascreen.Section[])", text: "the sections (or give them in the array part); a function is run at each render"),
        "screen.invariants": Doc(type: "table<string, fun(ctx: \(ctx)): boolean?, string?>", text: "checks `luascreen explore` runs after every step while the screen is on the stack"),
        "screen.on_appear": Doc(type: callback, text: "runs each time the screen is pushed or opened as the root, before it is shown"),
        "screen.ios": Doc(type: platformType, text: iosText),
        "screen.strings": Doc(type: "table<string, table<string, string>>", text: "this screen's own translations: { fr = { [\"Advanced\"] = \"Avancé\" } }, looked up before the app's strings for the texts it shows"),
        "screen.android": Doc(type: platformType, text: androidText),
        // section
        "section.type": Doc(type: "\"section\"", text: "set by the section constructor"),
        "section.id": Doc(type: "string", text: "for ctx:insert_row and ctx:remove_section (default: the header made an id)"),
        "section.header": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "the text above the rows"),
        "section.footer": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "the text below the rows, wrapped to the width"),
        "section.rows": Doc(type: "luascreen.Row[]", text: "the rows (or give them in the array part)"),
        "section.visible": Doc(type: dynamicBool, text: "false hides the whole section"),
        "section.ios": Doc(type: platformType, text: iosText),
        "section.android": Doc(type: platformType, text: androidText),
        // every row
        "type": Doc(type: "string", text: "the row's kind, set by its constructor (plain tables: \"text\" when left out)"),
        "id": Doc(type: "string", text: "unique in its screen (default: key, else the text made an id)"),
        "text": Doc(type: dynamicString, text: "the row's label", required: true),
        "detail": Doc(type: dynamicString, text: "the text on the right (a bound row shows its value when left out)"),
        "icon": Doc(type: "string", text: "a short symbol drawn before the text"),
        "style": Doc(type: enumType(RowStyle.allCases.map(\.rawValue)), text: "the layout of text and detail (default value1)"),
        "accessory": Doc(type: enumType(Accessory.allCases.map(\.rawValue)), text: "the mark at the end of the row (default disclosure when push is set)"),
        "on_select": Doc(type: callback, text: "runs when the row is selected"),
        "on_accessory": Doc(type: callback, text: "runs when the detail button is pressed (accessory detail or detail_disclosure)"),
        "push": Doc(type: "string|luascreen.Screen|(fun(ctx: \(ctx)): luascreen.Screen|string)", text: "the screen to open on select: an id of the app, a screen, or a function returning one"),
        "enabled": Doc(type: dynamicBool, text: "false greys the row out; it cannot be selected"),
        "visible": Doc(type: dynamicBool, text: "false hides the row"),
        "help": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "the text `help REF` shows"),
        "context": Doc(type: "any", text: "any value, handed to callbacks as ctx.row.context"),
        "ios": Doc(type: platformType, text: iosText),
        "android": Doc(type: platformType, text: androidText),
        // button
        "button.destructive": Doc(type: "boolean", text: "drawn as a dangerous action"),
        "button.confirm": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "a yes/no question asked before on_select runs"),
        "button.on_select": Doc(type: callback, text: "what the button does", required: true),
        // bound rows
        "key": Doc(type: "string", text: "the store key the value is bound to (default: the row's id)"),
        "toggle.key": Doc(type: "string", text: "the store key the toggle sets", required: true),
        "on_change": Doc(type: "fun(ctx: \(ctx), new: any, old: any)", text: "runs after the value changed"),
        "validate": Doc(type: "fun(value: any, ctx: \(ctx)): string?", text: "returns nil to accept a new value, or a message refusing it"),
        "toggle.default": Doc(type: "boolean|(fun(ctx: \(ctx)): boolean)", text: "the value until one is stored (default false)"),
        "toggle.on_change": Doc(type: "fun(ctx: \(ctx), new: boolean, old: boolean)", text: "runs after the value flipped"),
        "choice.options": Doc(type: "luascreen.Option[]|(fun(ctx: \(ctx)): luascreen.Option[])", text: "the options: strings, or { value =, text =, short = } tables, or a function returning them"),
        "choice.default": Doc(type: "string|number|(fun(ctx: \(ctx)): string|number)", text: "the value until one is stored (default: the first option's)"),
        "input.default": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "the value until one is stored (default \"\")"),
        "input.placeholder": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "shown while the value is empty"),
        "input.secure": Doc(type: "boolean", text: "a password: shown as ••••, never the value"),
        "input.max_length": Doc(type: "integer", text: "the most characters the value may have"),
        "input.validate": Doc(type: "fun(value: string, ctx: \(ctx)): string?", text: "returns nil to accept a new value, or a message refusing it"),
        "number.default": Doc(type: "number|(fun(ctx: \(ctx)): number)", text: "the value until one is stored (default: min, else 0)"),
        "number.min": Doc(type: "number", text: "the smallest value"),
        "number.max": Doc(type: "number", text: "the largest value"),
        "number.step": Doc(type: "number", text: "values lie on the grid min + k·step (above 0)"),
        "number.unit": Doc(type: "string", text: "shown after the value, e.g. \"%\" or \"ms\""),
        "number.field": Doc(type: "boolean", text: "typed in a plain field, not set with a slider (a port): the preview draws a text field, export a text field with a number keyboard"),
        // SPEC §8
        "actions": Doc(type: "{ id: string?, text: string, destructive: boolean?, confirm: string?, on_select: \(callback) }[]",
                       text: "edit actions: `action REF` lists them, `action REF ID` runs one"),
        "toggle.values": Doc(type: "{ [1]: boolean|number|string, [2]: boolean|number|string }", text: "what is stored for on and off, e.g. { \"yes\", \"no\" }"),
        "choice.close_on_pick": Doc(type: "boolean", text: "picking an option closes the picker"),
        "choice.multiple": Doc(type: "boolean", text: "the value is a list of option values; each pick adds or removes one"),
        "choice.min_selected": Doc(type: "integer", text: "a multiple choice needs at least this many options"),
        "choice.max_selected": Doc(type: "integer", text: "a multiple choice takes at most this many options"),
        "input.keyboard": Doc(type: enumType(KeyboardKind.allCases.map(\.rawValue)), text: "the keyboard a phone shows (a hint: KeyboardType in a Settings.bundle; the terminal ignores it)"),
        "input.autocapitalize": Doc(type: enumType(Autocapitalization.allCases.map(\.rawValue)), text: "which letters a phone capitalizes (a hint: AutocapitalizationType; the terminal ignores it)"),
        "input.autocorrect": Doc(type: "boolean", text: "whether a phone corrects spelling (a hint: AutocorrectionType; the terminal ignores it)"),
        "choice.sorted": Doc(type: "boolean", text: "a phone lists the options sorted by text (a hint: DisplaySortedByTitle; the terminal keeps the written order)"),
        "choice.radio": Doc(type: "boolean", text: "the options are shown inline as radio buttons, a group of their own (PSRadioGroupSpecifier); the terminal shows a choice"),
        "input.multiline": Doc(type: "boolean", text: "the value may hold newlines (`edit REF` opens $VISUAL or $EDITOR)"),
        "list.default": Doc(type: "string[]|(fun(ctx: \(ctx)): string[])", text: "the items until some are stored (default {})"),
        "list.placeholder": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "shown while the list is empty"),
        "list.min_items": Doc(type: "integer", text: "the fewest items the list may hold once it is edited"),
        "list.max_items": Doc(type: "integer", text: "the most items the list may hold"),
        "list.unique": Doc(type: "boolean", text: "no item twice"),
        "date.default": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "the day until one is stored, \"YYYY-MM-DD\" (default: min, else not set)"),
        "date.min": Doc(type: "string", text: "the earliest day, \"YYYY-MM-DD\""),
        "date.max": Doc(type: "string", text: "the latest day, \"YYYY-MM-DD\""),
        "date.placeholder": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "shown while no day is set"),
        "time.default": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "the time until one is stored, \"HH:MM\" (default: min, else not set)"),
        "time.min": Doc(type: "string", text: "the earliest time, \"HH:MM\""),
        "time.max": Doc(type: "string", text: "the latest time, \"HH:MM\""),
        "time.placeholder": Doc(type: "string|(fun(ctx: \(ctx)): string)", text: "shown while no time is set"),
        // symbols (docs/dependencies.md)
        "app.modules": Doc(type: "string", text: "the symbol whose value allows m (Kconfig's modules): while it is n every tristate is a bool"),
        "depends": Doc(type: "string", text: "Kconfig expression: the direct dependencies (a symbol), or when the row is shown (a menu, a comment)"),
        "prompt_if": Doc(type: "string", text: "Kconfig expression: the prompt's condition; the row shows while depends && prompt_if is not n"),
        "defaults": Doc(type: "{ [1]: boolean|number|string, when: string? }[]", text: "the first whose when holds gives the value while none is chosen, e.g. { { \"y\", when = \"X86\" }, { 64 } }"),
        "select": Doc(type: "(string|{ [1]: string, when: string? })[]", text: "symbols raised to at least this one's value, e.g. { \"FOO\", { \"BAR\", when = \"X\" } }"),
        "imply": Doc(type: "(string|{ [1]: string, when: string? })[]", text: "symbols defaulted to at least this one's value (a weak select: they may be lowered)"),
        "ranges": Doc(type: "{ [1]: number|string, [2]: number|string, when: string? }[]", text: "int and hex: the first range whose when holds bounds the value"),
        "input.hex": Doc(type: "boolean", text: "a hex symbol: the value is \"0x…\""),
        "choice.optional": Doc(type: "boolean", text: "a choice of symbols that may have no option on"),
        "choice.kind": Doc(type: enumType(["bool", "tristate"]), text: "a choice of symbols' type: tristate lets its options be m together (default bool)"),
        "tristate.default": Doc(type: "\"n\"|\"m\"|\"y\"", text: "the value while none is chosen and no defaults entry holds (default n)"),
        "symbol.text": Doc(type: "string", text: "not shown: a symbol has no prompt"),
        "symbol.kind": Doc(type: enumType(SymbolType.allCases.map(\.rawValue)), text: "the value's type", required: true),
        "symbol.key": Doc(type: "string", text: "the symbol's name", required: true),
        "symbol.default": Doc(type: "boolean|number|string", text: "one more default, tried last"),
    ]

    /// The description of a field of a table kind (`app`, `screen`, `section`) or of a row kind.
    package static func doc(_ field: String, of kind: String) -> Doc? {
        table["\(kind).\(field)"] ?? (["app", "screen", "section"].contains(kind) ? nil : table[field])
    }
}
