/// Every key the explorer answers to, by the names SPEC §6 uses. The help overlay lists this
/// table as it is, so a binding cannot exist without being on screen.
public enum KeyBindings {
    public struct Binding: Sendable, Hashable {
        public let keys: String
        public let action: String
    }

    public struct Section: Sendable, Hashable {
        public let title: String
        public let bindings: [Binding]
    }

    public static let sections: [Section] = [
        Section(title: "Everywhere", bindings: [
            Binding(keys: "Enter in the URL line, Ctrl+R, F5", action: "send"),
            Binding(keys: "Tab / Shift+Tab", action: "next / previous pane"),
            Binding(keys: "Esc", action: "cancel the exchange in flight, a pending retry wait included, or a send waiting for the profile"),
            Binding(keys: "Ctrl+G", action: "skip the current retry wait"),
            Binding(keys: "F1, ? outside text fields", action: "help"),
            Binding(keys: "Ctrl+P", action: "command palette"),
            Binding(keys: "Ctrl+S", action: "save the request under a name (asks before replacing one)"),
            Binding(keys: "Ctrl+O", action: "open a file: a request file (YAML with requests:) opens as one; an OpenAPI/Swagger description, a Postman or Insomnia collection or a .http file is imported into a profile (Tab completes the path)"),
            Binding(keys: "Ctrl+F", action: "find a saved request of the profile: type to filter (fuzzy, over name, method, URL and tag); with a request file open, its requests"),
            Binding(keys: "F7", action: "run all the requests of the request file in order, live (Esc stops the rest)"),
            Binding(keys: "F8", action: "variables of the request file: each with its source (--var, capture, file, profile, env), secrets masked"),
            Binding(keys: "F2", action: "profiles: switch, new, edit, duplicate, delete"),
            Binding(keys: "F3", action: "history of the profile, newest first"),
            Binding(keys: "F4", action: "the session opened with --session"),
            Binding(keys: "F6", action: "save what was sent as a session (secrets redacted unless kept: Ctrl+P)"),
            Binding(keys: "F10", action: "the profile's GraphQL schema: types and fields with their descriptions; type to filter, Enter shows one whole"),
            Binding(keys: "F9", action: "OAuth 2.0 profiles: log in again — forget the token and send, so the grant runs (watched in the timeline)"),
            Binding(keys: "c / u in the sign-in box", action: "copy the device code / the URL (OSC 52); Esc hides the box, the grant keeps waiting"),
            Binding(keys: "Ctrl+Q", action: "quit (asks first if there is unsaved work; y confirms)"),
            Binding(keys: "Ctrl+C", action: "cancel the exchange in flight (or a send waiting for the profile), else quit"),
            Binding(keys: "mouse click / wheel", action: "focus a pane / scroll it"),
        ]),
        Section(title: "Profiles", bindings: [
            Binding(keys: "Up/Down, Enter", action: "choose a profile, switch to it (the exchange in flight is cancelled)"),
            Binding(keys: "n, Insert", action: "new profile: a name and a base URL"),
            Binding(keys: "e", action: "edit the profile's file in $EDITOR (read back; a file that does not parse is left as it is)"),
            Binding(keys: "c", action: "duplicate the profile under a new name"),
            Binding(keys: "d, Delete", action: "delete the profile (y confirms; demo cannot be deleted)"),
            Binding(keys: "Esc", action: "close the list"),
        ]),
        Section(title: "Sessions", bindings: [
            Binding(keys: "Enter", action: "load the exchange and show its recorded response"),
            Binding(keys: "r", action: "re-send the exchange"),
            Binding(keys: "R", action: "re-send every exchange of the session, in order (Esc stops)"),
        ]),
        Section(title: "Saved", bindings: [
            Binding(keys: "letters, Backspace", action: "filter: the best matches first, matched letters highlighted"),
            Binding(keys: "Up/Down, Enter", action: "open the saved request"),
            Binding(keys: "F2", action: "rename it"),
            Binding(keys: "Ctrl+D", action: "delete it (y confirms)"),
        ]),
        Section(title: "Variables", bindings: [
            Binding(keys: "Up/Down, Enter", action: "edit the value: it becomes a --var for the next send and run"),
        ]),
        Section(title: "Parameters", bindings: [
            Binding(keys: "Tab / Shift+Tab", action: "next / previous parameter of the URL template (* required)"),
            Binding(keys: "Enter", action: "fill the template with the values"),
            Binding(keys: "Esc", action: "keep the template as it is"),
        ]),
        Section(title: "Request", bindings: [
            Binding(keys: "Up / Down, Ctrl+T", action: "change the method"),
            Binding(keys: "Ctrl+N", action: "next ready request"),
            Binding(keys: "Ctrl+U / Ctrl+K / Ctrl+W", action: "clear to start / to end / delete a word"),
        ]),
        Section(title: "Headers", bindings: [
            Binding(keys: "Up/Down, PgUp/PgDn, Home/End", action: "select a header"),
            Binding(keys: "a, Insert", action: "add a header"),
            Binding(keys: "Enter, e", action: "edit: name, then Enter for the value, Enter to finish"),
            Binding(keys: "Space", action: "enable / disable"),
            Binding(keys: "d, Delete", action: "delete the header"),
            Binding(keys: "paste", action: "add a header per Name: value line"),
            Binding(keys: "Esc", action: "stop editing"),
        ]),
        Section(title: "Body", bindings: [
            Binding(keys: "Ctrl+T", action: "body kind: none, raw, JSON, form, multipart, GraphQL (a WebSocket's composer: text or binary)"),
            Binding(keys: "Ctrl+V, Tab", action: "a GraphQL body: its variables in place of the query (and back); Tab completes the word at the cursor from the schema"),
            Binding(keys: "Ctrl+S (WebSocket open)", action: "send the body as a message; Esc closes the WebSocket (1000)"),
            Binding(keys: "Ctrl+E", action: "edit in $EDITOR"),
            Binding(keys: "Ctrl+Z / Ctrl+Y", action: "undo / redo"),
        ]),
        Section(title: "Response", bindings: [
            Binding(keys: "Up/Down, j/k, PgUp/PgDn, Space", action: "scroll"),
            Binding(keys: "Home/g, End/G", action: "top / end of the body"),
            Binding(keys: "Left / Right", action: "scroll sideways"),
            Binding(keys: "t", action: "body / headers / checks tab (checks: a request file's asserts ✓/✗, captures, poll)"),
            Binding(keys: "/, n, N", action: "search, next match, previous match"),
            Binding(keys: "f", action: "filter a JSON body with a JSONPath as you type: the matches and their count (Enter keeps it)"),
            Binding(keys: "w", action: "wrap long lines"),
            Binding(keys: "p", action: "pretty / raw"),
            Binding(keys: "c", action: "compare with the recording, else with the previous exchange of the same URL"),
            Binding(keys: "Up/Down, Enter", action: "an event stream, NDJSON body or WebSocket log: pick a row (past the last follows the newest), show it whole"),
            Binding(keys: "/ then n/N, f", action: "in those rows: pick the newest row holding a text (n older, N newer); keep the rows a JSONPath selects from, shown as what it selects (Esc while typing: all rows)"),
            Binding(keys: "Esc", action: "stop a body still arriving; close the search prompt, the filter or a row shown whole"),
        ]),
        Section(title: "Timeline", bindings: [
            Binding(keys: "Up/Down, PgUp/PgDn, Home", action: "scroll"),
            Binding(keys: "End", action: "follow the newest events"),
            Binding(keys: "Space, s", action: "skip the current retry wait"),
        ]),
    ]
}
