import ScreenModel

/// A row's presentation in the session's locale (`RowPresentation`): what the preview draws
/// and what `check --locale` asks translations for.
extension Session {
    /// The words the core writes itself (switch, disabled marker, dialog buttons) in the
    /// session's locale.
    public var presentationWords: PresentationWords { PresentationWords { tr($0) } }

    /// The presentation of `row`, a row of the current screen, in the session's locale: its
    /// texts with what its declaration adds (placeholder, confirm questions, help).
    public func presentation(of row: ResolvedRow) -> RowPresentation {
        RowPresentation(row, words: presentationWords, declared: declared(row))
    }

    /// What the declaration of `row` adds to its presentation; nothing for an option of a
    /// picker or an item of a list (their rows are declared by no one).
    private func declared(_ resolved: ResolvedRow) -> RowPresentation.Declared {
        guard let live = navigation.last, live.picker == nil, live.list == nil,
              let row = declaredRow(resolved), row.id == resolved.id else { return .init() }
        var declared = RowPresentation.Declared(help: row.help != nil || row.helpFunction != nil)
        if let binding = row.binding {
            if binding.secure, value(for: binding.key)?.description.isEmpty == false {
                declared.placeholder = Binding.secureMask
            } else if resolved.isPlaceholder {
                declared.placeholder = resolved.detail  // (a placeholder function's, as evaluated)
            } else {
                declared.placeholder = binding.placeholder.map(tr)
            }
        }
        if row.asksConfirmation { declared.confirm = .some(row.confirm.map(tr)) }
        for action in row.actions {
            switch action.confirm {
            case .value(let question)?: declared.actionConfirms[action.id] = .some(tr(question))
            case .function?: declared.actionConfirms[action.id] = .some(nil)
            case nil: break
            }
        }
        return declared
    }
}

/// A row of a screen as shown, with where it is declared: what an editor's hover shows of the
/// row under the cursor. Sendable: a plain value.
public struct PlacedPresentation: Sendable {
    /// The row's id.
    public var rowID: String
    /// The row's kind (`toggle`, `number`, ...).
    public var kind: RowKind
    /// The bound store key, nil for an unbound row.
    public var key: String?
    /// Where the row's constructor is (nil when unknown).
    public var location: SourceLocation?
    /// The calls that led to the constructor when a helper function built the row, innermost first.
    public var callers: [SourceLocation]
    /// The row as shown (`Session.presentation(of:)`).
    public var presentation: RowPresentation
}

extension Session {
    /// Every declared row of screen `id` with its presentation, the screen evaluated as if it
    /// were pushed now (its `on_appear` not run, as `resolvedScreen(id:)`), the navigation left
    /// as it was; empty for an unknown id.
    public func presentations(ofScreen id: String) -> [PlacedPresentation] {
        guard let screen = registry.screen(id) else { return [] }
        navigation.append(liveScreen(for: screen))
        changed()
        defer {
            navigation.removeLast()
            changed()
        }
        var out: [PlacedPresentation] = []
        for section in currentScreen().sections {
            for resolved in section.rows {
                guard let row = declaredRow(resolved), row.id == resolved.id else { continue }
                out.append(PlacedPresentation(rowID: resolved.id, kind: resolved.kind, key: resolved.key, location: row.location,
                                              callers: callers(of: row), presentation: presentation(of: resolved)))
            }
        }
        return out
    }
}
