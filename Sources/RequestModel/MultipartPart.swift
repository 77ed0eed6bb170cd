/// One part of a multipart body as a user names it: text, or a file read from disk when sent.
public enum MultipartPart: Sendable, Hashable {
    case text(name: String, value: String)
    case file(name: String, path: String)
}
