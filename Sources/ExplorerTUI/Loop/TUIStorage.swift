import ExplorerApp
import Foundation
import Profiles

/// The TUI's files under EXPLORER_HOME: what the loop does for the effects that read or write
/// them. Each call returns the event that reports the outcome; the loop runs them off the UI
/// thread and posts that event back. A file that does not parse is never written over.
struct TUIStorage: Sendable {
    let home: ExplorerHome
    let profiles: ProfileStore

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        home = ExplorerHome(environment: environment)
        profiles = ProfileStore(home: home)
    }

    func listProfiles() -> AppEvent {
        .profilesListed(profiles.names().filter { ProfileNames.problem($0) == nil })
    }

    /// A new profile file with only its base URL, refused when the name is taken.
    func createProfile(name: String, baseURL: String) -> AppEvent {
        if let problem = ProfileNames.problem(name) { return .problem("profile not created: \(problem)") }
        let file = profiles.file(for: name)
        if FileManager.default.fileExists(atPath: file.path) { return .problem("profile not created: \(file.path) exists already") }
        var profile = Profile(name: name)
        profile.baseURL = baseURL
        do throws(ProfileProblem) {
            try profiles.save(profile)
        } catch {
            return .report(title: "Profile not created", lines: [error.description])
        }
        return .profileCreated(name)
    }

    /// A copy of the file as it is (comments and `${env:…}` references kept), once it parses.
    func duplicateProfile(from source: String, to name: String) -> AppEvent {
        if let problem = ProfileNames.problem(name) { return .problem("not duplicated: \(problem)") }
        let target = profiles.file(for: name)
        if FileManager.default.fileExists(atPath: target.path) { return .problem("not duplicated: \(target.path) exists already") }
        do throws(ProfileProblem) {
            _ = try profiles.load(source)
        } catch {
            return .report(title: "Not duplicated", lines: ["profile \(source) does not parse:", error.description])
        }
        guard let data = FileManager.default.contents(atPath: profiles.file(for: source).path) else {
            return .problem("not duplicated: \(profiles.file(for: source).path) cannot be read")
        }
        do throws(ProfileProblem) {
            try profiles.save(yaml: String(decoding: data, as: UTF8.self), as: name)
        } catch {
            return .report(title: "Not duplicated", lines: [error.description])
        }
        return .profileDuplicated(from: source, to: name)
    }

    func deleteProfile(_ name: String) -> AppEvent {
        guard ProfileNames.problem(name) == nil else { return .problem("profile \(name) cannot be deleted") }
        do throws(ProfileProblem) {
            try profiles.delete(name)
        } catch {
            return .report(title: "Profile \(name) not deleted", lines: [error.description])
        }
        return .profileDeleted(name)
    }

    /// Where `e` edits profile `name`: a copy beside it (`NAME.editing.yaml`, 0600; not a profile
    /// name, so never listed), so the profile changes only once the edit parses. A copy left by an
    /// edit that did not parse is reopened as the user left it.
    func editingCopy(of name: String) -> Result<URL, ExternalEditor.Problem> {
        let copy = profiles.editingFile(for: name)
        if FileManager.default.fileExists(atPath: copy.path) { return .success(copy) }
        let file = profiles.file(for: name)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .failure(ExternalEditor.Problem(description: "\(file.path) cannot be read; nothing to edit"))
        }
        do {
            try AtomicFile.write(data, to: copy)
        } catch {
            return .failure(ExternalEditor.Problem(description: "cannot copy the profile for the editor: \(error)"))
        }
        return .success(copy)
    }

    /// After the editor failed: the profile was not touched; the copy goes unless it holds an edit.
    func editAbandoned(_ name: String, copy: URL) -> String {
        let edited = FileManager.default.contents(atPath: copy.path)
        if edited == nil || edited == FileManager.default.contents(atPath: profiles.file(for: name).path) {
            try? FileManager.default.removeItem(at: copy)
            return "the profile is unchanged"
        }
        return "the profile is unchanged; your edit stays in \(copy.path) (e opens it again)"
    }

    /// After `$EDITOR` closed on the profile's copy: once the copy parses it replaces the profile
    /// atomically (the active profile may reopen with it); else the problem is shown naming the
    /// copy's line, the profile stays as it was, and the copy is kept for the next `e`.
    func profileEdited(_ name: String, copy: URL) -> AppEvent {
        let kept = [
            "", "\(profiles.file(for: name).lastPathComponent) is unchanged, and so is the profile in use.",
            "Your edit is kept in \(copy.path): e opens it again.",
        ]
        guard let data = FileManager.default.contents(atPath: copy.path) else {
            return .report(title: "Profile \(name) not changed", lines: ["\(copy.path) cannot be read"] + kept)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .report(title: "Profile \(name) not changed", lines: ["\(copy.path): not UTF-8 text"] + kept)
        }
        do throws(ProfileProblem) {
            // Read under the copy's name first: its lines are the ones the problem names.
            _ = try ProfileReader.read(text, name: name, file: copy.path)
            try profiles.save(yaml: text, as: name)
        } catch {
            return .report(title: "Profile \(name) not changed", lines: [error.description] + kept)
        }
        try? FileManager.default.removeItem(at: copy)
        return .profileEdited(name)
    }
}
