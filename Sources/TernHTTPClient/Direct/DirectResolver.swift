import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization
import Tern

#if canImport(Glibc)
    import Glibc
#endif

/// Looks a host up with `getaddrinfo` off the event loop (an address is read as it is), once for both
/// address families, and keeps when the answer came: the `dns` phase of a direct attempt (none for an
/// address).
final class DirectResolver: Resolver, Sendable {
    private let loop: any EventLoop
    private let v4: EventLoopPromise<[SocketAddress]>
    private let v6: EventLoopPromise<[SocketAddress]>
    private let started = Atomic<Bool>(false)
    private let resolved = Atomic<UInt64>(0)

    init(loop: any EventLoop) {
        self.loop = loop
        v4 = loop.makePromise()
        v6 = loop.makePromise()
    }

    /// When the lookup ended: `nil` before, and for an address, which is not looked up.
    var resolvedAt: NIODeadline? {
        let nanoseconds = resolved.load(ordering: .acquiring)
        return nanoseconds == 0 ? nil : .uptimeNanoseconds(nanoseconds)
    }

    func initiateAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        start(host: host, port: port)
        return v4.futureResult
    }

    func initiateAAAAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        start(host: host, port: port)
        return v6.futureResult
    }

    func cancelQueries() {}

    private func start(host: String, port: Int) {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        if let address = try? SocketAddress(ipAddress: host, port: port) {
            // An address: nothing is looked up, and `resolvedAt` stays `nil`.
            loop.execute { [v4, v6] in
                v6.succeed(address.protocol == .inet6 ? [address] : [])
                v4.succeed(address.protocol == .inet6 ? [] : [address])
            }
            return
        }
        // `localhost` and the names under it are the loopback addresses without asking the system
        // (RFC 6761 §6.3, as curl does): glibc's getaddrinfo takes about 6 ms for it in a new process.
        let name = host.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost"),
            let v6 = try? SocketAddress(ipAddress: "::1", port: port),
            let v4 = try? SocketAddress(ipAddress: "127.0.0.1", port: port)
        {
            publish(([v4], [v6]))
            return
        }
        DispatchQueue.global().async { [self] in
            switch Self.lookUp(host: host, port: port) {
            case .success(let addresses): publish(addresses)
            case .failure(let error): publish(error)
            }
        }
    }

    private func publish(_ addresses: (v4: [SocketAddress], v6: [SocketAddress])) {
        resolved.store(NIODeadline.now().uptimeNanoseconds, ordering: .releasing)
        loop.execute { [v4, v6] in
            v6.succeed(addresses.v6)
            v4.succeed(addresses.v4)
        }
    }

    private func publish(_ error: any Error) {
        resolved.store(NIODeadline.now().uptimeNanoseconds, ordering: .releasing)
        loop.execute { [v4, v6] in
            v6.fail(error)
            v4.fail(error)
        }
    }

    /// `getaddrinfo` for a TCP connection to `host`.
    private static func lookUp(host: String, port: Int) -> Result<(v4: [SocketAddress], v6: [SocketAddress]), any Error>
    {
        var hint = addrinfo()
        hint.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hint.ai_protocol = Int32(IPPROTO_TCP)
        var info: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hint, &info)
        guard code == 0, let first = info else {
            return .failure(HostNotFound(host: host, words: String(cString: gai_strerror(code))))
        }
        defer { freeaddrinfo(first) }
        var v4: [SocketAddress] = []
        var v6: [SocketAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            if let address = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    v4.append(SocketAddress(UnsafeRawPointer(address).load(as: sockaddr_in.self), host: host))
                case AF_INET6:
                    v6.append(SocketAddress(UnsafeRawPointer(address).load(as: sockaddr_in6.self), host: host))
                default: break
                }
            }
            next = entry.pointee.ai_next
        }
        return .success((v4, v6))
    }
}

/// A name `getaddrinfo` did not find, and its words for why.
struct HostNotFound: Error, CustomStringConvertible {
    var host: String
    var words: String

    var description: String { "\(host): \(words)" }
}
