import Foundation
import Tern
import Testing

/// SHA-512/256 against the NIST examples of FIPS 180-4, and against OpenSSL (`openssl dgst -sha512-256`,
/// agreeing with Python's `hashlib.new("sha512_256")`) around the 112- and 128-byte padding boundaries.
@Suite("SHA-512/256")
struct SHA512t256Tests {
    func hex(_ digest: [UInt8]) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    @Test(
        "the NIST examples: abc, the empty message, the two-block message",
        arguments: [
            ("abc", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"),
            ("", "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a"),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                    + "mnopqrstnopqrstu",
                "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"
            ),
        ])
    func nist(message: String, expected: String) {
        #expect(hex(SHA512t256.hash(Array(message.utf8))) == expected)
        #expect(SHA512t256.hash(Data(message.utf8)).count == 32)
    }

    @Test(
        "n times \"a\" around the padding boundaries (112: the length no longer fits; 128: a whole block)",
        arguments: [
            (1, "455e518824bc0601f9fb858ff5c37d417d67c2f8e0df2babe4808858aea830f8"),
            (111, "0239e429f98d0ed61ee8e2a7c30afe98c1c3a80ce5dff62a107e9c538f7632ce"),
            (112, "9216b5303edb66504570bee90e48ea5beaa5e9fe9f760bbd3e0460559fc005f6"),
            (113, "d0ac79bea5bc97ac80c77c7cbbe92811ba9997eb0ce3c9888f9cef8362d187cd"),
            (127, "2fe3b2a6ee7e12f6fe4ba82166541ad9b4ed882c493581cbe300d68f3757b778"),
            (128, "b88f97e274f9c1d49f181c8cbd01a9c74930ad055a46ac4499a1d601f1c80bf2"),
            (129, "fb9035c9009ed4a60e37510339ebdb1c771339f30aa581d5dea3690a524c23f1"),
            (239, "78d0a1b37aaad84c89fff13cbe3cd3d1025bcdb648268f9102b7e7032bea7d2a"),
            (240, "d48a4d53397b38ab4e771d781c98ac6b86712dff2a664cfd1f27c7ca40f8ce37"),
            (255, "3c07343720a65d00043af3a6514586dde8602a68b7cebde6bd8ffa48ba37afef"),
            (256, "d43f85191c3058fd3b2383077f8e1aa800aae7fdf6eb829440fa45f189562c07"),
            (1000, "40eb4a70d4d69815407a9e272f0101cd67e3d11262a4a0bfc087712749c7fb53"),
        ])
    func boundaries(length: Int, expected: String) {
        #expect(hex(SHA512t256.hash([UInt8](repeating: UInt8(ascii: "a"), count: length))) == expected)
    }

    @Test("every byte value matters: (31 i + 7) mod 256 for 112 and 300 bytes")
    func mixedBytes() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) }
        #expect(hex(SHA512t256.hash(bytes)) == "68432077ff51c74ba7a89da63eb55e2b1a0e70eed4fbadd3f89d3c71471da28d")
        #expect(
            hex(SHA512t256.hash(bytes.prefix(112)))
                == "e653d88aeafc8266e9fbce54f780ca7f76bd5518c39574a5a8d1f6c3d809fc5c")
    }

    @Test("any collection of bytes: Data, slices that do not start at zero, a string's UTF-8 view")
    func collections() {
        let abc = "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"
        #expect(hex(SHA512t256.hash(Data("abc".utf8))) == abc)
        #expect(hex(SHA512t256.hash(Data("xxabc".utf8).dropFirst(2))) == abc)
        #expect(hex(SHA512t256.hash(Array("xxabc".utf8)[2...])) == abc)
        #expect(hex(SHA512t256.hash("abc".utf8)) == abc)
        let thousand = "40eb4a70d4d69815407a9e272f0101cd67e3d11262a4a0bfc087712749c7fb53"
        #expect(hex(SHA512t256.hash(Data(repeating: UInt8(ascii: "a"), count: 1003).dropFirst(3))) == thousand)
    }

    @Test("DigestAlgorithm hashes with it, in lower-case hex")
    func digestAlgorithm() {
        for algorithm in [DigestAlgorithm.sha512t256, .sha512t256Session] {
            #expect(algorithm.hash("abc") == "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23")
            #expect(algorithm.hash(Data()) == "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a")
        }
    }
}
