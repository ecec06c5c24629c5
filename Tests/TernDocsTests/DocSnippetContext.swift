import Foundation
import Tern
import TernHTTPClient

// What the snippets of docs/library.md take as given, without spelling it out each time.

/// The handler most snippets send with (the page's "Making a handler").
let handler = Handler(
    transport: HTTPClientTransport.shared, defaults: SessionDefaults(baseURL: URL(string: "https://api.example.com")))

/// The file the transfer snippet downloads.
let isoURL = URL(fileURLWithPath: "/tmp/big.iso")
