import Hummingbird

/// Entry point for every request: counts it for its key, routes it, and strips bodies for HEAD.
struct DemoResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let scenarios: DemoScenarios
    let pauses: DemoPauses

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let call = DemoCall(request: request, scenarios: scenarios, pauses: pauses)
        // Counted before routing, so a test sees the count as soon as it has the response.
        await scenarios.recordRequest(path: call.path, key: call.key)
        if call.path != DemoRoutes.receivedPath { await scenarios.recordReceived(DemoRoutes.received(call.request.head), key: call.key) }
        let response = try await DemoRoutes.respond(to: call)
        return request.method == .head ? response.createHeadResponse() : response
    }
}
