// Runs libFuzzer on `fuzzPreview` (see FuzzPreview.swift).
import CFuzz
import Glibc

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzPreview(data!, size) })
