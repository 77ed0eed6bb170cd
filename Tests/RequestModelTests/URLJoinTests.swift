import RequestModel
import Testing

@Suite struct URLJoinTests {
    @Test(arguments: [
        ("/refresh", "http://h/api/", "http://h/api/refresh"),
        ("refresh", "http://h/api", "http://h/api/refresh"),
        ("//refresh", "http://h/api//", "http://h/api/refresh"),
        ("users/2?x=1", "http://h/api/?key=k#top", "http://h/api/users/2?x=1"),
        ("", "http://h/api", "http://h/api/"),
    ])
    func exactlyOneSlashAtTheSeam(route: String, base: String, joined: String) {
        #expect(URLJoin.join(route, toBase: base) == joined)
    }
}
