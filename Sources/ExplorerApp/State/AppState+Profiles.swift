import TUICore

/// The Profiles overlay (F2, or "Profiles" in the palette): `demo` and the profiles on disk;
/// Enter switches, `n` creates, `e` edits the file in `$EDITOR`, `c` duplicates, `d` deletes.
/// The files themselves are the loop's business: these only ask for it with effects.
extension AppState {
    static let profilesHint = "Enter switch · n new · e edit · c duplicate · d delete · Esc"

    func profilesList(selecting name: String? = nil) -> ListOverlay {
        let names = profiles.choices
        let rows = names.map { name in
            let active = name == profiles.name
            var detail = ProfileNames.isBuiltIn(name) ? "built in: the embedded demo API" : "profiles/\(name).yaml"
            if active, let baseURL = profiles.baseURL { detail = "active · " + baseURL }
            return ListOverlay.Row(name, detail: detail, marked: active, style: active ? Style(bold: true) : Style())
        }
        let selected = names.firstIndex(of: name ?? profiles.name) ?? 0
        return ListOverlay(title: "Profiles", hint: Self.profilesHint, rows: rows, selection: selected).fitted(overlayBounds)
    }

    mutating func openProfiles() -> [Effect] {
        overlay = .list(.profiles, profilesList())
        return [.listProfiles]
    }

    /// The list again after the names on disk or the active profile changed, if it is open.
    mutating func refreshProfilesList() {
        guard case .list(.profiles, let list) = overlay else { return }
        let names = profiles.choices
        let selected = list.selectedRow.flatMap { index in index < list.rows.count ? list.rows[index].text : nil }
        var fresh = profilesList(selecting: selected)
        if selected.map({ !names.contains($0) }) ?? false { fresh.select(list.selection) }
        overlay = .list(.profiles, fresh)
    }

    mutating func handleProfiles(_ outcome: ListOverlay.Outcome, now: Double) -> [Effect] {
        let names = profiles.choices
        switch outcome {
        case .handled, .close, .filterChanged: break
        case .choose(let index):
            guard names.indices.contains(index) else { return [] }
            overlay = nil
            return switchProfile(to: names[index], now: now)
        case .key(let key, let index):
            let name = index.flatMap { names.indices.contains($0) ? names[$0] : nil }
            switch key {
            case .character("n"), .insert:
                overlay = .profileForm(ProfileForm(taken: names))
            case .character("e"):
                guard let name else { return [] }
                if ProfileNames.isBuiltIn(name) { show("\(name) is built in and has no file: n creates a profile", isError: true, now: now); return [] }
                return [.editProfile(name)]
            case .character("c"):
                guard let name else { return [] }
                if ProfileNames.isBuiltIn(name) { show("\(name) is built in and has no file to copy: n creates a profile", isError: true, now: now); return [] }
                overlay = .prompt(.duplicateProfile(from: name), PromptOverlay(title: "Duplicate \(name)", label: "New name:", text: name + "-copy"))
            case .character("d"), .delete:
                guard let name else { return [] }
                if ProfileNames.isBuiltIn(name) { show("\(name) is built in and cannot be deleted", isError: true, now: now); return [] }
                overlay = .confirm(.deleteProfile(name))
            case .character("q"): overlay = nil
            default: break
            }
        }
        return []
    }

    mutating func switchProfile(to name: String, now: Double) -> [Effect] {
        if name == profiles.name, case .ready = profiles.active {
            show("already on profile \(name)", isError: false, now: now)
            return []
        }
        if name != profiles.name {
            savedRequests = SavedRequestsState()
            sessions.history = []
        }
        let effects = startProfile(name, saying: "switching to profile \(name)…", now: now)
        if let pending = exchanges.pending, pending.profile != name {
            dropPendingSend(because: "the profile changed to \(name) while the send waited for \(pending.profile)", now: now)
        }
        return effects
    }

    /// Cancels the exchange in flight, then asks the loop for profile `name`; the Request pane
    /// says it is starting until the loop answers.
    private mutating func startProfile(_ name: String, saying text: String, now: Double) -> [Effect] {
        let effects = cancel(now: now)
        profiles.start(name)
        show(text, isError: false, now: now)
        return effects + [.switchProfile(name)]
    }

    mutating func submitProfileForm(name: String, baseURL: String) -> [Effect] {
        overlay = nil
        return [.createProfile(name: name, baseURL: baseURL)]
    }

    mutating func submitDuplicate(from: String, to name: String) -> [Effect] {
        overlay = .list(.profiles, profilesList())
        return [.duplicateProfile(from: from, to: name)]
    }

    /// What the loop reports back about profiles.
    mutating func profileEvent(_ event: AppEvent, now: Double) -> [Effect] {
        switch event {
        case .profilesListed(let names):
            profiles.known = names.filter { !ProfileNames.isBuiltIn($0) }
            refreshProfilesList()
        case .profileSwitchFailed(let name, let problem):
            guard profiles.active == .starting(name: name) else { break }
            profiles.settle(profiles.previous ?? .failed(name: name, problem: problem))
            refreshProfilesList()
            show("profile \(name) not opened: \(problem)", isError: true, now: now, for: 10)
            if exchanges.pending?.profile == name { dropPendingSend(because: "profile \(name) not opened: \(problem)", now: now) }
        case .profileCreated(let name):
            profiles.known = (profiles.known + [name]).sorted()
            return switchProfile(to: name, now: now) + [.listProfiles]
        case .profileDuplicated(let from, let to):
            profiles.known = Array(Set(profiles.known + [to])).sorted()
            refreshProfilesList()
            show("profile \(from) copied to \(to)", isError: false, now: now)
            return [.listProfiles]
        case .profileDeleted(let name):
            profiles.known.removeAll { $0 == name }
            var effects: [Effect] = [.listProfiles]
            if profiles.name == name {
                profiles.previous = nil
                effects = switchProfile(to: ProfileNames.builtIn, now: now) + effects
            }
            refreshProfilesList()
            show("profile \(name) deleted", isError: false, now: now)
            return effects
        case .profileEdited(let name):
            guard profiles.name == name else {
                show("profile \(name) saved", isError: false, now: now)
                return [.listProfiles]
            }
            // The active profile restarts with what the file says now.
            return startProfile(name, saying: "profile \(name) saved: reopening it", now: now) + [.listProfiles]
        default: break
        }
        return []
    }
}

extension AppState {
    /// Lines in a box of their own, wrapped to its width (a problem naming a long path is read
    /// whole), closed by any key but the arrows. At most `reportLimit` rows: the rest is counted.
    mutating func openReport(title: String, lines: [String], kind: ListKind = .report, hint: String = "Esc or Enter closes") {
        let width = max(10, min(width - 4, 78) - 6)
        var rows: [String] = []
        var more = 0
        for line in lines {
            let room = Self.reportLimit - 1 - rows.count
            guard room > 0 else {
                more += 1
                continue
            }
            let wrapped = Self.wrapped(line, width: width, limit: room + 1)
            rows += wrapped.prefix(room)
            more += wrapped.count > room ? 1 : 0
        }
        if more > 0 { rows.append("… (the report is longer than \(Self.reportLimit) lines)") }
        overlay = .list(kind, ListOverlay(title: title, hint: hint, rows: rows.map { ListOverlay.Row($0) }).fitted(overlayBounds))
    }

    /// The most rows a report shows (a diff or a problem list is read, not scrolled for ever).
    static let reportLimit = 200

    /// `text` in lines of at most `width` columns, broken at a space where there is one, else
    /// (a long path) where the line is full, so the text reads on without a gap. Linear in the
    /// text: each character is measured once, and looked at again at most once (when the words
    /// after a line's last space move to the next line). Stops after `limit` lines.
    static func wrapped(_ text: String, width: Int, limit: Int = .max) -> [String] {
        let characters = Array(text)
        let widths = characters.map { CellWidth.of(String($0)) }
        var lines: [String] = []
        var start = 0, index = 0, used = 0
        var lastSpace: Int?
        while index < characters.count, lines.count < limit {
            if used + widths[index] <= width {
                if characters[index] == " ", index > start { lastSpace = index }
                used += widths[index]
                index += 1
                continue
            }
            if index == start {
                // Wider than the whole line: alone on one.
                lines.append(String(characters[index]))
                start = index + 1
            } else if let space = lastSpace {
                lines.append(String(characters[start..<space]))
                start = space + 1
            } else {
                lines.append(String(characters[start..<index]))
                start = index
            }
            index = start
            used = 0
            lastSpace = nil
        }
        if lines.isEmpty || (start < characters.count && lines.count < limit) { lines.append(String(characters[start...])) }
        return lines
    }
}
