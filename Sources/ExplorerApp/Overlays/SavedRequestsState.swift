import Foundation
import RequestModel
import TUICore

/// The active profile's saved requests, as last listed, and the one the panes hold.
public struct SavedRequestsState: Sendable, Equatable {
    /// A saved request as the panes load it.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var draft: RequestDraft
        /// The tag or folder it was imported under, and what its source says it does.
        public var group: String
        public var description: String
        /// The URL template's parameters as its description gives them, to fill when it opens.
        public var parameters: [RequestSpec.Parameter]

        public init(name: String, draft: RequestDraft, group: String = "", description: String = "", parameters: [RequestSpec.Parameter] = []) {
            self.name = name
            self.draft = draft
            self.group = group
            self.description = description
            self.parameters = parameters
        }

        /// What the picker's filter matches: `name  METHOD url  group`.
        var searchText: FuzzyMatch.Candidate { FuzzyMatch.Candidate("\(name)  \(draft.method) \(draft.url)  \(group)") }
    }

    public var entries: [Entry] = [] {
        didSet { searchTexts = entries.map(\.searchText) }
    }
    /// The saved request the panes were opened from or last saved as.
    public var current: String?
    private(set) var searchTexts: [FuzzyMatch.Candidate] = []
    /// Which entry each row of the picker shows, best match first.
    var shown: [Int] = []

    func contains(_ name: String) -> Bool { entries.contains { $0.name == name } }

    /// Why saved request `from` cannot be renamed `name`, if it cannot.
    func problem(renaming from: String, to name: String) -> String? {
        Self.nameProblem(name) ?? (name != from && contains(name) ? "a saved request named \(name) exists already" : nil)
    }

    /// Names of saved requests: any text on one line, without control characters.
    static func nameProblem(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "the name is empty" }
        if trimmed != name { return "no spaces around the name" }
        if name.count > 80 { return "the name is longer than 80 characters" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "the name has a control character"
        }
        return nil
    }
}
