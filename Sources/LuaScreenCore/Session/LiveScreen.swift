import ScreenModel

/// One screen on the navigation stack, with the changes made to it at run time.
package struct LiveScreen {
    package var id: String
    var title: String
    /// `title = function(ctx)`: evaluated at each render.
    var titleFunction: ScriptRef?
    /// The live sections (declared ones plus run-time changes); nil when `sections` is a function.
    package var sections: [Section]?
    package var sectionsFunction: ScriptRef?
    /// A choice's picker: the row whose options it lists.
    package var picker: PickerSource?
    /// A list row's screen of items.
    package var list: PickerSource?
}

package struct PickerSource {
    package var row: Row
    package var screenID: String
}
