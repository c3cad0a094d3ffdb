import XCTest
import Glibc
import LuaScreen
import LuaScreenTestSupport

/// Choosing a store, reading one without writing, and a store that may not be written
/// (issue 13), through the public API only.
final class StoreAccessTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        var template = Array("/tmp/luascreen-access-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("no temporary folder") }
        folder = String(cString: made)
    }

    override func tearDownWithError() throws {
        _ = chmod(folder, 0o700)
        for name in ["values.json", ".values.json.lock"] { _ = unlink(folder + "/" + name) }
        _ = rmdir(folder)
    }

    private func write(_ text: String, to path: String) {
        let file = fopen(path, "w")!
        fputs(text, file)
        fclose(file)
    }

    private func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testStoreChoiceOpensMemoryAGivenFileOrTheScriptsDefault() throws {
        XCTAssertTrue(try StoreChoice.open(given: StoreChoice.memory, scriptPath: "a/b.lua") is MemoryStore)
        let given = try StoreChoice.open(given: folder + "/values.json", scriptPath: "a/b.lua")
        XCTAssertEqual(given.location, folder + "/values.json")
        XCTAssertEqual(StoreChoice.scriptName("examples/settings.lua"), "settings")
        XCTAssertEqual(StoreChoice.scriptName("plain"), "plain")
        XCTAssertTrue(try StoreChoice.open(given: folder + "/values.json", scriptPath: "b.lua", readOnly: true) is ReadOnlyStore)
    }

    func testReadOnlyStoreReadsAndRefusesWritesLeavingTheFile() throws {
        let path = folder + "/values.json"
        write("{\"wifi\": true}\n", to: path)
        let store = try StoreChoice.open(given: path, scriptPath: "s.lua", readOnly: true, readOnlyReason: "render only reads the values")
        XCTAssertEqual(store.value(for: "wifi"), .bool(true))
        XCTAssertEqual(store.values.map(\.key), ["wifi"])
        XCTAssertEqual(store.location, path)
        XCTAssertThrowsError(try store.commit([(key: "wifi", value: .bool(false))])) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: path, blocked: nil, reason: "render only reads the values"))
            XCTAssertEqual("\(error)", "\(path) was not written: render only reads the values; this change is not saved and the values stored before are kept")
        }
        XCTAssertEqual(store.value(for: "wifi"), .bool(true))
        XCTAssertEqual(read(path), "{\"wifi\": true}\n")
    }

    /// /sys takes no new files, even from root (EACCES; EROFS where it is mounted read-only).
    func testAFolderNoOneMayWriteNamesTheFolderAndWhatToDo() throws {
        var st = stat()
        guard stat("/sys", &st) == 0 else { throw XCTSkip("no /sys") }
        let store = try FileStore.open(path: "/sys/luascreen-values.json")
        XCTAssertThrowsError(try store.commit([(key: "wifi", value: .bool(false))])) { error in
            guard case StoreError.readOnly(let path, let blocked, let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/sys/luascreen-values.json")
            XCTAssertEqual(blocked, "the folder /sys")
            XCTAssertTrue(["Permission denied", "Read-only file system"].contains(reason), reason)
            XCTAssertTrue("\(error)".hasSuffix("make the folder /sys writable, or \(StoreError.anotherStoreAdvice)"), "\(error)")
        }
        XCTAssertNil(store.value(for: "wifi"))
    }

    /// A store whose disk is full: its commit fails as a file store's does (ENOSPC).
    private final class FullDiskStore: ValueStore {
        func value(for key: String) -> StoreValue? { nil }
        var values: [(key: String, value: StoreValue)] { [] }
        func commit(_ changes: [(key: String, value: StoreValue?)]) throws {
            throw StoreError.io(path: "/full/values.json", operation: "write /full/.values.json.tmp", code: ENOSPC)
        }
        var location: String { "/full/values.json" }
        var fileSize: Int { 3 }
        func fileSize(ofMember key: String) -> Int { 0 }
    }

    /// A failed save is said once: the store's words, not "cannot save the values" twice.
    func testASaveThatFailsSaysSoOnceAndKeepsTheValue() throws {
        let path = folder + "/s.lua"
        write("return screen { id = \"s\", title = \"S\", sections = { { rows = { toggle { text = \"Wi-Fi\", key = \"wifi\" } } } } }\n", to: path)
        defer { unlink(path) }
        let session = try Session.open(path: path, options: SessionOptions(store: FullDiskStore()))
        defer { session.close() }
        XCTAssertThrowsError(try session.select("Wi-Fi")) { error in
            let text = "\(error)"
            XCTAssertEqual(text.components(separatedBy: "cannot save the values").count, 2, text)
            XCTAssertTrue(text.contains("/full/values.json: cannot save the values: write /full/.values.json.tmp: "), text)
        }
        XCTAssertEqual(session.currentScreen().sections[0].rows[0].value, .bool(false))
    }

    func testAReadOnlyFileIsNotReplaced() throws {
        guard geteuid() != 0 else { throw XCTSkip("root may write a read-only file") }
        let path = folder + "/values.json"
        write("{\"wifi\": true}\n", to: path)
        XCTAssertEqual(chmod(path, 0o444), 0)
        let store = try FileStore.open(path: path)
        XCTAssertThrowsError(try store.commit([(key: "wifi", value: .bool(false))])) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: path, blocked: "the file \(path)", reason: "Permission denied"))
        }
        XCTAssertEqual(read(path), "{\"wifi\": true}\n")
        XCTAssertEqual(store.value(for: "wifi"), .bool(true))
    }

    func testDiagnosticJSONHasEveryFieldAndNullForAnUnknownLine() {
        let diagnostics = [Diagnostic(file: "a.lua", line: 3, path: "screens[1]", message: "say \"x\"",
                                      calledFrom: [SourceLocation(file: "a.lua", line: 9)]),
                           Diagnostic(.warning, file: "b.lua", line: nil, path: "", message: "m")]
        // The notes the text prints (`a.lua:9: note: called from here`) are in the JSON too, and the code.
        XCTAssertEqual(Diagnostic.json(diagnostics).serialized(), """
            [{"file":"a.lua","line":3,"severity":"error","code":"invalid","path":"screens[1]","message":"say \\"x\\"",\
            "notes":[{"file":"a.lua","line":9,"message":"called from here"}]},\
            {"file":"b.lua","line":null,"severity":"warning","code":"warning","path":"","message":"m","notes":[]}]
            """)
    }
}
