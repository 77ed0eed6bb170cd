import Hummingbird

/// The body of `/json/{kb}`: realistic "users" JSON of an exact, precomputed size.
/// Every user line is padded (via its "bio") to `recordSize` bytes, so Content-Length is known
/// up front and the body can be generated chunk by chunk; 50 000 KB never sits in memory.
struct UsersJSON: Sendable {
    static let recordSize = 400
    private static let header = "{\n\"users\": [\n"
    private static let footerStart = "],\n\"padding\": \""
    private static let footerEnd = "\"\n}\n"
    private static let chunkSize = 64 * 1024

    let userCount: Int
    let paddingCount: Int
    let contentLength: Int

    /// As close to `kilobytes * 1024` bytes as valid JSON allows (exact from 1 KB up).
    init(kilobytes: Int) {
        let fixed = Self.header.utf8.count + Self.footerStart.utf8.count + Self.footerEnd.utf8.count
        let room = max(0, kilobytes * 1024 - fixed)
        userCount = room / Self.recordSize
        paddingCount = room % Self.recordSize
        contentLength = fixed + userCount * Self.recordSize + paddingCount
    }

    func write(to writer: inout any ResponseBodyWriter) async throws {
        var buffer = Self.freshBuffer()
        buffer.writeString(Self.header)
        for id in stride(from: 1, through: userCount, by: 1) {
            buffer.writeString(Self.record(id: id, isLast: id == userCount))
            if buffer.readableBytes >= Self.chunkSize - Self.recordSize {
                try await writer.write(buffer)
                // A new buffer rather than clear(): the written one may still be queued.
                buffer = Self.freshBuffer()
            }
        }
        buffer.writeString(Self.footerStart)
        buffer.writeString(Self.filler(count: paddingCount))
        buffer.writeString(Self.footerEnd)
        try await writer.write(buffer)
        try await writer.finish(nil)
    }

    /// One user per line, exactly `recordSize` bytes including the newline. The last record ends
    /// with a space instead of a comma, which keeps its length while staying valid JSON.
    static func record(id: Int, isLast: Bool) -> String {
        let first = firstNames[(id - 1) % firstNames.count]
        let last = lastNames[((id - 1) / firstNames.count) % lastNames.count]
        let street = streets[id % streets.count]
        let city = cities[(id * 7) % cities.count]
        let tags = (0..<(id % 4)).map { "\"\(tagPool[(id + $0 * 5) % tagPool.count])\"" }.joined(separator: ", ")
        let score = (id &* 7919) % 10_000
        let scoreText = "\(score / 100).\(score % 100 < 10 ? "0" : "")\(score % 100)"
        var line = "  {\"id\": \(id), \"name\": \"\(first.display) \(last.display)\", "
        line += "\"email\": \"\(first.ascii).\(last.ascii)\(id)@example.com\", "
        line += "\"address\": {\"street\": \"\(id % 200 + 1) \(street)\", \"city\": \"\(city)\", "
        line += "\"zip\": \"\(10_000 + (id &* 37) % 90_000)\"}, "
        line += "\"tags\": [\(tags)], \"active\": \(id % 3 != 0), \"score\": \(scoreText), \"bio\": \""
        let tail = isLast ? "\"} \n" : "\"},\n"
        line += filler(count: recordSize - line.utf8.count - tail.utf8.count)
        line += tail
        return line
    }

    private static func freshBuffer() -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(chunkSize)
        return buffer
    }

    /// ASCII only, so byte counts equal character counts. Cut from one long precomputed run:
    /// the records are most of a large body's generation time.
    private static func filler(count: Int) -> String {
        guard count > 0 else { return "" }
        if count <= loremRun.count { return String(decoding: loremRun[..<count], as: UTF8.self) }
        var text = ""
        while text.utf8.count < count { text += lorem }
        return String(text.prefix(count))
    }

    private static let lorem =
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. "
    private static let loremRun = Array(String(repeating: lorem, count: 4).utf8)

    private static let firstNames: [(display: String, ascii: String)] = [
        ("Zoë", "zoe"), ("José", "jose"), ("Łukasz", "lukasz"), ("Søren", "soren"), ("Chloé", "chloe"),
        ("Mårten", "marten"), ("Ümit", "umit"), ("Aiko", "aiko"), ("Nnamdi", "nnamdi"), ("Renée", "renee"),
        ("François", "francois"), ("Siobhán", "siobhan"), ("Ana", "ana"),
    ]
    private static let lastNames: [(display: String, ascii: String)] = [
        ("Müller", "muller"), ("García", "garcia"), ("Nowak", "nowak"), ("Østergaard", "ostergaard"),
        ("Dubois", "dubois"), ("Smith", "smith"), ("Yılmaz", "yilmaz"), ("Tanaka", "tanaka"),
        ("O'Brien", "obrien"), ("Kowalczyk", "kowalczyk"), ("Nguyễn", "nguyen"),
    ]
    private static let streets = [
        "Elm Street", "Rue de Rivoli", "Hauptstraße", "Calle Mayor", "Baker Street", "Via Roma", "Nørrebrogade",
    ]
    private static let cities = ["Zürich", "Kraków", "São Paulo", "München", "Reykjavík", "Lyon", "Ōsaka", "Dublin", "Tromsø"]
    private static let tagPool = ["admin", "beta", "early-adopter", "support", "billing", "ops"]
}
