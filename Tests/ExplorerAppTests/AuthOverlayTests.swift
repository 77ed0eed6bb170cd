import ClientEvents
import Testing
import TUICore
@testable import ExplorerApp

/// SPEC §11 in the TUI's pure core: what a grant needs the user to do opens the sign-in box
/// (copyable, hidable), a token closes it and starts the status line's countdown; F9 logs in again.
@Suite struct AuthOverlayTests {
    typealias F = AppFixture

    static let device = ClientEvent.DeviceCodeReport(userCode: "WDJB-MJHT", verificationURI: "https://login.example/device",
                                                      verificationURIComplete: "https://login.example/device?user_code=WDJB-MJHT",
                                                      expiresIn: 600, interval: 5)

    static func inFlight() -> (AppState, ExchangeID) {
        var state = F.state(width: 120, height: 40)
        let effects = F.press(.enter, into: &state)
        guard case .send(_, let id, _)? = effects.first else { fatalError("no send: \(effects)") }
        return (state, id)
    }

    @Test func theDeviceCodeOpensTheSignInBoxWhichCountsDownAndCopies() {
        var (state, id) = Self.inFlight()
        _ = state.update(.client(ClientEvent(exchange: id, tMs: 3, kind: .authDevice(Self.device))), now: 2)
        #expect(state.overlay == .auth(AuthOverlay(step: .device(Self.device), shownAt: 2)))
        let screen = F.joined(state, now: 12)
        #expect(screen.contains("Sign in — OAuth 2.0 device code") && screen.contains("and enter the code  WDJB-MJHT"))
        #expect(screen.contains("The code expires in 590 s"))
        #expect(F.press(.character("c"), into: &state) == [.copy("WDJB-MJHT", label: "user code")])
        #expect(F.press(.character("u"), into: &state) == [.copy("https://login.example/device?user_code=WDJB-MJHT", label: "verification URL")])
        #expect(state.nextTick(now: 12) == 0.25 || state.nextTick(now: 12) == 1, "the countdown moves")
        F.press(.escape, into: &state)
        #expect(state.overlay == nil && state.exchanges.inFlight?.id == id, "Esc hides the box; the grant goes on")
    }

    @Test func theTokenClosesTheBoxAndTheStatusLineCountsDown() {
        var (state, id) = Self.inFlight()
        _ = state.update(.client(ClientEvent(exchange: id, tMs: 3, kind: .authAuthorize(url: "https://login.example/authorize?state=s"))), now: 2)
        #expect(F.joined(state, now: 2).contains("https://login.example/authorize?state=s"))
        _ = state.update(.client(ClientEvent(exchange: id, tMs: 9, kind: .authToken(grant: "authorization_code", expiresIn: 40, scope: nil))), now: 5)
        #expect(state.overlay == nil && state.tokenExpiresAt == 45)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 6)
        #expect(F.lines(state, now: 8).last?.contains(" demo  token 37 s ") == true)
        #expect(F.lines(state, now: 50).last?.contains("token expired") == true)
    }

    @Test func aFailedGrantClosesTheBox() {
        var (state, id) = Self.inFlight()
        _ = state.update(.client(ClientEvent(exchange: id, tMs: 3, kind: .authDevice(Self.device))), now: 2)
        _ = state.update(.client(ClientEvent(exchange: id, tMs: 9, kind: .authFailed(grant: "device_code", error: "access_denied", description: nil))), now: 3)
        #expect(state.overlay == nil)
        #expect(F.joined(state, now: 3).contains("⚿ device_code failed: access_denied"))
    }

    @Test func hostileTextInTheBoxIsInert() {
        var (state, id) = Self.inFlight()
        var device = Self.device
        device.userCode = "AB\u{1B}[2JCD"
        _ = state.update(.client(ClientEvent(exchange: id, tMs: 3, kind: .authDevice(device))), now: 2)
        #expect(!F.joined(state, now: 2).contains("\u{1B}"))
    }

    @Test func f9ForgetsTheTokenThenSends() {
        var state = F.state()
        let effects = F.press(.function(9), into: &state)
        #expect(effects.first == .forgetToken)
        #expect(effects.count == 2 && { if case .send = effects[1] { true } else { false } }())
        #expect(HelpOverlay.lines(width: 90).contains { $0.map(\.text).joined().contains("F9") })
    }
}
