import Foundation

/// Files the user named for reading (`--data @FILE`, `--multipart k=@FILE`, `@path` in a curl line),
/// checked before anything is sent so a typo is a usage error (exit 2) that names the flag and the file.
enum InputFile {
    /// Fails unless `path` is a readable regular file; `flag` is how the user named it, e.g. `--json @a.json`.
    static func check(_ path: String, flag: String) throws(CLIError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .usage("\(flag): no such file \(path)")
        }
        guard !isDirectory.boolValue else { throw .usage("\(flag): \(path) is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .usage("\(flag): cannot read \(path)") }
    }

    /// The whole file, for bodies that are sent from memory anyway.
    static func read(_ path: String, flag: String) throws(CLIError) -> Data {
        try check(path, flag: flag)
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .usage("\(flag): cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// `@-` in a curl line: stdin, as curl reads it.
    static func readStandardInput() -> Data {
        FileHandle.standardInput.readDataToEndOfFile()
    }
}
