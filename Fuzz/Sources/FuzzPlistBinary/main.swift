// Runs libFuzzer on `fuzzPlistBinary` (see FuzzPlistBinary.swift).
import CFuzz
import Glibc
import PlistFuzzChecks

removeFolderAtExit()
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzPlistBinary(data!, size) })
