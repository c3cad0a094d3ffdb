@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaRuntime

setvbuf(stdout, nil, _IOLBF, 0)

let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
    options = try Options.parse(arguments)
} catch {
    printError("luascreen: \(error)")
    // Inside a command, that command's help; else the list of commands.
    printError("try 'luascreen \(Options.namedCommand(arguments).map { "\($0.rawValue) " } ?? "")--help'")
    exit(2)
}
if options.help {
    print(usage(for: options.helpTopic))
    exit(0)
}
if options.version {
    print("luascreen \(luascreenVersion)")
    exit(0)
}

// Large blocks freed give their pages back (a check of 100,000 rows peaks 2 MiB lower).
LuaState.fixAllocatorThreshold()

let status = CommandSpec.of(options.command).run(options)
flushOutput()
exit(status)
