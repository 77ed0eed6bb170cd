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

    /// After `$EDITOR` closed on the profile's file: it parses (the active profile may reopen
    /// with it), or the problem is shown and the file stays as the user left it.
    func profileEdited(_ name: String) -> AppEvent {
        do throws(ProfileProblem) {
            _ = try profiles.load(name)
            return .profileEdited(name)
        } catch {
            return .report(title: "Profile \(name) not reloaded", lines: [
                error.description, "",
                "The file stays as you left it; the profile in use is unchanged. e edits it again.",
            ])
        }
    }
}
