import LuaScreen
import LuaScreenCore

/// One thing the page asks the session to do (`POST /api/do`), each the REPL command of the
/// same name run on the same `Session` API: the page never decides what a click does.
/// `Sendable`: a plain value.
struct PreviewOperation: Sendable {
    var op: String
    var ref: String?
    var value: String?
    var answer: Bool?
    var action: String?
    var from: Int?
    var to: Int?
    var path: [String]?

    /// Reads the request body (`{"op": "select", "ref": "wifi", ...}`).
    init(json: JSONValue) throws {
        guard case .string(let op)? = json["op"] else { throw PreviewRefusal("the request names no op") }
        self.op = op
        if case .string(let s)? = json["ref"] { ref = s }
        if case .string(let s)? = json["value"] { value = s }
        if case .bool(let b)? = json["answer"] { answer = b }
        if case .string(let s)? = json["action"] { action = s }
        if case .integer(let n)? = json["from"] { from = Int(clamping: n) }
        if case .integer(let n)? = json["to"] { to = Int(clamping: n) }
        if case .array(let items)? = json["path"] {
            path = items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
    }

    /// Runs the operation as one action of the session; what to show besides the new state
    /// (the text of `why`, `help`, the actions of a row, the results of `find`).
    func run(on session: Session) throws -> JSONValue {
        func needRef() throws -> String {
            guard let ref, !ref.isEmpty else { throw PreviewRefusal("\(op) needs a row (ref)") }
            return ref
        }
        func needValue() throws -> String {
            guard let value else { throw PreviewRefusal("\(op) needs a value") }
            return value
        }
        return try session.action {
            switch op {
            case "select": try session.select(try needRef(), answer: answer)
            case "set": try session.set(try needRef(), text: try needValue())
            case "accessory": try session.accessory(try needRef())
            case "inc": try session.increment(try needRef())
            case "dec": try session.decrement(try needRef())
            case "back": try session.back()
            case "home": session.home()
            case "reset": try session.reset(try needRef())
            case "add": try session.addItem(ref, try needValue())
            case "remove":
                guard let from else { throw PreviewRefusal("remove needs the item's position (from)") }
                try session.removeItem(ref, at: from)
            case "move":
                guard let from, let to else { throw PreviewRefusal("move needs two positions (from, to)") }
                try session.moveItem(ref, from: from, to: to)
            case "action":
                let ref = try needRef()
                guard let action else {
                    return .array(try session.actions(ref).map {
                        .object([("id", .string($0.id)), ("text", .string($0.text)), ("destructive", .bool($0.destructive))])
                    })
                }
                try session.runAction(ref, id: action, answer: answer)
            case "why": return .string(try session.why(try needRef()).formatted)
            case "help": return .string(try session.help(try needRef()).formatted)
            case "find":
                return .array(session.find(try needValue()).prefix(200).map { result in
                    .object([
                        ("screen", .string(result.screen)),
                        ("row", .string(result.row)),
                        ("text", .string(result.text)),
                        ("titles", .array(result.titles.map { .string($0) })),
                        ("path", .array(result.path.map { .string($0) })),
                        ("hidden", .bool(result.hidden)),
                    ])
                })
            case "go":
                guard let path, !path.isEmpty else { throw PreviewRefusal("go needs a path of screen ids") }
                try session.go(to: path)
            default:
                throw PreviewRefusal("unknown op \"\(op.prefix(40))\"")
            }
            return .null
        }
    }
}

/// A request the page made wrong (not the session refusing): 400. `Sendable`.
struct PreviewRefusal: Error, CustomStringConvertible, Sendable {
    var description: String
    init(_ description: String) { self.description = description }
}
