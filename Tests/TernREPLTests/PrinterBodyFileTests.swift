import Foundation
import HTTPTypes
import Tern
import TernExplorer
import Testing

@testable import TernREPL

@Suite("Printer: body files in show")
struct PrinterBodyFileTests {
    @Test("show prints each body file's absolute path and marks the ones outside the workspace")
    func outsideFilesAreMarked() throws {
        let inside = URL(fileURLWithPath: "/work/space/data/in.bin")
        let outside = URL(fileURLWithPath: "/home/ada/secret.txt")
        var request = Request(method: .post, url: try #require(URL(string: "http://x/upload")))
        request.body = .multipart(MultipartForm(parts: [.file("a", inside), .file("b", outside)], boundary: "B"))
        let text = Printer(style: .plain).render(.request(request, edited: false, outsideFiles: [outside]))
        #expect(text.contains("a=@/work/space/data/in.bin\n"))
        #expect(text.contains("b=@/home/ada/secret.txt (outside the workspace)\n"))

        request.body = .file(outside)
        let single = Printer(style: .plain).render(.request(request, edited: false, outsideFiles: [outside]))
        #expect(single.contains("@/home/ada/secret.txt (outside the workspace)\n"))
        let unmarked = Printer(style: .plain).render(.request(request, edited: false))
        #expect(unmarked.contains("@/home/ada/secret.txt\n"))
    }
}
