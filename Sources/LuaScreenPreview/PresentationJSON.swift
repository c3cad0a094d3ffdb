import LuaScreen
import ScreenModel

/// A row's presentation (`RowPresentation`) as the preview's state carries it, member for
/// member: the page draws these texts as they are.
enum PresentationJSON {
    /// The presentation as a JSON object (`detail_style`, `switch_word`, ... in snake case).
    static func json(_ p: RowPresentation) -> JSONValue {
        .object([
            ("text", .string(p.text)),
            ("detail", .optional(p.detail)),
            ("detail_style", .string(p.detailStyle.rawValue)),
            ("detail_is_placeholder", .bool(p.detailIsPlaceholder)),
            ("error", .optional(p.error)),
            ("placeholder", .optional(p.placeholder)),
            ("value", .optional(p.value)),
            ("accessory", .string(p.accessory.rawValue)),
            ("switch_word", .optional(p.switchWord)),
            ("disabled_word", .optional(p.disabledWord)),
            ("selected_word", .optional(p.selectedWord)),
            ("actions", p.actions.map { .array($0.map(action)) } ?? .null),
            ("actions_cancel", .optional(p.actionsCancel)),
            ("confirm", p.confirm.map(confirm) ?? .null),
            ("why_word", .optional(p.whyWord)),
            ("has_help", .bool(p.hasHelp)),
        ])
    }

    private static func action(_ a: RowPresentation.Action) -> JSONValue {
        .object([
            ("id", .string(a.id)),
            ("text", .string(a.text)),
            ("destructive", .bool(a.destructive)),
            ("confirm", a.confirm.map(confirm) ?? .null),
        ])
    }

    private static func confirm(_ c: RowPresentation.Confirm) -> JSONValue {
        .object([
            ("question", .optional(c.question)),
            ("cancel", .string(c.cancel)),
            ("ok", .string(c.ok)),
            ("destructive", .bool(c.destructive)),
        ])
    }
}
