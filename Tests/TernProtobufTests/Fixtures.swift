import Foundation
import SwiftProtobuf
import TernProtobuf

/// The rich test schema (Fixtures/rich.proto, legacy.proto), compiled once into rich.protoset so
/// the tests need no protoc.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    /// One pool for all tests: messages of two pools are never equal, even of the same schema.
    private static let shared = Result { () throws -> DescriptorPool in
        let data = try Data(contentsOf: directory.appendingPathComponent("rich.protoset"))
        return try DescriptorPool(fileSet: Google_Protobuf_FileDescriptorSet(serializedBytes: data))
    }

    static func pool() throws -> DescriptorPool {
        try shared.get()
    }

    static func message(_ name: String) throws -> MessageDescriptor {
        let pool = try pool()
        guard let descriptor = pool.message(named: name) else { throw ProtobufError("no message \(name)") }
        return descriptor
    }

    /// A python3 whose `google.protobuf` imports, or nil.
    static let python: String? = {
        for candidate in ["/usr/bin/env", "/usr/bin/python3"] {
            let arguments =
                candidate == "/usr/bin/env"
                ? ["python3", "-c", "import google.protobuf"] : ["-c", "import google.protobuf"]
            if let result = try? run(candidate, arguments), result.status == 0 {
                return candidate
            }
        }
        return nil
    }()

    static func pythonArguments(_ arguments: [String]) -> [String] {
        python == "/usr/bin/env" ? ["python3"] + arguments : arguments
    }

    /// Runs a program to the end: its exit status and output.
    static func run(
        _ executable: String, _ arguments: [String], input: Data? = nil
    ) throws -> (status: Int32, output: Data, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe
        try process.run()
        let writer = Thread {
            if let input { inputPipe.fileHandleForWriting.write(input) }
            try? inputPipe.fileHandleForWriting.close()
        }
        writer.start()
        let errorBox = ErrorBox()
        let reader = Thread { errorBox.data = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorBox.done { usleep(1000) }
        return (process.terminationStatus, data, String(decoding: errorBox.data, as: UTF8.self))
    }
}

private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    private var finished = false

    var data: Data {
        get { lock.withLock { stored } }
        set {
            lock.withLock {
                stored = newValue
                finished = true
            }
        }
    }

    var done: Bool { lock.withLock { finished } }
}
