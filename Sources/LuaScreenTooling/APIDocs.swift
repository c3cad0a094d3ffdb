import LuaScreenCore
import ScreenModel
import LuaScreenTesting
/// The functions a script or test calls that are not table fields, described for
/// `luascreen stubs`: ctx's methods, a test file's globals and a session's methods. The
/// names come from the tables that install them (`Session.contextMethods`,
/// `TestFileRun.globals`, `TestFileRun.sessionMethods`); a test fails when a name there has
/// no description here, or a description names nothing installed.
package enum APIDocs {
    /// One function: its parameters and result as LuaLS types, and what it does.
    package struct Function {
        var params: [(name: String, type: String)]
        var returns: String?
        var text: String
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

    package static let sessionMethods: [String: Function] = [
        "select": Function(params: [("ref", "string|integer"), ("answer", "boolean?")], returns: nil,
                           text: "selects a row (by number, id or text); answer replies to a confirm (yes when left out)"),
        "set": Function(params: [("ref", "string|integer"), ("value", "any")], returns: nil, text: "sets a bound row's value, checked as the REPL's set"),
        "accessory": Function(params: [("ref", "string|integer")], returns: nil, text: "runs the row's on_accessory"),
        "back": Function(params: [], returns: nil, text: "goes back one screen"),
        "home": Function(params: [], returns: nil, text: "goes back to the root screen"),
        "reload": Function(params: [], returns: "string?", text: "reads the script again, keeping the path and the values"),
        "find": Function(params: [("text", "string")], returns: "{ screen: string, row: string, text: string }[]",
                         text: "searches every screen reachable from the root"),
        "screen": Function(params: [], returns: "table", text: "the current screen, shaped as dump prints it"),
        "row": Function(params: [("ref", "string|integer")], returns: "table", text: "one row of the current screen (hidden rows too)"),
        "path": Function(params: [], returns: "string[]", text: "the screen ids from the root"),
        "render": Function(params: [("width", "integer?")], returns: "string", text: "the current screen as `render` prints it"),
        "store": Function(params: [], returns: "table<string, any>", text: "every bound key's value, stored or default, and any other stored key"),
        "messages": Function(params: [], returns: "string[]", text: "the alerts so far"),
        "reset": Function(params: [("ref", "string|integer")], returns: nil, text: "puts a bound row back to its default, as the REPL's reset REF"),
        "reset_all": Function(params: [], returns: nil, text: "puts every bound row back to its default, as the REPL's reset all"),
        "check": Function(params: [], returns: nil, text: "raises unless the checks `luascreen explore` makes after each step pass"),
        "inc": Function(params: [("ref", "string|integer")], returns: nil, text: "moves a number row one step up its grid, stopping at max"),
        "dec": Function(params: [("ref", "string|integer")], returns: nil, text: "moves a number row one step down its grid, stopping at min"),
        "add": Function(params: [("ref", "string|integer"), ("text", "string?")], returns: nil,
                        text: "appends an item to a list row; on the list's own screen ref may be left out: s:add(text)"),
        "remove": Function(params: [("ref", "string|integer"), ("n", "integer?")], returns: nil,
                           text: "removes the item at position n of a list row; on the list's own screen s:remove(n)"),
        "move": Function(params: [("ref", "string|integer"), ("from", "integer"), ("to", "integer?")], returns: nil,
                         text: "moves the item at from to position to in a list row; on the list's own screen s:move(from, to)"),
        "action": Function(params: [("ref", "string|integer"), ("id", "string"), ("answer", "boolean?")], returns: nil,
                           text: "runs one of a row's actions; answer replies to its confirm (yes when left out)"),
        "actions": Function(params: [("ref", "string|integer")], returns: "{ id: string, text: string, destructive: boolean }[]",
                            text: "a row's actions"),
        "why": Function(params: [("ref", "string|integer")], returns: "string", text: "why a row is disabled or hidden, as the REPL's why"),
        "help": Function(params: [("ref", "string|integer")], returns: "string", text: "a row's help, key, value, default and actions, as the REPL's help"),
    ]
}
