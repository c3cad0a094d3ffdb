import ScreenModel
import LuaScreenCore

/// One thing a person can do on a screen, as the explorer takes it: how it runs on a
/// session, how it reads as a REPL command (batch mode) and as a session call in a test file.
///
/// A step names rows by id, so a walk replays on a fresh session of the same script.
///
/// `Sendable`: a plain value.
public struct ExploreStep: Hashable, Sendable, CustomStringConvertible {
    /// What the step does: one of the session's verbs (new kinds of step add a case there).
    public typealias Action = SessionVerb

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
    public var row: String? { action.row }

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
            try action.apply(to: session)
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
    public var replLines: [String] { action.replLines }

    /// The step as a session call in a test file (`s` is the session).
    public var luaCall: String { action.luaCall }

    /// The step as REPL commands, joined by ` / `.
    public var description: String { replLines.joined(separator: " / ") }
}
