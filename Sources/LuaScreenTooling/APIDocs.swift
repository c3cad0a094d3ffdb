import LuaScreenCore
import ScreenModel
import LuaScreenTesting
/// The functions a script or test calls that are not table fields, described for
/// `luascreen stubs`: ctx's methods, a test file's globals and a session's methods. The
/// names come from the tables that install them (`Session.contextMethods`,
/// `TestFileRun.globals`, `TestFileRun.allSessionMethods`, the verbs' texts from `VerbTable`); a test fails when a name there has
/// no description here, or a description names nothing installed.
package enum APIDocs {
    /// One function: its parameters and result as LuaLS types, and what it does.
    package struct Function {
        /// Its parameters, each a name and a LuaLS type (`?` at the end: may be left out).
        package var params: [(name: String, type: String)]
        /// Its result's LuaLS type; nil for none.
        package var returns: String?
        /// What it does, in one line.
        package var text: String
    }

    static let ctx = FieldDocs.ctx
    static let session = "luascreen.Session"
    static let target = "string|luascreen.Screen|(fun(ctx: \(FieldDocs.ctx)): luascreen.Screen|string)"

    /// ctx's fields that are not methods.
    static let contextFields: [(name: String, type: String, text: String)] = [
        ("store", "table<string, any>", "the values: a stored value, else the default of the row bound to the key; assigning stores (checked against that row)"),
        ("row", "luascreen.CtxRow", "the row acted on"),
        ("screen", "{ id: string, title: string }", "the current screen"),
        ("locale", "string?", "the selected locale (--locale, else from LC_ALL, LC_MESSAGES, LANG), nil when none"),
    ]

    /// `ctx.row`'s fields.
    static let contextRowFields: [(name: String, type: String, text: String)] = [
        ("id", "string", "the row's id"),
        ("text", "string", "the row's text as shown"),
        ("key", "string?", "the store key of a bound row"),
        ("value", "any", "the value of a bound row"),
        ("context", "any", "the row's context field"),
    ]

    package static let contextMethods: [String: Function] = [
        "push": Function(params: [("target", target)], returns: nil, text: "opens a screen: an id of the app, a screen table, or a function returning one"),
        "pop": Function(params: [], returns: nil, text: "goes back one screen"),
        "home": Function(params: [], returns: nil, text: "goes back to the root screen"),
        "alert": Function(params: [("message", "string")], returns: nil, text: "shows a message to the person (tests read it with s:messages())"),
        "refuse": Function(params: [("message", "string")], returns: nil,
                           text: "declines the action (\"Nothing to clear\"): it stops here, its changes are undone and the message is shown as a refusal (no traceback); a test sees it with raises, explore counts no failure"),
        "reload": Function(params: [], returns: nil, text: "evaluates the current screen again"),
        "insert_row": Function(params: [("section_id", "string"), ("position", "integer"), ("row", "luascreen.Row")], returns: nil,
                               text: "inserts a row into a section of the live screen (positions from 1 to #rows + 1)"),
        "remove_row": Function(params: [("row_id", "string")], returns: nil, text: "removes a row from the live screen"),
        "update_row": Function(params: [("row_id", "string"), ("fields", "table")], returns: nil, text: "changes fields of a row of the live screen"),
        "insert_section": Function(params: [("position", "integer"), ("section", "luascreen.Section")], returns: nil,
                                   text: "inserts a section into the live screen"),
        "remove_section": Function(params: [("section_id", "string")], returns: nil, text: "removes a section from the live screen"),
        "tr": Function(params: [("text", "string")], returns: "string", text: "the text in the selected locale (its translation, else itself)"),
        "reset": Function(params: [("...", "string")], returns: nil,
                          text: "puts the keys back to their defaults (stored values removed); with no key every bound key; runs no on_change"),
    ]

    package static let testGlobals: [String: Function] = [
        "test": Function(params: [("name", "string"), ("fn", "fun()")], returns: nil, text: "defines a test: fn runs with a fresh set of sessions"),
        "eq": Function(params: [("actual", "any"), ("expected", "any"), ("message", "string?")], returns: nil,
                       text: "fails unless actual equals expected (tables compared by value, recursively)"),
        "truthy": Function(params: [("value", "any"), ("message", "string?")], returns: nil, text: "fails when value is nil or false"),
        "raises": Function(params: [("fn", "fun()"), ("pattern", "string?")], returns: "string",
                           text: "fails unless fn raises an error matching the Lua pattern (any error without one); returns the message"),
        "snapshot": Function(params: [("name", "string"), ("text", "string")], returns: nil,
                             text: "compares text with __snapshots__/NAME.txt beside the test file (written when missing)"),
        "skip": Function(params: [("reason", "string?")], returns: nil,
                         text: "stops the test here and reports it skipped (TAP # SKIP, JUnit <skipped>), neither passed nor failed"),
        "todo": Function(params: [("reason", "string?")], returns: nil,
                         text: "marks the test as not expected to pass yet (TAP # TODO): it runs on, and its failure does not fail the run"),
        "open": Function(params: [("path", "string"), ("opts", "{ store?: table<string, any>, width?: integer, locale?: string }?")], returns: session,
                         text: "a session on the script at path (relative to the test file), its store in memory"),
    ]

    /// A session's methods: the verbs offered to tests, described by `VerbTable` (their
    /// parameters, result and summary), and the session's own queries and `check`.
    package static let sessionMethods: [String: Function] = {
        var methods = sessionQueries
        for verb in VerbTable.verbs(in: .tests) {
            let entry = verb.entry
            methods[entry.name] = Function(params: entry.parameters.map { ($0.name, $0.type) }, returns: entry.returns, text: entry.summary)
        }
        return methods
    }()

    /// The methods of a session that are not verbs: what a test reads of it, and `check`.
    static let sessionQueries: [String: Function] = [
        "screen": Function(params: [], returns: "table", text: "the current screen, shaped as dump prints it"),
        "row": Function(params: [("ref", "string|integer")], returns: "table", text: "one row of the current screen (hidden rows too)"),
        "path": Function(params: [], returns: "string[]", text: "the screen ids from the root"),
        "render": Function(params: [("width", "integer?")], returns: "string", text: "the current screen as `render` prints it"),
        "store": Function(params: [], returns: "table<string, any>", text: "every bound key's value, stored or default, and any other stored key"),
        "messages": Function(params: [], returns: "string[]", text: "the alerts so far"),
        "check": Function(params: [], returns: nil, text: "raises unless the checks `luascreen explore` makes after each step pass"),
    ]
}
