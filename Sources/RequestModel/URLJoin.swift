/// SPEC §2's join of a route to a base URL, as text: a route that is not absolute is appended to
/// the base's path with exactly one `/` between them, whether or not either has one
/// (`/refresh` on `http://h/api/` is `http://h/api/refresh`); the base's query and fragment go.
public enum URLJoin {
    /// `base` + `/` + `route`, each side's slashes at the seam reduced to that one.
    public static func join(_ route: some StringProtocol, toBase base: String) -> String {
        var joined = base
        if let cut = joined.firstIndex(where: { $0 == "?" || $0 == "#" }) { joined = String(joined[..<cut]) }
        while joined.hasSuffix("/") { joined.removeLast() }
        return joined + "/" + route.drop { $0 == "/" }
    }
}
