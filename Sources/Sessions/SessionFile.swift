import Foundation
import Profiles

/// Session files on disk: read with problems naming file:line:column: key, written atomically (0600).
public enum SessionFile {
    public static func read(_ url: URL) throws(SessionProblem) -> Session {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "cannot be read" : "no such file"
            throw SessionProblem(file: url.path, line: nil, key: nil, message: reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SessionProblem(file: url.path, line: nil, key: nil, message: "not UTF-8 text")
        }
        return try SessionReader.read(text, file: url.path)
    }

    /// Writes through the one atomic writer: the old file or the new one, never a part.
    /// `compactJSON` writes JSON bodies on one line each.
    public static func write(_ session: Session, to url: URL, compactJSON: Bool = false) throws {
        try AtomicFile.write(Data(SessionWriter.yaml(session, compactJSON: compactJSON).utf8), to: url)
    }
}
