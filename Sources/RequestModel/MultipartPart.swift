/// One part of a multipart body as a user names it: text, or a file read from disk when sent,
/// with the file name and type the part declares when they are given (curl's `;filename=` and
/// `;type=`, a collection's part `contentType`).
public struct MultipartPart: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case text(String)
        /// A path, streamed from disk when the request is sent.
        case file(String)
    }

    public var name: String
    public var content: Content
    /// The `filename` of the part's Content-Disposition; for a file part, its own name when nil.
    public var filename: String?
    /// The part's Content-Type; for a file part, guessed from its extension when nil.
    public var contentType: String?

    public init(name: String, content: Content, filename: String? = nil, contentType: String? = nil) {
        self.name = name
        self.content = content
        self.filename = filename
        self.contentType = contentType
    }

    public static func text(name: String, value: String) -> Self { Self(name: name, content: .text(value)) }
    public static func file(name: String, path: String) -> Self { Self(name: name, content: .file(path)) }

    /// Whether it declares nothing beyond its name and content.
    public var isPlain: Bool { filename == nil && contentType == nil }
}
