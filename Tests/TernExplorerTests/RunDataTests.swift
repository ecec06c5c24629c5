import Foundation
import Testing

@testable import TernExplorer

/// Data files for `run --data`: CSV (RFC 4180), a JSON array of objects, JSON lines; a malformed
/// file is an error at its line and column.
@Suite("Run data files")
struct RunDataTests {
    private func parse(_ text: String, _ format: RunData.Format? = nil) throws -> RunData {
        try RunData.parse(Data(text.utf8), file: "rows", format: format)
    }

    private func problem(_ text: String, _ format: RunData.Format? = nil) -> String {
        do {
            _ = try parse(text, format)
            return "no error"
        } catch {
            return (error as? ExplorerError)?.message ?? "\(error)"
        }
    }

    @Test("CSV: a header row, quoted fields with commas, quotes and line breaks, CRLF, a BOM, blank lines")
    func csv() throws {
        let text =
            "\u{FEFF}name,user,note\r\nada,ada@x.org,\"says \"\"hi\"\", then, leaves\"\r\n\r\n"
            + "grace,grace@x.org,\"two\nlines\"\n,anon@x.org,\n"
        let data = try parse(text)
        #expect(data.rows.count == 3)
        #expect(data.rows[0].values == ["name": "ada", "user": "ada@x.org", "note": "says \"hi\", then, leaves"])
        #expect(data.rows[1].values["note"] == "two\nlines")
        #expect(data.rows.map(\.label) == ["ada", "grace", "row 3"])
        #expect(data.rows.map(\.number) == [1, 2, 3])
    }

    @Test("JSON: an array of objects, or one object per line; numbers, booleans and objects as JSON text")
    func json() throws {
        let array = try parse(#"[{"name": "ada", "id": 7, "admin": true, "tags": ["a"], "note": null}, {"id": 2.5}]"#)
        #expect(array.rows[0].values == ["name": "ada", "id": "7", "admin": "true", "tags": #"["a"]"#, "note": ""])
        #expect(array.rows[1].values == ["id": "2.5"])
        #expect(array.rows.map(\.label) == ["ada", "row 2"])
        let lines = try parse("{\"id\": 1}\n\n{\"id\": 2, \"name\": \"b\"}\n")
        #expect(lines.rows.map(\.values) == [["id": "1"], ["id": "2", "name": "b"]])
    }

    @Test("CRLF JSON lines and a byte-order mark read; rows that share a name are told apart by number")
    func lineEndingsAndNames() throws {
        let lines = try parse("{\"name\": \"ada\"}\r\n{\"name\": \"ada\"}\r\n{\"name\": \"bob\"}\r\n")
        #expect(lines.rows.map(\.label) == ["ada #1", "ada #2", "bob"])
        let marked = try parse("\u{FEFF}[{\"id\": 1}]")
        #expect(marked.rows.map(\.values) == [["id": "1"]])
        let markedLines = try parse("\u{FEFF}{\"id\": 1}\n", .jsonLines)
        #expect(markedLines.rows.count == 1)
        let wide = "a\n" + String(repeating: ",", count: RunData.maximumColumns + 1) + "\n"
        #expect(problem(wide).contains("more than \(RunData.maximumColumns) fields in a row"))
        let quotedNewline = "a,b\n\"x\ny\",\"z\" q\n"
        #expect(problem(quotedNewline).hasPrefix("rows:3:7: text after a quoted field"), "\(problem(quotedNewline))")
    }

    @Test(
        "a malformed file names its line and column",
        arguments: [
            ("a,b\n1,2\n3\n", RunData.Format?.none, "rows:3:1: this row has 1 field; the header has 2"),
            ("a,b\n1,\"open\n", nil, "rows:2:3: a quoted field is never closed"),
            ("a,b\n1,x\"y\n", nil, "rows:2:4: a quote inside an unquoted field"),
            ("a,b\n\"1\"x,2\n", nil, "rows:2:4: text after a quoted field's closing quote"),
            ("a,a\n1,2\n", nil, "rows:1: the header names the column 'a' twice"),
            ("a,,c\n1,2,3\n", nil, "rows:1: column 2 of the header row has no name"),
            ("[{\"a\": 1},\n {\"a\": }]", nil, "rows:2:8: invalid JSON"),
            ("{\"a\": 1}\n{\"a\" 2}\n", nil, "rows:2:6: invalid JSON"),
            ("{\"a\": 1}\n[1]\n", nil, "rows:2:1: the line is a JSON array, not an object"),
            ("[1]", nil, "rows: item 1 of the array is a JSON number, not an object"),
            ("a,b\n", nil, "rows: it has no rows"),
            ("[]", nil, "rows: it has no rows"),
        ])
    func malformed(text: String, format: RunData.Format?, expected: String) {
        let message = problem(text, format)
        #expect(message.hasPrefix(expected), "\(message)")
    }

    @Test("a data file is read a row at a time: rows come before the file is read through, each read anew")
    func streams() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rundata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.csv")
        let count = 20_000
        func write(brokenAt broken: Int?) throws -> Int {
            var text = "name,a,b\n"
            for number in 1...count { text += number == broken ? "r\(number),x\"y,2\n" : "r\(number),1,2\n" }
            try Data(text.utf8).write(to: file)
            return text.utf8.count
        }
        let size = try write(brokenAt: nil)
        let data = try RunData.read(file, as: "big.csv")
        #expect(data.count == count)
        var rows = try data.rows()
        let first = try #require(try rows.next())
        #expect(first.values == ["name": "r1", "a": "1", "b": "2"])
        #expect(rows.bytesRead < size / 2, "the first row came before most of the file was read")
        rows.close()
        // A row made malformed late in the file: the rows before it are read, then its line is said.
        _ = try write(brokenAt: count - 1)
        var again = try data.rows()
        defer { again.close() }
        var read = 0
        let error = #expect(throws: ExplorerError.self) {
            while try again.next() != nil { read += 1 }
        }
        #expect(read == count - 2)
        // Row count - 1 is on line count (the header is line 1); its quote after `rNNNNN,x`.
        let place = "big.csv:\(count):\("r\(count - 1)".count + 3):"
        #expect(
            error?.message.hasPrefix("\(place) a quote inside an unquoted field") == true,
            "\(String(describing: error))")
        let refused = #expect(throws: ExplorerError.self) { try RunData.read(file, as: "big.csv") }
        #expect(refused?.message.hasPrefix(place) == true)
    }

    @Test("limits: a file over the size limit is refused before it is read; rows and field lengths are bounded")
    func limits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rundata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.csv")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(RunData.maximumBytes + 1))
        try handle.close()
        let error = #expect(throws: ExplorerError.self) { try RunData.read(big, as: "big.csv") }
        #expect(error?.message.contains("data files over \(RunData.maximumBytes) bytes are refused") == true)
        let missing = #expect(throws: ExplorerError.self) { try RunData.read(folder.appendingPathComponent("no.csv")) }
        #expect(missing?.message.contains("no such file") == true)

        let rows = "a\n" + String(repeating: "1\n", count: RunData.maximumRows + 1)
        #expect(problem(rows).contains("more than \(RunData.maximumRows) rows"))
        #expect(problem("a\n" + String(repeating: "x", count: RunData.maximumFieldLength + 1)).contains("longer than"))
    }
}

extension RunData {
    /// Every row (the tests' files are small).
    fileprivate var rows: [Row] { (try? allRows()) ?? [] }
}
