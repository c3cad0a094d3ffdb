import LuaScreenCore
import ScreenModel
/// Delta debugging (Zeller's ddmin): the failing walk cut down to a list of steps from which
/// no step can be left out without losing the failure.
struct Shrinker {
    /// Replays steps on a fresh session: the first failure and the index of the step after
    /// which it showed (-1: right after opening), or nil when the steps run clean.
    let replay: ([ExploreStep]) -> (failure: ExploreFailure, at: Int)?
    /// What counts as the same bug.
    let signature: String

    /// The steps cut short after the step where the same failure shows, or nil.
    func reproduces(_ steps: [ExploreStep]) -> [ExploreStep]? {
        guard let (failure, at) = replay(steps), failure.signature == signature else { return nil }
        return Array(steps.prefix(at + 1))
    }

    /// A 1-minimal list of steps that still fails the same way.
    func shrink(_ steps: [ExploreStep]) -> [ExploreStep] {
        var current = reproduces(steps) ?? steps
        var parts = 2
        while current.count >= 2 {
            let size = (current.count + parts - 1) / parts
            let chunks = stride(from: 0, to: current.count, by: size).map { $0..<min($0 + size, current.count) }
            var reduced = false
            // A chunk alone, then everything but a chunk.
            for chunk in chunks where chunks.count > 2 || parts == 2 {
                if let kept = reproduces(Array(current[chunk])) {
                    current = kept
                    parts = 2
                    reduced = true
                    break
                }
            }
            if !reduced {
                for chunk in chunks {
                    var complement = current
                    complement.removeSubrange(chunk)
                    if let kept = reproduces(complement) {
                        current = kept
                        parts = max(parts - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                if parts >= current.count { break }
                parts = min(parts * 2, current.count)
            }
        }
        if current.count == 1, let kept = reproduces([]) { current = kept }
        return withoutPairs(current)
    }

    /// ddmin leaves steps that only matter in pairs (a toggle selected twice): try leaving
    /// out any two steps, for walks short enough to afford it.
    private func withoutPairs(_ steps: [ExploreStep]) -> [ExploreStep] {
        var current = steps
        var changed = true
        while changed, current.count >= 2, current.count <= 24 {
            changed = false
            search: for i in 0..<current.count {
                for j in (i + 1)..<current.count {
                    var candidate = current
                    candidate.remove(at: j)
                    candidate.remove(at: i)
                    if let kept = reproduces(candidate) {
                        current = kept
                        changed = true
                        break search
                    }
                }
            }
        }
        return current
    }

    /// The same walk with each option picked on a choice's picker made a `set` of the choice
    /// (the select that opened the picker and the back that left it dropped): often the
    /// shorter way to the same values, which ddmin alone cannot find.
    static func pickersAsSets(_ steps: [ExploreStep]) -> [ExploreStep] {
        var out: [ExploreStep] = []
        var openPicker: String?
        for step in steps {
            if step.onPicker, case .select(let option, _) = step.action {
                var parent = step.screen
                if openPicker != step.screen,
                   let opener = out.lastIndex(where: { !$0.onPicker && $0.action == .select(row: step.screen, answer: nil) }) {
                    parent = out[opener].screen
                    out.remove(at: opener)
                }
                openPicker = step.screen
                out.append(ExploreStep(.set(row: step.screen, text: option), on: parent))
                continue
            }
            if step.onPicker, step.action == .back, openPicker == step.screen {
                openPicker = nil
                continue
            }
            openPicker = nil
            out.append(step)
        }
        return out
    }
}
