import ScreenModel

/// One screen on the navigation stack, with the changes made to it at run time.
struct LiveScreen {
    var id: String
    var title: String
    /// `title = function(ctx)`: evaluated at each render.
    var titleFunction: ScriptRef?
    /// The live sections (declared ones plus run-time changes); nil when `sections` is a function.
    var sections: [Section]?
    var sectionsFunction: ScriptRef?
    /// A choice's picker: the row whose options it lists.
    var picker: PickerSource?
    /// A list row's screen of items.
    var list: PickerSource?
}

struct PickerSource {
    var row: Row
    var screenID: String
}
