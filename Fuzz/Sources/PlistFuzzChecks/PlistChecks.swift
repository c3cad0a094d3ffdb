// What the plist fuzz targets (FuzzPlistXML, FuzzPlistBinary) check.
import Foundation
import Glibc
import LuaScreen
import ScreenModel  // isHidden: the sanitizer's test of a character (not in the umbrella's list)

public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("fuzz-plist: \(message())\n", stderr)
        abort()
    }
}

/// Whether text holds a character an XML plist cannot carry (so a written copy may differ).
private func xmlSafe(_ s: String) -> Bool {
    !s.unicodeScalars.contains { v in
        (v.value < 0x20 && v.value != 0x09 && v.value != 0x0A) || v.value == 0x0D || v.value == 0xFFFE || v.value == 0xFFFF
    }
}

/// Whether a value survives the XML writer unchanged: no dates (seconds are rounded), no text
/// XML cannot hold.
private func writable(_ v: PlistValue) -> Bool {
    switch v {
    case .string(let s): return xmlSafe(s)
    case .date: return false
    case .array(let items): return items.allSatisfy(writable)
    case .dictionary(let members): return members.allSatisfy { xmlSafe($0.key) && writable($0.value) }
    default: return true
    }
}

/// A message shows no raw control or bidirectional character (SPEC §7).
public func checkSanitized(_ message: String) {
    for v in message.unicodeScalars {
        check(!isHidden(v.value) && v.value != 0x0A && v.value != 0x0D, "a raw control character U+\(String(v.value, radix: 16)) in \"\(message.debugDescription)\"")
    }
}

/// Reads `bytes` as a plist: an error must have a position inside the input and a clean
/// message; a value must read back unchanged from the XML the writer makes of it.
public func checkPlist(_ bytes: [UInt8], binary: Bool) {
    do {
        let value = try PlistReader.read(bytes)
        if writable(value) {
            let text = PlistWriter.xml(value)
            do {
                let again = try PlistReader.read(Array(text.utf8))
                check(again == value, "the written XML reads back as another value")
            } catch {
                check(false, "the written XML does not read back: \(error)")
            }
        }
    } catch let error as PlistReadError {
        checkSanitized(error.message)
        switch error.position {
        case .byte(let offset): check(binary && offset >= 0 && offset <= bytes.count, "byte \(offset) outside \(bytes.count) bytes")
        case .line(let line, let column):
            let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            check(!binary && line >= 1 && line <= lines && column >= 1, "line \(line):\(column) outside \(lines) lines")
        case .file: break
        }
    } catch {
        check(false, "an error that is not a PlistReadError: \(error)")
    }
}

private let folder: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(base)/luascreen-fuzz-plist-\(getpid())/Fuzz.bundle"
    mkdir(String(path.dropLast(12)), 0o700)
    mkdir(path, 0o700)
    return path
}()

/// Removes the private folder when libFuzzer exits (a crash leaves it, with the input).
public func removeFolderAtExit() {
    atexit { _ = try? FileManager.default.removeItem(atPath: String(folder.dropLast(12))) }
}

/// Imports the bytes as a bundle's Root.plist (8 MiB of expansion): the import either fails
/// with a clean one-line error naming the file, or makes a script and clean warnings.
public func checkImport(_ bytes: [UInt8]) {
    let root = folder + "/Root.plist"
    unlink(root)
    let fd = open(root, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    check(fd >= 0, "cannot create \(root)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    do {
        let result = try BundleImporter.importBundle(rootPlist: root, maxMemory: 8 << 20)
        check(result.script.hasPrefix("-- Imported from "), "a script without its first line")
        for warning in result.warnings { checkSanitized(warning.description) }
    } catch let error as ImportError {
        check(error.description.hasPrefix(root + ":"), "an import error that does not name the file: \(error.description)")
        checkSanitized(error.description)
    } catch {
        check(false, "an error that is not an ImportError: \(error)")
    }
}
