import LuaRuntime
import ScreenModel

/// Store keys and values as a script hands them over (`ctx.store[k] = v`, a seeded test
/// store, a session's `set`): the one reader of them, so every source follows SPEC §6 alike.
/// Text must be valid UTF-8 and is taken byte for byte; it is refused, never altered (no
/// U+FFFD in place of a bad byte), and numbers must be finite (JSON has no NaN or infinity).
package enum StoreInput {
    /// Why a key or value cannot be stored: a message for the script's author.
    package struct Refusal: Error, Equatable {
        package var message: String
    }

    /// The key a script gave (a row's `key`): a string of valid UTF-8. nil when it is not a string.
    package static func key(_ v: borrowing LuaValueView) -> Result<String, Refusal>? {
        key(checked: v.checkedString)
    }

    /// A key from its checked copy (see `LuaValueView.checkedString`).
    private static func key(checked: (String, valid: Bool)?) -> Result<String, Refusal>? {
        guard let (text, valid) = checked else { return nil }
        guard valid else {
            return .failure(Refusal(message: "a store key must be valid UTF-8 text, and this one is not (keys are kept byte for byte, never altered)"))
        }
        return .success(text)
    }

    /// The value for `key`: `.success(nil)` for nil (remove the key), a boolean,
    /// a finite number (integers stay integers) or a string of valid UTF-8. nil for another type.
    package static func value(_ v: borrowing LuaValueView, key: String) -> Result<StoreValue?, Refusal>? {
        switch v.type {
        case .nil_, .none: return .success(nil)
        case .table:
            // A list: strings (valid UTF-8) and finite numbers in its array part.
            guard let list = v.table({ $0.storeList() }) ?? nil else { return nil }
            return .success(list)
        case .boolean: return .success(.bool(v.truth))
        case .string:
            guard let (text, valid) = v.checkedString else { return nil }
            guard valid else {
                return .failure(Refusal(message: "\"\(Diagnostic.quote(key))\" cannot hold this string: it is not valid UTF-8 text (stored text is kept byte for byte, never altered)"))
            }
            return .success(.string(text))
        case .number:
            if v.isInteger, let i = v.integer { return .success(.integer(i)) }
            guard let d = v.number else { return nil }
            guard d.isFinite else {
                return .failure(Refusal(message: "\"\(Diagnostic.quote(key))\" cannot hold \(StoreValue.format(d)): store numbers must be finite"))
            }
            return .success(.number(d))
        default: return nil
        }
    }
}

extension Result where Failure == StoreInput.Refusal {
    /// The refusal's message ("" for a success).
    package var refusal: String {
        if case .failure(let r) = self { return r.message }
        return ""
    }
}
