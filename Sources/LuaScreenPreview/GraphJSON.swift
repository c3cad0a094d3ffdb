import LuaScreen
import ScreenModel

/// The app's map as the page draws it (`GET /api/graph`): the same `ScreenGraph` as
/// `luascreen graph`, as JSON, with its dot text.
enum GraphJSON {
    static func json(_ graph: ScreenGraph) -> JSONValue {
        .object([
            ("root", .string(graph.root)),
            ("nodes", .array(graph.nodes.map {
                .object([("id", .string($0.id)), ("title", .string(sanitize($0.title))), ("rows", .integer(Int64($0.rowCount)))])
            })),
            ("pushes", .array(graph.pushes.map {
                .object([("from", .string($0.from)), ("to", .string($0.to)), ("row", .string($0.row)), ("text", .string(sanitize($0.text)))])
            })),
            ("dependencies", .array(graph.dependencies.map {
                .object([("from_screen", .string($0.fromScreen)), ("from_row", .string($0.fromRow)),
                         ("to_screen", .string($0.toScreen)), ("to_row", .string($0.toRow)),
                         ("key", .string($0.key)), ("condition", .string($0.condition))])
            })),
            ("dot", .string(graph.dot)),
        ])
    }
}
