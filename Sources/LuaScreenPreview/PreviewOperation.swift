import LuaScreen
import LuaScreenCore

/// One thing the page asks the session to do (`POST /api/do`): a verb of `VerbTable` offered
/// to the preview, named by `op`, its arguments in the request's fields that the table's
/// parameters name; each runs on the same `Session` API as the REPL's command of that name,
/// so the page never decides what a click does. `Sendable`: a plain value.
package struct PreviewOperation: Sendable {
    /// The `op` as sent.
    var op: String
    /// The request's fields.
    var json: JSONValue

    /// Reads the request body (`{"op": NAME, "ref": "wifi", ...}`, NAME a verb's name).
    package init(json: JSONValue) throws {
        guard case .string(let op)? = json["op"] else { throw PreviewRefusal("the request names no op") }
        self.op = op
        self.json = json
    }

    /// The names of the verbs the page may send as `op`, by the verb's Swift name
    /// (`resetAll` names `reset_all`): the page script reads its op names from here (`OP.inc`).
    package static var names: JSONValue {
        .object(VerbTable.verbs(in: .preview).map { (String(describing: $0), .string($0.name)) })
    }

    private func string(_ parameter: VerbParameter) -> String? {
        if case .string(let s)? = json[parameter.field] { return s }
        return nil
    }

    private func integer(_ parameter: VerbParameter) -> Int? {
        if case .integer(let n)? = json[parameter.field] { return Int(clamping: n) }
        return nil
    }

    private var answer: Bool? {
        if case .bool(let b)? = json[VerbParameter.answer.field] { return b }
        return nil
    }

    private var path: [String]? {
        guard case .array(let items)? = json[VerbParameter.path.field] else { return nil }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    /// Runs the operation as one action of the session; what to show besides the new state
    /// (the text of `why`, `help`, the actions of a row, the results of `find`).
    package func run(on session: Session) throws -> JSONValue {
        let unknown = PreviewRefusal("unknown op \"\(op.prefix(40))\"")
        guard let verb = Verb(named: op), verb.entry.places.contains(.preview) else { throw unknown }
        func needRef() throws -> String {
            guard let ref = string(.ref), !ref.isEmpty else { throw PreviewRefusal("\(op) needs a row (\(VerbParameter.ref.field))") }
            return ref
        }
        func needValue() throws -> String {
            guard let value = string(.value) else { throw PreviewRefusal("\(op) needs a value") }
            return value
        }
        func actions(_ ref: String) throws -> JSONValue {
            .array(try session.actions(ref).map {
                .object([("id", .string($0.id)), ("text", .string($0.text)), ("destructive", .bool($0.destructive))])
            })
        }
        return try session.action {
            switch verb {
            case .select: try session.select(try needRef(), answer: answer)
            case .set: try session.set(try needRef(), text: try needValue())
            case .accessory: try session.accessory(try needRef())
            case .inc: try session.increment(try needRef())
            case .dec: try session.decrement(try needRef())
            case .back: try session.back()
            case .home: session.home()
            case .reset: try session.reset(try needRef())
            case .resetAll: try session.resetAll()
            case .reload: throw unknown  // the server reloads when the script changes
            case .add: try session.addItem(string(.ref), try needValue())
            case .remove:
                guard let n = integer(.position) else {
                    throw PreviewRefusal("\(op) needs the item's position (\(VerbParameter.position.field))")
                }
                try session.removeItem(string(.ref), at: n)
            case .move:
                guard let from = integer(.from), let to = integer(.to) else {
                    throw PreviewRefusal("\(op) needs two positions (\(VerbParameter.from.field), \(VerbParameter.to.field))")
                }
                try session.moveItem(string(.ref), from: from, to: to)
            case .action:
                let ref = try needRef()
                guard let id = string(.id) else { return try actions(ref) }
                try session.runAction(ref, id: id, answer: answer)
            case .actions: return try actions(try needRef())
            case .why: return .string(try session.why(try needRef()).formatted)
            case .help: return .string(try session.help(try needRef()).formatted)
            case .find:
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
            case .go:
                guard let path, !path.isEmpty else { throw PreviewRefusal("\(op) needs a path of screen ids") }
                try session.go(to: path, answer: answer)
            }
            return .null
        }
    }
}

/// A request the page made wrong (not the session refusing): 400. `Sendable`.
package struct PreviewRefusal: Error, CustomStringConvertible, Sendable {
    /// What was wrong with the request.
    package var description: String
    init(_ description: String) { self.description = description }
}
