import HTTPTypes
import Hummingbird

/// One request as the routes see it: path split into segments, decoded query, scenario key.
struct DemoCall: Sendable {
    static let keyHeader = HTTPField.Name("X-Demo-Key")!

    let request: Request
    let path: String
    let segments: [String]
    let query: DemoQuery
    /// Header first, then `?key=`, so a client can scope state without touching the URL.
    let key: String
    let scenarios: DemoScenarios
    /// Every wait a route makes goes through here, so shutdown can end it.
    let pauses: DemoPauses

    init(request: Request, scenarios: DemoScenarios, pauses: DemoPauses) {
        self.request = request
        self.path = request.uri.path
        self.segments = path.split(separator: "/").map(String.init)
        self.query = DemoQuery(request.uri.query)
        self.key = request.headers[DemoCall.keyHeader] ?? query["key"] ?? "default"
        self.scenarios = scenarios
        self.pauses = pauses
    }

    var method: HTTPRequest.Method { request.method }

    /// The numeric path argument of "/route/{n}" (non-negative), nil when missing or not a number.
    var numericArgument: Int? {
        guard segments.count == 2, let value = Int(segments[1]), value >= 0 else { return nil }
        return value
    }
}
