import Dispatch
import Foundation
import Tern
import TernExplorer

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C during `tern send`: the first ends the stream (what arrived is kept, printed and stored),
/// a second one ends the process with status 130 as the default handler would.
final class InterruptStop {
    /// The signal the send watches.
    let stop = StreamStop()
    private let source: any DispatchSourceSignal

    /// Takes SIGINT over until `restore()`.
    init() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let stop = self.stop
        source.setEventHandler {
            if stop.isStopped {
                StandardStream.error.write("\n")
                exit(130)
            }
            StandardStream.error.write("\ntern: stopping (Ctrl-C again quits)\n")
            stop.stop()
        }
        source.resume()
        self.source = source
    }

    /// Gives SIGINT back to its default.
    func restore() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
