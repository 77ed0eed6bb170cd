import ExplorerApp
import Foundation
import Profiles

/// Saved requests (`profiles/NAME.requests.yaml`) for the TUI's Ctrl+S / Ctrl+O.
extension TUIStorage {
    func listSavedRequests(_ profile: String) -> AppEvent {
        .savedRequestsListed(profile: profile, [])
    }

    func saveRequest(_ draft: RequestDraft, as name: String, in profile: String) -> AppEvent {
        .problem("saved requests are not available yet")
    }

    func renameRequest(_ name: String, to newName: String, in profile: String) -> AppEvent {
        .problem("saved requests are not available yet")
    }

    func deleteRequest(_ name: String, in profile: String) -> AppEvent {
        .problem("saved requests are not available yet")
    }
}
