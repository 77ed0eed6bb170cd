import Sessions
import Testing

@Suite struct SessionFormatTests {
    @Test func versionIsOne() {
        #expect(SessionFormat.version == 1)
    }
}
