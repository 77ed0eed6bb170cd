import TUICore

/// The active profile's collection of saved requests: Ctrl+S saves the panes' request under a
/// name (asking before it replaces one), Ctrl+F finds one: a fuzzy filter over name, method,
/// URL and tag (matched letters highlighted), grouped by tag or folder — Enter opens, F2 renames,
/// Ctrl+D deletes after `y`. The files are the loop's (`profiles/NAME.requests.yaml`).
extension AppState {
    static let savedHint = "type to filter · Enter open · F2 rename · Ctrl+D delete · Esc"

    /// The picker for `filter`'s text: the best matches first, or with no text every request
    /// grouped by its tag or folder in the order the groups first appear.
    mutating func savedList(filter: LineField = LineField()) -> ListOverlay {
        let query = filter.text
        let ranked = FuzzyMatch.rank(query, savedRequests.searchTexts)
        var order = ranked.map(\.index)
        if query.isEmpty {
            var firstSeen: [String: Int] = [:]
            for (index, entry) in savedRequests.entries.enumerated() where firstSeen[entry.group] == nil { firstSeen[entry.group] = index }
            order.sort { (firstSeen[savedRequests.entries[$0].group] ?? 0, $0) < (firstSeen[savedRequests.entries[$1].group] ?? 0, $1) }
        }
        let positions = Dictionary(uniqueKeysWithValues: ranked.map { ($0.index, $0.result.positions) })
        savedRequests.shown = order
        let rows = order.map { index in
            let entry = savedRequests.entries[index]
            let matched = positions[index] ?? []
            let detailStart = entry.name.count + 2
            return ListOverlay.Row(entry.name, detail: "\(entry.draft.method) \(entry.draft.url)", marked: entry.name == savedRequests.current,
                                   lead: entry.group, highlights: Set(matched.filter { $0 < entry.name.count }),
                                   detailHighlights: Set(matched.filter { $0 >= detailStart }.map { $0 - detailStart }),
                                   note: entry.description)
        }
        let empty = savedRequests.entries.isEmpty ? "none yet: Ctrl+S saves the request under a name" : "no request matches \(query)"
        let title = "Saved requests of \(profiles.name) (\(query.isEmpty ? "\(rows.count)" : "\(rows.count) of \(savedRequests.entries.count)"))"
        return ListOverlay(title: title, hint: Self.savedHint, rows: rows, empty: empty, filter: filter).fitted(overlayBounds)
    }

    /// The entry a row of the picker shows.
    func savedEntry(atRow row: Int) -> SavedRequestsState.Entry? {
        guard savedRequests.shown.indices.contains(row) else { return nil }
        return savedRequests.entries[savedRequests.shown[row]]
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

    mutating func handleSaved(_ outcome: ListOverlay.Outcome, list: ListOverlay, now: Double) -> [Effect] {
        switch outcome {
        case .handled, .close: break
        case .filterChanged:
            overlay = .list(.savedRequests, savedList(filter: list.filter ?? LineField()))
        case .choose(let row):
            guard let entry = savedEntry(atRow: row) else { return [] }
            overlay = nil
            load(entry, now: now)
        case .key(let key, let row):
            guard let row, let name = savedEntry(atRow: row)?.name else { return [] }
            switch key {
            case .function(2):
                overlay = .prompt(.renameRequest(from: name), PromptOverlay(title: "Rename \(name)", label: "New name:", text: name))
            case .control("d"):
                overlay = .confirm(.deleteRequest(name))
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

    /// A saved request into the panes; it is nobody's unsaved work until edited. A URL template
    /// (`pets/{petId}`) opens its parameters to fill.
    mutating func load(_ entry: SavedRequestsState.Entry, now: Double) {
        loadIntoPanes(entry.draft)
        savedRequests.current = entry.name
        sessions.recording = nil
        show("opened \(entry.name)", isError: false, now: now)
        if !entry.draft.url.contains("{{"), entry.draft.url.contains("{"),
           let form = ParametersForm(template: entry.draft.url, parameters: entry.parameters) {
            overlay = .parameters(form)
        }
    }

    mutating func savedRequestsListed(profile name: String, _ entries: [SavedRequestsState.Entry]) {
        guard name == profiles.name else { return }
        savedRequests.entries = entries
        if case .list(.savedRequests, let list) = overlay { refresh(.savedRequests, with: savedList(filter: list.filter ?? LineField())) }
    }
}
