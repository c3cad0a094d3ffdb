// libFuzzer target: the `.strings` reader (a Settings.bundle's LANG.lproj/TABLE.strings),
// fed arbitrary bytes.
//
// For every input: `StringsFileReader.read` either throws a PlistReadError at a line inside
// the input (or of the file as a whole), with a message free of raw control characters, or
// returns pairs that read back unchanged, byte for byte and in order, from the text
// `StringsFile.text` writes of them. Any violation traps.
import Glibc
import LuaScreen
import ScreenModel  // isHidden: the sanitizer's test of a character

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("fuzz-strings: \(message())\n", stderr)
        abort()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")  // libFuzzer's archive refers to this name
public func fuzzStrings(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let pairs = try StringsFileReader.read(bytes)
        let text = StringsFile.text(pairs)
        do {
            let again = try StringsFileReader.read(Array(text.utf8))
            check(again.count == pairs.count, "\(pairs.count) pairs read back as \(again.count)")
            for (a, b) in zip(pairs, again) {
                check(Array(a.0.utf8) == Array(b.0.utf8) && Array(a.1.utf8) == Array(b.1.utf8),
                      "the pair \(a.0.debugDescription) = \(a.1.debugDescription) reads back as \(b.0.debugDescription) = \(b.1.debugDescription)")
            }
        } catch {
            check(false, "the written text does not read back: \(error)\n\(text.debugDescription)")
        }
    } catch let error as PlistReadError {
        for v in error.message.unicodeScalars {
            check(!isHidden(v.value) && v.value != 0x0A && v.value != 0x0D, "a raw control character in \(error.message.debugDescription)")
        }
        if case .line(let line, _) = error.position {
            let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            // UTF-16 files count their lines in code units; allow any line up to the byte count.
            check(line >= 1 && line <= max(lines, bytes.count + 1), "line \(line) outside the input")
        }
    } catch {
        check(false, "an error that is not a PlistReadError: \(error)")
    }
    return 0
}
