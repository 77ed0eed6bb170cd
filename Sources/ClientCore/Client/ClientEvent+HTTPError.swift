extension ClientEvent.TransportFailureKind {
    init(_ kind: HTTPError.Kind) {
        switch kind {
        case .connectionRefused: self = .connectionRefused
        case .unreachable: self = .unreachable
        case .timeout, .deadlineExceeded: self = .timeout
        case .connectionReset: self = .connectionReset
        case .dns: self = .dns
        case .tls: self = .tls
        default: self = .other
        }
    }
}

extension ClientEvent.ErrorSummary {
    init(_ error: HTTPError) {
        self.init(kind: error.kind.rawValue, message: error.message, status: error.status)
    }
}
