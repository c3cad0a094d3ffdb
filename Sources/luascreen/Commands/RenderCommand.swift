#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaScreenCore
import ScreenModel

/// `luascreen render SCRIPT [--screen ID] [--page N [--page-rows R]]`: a screen as the REPL
/// draws it; the store is read, never written.
enum RenderCommand {
    static func run(_ options: Options) -> Int32 {
        guard let session = CommandSupport.openReadOnly(options) else { return 1 }
        defer { CommandSupport.finished(session) }
        let started = monotonicNanoseconds()
        if let id = options.screen, !open(id, in: session, path: options.paths[0]) { return 1 }
        let screen: ResolvedScreen
        var footer: String? = nil
        if let page = options.page {
            let shown = session.page(page, rowsPerPage: options.pageRows)
            screen = shown.screen
            if shown.count > 1 { footer = "-- page \(shown.index) of \(shown.count) --" }
        } else {
            screen = session.currentScreen()
        }
        var renderOptions = Terminal.renderOptions(options)
        renderOptions.words = session.rendererWords
        var text = TextRenderer(options: renderOptions).renderText(screen)
        if let footer { text += footer + "\n" }
        let elapsed = Double(monotonicNanoseconds() - started) / 1e6
        print(text, terminator: "")
        for message in session.messages { print(sanitize(message)) }
        CommandSupport.printWarnings(session)
        if Environment.value("LUASCREEN_TIMING") != nil {
            printError("timing: render \("\((elapsed * 1000).rounded() / 1000)") ms")
        }
        return 0
    }

    /// Goes to the screen `id`: false, with the error printed, when there is no such screen
    /// (with the ids there are) or opening it failed (its `on_appear` raised: file:line: message).
    static func open(_ id: String, in session: Session, path: String) -> Bool {
        guard session.screenIDs.contains(id) else {
            let hint = Suggest.closest(to: id, in: session.screenIDs).map { "did you mean \"\($0)\"? " } ?? ""
            printError(sanitize("\(path): error: no screen with id \"\(id)\" (\(hint)screens: \(session.screenIDs.joined(separator: ", ")))"))
            return false
        }
        do {
            try session.show(path: [session.app.root, id])
            return true
        } catch {
            printError(CommandSupport.errorLine(error, about: path))  // file:line: error: message (in on_appear of screen "ID")
            return false
        }
    }
}
