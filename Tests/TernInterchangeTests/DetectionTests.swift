import Testing

@testable import TernInterchange

@Suite("Import format detection")
struct DetectionTests {
    @Test(
        "Each format is recognised from its first keys",
        arguments: [
            (#"{"openapi": "3.1.0", "info": {}}"#, ImportFormat.openapi, "an OpenAPI 3.1.0 description"),
            ("openapi: '3.0.3'\ninfo:\n  title: x\n", .openapi, "an OpenAPI 3.0.3 description"),
            ("# c\nswagger: \"2.0\"\n", .openapi, "a Swagger 2.0 description"),
            (
                #"{"info": {"schema": "https://schema.getpostman.com/json/collection/v2.1.0/"}, "item": []}"#,
                .postman, "a Postman collection v2.1"
            ),
            (#"{"_type": "export", "__export_format": 4, "resources": []}"#, .insomnia, "an Insomnia v4 export"),
            ("\u{FEFF}{\"log\": {\"version\": \"1.2\", \"entries\": []}}", .har, "a HAR 1.2 archive"),
            ("curl -X POST https://example.com", .curl, "a curl command"),
            ("  curl.exe https://example.com", .curl, "a curl command"),
        ])
    func detects(text: String, format: ImportFormat, description: String) {
        let detection = ImportFormat.detect(text)
        #expect(detection?.format == format)
        #expect(detection?.description == description)
    }

    @Test("Text that is none of them is not guessed")
    func unknown() {
        #expect(ImportFormat.detect("name: my workspace\n") == nil)
        #expect(ImportFormat.detect(#"{"a": 1}"#) == nil)
        #expect(ImportFormat.detect("") == nil)
    }

    @Test("Slugs: file names, environment names and variables")
    func slugs() {
        #expect(Slug.file("Get user by ID") == "get-user-by-id")
        #expect(Slug.file("getUserById") == "get-user-by-id")
        #expect(Slug.file("  ") == "request")
        #expect(Slug.file(String(repeating: "a", count: 200)).count == 80)
        #expect(Slug.environmentName("api-key") == "API_KEY")
        #expect(Slug.environmentName("2fa") == "_2FA")
        #expect(Slug.variable("pet id") == "pet_id")
    }
}
