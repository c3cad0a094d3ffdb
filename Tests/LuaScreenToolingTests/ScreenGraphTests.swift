import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// `luascreen graph`'s model: screens with their row counts, pushes labelled with the row,
/// and the keys each `visible`/`enabled` function reads joined to the rows binding them.
final class ScreenGraphTests: XCTestCase {
    private let source = """
    return app { root = "main", screens = {
      screen { id = "main", title = "Main",
        section {
          toggle { id = "sync", text = "Sync", key = "sync" },
          row { id = "now", text = "Sync now", enabled = function(ctx) return ctx.store.sync end },
          row { id = "more", text = "More \\"options\\"", push = "more" },
        },
      },
      screen { id = "more", title = "More",
        section {
          row { id = "hidden_when_off", text = "Only with sync", visible = function(ctx) return ctx.store.sync end },
        },
      },
    } }
    """

    func testNodesPushesAndDependencies() throws {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("g.lua", source), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        let graph = session.graph()
        XCTAssertEqual(graph.root, "main")
        XCTAssertEqual(graph.nodes.map(\.id), ["main", "more"])
        XCTAssertEqual(graph.nodes.map(\.rowCount), [3, 1])
        XCTAssertEqual(graph.pushes, [.init(from: "main", to: "more", row: "more", text: "More \"options\"")])
        XCTAssertEqual(graph.dependencies.map { "\($0.fromRow)->\($0.toScreen)/\($0.toRow):\($0.key):\($0.condition)" },
                       ["sync->main/now:sync:enabled", "sync->more/hidden_when_off:sync:visible"])
        let dot = graph.dot
        XCTAssertTrue(dot.hasPrefix("digraph luascreen {\n"))
        XCTAssertTrue(dot.contains(#""main" -> "more" [label="More \"options\"""#), dot)
        XCTAssertTrue(dot.contains(#""main" [label="Main\n3 rows", peripheries=2];"#), dot)
        XCTAssertTrue(dot.contains(#""main" -> "more" [style=dashed"#), dot)
    }

    /// Script text passes the one sanitizer (an escape is shown, not sent), then dot's quoting.
    func testQuotingSanitizesAndEscapes() {
        XCTAssertEqual(ScreenGraph.quote("a\u{1b}[31mb\\c\nd\""), #""a\\x1b[31mb\\c\nd\"""#)
    }
}
