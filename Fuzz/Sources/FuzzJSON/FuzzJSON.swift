// libFuzzer target: the JSON store reader (SPEC §6), fed arbitrary bytes as a store file.
//
// For every input:
// - `JSONValue.parse` either throws a JSONParseError whose position lies inside the input, or
//   returns a value that survives a round trip (compact and pretty) unchanged, byte for byte;
// - `FileStore.open` on the bytes as a file either refuses it as damaged (naming the path and,
//   for bad JSON, a line and column) or opens it; an opened store then commits one change and
//   the file must hold every member it held before (same keys, compared byte for byte, same
//   values) plus the change, and be exactly `fileSize` bytes long (the count the 16 MiB
//   limit is checked with). A refused file must be left exactly as it was.
// Any violation traps (a crash libFuzzer reports with the input).
import Foundation
import Glibc
import LuaScreen

private let folder: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(base)/luascreen-fuzz-json-\(getpid())"
    mkdir(path, 0o700)
    return path
}()
private let storePath = folder + "/store.json"

/// Removes the private folder when libFuzzer exits (a crash leaves it, with the input).
func removeFolderAtExit() {
    atexit { _ = try? FileManager.default.removeItem(atPath: folder) }
}

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("fuzz-json: \(message())\n", stderr)
        abort()
    }
}

private func writeFile(_ bytes: [UInt8]) {
    unlink(storePath)
    let fd = open(storePath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    check(fd >= 0, "cannot create \(storePath)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

private func readFile() -> [UInt8] {
    (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: storePath)))) ?? []
}

/// The members of a top-level object, keys compared byte for byte (the reader refuses a key given twice).
private func members(_ value: JSONValue) -> [[UInt8]: JSONValue]? {
    guard case .object(let list) = value else { return nil }
    var out: [[UInt8]: JSONValue] = [:]
    for member in list { out[Array(member.key.utf8)] = member.value }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")  // libFuzzer's archive refers to this name
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // The reader alone.
    var parsed: JSONValue?
    do {
        let value = try JSONValue.parse(bytes)
        parsed = value
        for pretty in [false, true] {
            let text = value.serialized(pretty: pretty)
            guard let again = try? JSONValue.parse(text) else {
                check(false, "the serialized value does not read back: \(text.prefix(200))")
                return 0
            }
            check(again == value, "the value changed in a round trip: \(text.prefix(200))")
        }
    } catch let error as JSONParseError {
        check(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
        check(error.line >= 1 && error.column >= 1, "error position \(error.line):\(error.column)")
    } catch {
        check(false, "parse threw \(error)")
    }

    // The store reader and writer on the same bytes.
    writeFile(bytes)
    let store: FileStore
    do {
        store = try FileStore.open(path: storePath)
    } catch let error as StoreError {
        check(error.description.contains(storePath), "the error does not name the file: \(error)")
        // A damaged file is never written: a commit must throw and leave it unchanged.
        let before = readFile()
        check((try? FileStore.open(path: storePath)) == nil, "a damaged file opened on the second try")
        check(readFile() == before, "reading changed the file")
        return 0
    } catch {
        check(false, "open threw \(error)")
        return 0
    }
    // It opened: the bytes are empty or a JSON object.
    check(bytes.isEmpty || members(parsed ?? .null) != nil, "a store opened on bytes that are not a JSON object")
    let key = "fuzz-\u{E9}"  // NFC; a file holding "fuzz-e\u{301}" must keep it apart
    do {
        try store.commit([(key: key, value: .string("x"))])
    } catch {
        if case StoreError.tooLarge = error {  // the file is near 16 MiB: nothing written
            check(readFile() == bytes, "a refused commit changed the file")
            return 0
        }
        check(false, "commit failed: \(error)")
    }
    let written = readFile()
    check(store.fileSize == written.count, "fileSize \(store.fileSize) but the file has \(written.count) bytes")
    guard let after = try? JSONValue.parse(written), let now = members(after) else {
        check(false, "the committed file does not read back as an object")
        return 0
    }
    let before = members(parsed ?? .object([])) ?? [:]
    for (k, v) in before where k != Array(key.utf8) {
        check(now[k] == v, "the member \(String(decoding: k, as: UTF8.self)) was lost or changed")
    }
    check(now[Array(key.utf8)] == .string("x"), "the committed value is missing")
    check(now.count == before.count + (before[Array(key.utf8)] == nil ? 1 : 0), "the member count changed")
    check(store.value(for: key) == .string("x"), "the store does not read its own write")
    return 0
}
