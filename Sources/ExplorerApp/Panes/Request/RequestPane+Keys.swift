import RequestModel
import TUICore

extension RequestPane {
    /// Up/Down (and Ctrl+T) change the method, Enter sends, Ctrl+N loads the next ready
    /// request; everything else edits the URL line. A paste is trimmed of surrounding
    /// whitespace and line breaks (inner ones stay, flagged).
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .up: cycleMethod(by: -1)
        case .down, .control("t"): cycleMethod(by: 1)
        case .enter: return .send
        case .control("n"): return loadNextReady()
        case .paste(let text): url.paste(text, trimming: true)
        default: return url.handle(key) ? .handled : .ignored
        }
        return .handled
    }

    mutating func cycleMethod(by step: Int) {
        let methods = Self.methods
        guard let index = methods.firstIndex(of: method.uppercased()) else {
            method = step > 0 ? methods[0] : methods[methods.count - 1]
            return
        }
        method = methods[(index + step + methods.count) % methods.count]
    }

    /// Loads the ready request after the last one loaded (the first one the first time).
    mutating func loadNextReady() -> Outcome {
        guard !readyRequests.isEmpty else { return .ignored }
        let index = readyIndex.map { ($0 + 1) % readyRequests.count } ?? 0
        loadReady(index)
        return .loadReady(index)
    }

    /// Puts ready request `index`'s method and URL in the pane.
    public mutating func loadReady(_ index: Int) {
        guard readyRequests.indices.contains(index) else { return }
        readyIndex = index
        let ready = readyRequests[index]
        method = ready.method
        url.text = ready.webSocket ? Self.webSocketURL(ready.url, base: baseURL ?? "") : ready.url
    }

    /// A ready request with `websocket: true` (SPEC §12) shows as the ws:// URL it opens, so the
    /// line says what Enter does and sends it as any typed ws:// URL.
    static func webSocketURL(_ url: String, base: String) -> String {
        let joined = url.contains("://") || base.isEmpty ? url : URLJoin.join(url, toBase: base)
        for (http, ws) in [("https://", "wss://"), ("http://", "ws://")] where joined.lowercased().hasPrefix(http) {
            return ws + joined.dropFirst(http.count)
        }
        return joined
    }
}
