import Foundation

/// What a request sends after its head: a recipe, turned into bytes or a stream afresh
/// for every attempt (a retry re-reads a file rather than keeping it in memory).
public enum RequestBody: Sendable {
    case empty
    case data(Data, contentType: String?)
    /// JSON already encoded (from `Any`).
    case json(Data)
    /// An `Encodable` value, encoded with the client's configured `JSONEncoder` when sent.
    case encodable(any Encodable & Sendable)
    /// `application/x-www-form-urlencoded`, in order.
    case form([QueryEntry])
    case multipart(MultipartForm)
    /// A stream made afresh for every attempt; `length` nil sends it chunked.
    case stream(length: Int?, contentType: String?, make: @Sendable () -> AsyncThrowingStream<Data, any Error>)
    /// A body that could not be built (invalid JSON, say): sending fails with `invalidBody`.
    case invalid(String)
}

/// A body ready for one attempt.
public enum PreparedBody: Sendable {
    case none
    case bytes(Data)
    case stream(length: Int?, make: @Sendable () -> AsyncThrowingStream<Data, any Error>)

    var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    /// The bytes of an in-memory body.
    var bytes: Data? {
        if case .bytes(let data) = self { return data }
        return nil
    }
}

extension RequestBody {
    /// The body for one attempt and its content type.
    func prepare(style: QueryEncodingStyle, encoder: () -> JSONEncoder) throws(HTTPError) -> (PreparedBody, contentType: String?) {
        switch self {
        case .empty:
            return (.none, nil)
        case .data(let data, let type):
            return (.bytes(data), type)
        case .json(let data):
            return (.bytes(data), "application/json")
        case .encodable(let value):
            do {
                return (.bytes(try encoder().encode(value)), "application/json")
            } catch {
                throw HTTPError(.invalidBody, "cannot encode the JSON body: \(error)", underlying: error)
            }
        case .form(let entries):
            let text = style.items(entries).map { item in
                PercentEncoding.encodeFormComponent(item.name) + (item.value.map { "=" + PercentEncoding.encodeFormComponent($0) } ?? "")
            }.joined(separator: "&")
            return (.bytes(Data(text.utf8)), "application/x-www-form-urlencoded")
        case .multipart(let form):
            return (try form.makeBody(), form.contentType)
        case .stream(let length, let type, let make):
            return (.stream(length: length, make: make), type)
        case .invalid(let reason):
            throw HTTPError(.invalidBody, reason)
        }
    }
}
