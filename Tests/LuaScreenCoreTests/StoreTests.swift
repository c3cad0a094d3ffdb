import XCTest
import Foundation
import Glibc
import ScreenModel
import LuaScreen
import LuaScreenTestSupport
import LuaScreenCore

final class StoreTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("luascreen-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // Restore permissions a test may have removed, so the folder can be deleted.
        if let paths = FileManager.default.subpaths(atPath: root.path) {
            for sub in paths { _ = chmod(root.appendingPathComponent(sub).path, 0o700) }
        }
        try? FileManager.default.removeItem(at: root)
    }

    // MARK: Helpers

    private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    private func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    private func text(_ path: String) -> String? {
        bytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func mode(_ path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mode & 0o7777
    }

    private func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func assertNoTemporaryFiles(in folder: String, file: StaticString = #filePath, line: UInt = #line) {
        let leftovers = listing(folder).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "temporary files left behind", file: file, line: line)
    }

    private func damagedError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> StoreError? {
        do {
            try body()
            XCTFail("expected StoreError.damaged", file: file, line: line)
        } catch let error as StoreError {
            guard case .damaged = error else {
                XCTFail("expected .damaged, got \(error)", file: file, line: line)
                return nil
            }
            return error
        } catch {
            XCTFail("expected StoreError, got \(error)", file: file, line: line)
        }
        return nil
    }

    private func dict(_ store: ValueStore) -> [String: StoreValue] {
        Dictionary(store.values.map { ($0.key, $0.value) }, uniquingKeysWith: { _, b in b })
    }

    // MARK: Missing file, creation, mode

    func testMissingFileIsEmptyAndCreatesNothing() throws {
        let file = path("a/b/settings.json")
        let store = try FileStore.open(path: file)
        XCTAssertTrue(store.values.isEmpty)
        XCTAssertNil(store.value(for: "x"))
        XCTAssertEqual(store.location, file)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("a")), "open must not create the folder")
    }

    func testALockFileThatIsAFIFOIsRefusedWithoutHanging() throws {
        let file = path("s.json")
        try write("{}\n", to: file)
        XCTAssertEqual(mkfifo(path(".s.json.lock"), 0o600), 0)
        let store = try FileStore.open(path: file)
        XCTAssertThrowsError(try store.commit([(key: "wifi", value: .bool(true))])) { error in
            XCTAssertTrue("\(error)".contains("is not a regular file"), "\(error)")
        }
        XCTAssertEqual(text(file), "{}\n")
        var st = stat()
        XCTAssertEqual(lstat(path(".s.json.lock"), &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO)
    }

    func testFirstCommitCreatesFileAndFoldersWithPrivateModes() throws {
        let oldMask = umask(0o022)
        defer { umask(oldMask) }
        let file = path("a/b/settings.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "wifi", value: .bool(true))])
        XCTAssertEqual(mode(file), 0o600)
        XCTAssertEqual(mode(path("a")), 0o700)
        XCTAssertEqual(mode(path("a/b")), 0o700)
        XCTAssertEqual(text(file), "{\n  \"wifi\": true\n}\n")
        XCTAssertEqual(store.value(for: "wifi"), .bool(true))
        // The lock file sits beside it, private too; no temporary file remains.
        XCTAssertEqual(listing(path("a/b")), [".settings.json.lock", "settings.json"])
        XCTAssertEqual(mode(path("a/b/.settings.json.lock")), 0o600)
    }

    func testRewriteMakesModePrivate() throws {
        let file = path("s.json")
        try write("{\"a\": 1}\n", to: file)
        XCTAssertEqual(chmod(file, 0o644), 0)
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .integer(2))])
        XCTAssertEqual(mode(file), 0o600)
    }

    // MARK: Values

    func testRoundTripOfEveryKind() throws {
        let file = path("kinds.json")
        let store = try FileStore.open(path: file)
        try store.commit([
            (key: "flag", value: .bool(false)),
            (key: "count", value: .integer(-42)),
            (key: "max", value: .integer(Int64.max)),
            (key: "ratio", value: .number(0.7)),
            (key: "tiny", value: .number(1e-300)),
            (key: "name", value: .string("Ada \"Lovelace\"\n\té😀\u{1}")),
            (key: "", value: .string("empty key")),
        ])
        let reopened = try FileStore.open(path: file)
        XCTAssertEqual(reopened.values.map(\.key), ["flag", "count", "max", "ratio", "tiny", "name", ""])
        XCTAssertEqual(reopened.value(for: "flag"), .bool(false))
        XCTAssertEqual(reopened.value(for: "count"), .integer(-42))
        XCTAssertEqual(reopened.value(for: "max"), .integer(Int64.max))
        XCTAssertEqual(reopened.value(for: "ratio"), .number(0.7))
        XCTAssertEqual(reopened.value(for: "tiny"), .number(1e-300))
        XCTAssertEqual(reopened.value(for: "name"), .string("Ada \"Lovelace\"\n\té😀\u{1}"))
        XCTAssertEqual(reopened.value(for: ""), .string("empty key"))
        // Memory after the commit matches what the file reads back as.
        XCTAssertEqual(dict(store), dict(reopened))
    }

    func testIntegralDoubleReadsBackAsSameValue() throws {
        let file = path("n.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "volume", value: .number(2.0))])
        let stored = try XCTUnwrap(store.value(for: "volume"))
        XCTAssertTrue(stored.sameValue(as: .number(2.0)))
        XCTAssertEqual(stored, try FileStore.open(path: file).value(for: "volume"))
    }

    func testRemovalAndOrder() throws {
        let file = path("order.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .integer(1)), (key: "b", value: .integer(2)), (key: "c", value: .integer(3))])
        try store.commit([(key: "b", value: nil), (key: "a", value: .integer(10)), (key: "d", value: .bool(true))])
        XCTAssertEqual(store.values.map(\.key), ["a", "c", "d"])
        XCTAssertNil(store.value(for: "b"))
        XCTAssertEqual(text(file), "{\n  \"a\": 10,\n  \"c\": 3,\n  \"d\": true\n}\n")
        try store.commit([(key: "a", value: nil), (key: "c", value: nil), (key: "d", value: nil)])
        XCTAssertEqual(text(file), "{}\n")
        XCTAssertTrue(try FileStore.open(path: file).values.isEmpty)
        // Removing a key that is not there changes nothing.
        try store.commit([(key: "ghost", value: nil)])
        XCTAssertEqual(text(file), "{}\n")
    }

    func testUnknownKeysAndNonScalarValuesAreKeptVerbatim() throws {
        let file = path("keep.json")
        let original = """
        {
          "theme": "dark",
          "plugins": ["a",   "b"],
          "window": {"w": 800, "h": 600},
          "nothing": null,
          "precise": 1.50,
          "huge": 123456789012345678901234567890,
          "wifi": false
        }
        """
        try write(original, to: file)
        let store = try FileStore.open(path: file)
        // Scalars and lists of strings and numbers are exposed, in file order.
        XCTAssertEqual(store.values.map(\.key), ["theme", "plugins", "precise", "huge", "wifi"])
        XCTAssertEqual(store.value(for: "plugins"), .list([.string("a"), .string("b")]))
        XCTAssertNil(store.value(for: "nothing"))
        try store.commit([(key: "wifi", value: .bool(true)), (key: "new", value: .integer(1))])
        XCTAssertEqual(text(file), """
        {
          "theme": "dark",
          "plugins": ["a",   "b"],
          "window": {"w": 800, "h": 600},
          "nothing": null,
          "precise": 1.50,
          "huge": 123456789012345678901234567890,
          "wifi": true,
          "new": 1
        }

        """)
        // Setting a non-scalar key to a scalar replaces it in place.
        try store.commit([(key: "plugins", value: .string("none"))])
        let reread = try JSONValue.parse(XCTUnwrap(bytes(file)))
        XCTAssertEqual(reread["plugins"], .string("none"))
        XCTAssertEqual(reread["window"], .object([(key: "w", value: .integer(800)), (key: "h", value: .integer(600))]))
    }

    func testByteOrderMarkIsRead() throws {
        let file = path("bom.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1, "b": 2}"#.utf8)).write(to: URL(fileURLWithPath: file))
        let store = try FileStore.open(path: file)
        XCTAssertEqual(store.value(for: "a"), .integer(1))
        XCTAssertEqual(store.values.map(\.key), ["a", "b"])
        try store.commit([(key: "b", value: .integer(20))])
        XCTAssertEqual(text(file), "{\n  \"a\": 1,\n  \"b\": 20\n}\n")
    }

    /// A key given twice: keeping either value would lose the other at the next commit, so
    /// the file is refused as damaged, naming both places, and left as it is.
    func testDuplicateKeyInFileIsRefusedAndTheFileKept() throws {
        let file = path("dup.json")
        let content = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"a\": 3\n}\n"
        try write(content, to: file)
        let error = damagedError { _ = try FileStore.open(path: file) }
        let message = error?.description ?? ""
        XCTAssertTrue(message.contains("line 4, column 3: the key \"a\" is given twice (first at line 2, column 3)"), message)
        XCTAssertTrue(message.contains("luascreen never overwrites it"), message)
        XCTAssertEqual(text(file), content)
        XCTAssertEqual(listing(root.path), ["dup.json"])
    }

    func testEmptyFileReadsAsEmptyStore() throws {
        let file = path("empty.json")
        try write("", to: file)
        let store = try FileStore.open(path: file)
        XCTAssertTrue(store.values.isEmpty)
        try store.commit([(key: "k", value: .string("v"))])
        XCTAssertEqual(text(file), "{\n  \"k\": \"v\"\n}\n")
    }

    // MARK: Damaged files

    func testDamagedFileThrowsOnOpenNamingPathAndPositionAndIsUntouched() throws {
        let file = path("bad.json")
        let content = "{\n  \"a\": 1,\n  \"b\" 2\n}\n"
        try write(content, to: file)
        let error = damagedError { _ = try FileStore.open(path: file) }
        let message = error?.description ?? ""
        XCTAssertTrue(message.contains(file), message)
        XCTAssertTrue(message.contains("line 3, column 7"), message)
        XCTAssertTrue(message.contains("fix or remove it; luascreen never overwrites it"), message)
        XCTAssertEqual(error?.localizedDescription, message)
        XCTAssertEqual(text(file), content)
        XCTAssertEqual(listing(root.path), ["bad.json"])
    }

    func testOtherDamagedKinds() throws {
        let cases: [(String, String, String)] = [
            ("array.json", "[1, 2]", "an array, not a JSON object"),
            ("string.json", "\"hi\"", "a string, not a JSON object"),
            ("garbage.json", "wifi = true", "not valid JSON"),
            ("trailing.json", "{} x", "not valid JSON"),
            ("ws.json", "  \n", "not valid JSON"),
        ]
        for (name, content, fragment) in cases {
            let file = path(name)
            try write(content, to: file)
            let message = damagedError { _ = try FileStore.open(path: file) }?.description ?? ""
            XCTAssertTrue(message.contains(fragment), "\(name): \(message)")
            XCTAssertEqual(text(file), content)
        }
        // Invalid UTF-8.
        let binary = path("binary.json")
        let raw: [UInt8] = Array(#"{"a": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        try Data(raw).write(to: URL(fileURLWithPath: binary))
        XCTAssertTrue(damagedError { _ = try FileStore.open(path: binary) }?.description.contains("UTF-8") ?? false)
        XCTAssertEqual(bytes(binary), raw)
        // A folder where the file should be.
        let folder = path("dir.json")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        XCTAssertTrue(damagedError { _ = try FileStore.open(path: folder) }?.description.contains("folder") ?? false)
        // A FIFO: refused without hanging, as not a regular file (SPEC §14).
        let fifo = path("fifo.json")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try FileStore.open(path: fifo)) { error in
            XCTAssertEqual("\(error)", "\(fifo): not a regular file; luascreen never replaces it: choose another store file")
        }
    }

    func testUnreadableFileIsDamaged() throws {
        guard geteuid() != 0 else { throw XCTSkip("root reads any file") }
        let file = path("secret.json")
        try write("{\"a\": 1}", to: file)
        XCTAssertEqual(chmod(file, 0o000), 0)
        let message = damagedError { _ = try FileStore.open(path: file) }?.description ?? ""
        XCTAssertTrue(message.contains("Permission denied"), message)
    }

    func testFileDamagedAfterOpenMakesCommitThrowAndStaysUnchanged() throws {
        let file = path("later.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .integer(1))])
        let damaged = "{\"a\": 1, oops"
        try write(damaged, to: file)
        _ = damagedError { try store.commit([(key: "b", value: .integer(2))]) }
        XCTAssertEqual(text(file), damaged)
        // Nothing in memory changed either.
        XCTAssertNil(store.value(for: "b"))
        XCTAssertEqual(store.value(for: "a"), .integer(1))
        _ = damagedError { try store.reload() }
        XCTAssertEqual(store.value(for: "a"), .integer(1))
        XCTAssertEqual(text(file), damaged)
        assertNoTemporaryFiles(in: root.path)
    }

    // MARK: Invalid values and failures

    func testNonFiniteNumbersAreRefusedAndNothingChanges() throws {
        let file = path("nan.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .integer(1))])
        let before = text(file)
        for bad in [Double.nan, .infinity, -.infinity] {
            XCTAssertThrowsError(try store.commit([(key: "b", value: .integer(2)), (key: "x", value: .number(bad))])) { error in
                guard case StoreError.invalidValue(let key, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(key, "x")
            }
        }
        XCTAssertEqual(text(file), before)
        XCTAssertNil(store.value(for: "b"))
        let memory = MemoryStore([(key: "a", value: .integer(1))])
        XCTAssertThrowsError(try memory.commit([(key: "b", value: .integer(2)), (key: "x", value: .number(.nan))]))
        XCTAssertNil(memory.value(for: "b"))
    }

    func testWriteFailureLeavesOldFileAndMemory() throws {
        guard geteuid() != 0 else { throw XCTSkip("root ignores folder permissions") }
        let folder = path("ro")
        let file = path("ro/s.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .integer(1))])
        let before = text(file)
        XCTAssertEqual(chmod(folder, 0o500), 0)
        XCTAssertThrowsError(try store.commit([(key: "a", value: .integer(2))])) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: file, blocked: "the folder \(folder)", reason: "Permission denied"))
            XCTAssertTrue("\(error)".contains(file), "\(error)")
        }
        XCTAssertEqual(text(file), before)
        XCTAssertEqual(store.value(for: "a"), .integer(1))
        assertNoTemporaryFiles(in: folder)
    }

    /// A write that fails half way (file size limit, as a full disk would) removes the
    /// temporary file, leaves the old file and memory as they were. Works as root too.
    func testFailedWriteOfTemporaryFileLeavesOldFile() throws {
        let file = path("big.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .integer(1))])
        let before = try XCTUnwrap(text(file))

        var saved = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = 64
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
        defer {
            _ = setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
            _ = signal(SIGXFSZ, oldHandler)
        }
        XCTAssertThrowsError(try store.commit([(key: "b", value: .string(String(repeating: "x", count: 1000)))])) { error in
            guard case StoreError.io(let p, let operation, let code) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(p, file)
            XCTAssertEqual(code, EFBIG)
            XCTAssertTrue(operation.hasPrefix("write "), operation)
            XCTAssertTrue("\(error)".contains("File too large"), "\(error)")
        }
        _ = setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        XCTAssertEqual(text(file), before)
        XCTAssertNil(store.value(for: "b"))
        assertNoTemporaryFiles(in: root.path)
        // And the next commit works.
        try store.commit([(key: "b", value: .string("short"))])
        XCTAssertEqual(try FileStore.open(path: file).value(for: "b"), .string("short"))
    }

    func testPathThroughAFileIsInvalid() throws {
        try write("x", to: path("plain"))
        XCTAssertThrowsError(try FileStore.open(path: path("plain/s.json"))) { error in
            guard case StoreError.invalidPath = error else { return XCTFail("\(error)") }
        }
    }

    func testInvalidPaths() {
        for bad in ["", "/tmp/", "x/.."] {
            XCTAssertThrowsError(try FileStore.open(path: bad)) { error in
                guard case StoreError.invalidPath = error else { return XCTFail("\(bad): \(error)") }
            }
        }
    }

    // MARK: Several writers

    func testTwoStoresOnOneFileKeepBothKeys() throws {
        let file = path("shared/s.json")
        let first = try FileStore.open(path: file)
        let second = try FileStore.open(path: file)
        try first.commit([(key: "from_first", value: .integer(1))])
        try second.commit([(key: "from_second", value: .integer(2))])
        // The second commit merged over what the first wrote, and now sees its key.
        XCTAssertEqual(second.value(for: "from_first"), .integer(1))
        try first.commit([(key: "again", value: .bool(true))])
        let onDisk = try FileStore.open(path: file)
        XCTAssertEqual(dict(onDisk), ["from_first": .integer(1), "from_second": .integer(2), "again": .bool(true)])
        XCTAssertEqual(dict(first), dict(onDisk))
        // A key removed by one store stays removed when the other commits something else.
        try second.commit([(key: "from_first", value: nil)])
        try first.commit([(key: "again", value: .bool(false))])
        XCTAssertNil(try FileStore.open(path: file).value(for: "from_first"))
        assertNoTemporaryFiles(in: path("shared"))
    }

    func testConcurrentWritersOnThreadsLoseNoKeys() throws {
        let file = path("race.json")
        let writers = 4, commitsEach = 25
        let group = DispatchGroup()
        let failures = Failures()
        for w in 0..<writers {
            DispatchQueue.global().async(group: group) {
                do {
                    let store = try FileStore.open(path: file)
                    for c in 0..<commitsEach {
                        try store.commit([(key: "w\(w)_\(c)", value: .integer(Int64(c)))])
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(failures.all, [])
        let final = try FileStore.open(path: file)
        XCTAssertEqual(final.values.count, writers * commitsEach)
        assertNoTemporaryFiles(in: root.path)
    }

    func testCommitGivesUpWhenTheLockIsHeldInsteadOfHanging() throws {
        let file = path("held.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .integer(1))])
        let before = text(file)
        let holder = open(path(".held.json.lock"), O_RDWR)
        XCTAssertGreaterThanOrEqual(holder, 0)
        defer { close(holder) }
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        store.lockTimeout = 0.2
        let start = Date()
        XCTAssertThrowsError(try store.commit([(key: "a", value: .integer(2))])) { error in
            guard case StoreError.io(_, let operation, let code) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(code, EWOULDBLOCK)
            XCTAssertTrue(operation.contains("another process"), operation)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(text(file), before)
        XCTAssertEqual(store.value(for: "a"), .integer(1))
        // Once released, commits go through.
        XCTAssertEqual(flock(holder, LOCK_UN), 0)
        try store.commit([(key: "a", value: .integer(2))])
        XCTAssertEqual(try FileStore.open(path: file).value(for: "a"), .integer(2))
    }

    func testReloadSeesOtherWriters() throws {
        let file = path("r.json")
        let mine = try FileStore.open(path: file)
        let other = try FileStore.open(path: file)
        try other.commit([(key: "k", value: .string("v"))])
        XCTAssertNil(mine.value(for: "k"))
        try mine.reload()
        XCTAssertEqual(mine.value(for: "k"), .string("v"))
    }

    func testStaleTemporaryFileFromKilledWriterIsRemoved() throws {
        let file = path("s.json")
        let stale = path(".s.json.AbCdEf123456.tmp")
        let foreign = path(".s.json.keep-me.tmp")
        try write("{\"half", to: stale)
        try write("mine", to: foreign)
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .integer(1))])
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertEqual(text(foreign), "mine", "files not named like ours are left alone")
    }

    /// SPEC §14: no output is written through a link, the store included: a link at the
    /// store's path (to a file or to nothing) is refused, and neither it nor its target changes.
    func testSymbolicLinkIsRefusedAndNeitherItNorItsTargetChanges() throws {
        let real = path("real/s.json")
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: false)
        try write("{\"a\": 1}", to: real)
        let link = path("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        for target in [link, path("dangling.json")] {
            if target != link {
                try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: path("nowhere/x.json"))
            }
            XCTAssertThrowsError(try FileStore.open(path: target)) { error in
                XCTAssertEqual("\(error)", "\(target): not a regular file; luascreen never replaces it: choose another store file")
            }
        }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), real)
        XCTAssertEqual(text(real), "{\"a\": 1}")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("nowhere")))
    }

    // MARK: Memory store

    func testMemoryStore() throws {
        let store = MemoryStore([(key: "b", value: .integer(1)), (key: "a", value: .bool(true)), (key: "b", value: .integer(5))])
        XCTAssertEqual(store.location, "memory")
        XCTAssertEqual(store.values.map(\.key), ["b", "a"])
        XCTAssertEqual(store.value(for: "b"), .integer(5))
        try store.commit([(key: "a", value: nil), (key: "c", value: .string("x")), (key: "b", value: .number(0.5))])
        XCTAssertEqual(store.values.map(\.key), ["b", "c"])
        XCTAssertEqual(store.value(for: "b"), .number(0.5))
        XCTAssertNil(store.value(for: "a"))
        let fromDictionary = MemoryStore(["z": .integer(1), "y": .integer(2)])
        XCTAssertEqual(fromDictionary.values.map(\.key), ["y", "z"])
    }

    // MARK: Bridge

    func testBridge() {
        XCTAssertEqual(StoreValue(json: .bool(true)), .bool(true))
        XCTAssertEqual(StoreValue(json: .integer(3)), .integer(3))
        XCTAssertEqual(StoreValue(json: .number(0.5)), .number(0.5))
        XCTAssertEqual(StoreValue(json: .string("s")), .string("s"))
        XCTAssertNil(StoreValue(json: .null))
        XCTAssertEqual(StoreValue(json: .array([])), .list([]), "an array of strings and numbers is a list")
        XCTAssertEqual(StoreValue(json: .array([.string("a"), .integer(2)])), .list([.string("a"), .integer(2)]))
        XCTAssertNil(StoreValue(json: .array([.bool(true)])), "booleans and nested arrays are kept but not exposed")
        XCTAssertNil(StoreValue(json: .array([.array([])])))
        XCTAssertEqual(JSONValue(store: .list([.string("a"), .number(1.5)])), .array([.string("a"), .number(1.5)]))
        XCTAssertNil(StoreValue(json: .object([])))
        XCTAssertEqual(JSONValue(store: .integer(-1)), .integer(-1))
        XCTAssertEqual(JSONValue(store: .string("s")), .string("s"))
        XCTAssertEqual(JSONValue(store: .bool(false)), .bool(false))
        XCTAssertEqual(JSONValue(store: .number(1.25)), .number(1.25))
        XCTAssertNil(JSONValue(store: .number(.nan)))
        XCTAssertNil(JSONValue(store: .number(-.infinity)))
    }

    // MARK: Default paths

    func testDefaultPathRules() {
        XCTAssertEqual(StorePaths.defaultPath(name: "settings", environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/ada"]),
                       "/xdg/luascreen/settings.json")
        XCTAssertEqual(StorePaths.defaultPath(name: "settings", environment: ["XDG_CONFIG_HOME": "/xdg/", "HOME": "/home/ada"]),
                       "/xdg/luascreen/settings.json")
        // Unset, empty or relative XDG_CONFIG_HOME: ~/.config.
        XCTAssertEqual(StorePaths.defaultPath(name: "settings", environment: ["HOME": "/home/ada"]),
                       "/home/ada/.config/luascreen/settings.json")
        XCTAssertEqual(StorePaths.defaultPath(name: "settings", environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/ada"]),
                       "/home/ada/.config/luascreen/settings.json")
        XCTAssertEqual(StorePaths.defaultPath(name: "settings", environment: ["XDG_CONFIG_HOME": "rel/cfg", "HOME": "/home/ada"]),
                       "/home/ada/.config/luascreen/settings.json")
        // Without HOME: the account's home directory.
        XCTAssertTrue(StorePaths.defaultPath(name: "s", environment: [:]).hasSuffix("/.config/luascreen/s.json"))
    }

    func testNamesAreSanitized() {
        let env = ["XDG_CONFIG_HOME": "/c"]
        XCTAssertEqual(StorePaths.defaultPath(name: "../../etc/passwd", environment: env), "/c/luascreen/_.._etc_passwd.json")
        XCTAssertEqual(StorePaths.defaultPath(name: ".hidden", environment: env), "/c/luascreen/hidden.json")
        XCTAssertEqual(StorePaths.defaultPath(name: "..", environment: env), "/c/luascreen/store.json")
        XCTAssertEqual(StorePaths.defaultPath(name: "", environment: env), "/c/luascreen/store.json")
        XCTAssertEqual(StorePaths.defaultPath(name: "a/b\\c\nd", environment: env), "/c/luascreen/a_b_c_d.json")
        XCTAssertEqual(StorePaths.defaultPath(name: "My App", environment: env), "/c/luascreen/My App.json")
        XCTAssertEqual(StorePaths.fileName(for: String(repeating: "é", count: 300)).utf8.count, 200)
        for name in ["/", "a/b", ".x", "..", "\u{0}"] {
            let file = StorePaths.fileName(for: name)
            XCTAssertFalse(file.contains("/"), name)
            XCTAssertFalse(file.hasPrefix("."), name)
            XCTAssertFalse(file.isEmpty, name)
        }
    }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
