import Foundation

/// `Ctrl+E` in the Body pane: the body goes to a temporary file, `$VISUAL`/`$EDITOR` (else vi)
/// edits it on the real terminal, and the file's text comes back.
enum ExternalEditor {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static var editor: String {
        let environment = ProcessInfo.processInfo.environment
        return [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    }

    /// `$EDITOR` on a file in place (the copy of a profile that `e` edits).
    static func editFile(_ path: String) -> Result<Void, Problem> {
        let editor = editor
        let status = system("\(editor) \(shellQuoted(path))")
        guard status == 0 else {
            return .failure(Problem(description: "the editor \(editor.debugDescription) exited with status \(status >> 8)"))
        }
        return .success(())
    }

    static func edit(_ text: String) -> Result<String, Problem> {
        let editor = editor
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-body-\(UUID().uuidString.prefix(8)).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try Data(text.utf8).write(to: file, options: .atomic)
        } catch {
            return .failure(Problem(description: "cannot write \(file.path) for the editor: \(error.localizedDescription)"))
        }
        // system() runs the editor through the shell in our foreground process group, so it can
        // read the terminal (Foundation's Process puts the child in a group of its own), and
        // EDITOR="code --wait" works as it does for git.
        let status = system("\(editor) \(shellQuoted(file.path))")
        guard status == 0 else {
            return .failure(Problem(description: "the editor \(editor.debugDescription) exited with status \(status >> 8); the body is unchanged"))
        }
        guard let data = try? Data(contentsOf: file) else {
            return .failure(Problem(description: "the edited body in \(file.path) could not be read; the body is unchanged"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
