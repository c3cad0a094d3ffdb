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

    /// The most items a list a script hands over may hold.
    package static let maxListItems = 100_000

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
            if let n = v.table({ $0.count }), n > maxListItems {
                return .failure(Refusal(message: "\"\(Diagnostic.quote(key))\" cannot hold a list of \(n) items: a stored list holds at most \(maxListItems) items"))
            }
            guard let list = v.table({ $0.storeList() }) ?? nil else { return nil }
            return .success(list)
        default: break
        }
        switch v.plainValue {
        case .bool(let b): return .success(.bool(b))
        case .string(let text, let valid):
            guard valid else {
                return .failure(Refusal(message: "\"\(Diagnostic.quote(key))\" cannot hold this string: it is not valid UTF-8 text (stored text is kept byte for byte, never altered)"))
            }
            return .success(.string(text))
        case .integer(let i): return .success(.integer(i))
        case .number(let d):
            guard d.isFinite else {
                return .failure(Refusal(message: "\"\(Diagnostic.quote(key))\" cannot hold \(StoreValue.format(d)): store numbers must be finite"))
            }
            return .success(.number(d))
        case .refusedCopy, .other: return nil
        }
    }
}

/// A plain Lua value as the host copies it: the one reading of booleans, numbers (an exact
/// integer stays an integer) and strings for every reader of values a script hands over (store
/// writes, a row's `default` and options, platform keys), each of which says in its own words
/// what it refuses. `Sendable`: a plain value.
package enum PlainValue: Sendable {
    /// A boolean.
    case bool(Bool)
    /// A number with an exact integer value (a Lua integer).
    case integer(Int64)
    /// A float (perhaps not finite: the reader decides).
    case number(Double)
    /// A string (invalid UTF-8 bytes replaced with U+FFFD) and whether its bytes were valid.
    case string(String, valid: Bool)
    /// A string whose copy the memory cap refused (see `LuaValueView.checkedString`).
    case refusedCopy
    /// Another type: nil, a table, a function, a userdata, a thread.
    case other
}

extension LuaValueView {
    /// The value as a plain value (see `PlainValue`); strings are copied and charged.
    package var plainValue: PlainValue {
        switch type {
        case .boolean: return .bool(truth)
        case .number:
            if isInteger, let i = integer { return .integer(i) }
            return number.map { .number($0) } ?? .other
        case .string:
            guard let (text, valid) = checkedString else { return .refusedCopy }
            return .string(text, valid: valid)
        default: return .other
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
