// libFuzzer target: androidx import (`luascreen import res/xml/NAME.xml`), fed arbitrary bytes
// as the preference XML and, the same bytes, as the app's res/values/strings.xml.
//
// For every input: the import either throws an ImportError naming the XML file, on one line
// with no raw control character, or returns a script (its first line says where it came
// from) and warnings that are clean too; a script it returns must load as luascreen loads a
// screen (200,000 instructions, 16 MiB). Any violation traps.
import Foundation
import Glibc
import LuaScreen
import ScreenModel  // isHidden: the sanitizer's test of a character

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("fuzz-androidx: \(message())\n", stderr)
        abort()
    }
}

private func checkSanitized(_ message: String) {
    for v in message.unicodeScalars {
        check(!isHidden(v.value) && v.value != 0x0A && v.value != 0x0D, "a raw control character U+\(String(v.value, radix: 16)) in \(message.debugDescription)")
    }
}

/// The private folder of this run: `app/res/xml/prefs.xml` and `app/res/values/strings.xml`.
let folder: String = {
    var template = Array((NSTemporaryDirectory() + "/luascreen-fuzz-androidx-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "cannot make a temporary folder")
    let root = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    for sub in ["/res", "/res/xml", "/res/values"] { mkdir(root + sub, 0o700) }
    return root
}()

/// Removes the private folder when libFuzzer exits (a crash leaves it, with the input).
func removeFolderAtExit() {
    atexit { _ = try? FileManager.default.removeItem(atPath: folder) }
}

private func put(_ bytes: [UInt8], _ path: String) {
    unlink(path)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    check(fd >= 0, "cannot create \(path)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

@_cdecl("LLVMFuzzerTestOneInput")  // libFuzzer's archive refers to this name
public func fuzzAndroidX(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let xml = folder + "/res/xml/prefs.xml"
    put(bytes, xml)
    put(bytes, folder + "/res/values/strings.xml")
    do {
        let result = try AndroidXImporter.importXML(path: xml)
        check(result.script.hasPrefix("-- Imported from "), "a script without its first line")
        for warning in result.warnings { checkSanitized(warning.description) }
        let script = folder + "/imported.lua"
        put(Array(result.script.utf8), script)
        let options = SessionOptions(limits: LuaLimits(instructions: 200_000, memory: 16 << 20), store: MemoryStore(), print: { _ in })
        do {
            let session = try Session.open(path: script, options: options)
            session.close()
        } catch {
            check(false, "the imported script does not load: \(error)\n\(result.script)")
        }
    } catch let error as ImportError {
        check(error.description.hasPrefix(xml + ":"), "an import error that does not name the file: \(error.description)")
        checkSanitized(error.description)
    } catch {
        check(false, "an error that is not an ImportError: \(error)")
    }
    return 0
}
