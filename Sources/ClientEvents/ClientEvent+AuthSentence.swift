/// SPEC §11's steps said to a person, the same words in the timeline and on a command's stderr.
/// None holds a token, a code or a verifier: the events carry none.
extension ClientEvent.Kind {
    /// The sentence for an `auth.*` event; nil for any other.
    public var authSentence: String? {
        switch self {
        case let .authAuthorize(url):
            return "authorize in a browser: \(url)"
        case let .authDevice(device):
            let place = device.verificationURIComplete.map { "\(device.verificationURI) (or open \($0))" } ?? device.verificationURI
            return "enter the code \(device.userCode) at \(place); it expires in \(device.expiresIn) s"
        case let .authToken(grant, expiresIn, scope):
            var sentence = "token obtained by \(grant)"
            sentence += expiresIn.map { ", expires in \($0) s" } ?? ", no expiry given"
            if let scope, !scope.isEmpty { sentence += ", scope \(scope)" }
            return sentence
        case let .authFailed(grant, error, description):
            return "\(grant) failed: \(error)" + (description.map { " — \($0)" } ?? "")
        default:
            return nil
        }
    }
}
