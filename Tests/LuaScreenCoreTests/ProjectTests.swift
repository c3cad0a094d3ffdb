import XCTest
import Foundation
import LuaScreen

/// `Project` through its public API: which app a file is loaded as part of (`forFile`), with
/// and without a project file, a bad project file, and a cycle of requires.
final class ProjectTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/screens", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/locales", withIntermediateDirectories: true)
        put("local s = require(\"screens.one\")\nreturn app { root = \"one\", screens = { s } }\n", "main.lua")
        put("local h = require(\"helpers\")\nreturn screen { id = \"one\", title = h.title }\n", "screens/one.lua")
        put("return { title = \"One\" }\n", "helpers.lua")
        put("return { [\"One\"] = \"Un\" }\n", "locales/fr.lua")
        put("return screen { id = \"other\", title = \"Other\" }\n", "other.lua")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func put(_ text: String, _ name: String) { _ = FileManager.default.createFile(atPath: root + "/" + name, contents: Data(text.utf8)) }
    private func p(_ name: String) -> String { Files.standardized(root + "/" + name) }

    func testProjectOfAnEntryListsItsModulesAndLocales() {
        let project = Project.of(entry: p("main.lua"))
        XCTAssertEqual(project.entry, p("main.lua"))
        XCTAssertEqual(project.modules, [p("screens/one.lua"), p("helpers.lua")])
        XCTAssertEqual(project.locales, [p("locales/fr.lua")])
    }

    func testAModuleOpenedAloneBelongsToTheAppWhoseRequiresReachIt() throws {
        let alone = [Diagnostic(file: p("screens/one.lua"), line: 1, path: "", message: "require: module 'helpers' not found: no file 'x'")]
        XCTAssertTrue(Project.openedAlone(alone))
        XCTAssertEqual(try Project.forFile(p("screens/one.lua"), root: root, found: alone)?.entry, p("main.lua"))
        // Loaded alone without trouble, or an entry: loaded as itself.
        XCTAssertNil(try Project.forFile(p("screens/one.lua"), root: root, found: []))
        XCTAssertNil(try Project.forFile(p("main.lua"), root: root, found: alone))
    }

    func testAProjectFileNamesTheAppWithoutSearching() throws {
        put(ProjectFile.text(entry: "main.lua"), ProjectFile.name)
        XCTAssertEqual(ProjectFile.find(from: p("screens"), root: root), p(ProjectFile.name))
        XCTAssertEqual(try ProjectFile.read(p(ProjectFile.name)).entry, p("main.lua"))
        // No diagnostics needed: the project file says which app.
        XCTAssertEqual(try Project.forFile(p("helpers.lua"), root: root)?.entry, p("main.lua"))
        XCTAssertNil(try Project.forFile(p("main.lua"), root: root))
        XCTAssertNil(try Project.forFile(p("other.lua"), root: root), "a script the app does not require is its own")
    }

    func testABadProjectFileNamesItsLineAndWhatToDo() {
        func error(_ text: String) -> ProjectFileError? {
            put(text, ProjectFile.name)
            do { _ = try Project.forFile(p("helpers.lua"), root: root) } catch { return error }
            return nil
        }
        let unknown = error("{\n  \"entry\": \"main.lua\",\n  \"entyr\": 1\n}\n")
        XCTAssertEqual(unknown?.line, 3)
        XCTAssertTrue(unknown?.message.contains("did you mean \"entry\"") ?? false, "\(String(describing: unknown))")
        let missing = error("{\"entry\": \"nope.lua\"}")
        XCTAssertTrue(missing?.message.contains("is not a file") ?? false, "\(String(describing: missing))")
        let broken = error("{\"entry\": \"main.lua\",\n")
        XCTAssertEqual(broken?.line, 2)
        XCTAssertNotNil(broken?.column)
        XCTAssertTrue(error("[]")?.description.contains("error: project file: expected an object") ?? false)
        XCTAssertTrue(error("{\"entry\": 3}")?.diagnostic.message.contains("remove it") ?? false)
    }

    func testACycleOfRequiresIsFollowedOnce() {
        put("local b = require(\"b\")\nreturn screen { id = \"a\", title = \"A\" }\n", "a.lua")
        put("local a = require(\"a\")\nreturn {}\n", "b.lua")
        XCTAssertEqual(Project.of(entry: p("a.lua")).modules, [p("b.lua")])
        XCTAssertEqual(Project.of(entry: p("b.lua")).modules, [p("a.lua")])
    }
}
