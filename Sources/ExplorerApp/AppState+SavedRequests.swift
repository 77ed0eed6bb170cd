import TUICore

/// The active profile's collection of saved requests: Ctrl+S saves the panes' request under a
/// name (asking before it replaces one), Ctrl+O lists them — Enter opens, `n`/F2 renames,
/// `d`/Delete deletes after `y`. The files are the loop's (`profiles/NAME.requests.yaml`).
extension AppState {
    static let savedHint = "Enter open · n/F2 rename · d delete · Esc"

    func savedList() -> ListOverlay {
        let rows = savedRequests.entries.map { entry in
            ListOverlay.Row(entry.name, detail: "\(entry.draft.method) \(entry.draft.url)", marked: entry.name == savedRequests.current)
        }
        return ListOverlay(title: "Saved requests of \(profiles.name)", hint: Self.savedHint, rows: rows,
                           empty: "none yet: Ctrl+S saves the request under a name").fitted(overlayBounds)
    }

    mutating func openSavedRequests() -> [Effect] {
        overlay = .list(.savedRequests, savedList())
        return [.listSavedRequests(profiles.name)]
    }

    mutating func promptSaveRequest() {
        overlay = .prompt(.saveRequest, PromptOverlay(title: "Save the request (\(profiles.name))", label: "Name:", text: savedRequests.current ?? ""))
    }

    mutating func submitSaveRequest(_ name: String) -> [Effect] {
        if savedRequests.contains(name) {
            overlay = .confirm(.overwriteRequest(name))
            return []
        }
        return saveRequest(as: name)
    }

    mutating func saveRequest(as name: String) -> [Effect] {
        overlay = nil
        savedRequests.current = name
        savedWork = work
        return [.saveRequest(profile: profiles.name, name: name, draft: draft)]
    }

    mutating func handleSaved(_ outcome: ListOverlay.Outcome, now: Double) -> [Effect] {
        switch outcome {
        case .handled, .close: break
        case .choose(let index):
            guard savedRequests.entries.indices.contains(index) else { return [] }
            overlay = nil
            load(savedRequests.entries[index], now: now)
        case .key(let key, let index):
            guard let index, savedRequests.entries.indices.contains(index) else { return [] }
            let name = savedRequests.entries[index].name
            switch key {
            case .character("n"), .function(2):
                overlay = .prompt(.renameRequest(from: name), PromptOverlay(title: "Rename \(name)", label: "New name:", text: name))
            case .character("d"), .delete:
                overlay = .confirm(.deleteRequest(name))
            case .character("q"): overlay = nil
            default: break
            }
        }
        return []
    }

    mutating func submitRename(from: String, to name: String) -> [Effect] {
        overlay = .list(.savedRequests, savedList())
        if name == from { return [] }
        if savedRequests.current == from { savedRequests.current = name }
        return [.renameRequest(profile: profiles.name, from: from, to: name)]
    }

    /// A saved request into the panes; it is nobody's unsaved work until edited.
    mutating func load(_ entry: SavedRequestsState.Entry, now: Double) {
        loadIntoPanes(entry.draft)
        savedRequests.current = entry.name
        sessions.recording = nil
        show("opened \(entry.name)", isError: false, now: now)
    }

    mutating func savedRequestsListed(profile name: String, _ entries: [SavedRequestsState.Entry]) {
        guard name == profiles.name else { return }
        savedRequests.entries = entries
        refresh(.savedRequests, with: savedList())
    }
}
