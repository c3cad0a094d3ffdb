// libFuzzer target: the binary plist reader (`bplist00`, SPEC §13, §14), fed arbitrary bytes
// after the header.
//
// For every input (see PlistChecks.swift): `PlistReader.read` either throws a PlistReadError
// at a byte inside the input, with a message free of raw control characters, or returns a
// value that reads back unchanged from the XML `PlistWriter` makes of it; and the import of
// the bytes as a Root.plist, with 8 MiB of expansion, either fails with one clean line naming
// the file or returns a script (shared objects charged at each use, so it stays small).
// Any violation traps.

import PlistFuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")  // libFuzzer's archive refers to this name
public func fuzzPlistBinary(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    // The seeds are whole binary plists; other inputs get the header, so the trailer and the
    // objects are what changes.
    let bytes = body.starts(with: Array("bplist00".utf8)) ? body : Array("bplist00".utf8) + body
    checkPlist(bytes, binary: true)
    checkImport(bytes)
    return 0
}
