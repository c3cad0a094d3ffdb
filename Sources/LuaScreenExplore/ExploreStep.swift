import ScreenModel
import LuaScreenCore

/// One thing a person can do on a screen, as the explorer takes it: how it runs on a
/// session, how it reads as a REPL command (batch mode) and as a session call in a test file.
///
/// A step names rows by id, so a walk replays on a fresh session of the same script.
///
/// `Sendable`: a plain value.
public struct ExploreStep: Hashable, Sendable, CustomStringConvertible {
    /// What the step does; new kinds of step (actions, list edits) add a case. `Sendable`.
    public enum Action: Hashable, Sendable {
        case select(row: String, answer: Bool?)
        case set(row: String, text: String)
        case accessory(row: String)
        case back, home
        case reset(row: String)
        case resetAll
        case reload
        /// One of a row's `actions`, answering its confirm (nil: it has none).
        case rowAction(row: String, id: String, answer: Bool?)
        /// A number one step up or down.
        case inc(row: String), dec(row: String)
        /// List edits: append, remove the item at a position, move an item (1-based).
        case addItem(row: String, text: String)
        case removeItem(row: String, at: Int)
        case moveItem(row: String, from: Int, to: Int)
    }

    /// What the step does.
    public var action: Action
    /// The screen the step was taken on (for the summary's coverage counts); on a choice's
    /// picker, the choice row's id.
    public var screen: String
    /// Taken on a choice's picker (its rows are the options).
    public var onPicker: Bool

    /// A step taken on screen `screen`.
    public init(_ action: Action, on screen: String, onPicker: Bool = false) {
        self.action = action
        self.screen = screen
        self.onPicker = onPicker
    }

    /// The row the step acts on, if any.
    public var row: String? {
        switch action {
        case .select(let row, _), .set(let row, _), .accessory(let row), .reset(let row): return row
        case .rowAction(let row, _, _), .inc(let row), .dec(let row), .addItem(let row, _),
             .removeItem(let row, _), .moveItem(let row, _, _): return row
        case .back, .home, .resetAll, .reload: return nil
        }
    }

    /// What happened when the step ran. `Sendable`.
    public enum Outcome: Equatable, Sendable {
        case done
        /// Refused cleanly (a disabled row, an invalid value): not a bug.
        case refused(String)
        /// A callback or field function raised, or the script broke a rule: a bug.
        case failed(SessionError)
    }

    /// Runs the step on a session.
    public func run(on session: Session) -> Outcome {
        do {
            switch action {
            case .select(let row, let answer): try session.select(row, answer: answer)
            case .set(let row, let text): try session.set(row, text: text)
            case .accessory(let row): try session.accessory(row)
            case .back: try session.back()
            case .home: session.home()
            case .reset(let row): try session.reset(row)
            case .resetAll: try session.resetAll()
            case .reload: try session.reloadScript()
            case .rowAction(let row, let id, let answer): try session.runAction(row, id: id, answer: answer)
            case .inc(let row): try session.increment(row)
            case .dec(let row): try session.decrement(row)
            case .addItem(let row, let text): try session.addItem(row, text)
            case .removeItem(let row, let n): try session.removeItem(row, at: n)
            case .moveItem(let row, let from, let to): try session.moveItem(row, from: from, to: to)
            }
            return .done
        } catch let error as SessionError {
            switch error.kind {
            case .refused, .needsValue, .needsConfirmation: return .refused(error.message)
            case .script, .invalid, .store: return .failed(error)
            }
        } catch let error as LoadError {
            return .failed(SessionError(.script, "reload failed: \(error)"))
        } catch {
            return .failed(SessionError(.script, "\(error)"))
        }
    }

    /// The step as REPL lines (batch mode): a button's answer is the next line.
    public var replLines: [String] {
        switch action {
        case .select(let row, let answer):
            let line = "select \(ExploreStep.replReference(row))"
            guard let answer else { return [line] }
            return [line, answer ? "y" : "n"]
        case .set(let row, let text):
            let value = text.isEmpty ? "\"\"" : text
            return ["set \(ExploreStep.replReference(row, quoteAlways: true)) \(value)"]
        case .accessory(let row): return ["accessory \(ExploreStep.replReference(row))"]
        case .back: return ["back"]
        case .home: return ["home"]
        case .reset(let row): return ["reset \(ExploreStep.replReference(row))"]
        case .resetAll: return ["reset all"]
        case .reload: return ["reload"]
        case .rowAction(let row, let id, let answer):
            let line = "action \(ExploreStep.replReference(row, quoteAlways: true)) \(ExploreStep.replReference(id))"
            guard let answer else { return [line] }
            return [line, answer ? "y" : "n"]
        case .inc(let row): return ["inc \(ExploreStep.replReference(row, quoteAlways: true))"]
        case .dec(let row): return ["dec \(ExploreStep.replReference(row, quoteAlways: true))"]
        case .addItem(let row, let text):
            return ["add \(ExploreStep.replReference(row, quoteAlways: true)) \(text.isEmpty ? "\"\"" : text)"]
        case .removeItem(let row, let n): return ["remove \(ExploreStep.replReference(row, quoteAlways: true)) \(n)"]
        case .moveItem(let row, let from, let to):
            return ["move \(ExploreStep.replReference(row, quoteAlways: true)) \(from) \(to)"]
        }
    }

    /// The step as a session call in a test file (`s` is the session).
    public var luaCall: String {
        switch action {
        case .select(let row, let answer):
            return "s:select(\(LuaLiteral.string(row))\(answer == false ? ", false" : ""))"
        case .set(let row, let text): return "s:set(\(LuaLiteral.string(row)), \(LuaLiteral.string(text)))"
        case .accessory(let row): return "s:accessory(\(LuaLiteral.string(row)))"
        case .back: return "s:back()"
        case .home: return "s:home()"
        case .reset(let row): return "s:reset(\(LuaLiteral.string(row)))"
        case .resetAll: return "s:reset_all()"
        case .reload: return "s:reload()"
        case .rowAction(let row, let id, let answer):
            return "s:action(\(LuaLiteral.string(row)), \(LuaLiteral.string(id))\(answer == false ? ", false" : ""))"
        case .inc(let row): return "s:inc(\(LuaLiteral.string(row)))"
        case .dec(let row): return "s:dec(\(LuaLiteral.string(row)))"
        case .addItem(let row, let text): return "s:add(\(LuaLiteral.string(row)), \(LuaLiteral.string(text)))"
        case .removeItem(let row, let n): return "s:remove(\(LuaLiteral.string(row)), \(n))"
        case .moveItem(let row, let from, let to): return "s:move(\(LuaLiteral.string(row)), \(from), \(to))"
        }
    }

    /// The step as REPL commands, joined by ` / `.
    public var description: String { replLines.joined(separator: " / ") }

    /// A row id as the REPL reads it: quoted when it could be read as something else.
    static func replReference(_ id: String, quoteAlways: Bool = false) -> String {
        let plain = !id.isEmpty && id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            && !id.allSatisfy(\.isNumber)
        if plain && !quoteAlways { return id }
        if !id.contains("\"") { return "\"\(id)\"" }
        return "'\(id)'"
    }
}
