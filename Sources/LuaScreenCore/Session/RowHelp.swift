import LuaRuntime
import ScreenModel

/// `help REF`: what a row is, its key, value, default, range and options.
extension Session {
    /// `help REF`: the row's help, kind, key, value and default, its options, and why it is
    /// hidden or disabled.
    public func help(_ reference: String) throws -> RowHelpAnswer { try help(.reference(reference)) }

    /// `help` of the row `address` names.
    func help(_ address: RowAddress) throws -> RowHelpAnswer {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let resolved = try lookup(address, includeHidden: true)
        guard let row = declaredRow(resolved) else {
            return RowHelpAnswer(text: resolved.text, row: nil, help: nil, value: nil, options: nil, why: nil)
        }
        let help = helpText(of: row)
        var current: StoreValue?
        var options: [RowHelpAnswer.Option]?
        if let binding = row.binding {
            current = value(for: binding.key)
            if row.kind == .choice, case .success(let declared) = self.options(of: row) {
                options = declared.map { RowHelpAnswer.Option(option: $0, shownText: tr($0.text)) }
            }
        }
        let why = !resolved.enabled || !resolved.visible ? try why(address) : nil
        return RowHelpAnswer(text: resolved.text, row: row, help: help, value: current, options: options, why: why)
    }
}
