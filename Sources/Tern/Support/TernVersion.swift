/// The version of Tern: what `tern --version` prints, HAR files name as their creator, and the
/// default `User-Agent` carries (`tern/0.1.0`).
public enum TernVersion {
    /// `0.1.0`.
    public static let string = "0.1.0"
    /// `tern/0.1.0`: the `User-Agent` a handler sends by default.
    public static let userAgent = "tern/\(string)"
}
