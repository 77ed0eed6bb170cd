import Foundation

/// Where profiles live (`$EXPLORER_HOME/profiles/NAME.yaml`, beside each its saved requests and
/// cookie jar) and how they are read and written. Every write is atomic with mode 0600, and a
/// file that does not parse is never written over: the user is told, naming file, line and key.
public struct ProfileStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The store of `home` (`home/profiles`).
    public init(home: ExplorerHome) {
        self.init(directory: home.profiles)
    }

    /// The store the environment names (see `ExplorerHome`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(home: ExplorerHome(environment: environment))
    }

    public func file(for name: String) -> URL { directory.appendingPathComponent("\(name).yaml") }
    public func requestsFile(for name: String) -> URL { directory.appendingPathComponent("\(name).requests.yaml") }
    public func cookiesFile(for name: String) -> URL { directory.appendingPathComponent("\(name).cookies.json") }
    /// The copy the TUI edits, so the profile changes only once the edit parses.
    public func editingFile(for name: String) -> URL { directory.appendingPathComponent("\(name).editing.yaml") }

    /// The profiles on disk, by name, sorted; files whose names are not profile names
    /// (saved requests, cookie jars, anything else) are left out.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.filter(ProfileName.isValid).sorted()
    }

    public func exists(_ name: String) -> Bool {
        ProfileName.isValid(name) && FileManager.default.fileExists(atPath: file(for: name).path)
    }

    public func load(_ name: String) throws(ProfileProblem) -> Profile {
        try checkName(name)
        let url = file(for: name)
        if ProfileName.isBuiltIn(name) {
            throw ProfileProblem(file: url.path, line: nil, key: nil,
                                 message: "\(name.debugDescription) is a built-in profile, so this file is not used: rename it to use it")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "no profile named \(name.debugDescription) (no such file)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "not UTF-8 text")
        }
        return try ProfileReader.read(text, name: name, file: url.path)
    }

    /// Saves `profile` under its name, as `ProfileWriter` writes it (secrets as given,
    /// `${env:NAME}` kept). Refuses the built-in name, a bad name, and to write over a file
    /// that does not parse.
    public func save(_ profile: Profile) throws(ProfileProblem) {
        try save(yaml: ProfileWriter.yaml(profile, maskingSecrets: false), as: profile.name)
    }

    /// Saves profile text as `name` (comments and layout kept) once it reads as a profile;
    /// the same refusals as `save(_:)`.
    public func save(yaml text: String, as name: String) throws(ProfileProblem) {
        try checkWritable(name)
        _ = try ProfileReader.read(text, name: name, file: file(for: name).path)
        try write(text, to: file(for: name))
    }

    /// Writes `text` as profile `name` atomically, without reading it or what it replaces
    /// (use `save` for the user's profiles).
    public func write(_ text: String, as name: String) throws {
        try checkName(name)
        try AtomicFile.write(text, to: file(for: name))
    }

    /// Removes the profile with its saved requests and cookie jar. The built-in profile cannot
    /// be removed; an unknown name is a problem.
    public func delete(_ name: String) throws(ProfileProblem) {
        try checkName(name)
        let url = file(for: name)
        if ProfileName.isBuiltIn(name) {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "\(name.debugDescription) is a built-in profile and cannot be deleted")
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "no profile named \(name.debugDescription) (no such file)")
        }
        for companion in [requestsFile(for: name), cookiesFile(for: name), editingFile(for: name), url] {
            guard unlink(companion.path) == 0 || errno == ENOENT else {
                throw ProfileProblem(file: companion.path, line: nil, key: nil, message: "cannot delete: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Refuses a bad name, the built-in one, and a profile file on disk that does not parse.
    func checkWritable(_ name: String) throws(ProfileProblem) {
        try checkName(name)
        let url = file(for: name)
        if ProfileName.isBuiltIn(name) {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "\(name.debugDescription) is a built-in profile and cannot be written; choose another name")
        }
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            _ = try load(name)
        } catch {
            throw error.notOverwritten
        }
    }

    func checkName(_ name: String) throws(ProfileProblem) {
        if let problem = ProfileName.problem(with: name) {
            throw ProfileProblem(file: directory.path, line: nil, key: nil, message: problem)
        }
    }

    /// Writes through `AtomicFile`, reporting a failure as a problem with the file.
    func write(_ text: String, to url: URL) throws(ProfileProblem) {
        do {
            try AtomicFile.write(text, to: url)
        } catch {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "not saved: \(error)")
        }
    }
}

extension ProfileProblem {
    /// The same problem, saying that the file it is in was left as it is.
    public var notOverwritten: ProfileProblem {
        ProfileProblem(file: file, line: line, column: column, key: key, message: message + " (the file was not overwritten; fix or remove it first)")
    }
}
