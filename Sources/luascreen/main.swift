@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

setvbuf(stdout, nil, _IOLBF, 0)

let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
    options = try Options.parse(arguments)
} catch {
    printError("luascreen: \(error)")
    printError("try 'luascreen --help'")
    exit(2)
}
if options.help {
    print(usage)
    exit(0)
}
if options.version {
    print("luascreen \(luascreenVersion)")
    exit(0)
}

let status: Int32
switch options.command {
case .check: status = Commands.check(options)
case .dump: status = Commands.dump(options)
case .render: status = Commands.render(options)
case .run: status = REPL.start(options)
case .test: status = TestCommand.run(options)
case .explore: status = ExploreCommand.run(options)
case .export: status = ExportCommand.export(options)
case .import_: status = ExportCommand.importBundle(options)
}
flushOutput()
exit(status)
