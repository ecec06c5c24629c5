import TernInterchange
import Testing

@testable import TernExplorer

@Suite("import and export in the command language")
struct ImportExportParserTests {
    @Test("import takes a format, a source and its options in any order")
    func importCommand() throws {
        let command = try CommandParser.parse("import postman ./c.json --into shop --overwrite")
        #expect(
            command
                == .importCollection(
                    CollectionImport.Request(format: .postman, source: "./c.json", group: "shop", overwrite: true),
                    dryRun: false))
        let auto = try CommandParser.parse("import --dry-run auto -")
        #expect(auto == .importCollection(CollectionImport.Request(format: nil, source: "-"), dryRun: true))
        let swagger = try CommandParser.parse("import swagger api.yaml")
        #expect(
            swagger == .importCollection(CollectionImport.Request(format: .openapi, source: "api.yaml"), dryRun: false))
    }

    @Test("a wrong format or a missing source says what is expected")
    func importErrors() {
        #expect {
            try CommandParser.parse("import yaml x.yaml")
        } throws: { error in
            (error as? ExplorerError)?.message
                == "'yaml' is not a format to import: use auto|curl|openapi|postman|insomnia|har|http|grpcurl|graphql"
        }
        #expect(throws: ExplorerError.self) { try CommandParser.parse("import curl") }
        #expect(throws: ExplorerError.self) { try CommandParser.parse("import curl x --into") }
    }

    @Test("export curl, grpcurl, har and postman")
    func exportCommand() throws {
        #expect(try CommandParser.parse("export curl") == .export(.curl(nil)))
        #expect(try CommandParser.parse("export curl users/get-user") == .export(.curl("users/get-user")))
        #expect(try CommandParser.parse("export grpcurl calls/unary") == .export(.grpcurl("calls/unary")))
        #expect(throws: ExplorerError.self) { try CommandParser.parse("export grpcurl a b") }
        #expect(
            try CommandParser.parse("export har users -o out.har --from cache --force")
                == .export(.har(file: "out.har", names: ["users"], fromCache: true, force: true)))
        #expect(
            try CommandParser.parse("export har -o h.har")
                == .export(.har(file: "h.har", names: [], fromCache: false, force: false)))
        #expect(
            try CommandParser.parse("export postman shop -o shop.json")
                == .export(.postman(file: "shop.json", group: "shop", force: false)))
        #expect(throws: ExplorerError.self) { try CommandParser.parse("export har users") }
        #expect(throws: ExplorerError.self) { try CommandParser.parse("export har --from disk -o x") }
        #expect(throws: ExplorerError.self) { try CommandParser.parse("export pdf") }
    }
}
