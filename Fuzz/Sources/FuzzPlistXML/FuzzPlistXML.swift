// libFuzzer target: the XML plist reader (SPEC §13, §14), fed arbitrary bytes as a plist.
//
// For every input (see PlistChecks.swift): `PlistReader.read` either throws a PlistReadError
// at a line and column inside the input, with a message free of raw control characters, or
// returns a value that reads back unchanged from the XML `PlistWriter` makes of it; and
// `BundleImporter.importBundle` on the bytes as a Root.plist either fails with one clean line
// naming the file or returns a script with clean warnings. Any violation traps.

import PlistFuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")  // libFuzzer's archive refers to this name
public func fuzzPlistXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Binary plists have their own target: keep this one on the XML reader.
    if bytes.starts(with: Array("bplist".utf8)) { bytes[0] = UInt8(ascii: " ") }
    checkPlist(bytes, binary: false)
    checkImport(bytes)
    return 0
}
