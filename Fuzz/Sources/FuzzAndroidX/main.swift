// Runs libFuzzer on `fuzzAndroidX` (see FuzzAndroidX.swift).
import CFuzz
import Glibc

removeFolderAtExit()
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzAndroidX(data!, size) })
