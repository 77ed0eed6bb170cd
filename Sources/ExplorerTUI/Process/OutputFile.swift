import Foundation

/// Opens files the user named for writing, with errors that name the flag and the file.
enum OutputFile {
    /// Creates or truncates `path`; a failure is a usage error (exit 2).
    static func create(_ path: String, flag: String) throws(CLIError) -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .usage("\(flag) \(path): cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}

/// Where the final body goes: stdout (a binary body is held back from a terminal unless the
/// user forced it with `--output -`), or a file.
enum BodyDestination {
    case standardOutput(forced: Bool)
    case file(String)

    init(output: String?) throws(CLIError) {
        switch output {
        case nil: self = .standardOutput(forced: false)
        case "-": self = .standardOutput(forced: true)
        case let path?:
            // Checked now so a typo fails before the exchange, not after a long download.
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard !path.isEmpty, !path.hasSuffix("/"),
                  FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw .usage("-o \(path): no directory to create \(path) in") }
            self = .file(path)
        }
    }

    /// The handle to write to; a file is created (or truncated) only now.
    func open() throws(CLIError) -> FileHandle {
        switch self {
        case .standardOutput: return FileHandle.standardOutput
        case .file(let path): return try OutputFile.create(path, flag: "-o")
        }
    }

    /// A binary body would garble a terminal: it is written only to a file or when forced.
    var acceptsBinary: Bool {
        switch self {
        case .standardOutput(let forced): return forced || !Console.stdoutIsTerminal
        case .file: return true
        }
    }
}
