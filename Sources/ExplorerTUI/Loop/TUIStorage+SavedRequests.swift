import ExplorerApp
import Foundation
import Profiles

/// Saved requests (`profiles/NAME.requests.yaml`, the demo's too) for the TUI's Ctrl+S and
/// Ctrl+O. Every change reads the file first and refuses to write over one that does not parse;
/// each answer carries the fresh listing.
extension TUIStorage {
    func listSavedRequests(_ profile: String) -> AppEvent {
        do throws(ProfileProblem) {
            return listing(profile, try profiles.loadRequests(for: profile))
        } catch {
            return .report(title: "Saved requests of \(profile) cannot be read", lines: [error.description])
        }
    }

    func saveRequest(_ draft: RequestDraft, as name: String, in profile: String) -> AppEvent {
        change(profile, done: "saved as \(name)") { requests in
            requests.save(draft.request(named: name, over: requests[name]))
            return nil
        }
    }

    func renameRequest(_ name: String, to newName: String, in profile: String) -> AppEvent {
        change(profile, done: "\(name) renamed to \(newName)") { requests in
            requests.rename(name, to: newName) ? nil : "\(name) cannot be renamed to \(newName): no such request, or the name is taken"
        }
    }

    func deleteRequest(_ name: String, in profile: String) -> AppEvent {
        change(profile, done: "\(name) deleted") { requests in
            requests.delete(name) ? nil : "no saved request named \(name)"
        }
    }

    /// Reads, changes and writes the profile's requests; `edit` returns why it refused, if it did.
    private func change(_ profile: String, done: String, _ edit: @escaping (inout SavedRequests) -> String?) -> AppEvent {
        var refusal: String?
        do throws(ProfileProblem) {
            let requests = try profiles.loadRequests(for: profile)
            var changed = requests
            refusal = edit(&changed)
            if refusal == nil { try profiles.saveRequests(changed, for: profile) }
            return .batch([listing(profile, refusal == nil ? changed : requests),
                           refusal.map(AppEvent.problem) ?? .notice(done)])
        } catch {
            return .report(title: "Saved requests of \(profile) not changed", lines: [error.description])
        }
    }

    private func listing(_ profile: String, _ requests: SavedRequests) -> AppEvent {
        .savedRequestsListed(profile: profile, requests.requests.map { SavedRequestsState.Entry(name: $0.name ?? "", draft: RequestDraft($0), group: $0.group ?? "", description: $0.description ?? "",
                                                                                          parameters: $0.parameters) })
    }
}
