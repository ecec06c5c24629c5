import Foundation
import Tern
import Testing

@testable import TernExplorer

/// The chaining concept's state on its own: captured values kept per environment in the folder (read back by
/// a new book), forgotten by name, seen by a data row only when captured before the run or in that row.
@Suite struct CaptureBookTests {
    @Test func capturedValuesAreKeptPerEnvironmentAndReadBack() throws {
        try withFolder { folder in
            let book = CaptureBook(folder: folder.url)
            try book.record(["token": "t-1", "id": "7"], from: "auth/login", status: 200, environment: "local")
            try book.record(["token": "t-2"], from: "auth/login", status: 200, environment: "staging")
            let again = CaptureBook(folder: folder.url)
            #expect(again.values("local").mapValues(\.value) == ["token": "t-1", "id": "7"])
            #expect(again.values("staging")["token"]?.spec == "auth/login")
            #expect(again.store.partition("local").answers["auth/login"]?.status == 200)
            #expect(again.secretValues("local") == [], "t-1 is too short to be masked as a secret")
        }
    }

    @Test func namesThatSayCredentialAreSecretValues() throws {
        try withFolder { folder in
            let book = CaptureBook(folder: folder.url)
            try book.record(
                ["accessToken": "abcdef", "userId": "123456"], from: "login", status: 200, environment: nil)
            #expect(book.secretValues(nil) == ["abcdef"])
        }
    }

    @Test func clearingForgetsTheNamedValuesOrAll() throws {
        try withFolder { folder in
            let book = CaptureBook(folder: folder.url)
            try book.record(["a": "1", "b": "2"], from: "s", status: 200, environment: nil)
            try book.clear(["a"], environment: nil)
            #expect(CaptureBook(folder: folder.url).values(nil).keys.sorted() == ["b"])
            try book.clear([], environment: nil)
            #expect(CaptureBook(folder: folder.url).values(nil).isEmpty)
        }
    }

    @Test func aDataRowSeesValuesCapturedBeforeTheRunOrInItself() async throws {
        try await withFolder { folder in
            let book = CaptureBook(folder: folder.url)
            try book.record(["before": "x"], from: "s", status: 200, environment: nil)
            try await Task.sleep(for: .milliseconds(5))
            let rows = try RunData.read(try folder.file("rows.csv", Data("name\nada\nbob\n".utf8)), as: "rows.csv")
            book.enter(try rows.allRows()[0])
            try await Task.sleep(for: .milliseconds(5))
            try book.record(["first": "1"], from: "s", status: 200, environment: nil)
            book.answered("s", status: 201)
            #expect(book.valuesInForce(nil).keys.sorted() == ["before", "first"])
            #expect(book.pass?.answered["s"] == 201)
            try await Task.sleep(for: .milliseconds(5))
            book.enter(try rows.allRows()[1])
            #expect(book.valuesInForce(nil).keys.sorted() == ["before"], "the first row's capture is not the second's")
            #expect(book.pass?.answered.isEmpty == true)
            book.enter(nil)
            #expect(book.valuesInForce(nil).keys.sorted() == ["before", "first"])
        }
    }
}
