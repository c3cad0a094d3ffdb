import XCTest
import Foundation
import Glibc
import LuaScreen
import LuaScreenTestSupport

/// The `Files` seam (SPEC §14) through its public API, in a temporary folder.
final class FilesTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func p(_ name: String) -> String { root + "/" + name }
    private func text(_ path: String) -> String? { (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) } }
    private func put(_ s: String, _ path: String) { _ = FileManager.default.createFile(atPath: path, contents: Data(s.utf8)) }
    private func listing() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: root).sorted()) ?? [] }

    private func reason(_ body: () throws -> Void) -> FileError.Reason? {
        do { try body() } catch let error as FileError { return error.reason } catch { XCTFail("\(error)") }
        return nil
    }

    func testReplaceWritesAndLeavesNoTemporaryFile() throws {
        put("old", p("a.txt"))
        try Files.replace(p("a.txt"), with: Array("new".utf8))
        XCTAssertEqual(text(p("a.txt")), "new")
        XCTAssertEqual(listing(), ["a.txt"])
        try Files.replace(p("b.txt"), with: Array("x".utf8), mode: 0o600)
        var st = stat()
        XCTAssertEqual(stat(p("b.txt"), &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)
    }

    func testReplaceRefusesEveryTargetThatIsNotARegularFile() throws {
        XCTAssertEqual(mkfifo(p("fifo"), 0o600), 0)
        try FileManager.default.createDirectory(atPath: p("dir"), withIntermediateDirectories: false)
        put("secret", p("real"))
        try FileManager.default.createSymbolicLink(atPath: p("link"), withDestinationPath: p("real"))
        try FileManager.default.createSymbolicLink(atPath: p("dangling"), withDestinationPath: p("nowhere"))
        // A socket bound in the folder.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let sockPath = p("sock")
        if sockPath.utf8.count < 100 {
            withUnsafeMutableBytes(of: &addr.sun_path) { buf in
                for (i, b) in sockPath.utf8.enumerated() { buf[i] = b }
            }
            let bound = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            XCTAssertEqual(bound, 0)
        }
        for name in ["fifo", "dir", "link", "dangling"] + (sockPath.utf8.count < 100 ? ["sock"] : []) {
            do {
                try Files.replace(p(name), with: Array("pwned".utf8))
                XCTFail("\(name) was replaced")
            } catch let error as FileError {
                XCTAssertEqual(error.description, "\(p(name)): error: not a regular file; luascreen never replaces it")
            }
        }
        XCTAssertEqual(text(p("real")), "secret")
        XCTAssertEqual(Files.kind(p("fifo")), .other)
        XCTAssertEqual(Files.kind(p("link")), .link)
        XCTAssertFalse(listing().contains { $0.hasSuffix(".tmp") })
    }

    func testReplaceFollowsALinkOnlyWhenAsked() throws {
        put("old", p("real"))
        try FileManager.default.createSymbolicLink(atPath: p("link"), withDestinationPath: p("real"))
        let target = try Files.replace(p("link"), with: Array("new".utf8), links: .followToRegularFile)
        XCTAssertTrue(target.hasSuffix("/real"))
        XCTAssertEqual(text(p("real")), "new")
        XCTAssertEqual(Files.kind(p("link")), .link)
    }

    func testAPlantedTemporaryNameIsNeverWrittenThrough() throws {
        // Whatever sits beside the target, the temporary file is new (O_EXCL|O_NOFOLLOW) and random.
        put("victim", p("victim"))
        for name in ["out.txt.tmp", ".out.txt.tmp", "out.txt.luascreen-\(getpid())", "out.txt.tmp-\(getpid())"] {
            try FileManager.default.createSymbolicLink(atPath: p(name), withDestinationPath: p("victim"))
        }
        try Files.replace(p("out.txt"), with: Array("report".utf8))
        XCTAssertEqual(text(p("victim")), "victim")
        XCTAssertEqual(text(p("out.txt")), "report")
    }

    func testReadRegularFile() throws {
        put("hello", p("f"))
        XCTAssertEqual(try Files.readRegularFile(p("f")), Array("hello".utf8))
        XCTAssertEqual(mkfifo(p("fifo"), 0o600), 0)
        XCTAssertEqual(reason { _ = try Files.readRegularFile(self.p("fifo")) }, .notRegularFile)
        XCTAssertEqual(reason { _ = try Files.readRegularFile(self.root) }, .isFolder)
        XCTAssertEqual(reason { _ = try Files.readRegularFile(self.p("none")) }, .missing)
        XCTAssertEqual(reason { _ = try Files.readRegularFile(self.p("f"), maxSize: 3) }, .tooLarge(limit: 3))
        XCTAssertEqual(reason { _ = try Files.readRegularFile(self.p("f\0x")) }?.isBadName, true)
    }

    func testReadInsideAFolderRefusesEveryWayOut() throws {
        try FileManager.default.createDirectory(atPath: p("bundle"), withIntermediateDirectories: false)
        put("secret", p("secret"))
        put("inside", p("bundle/in.plist"))
        try FileManager.default.createSymbolicLink(atPath: p("bundle/Leak.plist"), withDestinationPath: p("secret"))
        try FileManager.default.createSymbolicLink(atPath: p("bundle/ok.plist"), withDestinationPath: "in.plist")
        let bundle = p("bundle")
        XCTAssertEqual(try Files.readRegularFile("in.plist", inside: bundle), Array("inside".utf8))
        XCTAssertEqual(try Files.readRegularFile("ok.plist", inside: bundle), Array("inside".utf8))
        XCTAssertEqual(reason { _ = try Files.readRegularFile("Leak.plist", inside: bundle) }, .outside(folder: bundle))
        for bad in ["../secret", "/etc/hostname", "in.plist\0", "a//b", "", "x/../in.plist"] {
            XCTAssertEqual(reason { _ = try Files.readRegularFile(bad, inside: bundle) }?.isBadName, true, bad)
        }
    }

    func testJoinCannotEscape() throws {
        XCTAssertEqual(try Files.join("out", "a/b.plist"), "out/a/b.plist")
        XCTAssertEqual(try Files.join("out/", "Root.plist"), "out/Root.plist")
        for bad in ["..", "../x", "a/../../x", "/abs", "a\0", "a/", "./a"] {
            XCTAssertThrowsError(try Files.join("out", bad), bad)
        }
    }

    func testMakeFoldersInsideRefusesLinks() throws {
        try FileManager.default.createDirectory(atPath: p("outside"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: p("out"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: p("out/res"), withDestinationPath: p("outside"))
        XCTAssertEqual(reason { try Files.makeFolders("res/xml", inside: self.p("out")) }?.isNotAFolder, true)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: p("outside")), [])
        let made = try Files.makeFolders("a/b", inside: p("out"), mode: 0o700)
        XCTAssertEqual(made, p("out/a/b"))
        XCTAssertEqual(Files.kind(made), .folder)
        try Files.makeFolders(p("x/y/z"))
        XCTAssertEqual(Files.kind(p("x/y/z")), .folder)
    }

    func testWriteInsideChecksEverythingBeforeWritingAnything() throws {
        try FileManager.default.createDirectory(atPath: p("out"), withIntermediateDirectories: false)
        put("old root", p("out/Root.plist"))
        XCTAssertEqual(mkfifo(p("out/Child.plist"), 0o600), 0)
        let files = [Files.Planned(relative: "Root.plist", bytes: Array("new".utf8)),
                     Files.Planned(relative: "Child.plist", bytes: Array("child".utf8))]
        XCTAssertEqual(reason { try Files.write(files, inside: self.p("out")) }, .notReplaceable)
        XCTAssertEqual(text(p("out/Root.plist")), "old root")
        let escaping = [Files.Planned(relative: "Root.plist", bytes: []), Files.Planned(relative: "../../outside/pwn", bytes: [])]
        XCTAssertEqual(reason { try Files.write(escaping, inside: self.p("out")) }?.isBadName, true)
        XCTAssertEqual(text(p("out/Root.plist")), "old root")
        let twice = [Files.Planned(relative: "A", bytes: []), Files.Planned(relative: "A", bytes: [])]
        XCTAssertEqual(reason { try Files.write(twice, inside: self.p("out")) }?.isBadName, true)
        try Files.write([Files.Planned(relative: "en.lproj/Root.strings", bytes: Array("s".utf8))], inside: p("out/new"))
        XCTAssertEqual(text(p("out/new/en.lproj/Root.strings")), "s")
    }

    func testOutputThatIsAnInputIsRefusedByIdentity() throws {
        put("script", p("app.lua"))
        try FileManager.default.createDirectory(atPath: p("sub"), withIntermediateDirectories: false)
        XCTAssertEqual(link(p("app.lua"), p("hard.lua")), 0)
        for same in [p("app.lua"), p("sub/../app.lua"), p("hard.lua"), root + "//app.lua"] {
            XCTAssertEqual(reason { try Files.checkNotInput(same, inputs: [self.p("app.lua")]) }, .isInput, same)
        }
        XCTAssertNoThrow(try Files.checkNotInput(p("other.lua"), inputs: [p("app.lua")]))
        XCTAssertNoThrow(try Files.checkNotInput("-", inputs: [p("app.lua")]))
    }

    func testWriteOutputRefusesADeviceAndMakesNoFolder() throws {
        XCTAssertEqual(mkfifo(p("report.xml"), 0o600), 0)
        XCTAssertEqual(reason { try Files.writeOutput("x", to: self.p("report.xml")) }, .notReplaceable)
        // A one-file output names a file in a folder that is there: none is made.
        XCTAssertEqual(reason { try Files.writeOutput("x", to: self.p("deep/er/report.xml")) }?.isNotAFolder, true)
        XCTAssertEqual(Files.kind(p("deep")), .missing)
        try Files.writeOutput("x", to: p("report2.xml"))
        XCTAssertEqual(text(p("report2.xml")), "x")
    }
}

private extension FileError.Reason {
    var isBadName: Bool { if case .badName = self { return true } else { return false } }
    var isNotAFolder: Bool { if case .notAFolder = self { return true } else { return false } }
}
