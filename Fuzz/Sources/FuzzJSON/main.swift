// Runs libFuzzer on `fuzzJSON` (see FuzzJSON.swift).
import CFuzz
import Glibc

removeFolderAtExit()
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzJSON(data!, size) })
