#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request's id: a number or a string (JSON-RPC 2.0), or `null` (allowed, discouraged);
/// a number that is no 64-bit integer is kept as a `Double`, to be written back as it came
/// as far as a double can. Sendable: a plain value.
public enum RequestID: Codable, Hashable, Sendable {
    /// An integer id (what clients send).
    case number(Int)
    /// A string id.
    case string(String)
    /// A number that is no 64-bit integer.
    case fraction(Double)
    /// `"id": null`.
    case null

    /// Reads a number, a string or `null`.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let n = try? c.decode(Int.self) { self = .number(n) }
        else if let d = try? c.decode(Double.self) { self = .fraction(d) }
        else { self = .string(try c.decode(String.self)) }
    }

    /// Writes it back as it came.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .fraction(let d): try c.encode(d)
        case .null: try c.encodeNil()
        }
    }
}

/// The envelope of every incoming message: enough to route it (the params are decoded by
/// the handler, into the type it expects). A message with an `id` member is a request and
/// is answered, whatever its method (JSON-RPC 2.0 §4); `idIsReadable` false when the member
/// is there but no number, string or null (the answer then names no id). Sendable: a plain value.
struct IncomingMessage: Decodable, Sendable {
    var jsonrpc: String?
    var id: RequestID?
    var hasID = false
    var idIsReadable = true
    var method: String?
    /// The `method` member is there but no string.
    var methodIsBad = false
    /// A `result` or `error` member is there: a response (to a request the server never sends).
    var isResponse = false

    private enum Keys: String, CodingKey { case jsonrpc, id, method, result, error }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        jsonrpc = try? c.decodeIfPresent(String.self, forKey: .jsonrpc)
        if c.contains(.id) {
            hasID = true
            id = try? c.decode(RequestID.self, forKey: .id)
            idIsReadable = id != nil
        }
        if c.contains(.method) {
            method = try? c.decode(String.self, forKey: .method)
            methodIsBad = method == nil
        }
        isResponse = c.contains(.result) || c.contains(.error)
    }

    /// Whether this message must be answered.
    var isRequest: Bool { hasID }
}

/// The params of a message, decoded as `P`.
struct IncomingParams<P: Decodable>: Decodable {
    var params: P
}

/// A JSON-RPC error object. Sendable: a plain value.
public struct ResponseError: Codable, Error, Sendable, Equatable {
    /// The JSON-RPC or LSP code.
    public var code: Int
    /// What went wrong.
    public var message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800

    /// An error with this code and message.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}

/// A response: the result, or an error. `Result` encodes as JSON (nil: `null`).
struct OutgoingResponse<Result: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID?
    var result: Result?
    var error: ResponseError?

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(jsonrpc, forKey: .jsonrpc)
        if let id { try c.encode(id, forKey: .id) } else { try c.encodeNil(forKey: .id) }
        if let error { try c.encode(error, forKey: .error) } else if let result { try c.encode(result, forKey: .result) } else { try c.encodeNil(forKey: .result) }
    }

    enum Keys: String, CodingKey { case jsonrpc, id, result, error }
}

/// A notification the server sends (`textDocument/publishDiagnostics`).
struct OutgoingNotification<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var method: String
    var params: Params
}

/// Any JSON value, for the parts of messages the server passes through or ignores.
/// Sendable: a plain value.
public enum JSONAny: Codable, Sendable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONAny]), object([String: JSONAny])

    /// Reads any value.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONAny].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONAny].self)) }
    }

    /// Writes it back.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}

/// Frames an encoded message with its `Content-Length` header.
func framed(_ body: Data) -> Data {
    var out = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
    out.append(body)
    return out
}
