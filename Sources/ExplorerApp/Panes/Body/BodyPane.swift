import Foundation
import GraphQLTools
import TUICore

/// The Body pane: a multi-line editor and the body's kind. The kind decides how the text is
/// sent and checked: JSON is validated as you type, form and multipart lines (`name=value`,
/// `name=@path` for a file part) are checked line by line.
public struct BodyPane: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case handled, ignored
        /// Ctrl+E: the app opens this text in `$EDITOR` and hands the result to `replaceText`.
        case openEditor(String)
    }

    /// Ctrl+T cycles through these in this order.
    public enum Kind: Int, Sendable, CaseIterable {
        case none, raw, json, form, multipart, graphql

        public var label: String {
            switch self {
            case .none: "none"
            case .raw: "raw"
            case .json: "JSON"
            case .form: "form"
            case .multipart: "multipart"
            case .graphql: "GraphQL"
            }
        }

        public var next: Kind { Kind(rawValue: (rawValue + 1) % Self.allCases.count)! }
    }

    public var kind: Kind {
        didSet {
            // Another kind takes the query, not the variables shown in its place.
            if oldValue == .graphql, showsVariables {
                graphQLVariables = editor.text
                editor.text = hiddenQuery
                showsVariables = false
            }
            if kind != oldValue { recheck(force: true) }
        }
    }
    public internal(set) var editor: TextBuffer
    /// Sent with a raw body (a ready request's); nil lets the client decide.
    public var rawContentType: String?
    /// The JSON check of the current text (`.empty` unless the kind is JSON).
    public internal(set) var jsonResult: JSONCheck.Result = .empty
    /// The profile's schema, which a GraphQL body is checked against as it is typed (SPEC §13).
    public var graphQLSchema: GraphQLSchemaFile? {
        didSet { if graphQLSchema != oldValue { recheck(force: true) } }
    }
    /// A GraphQL body's variables (JSON text) and operation, kept while its query is edited.
    public internal(set) var graphQLVariables: String?
    public internal(set) var graphQLOperation: String?
    /// Ctrl+V: the pane shows a GraphQL body's variables, its query put aside in `hiddenQuery`.
    public internal(set) var showsVariables = false
    var hiddenQuery = ""
    /// Rows a GraphQL response's errors point at (row → message), marked until the text changes:
    /// the server's findings, which do not stop a send.
    public internal(set) var serverErrors: [Int: String] = [:]
    /// Form and multipart lines that are not `name=value`: row → problem.
    public internal(set) var lineProblems: [Int: String] = [:]
    /// The editor's version the checks above describe: they are redone only when it changes.
    var checkedVersion = -1

    public init(kind: Kind = .none, text: String = "", rawContentType: String? = nil) {
        self.kind = kind
        editor = TextBuffer(text)
        self.rawContentType = rawContentType
        recheck(force: true)
    }

    /// The text as typed, whatever the kind.
    public var text: String { editor.text }

    /// Typing goes to the editor unless there is no body (then `?` still opens help, and the
    /// first printable key starts a body).
    public var isEditingText: Bool { kind != .none }

    /// Fits the editor's scrolling and paging to the pane's area (call when the layout changes).
    public mutating func layout(_ area: Rect) {
        editor.viewSize = TextBuffer.ViewSize(rows: area.inner.height, columns: area.inner.width)
        editor.reveal()
    }

    /// The mouse wheel.
    public mutating func scroll(by lines: Int) {
        guard kind != .none else { return }
        editor.scroll(by: lines)
    }

    /// The text back from `$EDITOR`, as one undoable step. With no body kind chosen yet, a
    /// non-empty text picks one as typing does.
    public mutating func replaceText(_ text: String) {
        editor.replaceAll(with: text)
        if kind == .none, let first = text.first(where: { !$0.isWhitespace }) { kind = Self.kind(startingWith: first) }
        recheck()
    }

    /// Replaces kind and text (a ready request's body); undo starts over.
    public mutating func load(_ body: RequestDraft.Body) {
        switch body {
        case .none:
            editor.text = ""
            kind = .none
        case .text(let text, let contentType):
            editor.text = text
            rawContentType = contentType
            kind = .raw
        case .binary(let data, let contentType):
            editor.text = String(decoding: data, as: UTF8.self)
            rawContentType = contentType
            kind = .raw
        case .json(let text):
            editor.text = text
            kind = .json
        case .graphql(let graphql):
            editor.text = graphql.query
            showsVariables = false
            graphQLVariables = graphql.variables
            graphQLOperation = graphql.operationName
            kind = .graphql
        case .form(let fields):
            editor.text = fields.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
            kind = .form
        case .multipart(let parts):
            editor.text = parts.map { part in
                switch part.content {
                case .text(let value): "\(part.name)=\(value)"
                case .file(let path): "\(part.name)=@\(path)"
                }
            }.joined(separator: "\n")
            kind = .multipart
        }
        recheck(force: true)
    }

    /// The kind typing picks when there is none: JSON for `{` or `[`, raw otherwise.
    static func kind(startingWith character: Character) -> Kind {
        character == "{" || character == "[" ? .json : .raw
    }
}
