import Foundation
import RequestModel

/// A `multipart/form-data` body (RFC 7578) whose file parts are read from disk as they are
/// sent, so a 1 GB upload needs no more memory than a small one.
public struct MultipartForm: Sendable {
    public enum Content: Sendable {
        case data(Data)
        case file(URL)
        /// A stream made afresh for every attempt, with its length when known.
        case stream(length: Int?, make: @Sendable () -> AsyncThrowingStream<Data, any Error>)
    }

    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var content: Content
    }

    public private(set) var parts: [Part] = []
    public let boundary: String

    public init(boundary: String = "explorer-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()) {
        self.boundary = boundary
    }

    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A file streamed from disk; its content type is guessed from the extension.
    public mutating func add(fileURL: URL, name: String, filename: String? = nil, contentType: String? = nil) {
        parts.append(Part(name: name, filename: filename ?? fileURL.lastPathComponent,
                          contentType: contentType ?? MediaType.guess(forExtension: fileURL.pathExtension), content: .file(fileURL)))
    }

    public mutating func add(string: String, name: String) {
        parts.append(Part(name: name, filename: nil, contentType: nil, content: .data(Data(string.utf8))))
    }

    public mutating func add(data: Data, name: String, filename: String? = nil, contentType: String? = nil) {
        parts.append(Part(name: name, filename: filename, contentType: contentType ?? (filename == nil ? nil : "application/octet-stream"),
                          content: .data(data)))
    }

    /// `length` nil sends the whole body chunked.
    public mutating func add(stream make: @escaping @Sendable () -> AsyncThrowingStream<Data, any Error>, name: String,
                             length: Int?, filename: String? = nil, contentType: String? = "application/octet-stream") {
        parts.append(Part(name: name, filename: filename ?? name, contentType: contentType, content: .stream(length: length, make: make)))
    }

    /// Every part's head, content and the closing boundary, as a stream made for one attempt.
    func makeBody() throws(HTTPError) -> PreparedBody {
        var length: Int? = 0
        var pieces: [MultipartPiece] = []
        for part in parts {
            let head = Data(head(of: part).utf8)
            pieces.append(.bytes(head))
            switch part.content {
            case .data(let data):
                pieces.append(.bytes(data))
                length = length.map { $0 + data.count }
            case .file(let url):
                guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
                      FileManager.default.isReadableFile(atPath: url.path) else {
                    throw HTTPError(.invalidBody, "cannot read \(url.path) for multipart part \(part.name.debugDescription)")
                }
                pieces.append(.file(url))
                length = length.map { $0 + size }
            case .stream(let partLength, let make):
                pieces.append(.stream(make))
                length = length.flatMap { total in partLength.map { total + $0 } }
            }
            pieces.append(.bytes(Data("\r\n".utf8)))
            length = length.map { $0 + head.count + 2 }
        }
        let closing = Data("--\(boundary)--\r\n".utf8)
        pieces.append(.bytes(closing))
        length = length.map { $0 + closing.count }
        let frozen = pieces
        return .stream(length: length) { MultipartReader(frozen).stream() }
    }

    private func head(of part: Part) -> String {
        var disposition = "form-data; name=\"\(Self.quoted(part.name))\""
        if let filename = part.filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
        var head = "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n"
        if let type = part.contentType { head += "Content-Type: \(type)\r\n" }
        return head + "\r\n"
    }

    /// Quotes and line breaks cannot appear raw in a quoted parameter (RFC 7578 §4.2).
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}

enum MultipartPiece: Sendable {
    case bytes(Data)
    case file(URL)
    case stream(@Sendable () -> AsyncThrowingStream<Data, any Error>)
}

/// Pulls the pieces in order, one chunk per request from the transport: nothing is read
/// ahead, so memory stays at one chunk however large the files.
actor MultipartReader {
    private let pieces: [MultipartPiece]
    private var index = 0
    private var file: FileHandle?
    private var userStream: AsyncThrowingStream<Data, any Error>.AsyncIterator?
    private static let chunkSize = 256 * 1024

    init(_ pieces: [MultipartPiece]) {
        self.pieces = pieces
    }

    nonisolated func stream() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream(unfolding: { try await self.next() })
    }

    private func next() async throws -> Data? {
        while index < pieces.count {
            if let file {
                if let chunk = try file.read(upToCount: Self.chunkSize), !chunk.isEmpty { return chunk }
                try file.close()
                self.file = nil
                index += 1
                continue
            }
            if var iterator = userStream {
                let chunk = try await iterator.next(isolation: self)
                userStream = iterator
                if let chunk { return chunk }
                userStream = nil
                index += 1
                continue
            }
            switch pieces[index] {
            case .bytes(let data):
                index += 1
                if !data.isEmpty { return data }
            case .file(let url):
                file = try FileHandle(forReadingFrom: url)
            case .stream(let make):
                userStream = make().makeAsyncIterator()
            }
        }
        return nil
    }
}
