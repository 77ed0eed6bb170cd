import Foundation
import RequestModel
import Testing

@Suite struct TemplateTests {
    static let token = JSONNode.parse(Data(#"{"token": "t0k3n", "user": {"roles": ["a", "b"], "id": 7}}"#.utf8))!

    /// A query or form written with templates: everything encoded but the placeholders.
    @Test func encodingLeavesPlaceholdersAsWritten() {
        let upper = { (part: Substring) in part.uppercased() }
        #expect(Template.encodingOutsidePlaceholders("a {{b}} c ${env:D} e", upper) == "A {{b}} C ${env:D} E")
        #expect(Template.encodingOutsidePlaceholders("x ${y} {{unclosed", upper) == "X ${y} {{UNCLOSED")
        #expect(Template.encodingOutsidePlaceholders("", upper) == "")
    }

    @Test func aTextIsATemplateOnlyWhenItHoldsAValidPlaceholder() throws {
        #expect(Template.parsed("{{a}}") == (try Template("{{a}}")))
        #expect(Template.parsed("plain {text}") == nil)
        #expect(Template.parsed("{{a b}}") == nil)
    }

    @Test(arguments: [("{{a}}", true), ("x ${env:HOME}", true), ("{ {a} }", false), ("{\"a\": {}}", false), ("", false), ("$", false), ("{{", true)])
    func aQuickScanTellsTextsThatMayHoldPlaceholders(text: String, may: Bool) {
        #expect(Template.mayHavePlaceholders(text) == may)
    }

    @Test func everyFormOfPlaceholder() throws {
        let template = try Template("Bearer {{alt.json $.token}} {{ alt.json.user.id }} {{region}} ${env:HOME_ZONE} {{json $.user.roles}}")
        let values = TemplateValues(
            variables: ["region": TemplateValue("eu")], documents: ["alt": Self.token], secretDocuments: ["alt"],
            response: Self.token, environment: ["HOME_ZONE": "z1"])
        let rendered = try template.render(with: values)
        #expect(rendered.text == #"Bearer t0k3n 7 eu z1 ["a","b"]"#)
        #expect(rendered.secrets == ["t0k3n", "7", "z1"])
        #expect(template.variables == ["region"])
        #expect(template.environmentNames == ["HOME_ZONE"])
        #expect(template.documents == ["alt", "alt"])
    }

    @Test func aWholeDocumentAndTheResponseShorthand() throws {
        let values = TemplateValues(documents: ["alt": .array([])], response: Self.token)
        #expect(try Template("{{alt.json}}").render(with: values).text == "[]")
        #expect(try Template("{{json.user.roles.1}}").render(with: values).text == "b")
        #expect(try Template("{{json $.user.*}}").render(with: values).text == #"[["a","b"],7]"#)
    }

    @Test func secretVariablesAreReportedForMasking() throws {
        let rendered = try Template("token={{token}}&user={{user}}").render(with: TemplateValues(variables: [
            "token": TemplateValue("s3cr3t", secret: true), "user": TemplateValue("ann"),
        ]))
        #expect(rendered.text == "token=s3cr3t&user=ann")
        #expect(rendered.secrets == ["s3cr3t"])
    }

    @Test func whatIsNotAPlaceholderStaysText() throws {
        for text in [#"{"a": {"b": 1}}"#, "{{ unclosed", "${env:}", "${env:1X}", "$ {env:X}", "{single}"] {
            let template = try Template(text)
            #expect(template.isPlain, "\(text)")
            #expect(try template.render(with: TemplateValues()).text == text)
        }
    }

    @Test func aMissingValueIsNamed() {
        #expect(throws: TemplateMissing.self) { try Template("{{nope}}").render(with: TemplateValues()) }
        do {
            _ = try Template("x {{alt.json $.missing}}").render(with: TemplateValues(documents: ["alt": Self.token]))
            Issue.record("rendered a path that selects nothing")
        } catch {
            #expect("\(error)" == "{{alt.json $.missing}} selects nothing")
        }
        let quiet = Template.render(try! Template("[{{json.gone}}]"), fallback: "")
        #expect(quiet == "[]")
    }

    @Test(arguments: [
        ("{{a b}}", 3),            // not a name
        ("ab {{}}", 6),            // empty: where the name should be
        ("{{alt.json $.a[}}", 16), // the path stops at the end of its text
        ("{{json $..}}", 11),
        ("x{{9lives.json $.a}}", 4),
    ])
    func aBadPlaceholderIsRefusedWithItsColumn(text: String, column: Int) {
        #expect(throws: TemplateProblem.self) { try Template(text) }
        do {
            _ = try Template(text)
        } catch {
            #expect(error.column == column, "\(text): \(error)")
        }
    }
}

extension Template {
    /// A check message's rendering: what is not there is left out.
    static func render(_ template: Template, fallback: String) -> String {
        template.render(with: TemplateValues()) { _ in fallback }.text
    }
}
