import ScreenModel
import LuaScreenCore
import LuaScreenTesting

/// The authoring API as an editor needs it (the language server's completion and hover): the
/// constructors, each kind's fields with their types and meanings, the values an enum field
/// takes, ctx's members, and a test file's globals and session methods. The same tables
/// `luascreen stubs` is generated from, so the editor and the stubs say the same.
/// A namespace of values that never change: usable from any thread.
package enum EditorDocs {
    /// One name an editor can offer: what it is (`field`, `method`, ...), its LuaLS type or
    /// signature, and what it means. Sendable: a plain value.
    public struct Entry: Sendable, Equatable {
        /// The name as written in a script.
        public var name: String
        /// The LuaLS type of a field, or a function's signature.
        public var type: String
        /// What it means (the stub's text).
        public var text: String
        /// A field the validator reports missing.
        public var required: Bool
    }

    /// Every constructor (`screen`, `toggle`, ...) with its one-line doc, in the stubs' order.
    public static var constructors: [Entry] {
        Stubs.kinds.map { kind in
            Entry(name: kind.constructor, type: "fun(t: \(kind.className)): \(kind.className)",
                  text: Stubs.constructorDocs[kind.constructor] ?? "A \(kind.constructor) row.", required: false)
        }
    }

    /// The fields a table built by `constructor` accepts (a row kind's include the common row
    /// fields); empty for a name that is no constructor.
    public static func fields(of constructor: String) -> [Entry] {
        guard let kind = Stubs.kinds.first(where: { $0.constructor == constructor }) else { return [] }
        var names = kind.fields
        if kind.parent != nil { names = FieldNames.commonRow.filter { !names.contains($0) } + names }
        return names.filter { $0 != "type" }.map { field in
            let doc = FieldDocs.doc(field, of: kind.docKind) ?? FieldDocs.Doc(type: "any", text: "")
            return Entry(name: field, type: doc.type, text: doc.text, required: doc.required)
        }
    }

    /// The values an enum field of `constructor` takes (`accessory`, `style`, `keyboard`, ...),
    /// read from its type `"a"|"b"`; empty when the field is no enum.
    public static func enumValues(of field: String, in constructor: String) -> [String] {
        guard let entry = fields(of: constructor).first(where: { $0.name == field }) else { return [] }
        let parts = entry.type.split(separator: "|")
        guard !parts.isEmpty, parts.allSatisfy({ $0.count >= 2 && $0.hasPrefix("\"") && $0.hasSuffix("\"") }) else { return [] }
        return parts.map { String($0.dropFirst().dropLast()) }
    }

    /// ctx's methods (`ctx:push`, ...), in the order they are installed.
    public static var contextMethods: [Entry] {
        Session.contextMethods.map(\.0).map { method($0, APIDocs.contextMethods[$0]) }
    }

    /// ctx's fields that are not methods (`store`, `row`, `screen`, `locale`).
    public static var contextFields: [Entry] {
        APIDocs.contextFields.map { Entry(name: $0.name, type: $0.type, text: $0.text, required: false) }
    }

    /// A test file's globals (`test`, `open`, `eq`, ...).
    public static var testGlobals: [Entry] {
        TestFileRun.globals.map(\.0).map { method($0, APIDocs.testGlobals[$0]) }
    }

    /// A session's methods in a test file (`s:select`, `s:set`, ...).
    public static var sessionMethods: [Entry] {
        TestFileRun.allSessionMethods.map(\.0).map { method($0, APIDocs.sessionMethods[$0]) }
    }

    private static func method(_ name: String, _ doc: APIDocs.Function?) -> Entry {
        let doc = doc ?? APIDocs.Function(params: [("...", "any")], returns: "any", text: "")
        let params = doc.params.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        return Entry(name: name, type: "fun(\(params))\(doc.returns.map { ": " + $0 } ?? "")", text: doc.text, required: false)
    }
}
