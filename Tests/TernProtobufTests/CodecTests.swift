import Testing

@testable import TernProtobuf

private func type(_ name: String) throws -> MessageDescriptor {
    try Fixtures.message(name)
}

private func fromJSON(_ text: String, _ name: String) throws -> DynamicMessage {
    try DynamicMessage(json: Array(text.utf8), as: type(name))
}

/// Reads JSON, writes it compact: the canonical form.
private func canonical(_ text: String, _ name: String) throws -> String {
    try fromJSON(text, name).json(.compact)
}

private func jsonError(_ text: String, _ name: String) -> String {
    let descriptor: MessageDescriptor
    do {
        descriptor = try type(name)
    } catch {
        return "no type \(name)"
    }
    do {
        _ = try DynamicMessage(json: Array(text.utf8), as: descriptor)
        return "no error"
    } catch {
        return error.message
    }
}

private func binaryError(_ bytes: [UInt8], _ name: String, limits: ProtobufLimits = .init()) throws -> String {
    let descriptor = try type(name)
    do {
        _ = try DynamicMessage(binary: bytes, as: descriptor, limits: limits)
        return "no error"
    } catch {
        return error.message
    }
}

@Suite struct ScalarTests {
    @Test func sixtyFourBitIntegersAreStringsAndTakeStringsOrNumbers() throws {
        let out = try canonical(
            #"{"fUint64": 18446744073709551615, "fInt64": "-9223372036854775808", "fSint64": 1e3, "fFixed64": "7"}"#,
            "tern.rich.Scalars")
        #expect(
            out
                == #"{"fInt64":"-9223372036854775808","fUint64":"18446744073709551615","#
                + #""fFixed64":"7","fSint64":"1000"}"#
        )
    }

    @Test func outOfRangeIntegersAreErrors() {
        #expect(
            jsonError(#"{"fUint64": 18446744073709551616}"#, "tern.rich.Scalars")
                == "fUint64: 18446744073709551616 is out of range for a uint64")
        #expect(
            jsonError(#"{"fInt64": "9223372036854775808"}"#, "tern.rich.Scalars")
                == #"fInt64: "9223372036854775808" is out of range for a int64"#)
        #expect(jsonError(#"{"fInt32": 2147483648}"#, "tern.rich.Scalars").contains("out of range for a int32"))
        #expect(jsonError(#"{"fUint32": -1}"#, "tern.rich.Scalars").contains("out of range for a uint32"))
        #expect(jsonError(#"{"fInt32": 1.5}"#, "tern.rich.Scalars").contains("expected an integer"))
        #expect(jsonError(#"{"fInt32": 1e400}"#, "tern.rich.Scalars").contains("out of range"))
    }

    @Test func floatsTakeNaNAndInfinityAsStringsAndRejectOverflow() throws {
        let message = try fromJSON(
            #"{"fDouble": "NaN", "fFloat": "-Infinity", "fBool": true}"#, "tern.rich.Scalars")
        #expect(message.json(.compact) == #"{"fDouble":"NaN","fFloat":"-Infinity","fBool":true}"#)
        #expect(try canonical(#"{"fDouble": -0.0}"#, "tern.rich.Scalars") == #"{"fDouble":-0.0}"#)
        #expect(try canonical(#"{"fDouble": 0}"#, "tern.rich.Scalars") == "{}")
        #expect(jsonError(#"{"fDouble": 1e400}"#, "tern.rich.Scalars").contains("out of range for a double"))
        #expect(jsonError(#"{"fFloat": 1e39}"#, "tern.rich.Scalars").contains("out of range for a float"))
        #expect(try canonical(#"{"fFloat": 3.4028235e38}"#, "tern.rich.Scalars") == #"{"fFloat":3.4028235e+38}"#)
    }

    @Test func bytesAreBase64AndInputAcceptsURLSafeAndNoPadding() throws {
        #expect(try canonical(#"{"fBytes": "-_8"}"#, "tern.rich.Scalars") == #"{"fBytes":"+/8="}"#)
        #expect(try canonical(#"{"fBytes": "+/8="}"#, "tern.rich.Scalars") == #"{"fBytes":"+/8="}"#)
        #expect(try canonical(#"{"fBytes": ""}"#, "tern.rich.Scalars") == "{}")
        #expect(try canonical(#"{"optString": ""}"#, "tern.rich.Scalars") == #"{"optString":""}"#)
        #expect(jsonError(#"{"fBytes": "a"}"#, "tern.rich.Scalars") == "fBytes: malformed base64")
    }

    @Test func namesAreLowerCamelOnOutputAndEitherOnInput() throws {
        #expect(
            try canonical(#"{"f_int32": 1, "customName": 2, "opt_string": "x"}"#, "tern.rich.Scalars")
                == #"{"fInt32":1,"optString":"x","customName":2}"#)
        #expect(try canonical(#"{"renamed": 3}"#, "tern.rich.Scalars") == #"{"customName":3}"#)
        #expect(jsonError(#"{"f_int32": 1, "fInt32": 2}"#, "tern.rich.Scalars").contains("given twice"))
    }

    @Test func enumsByNameOrNumber() throws {
        #expect(try canonical(#"{"fEnum": 2}"#, "tern.rich.Scalars") == #"{"fEnum":"GREEN"}"#)
        #expect(try canonical(#"{"fEnum": "BLUE"}"#, "tern.rich.Scalars") == #"{"fEnum":"BLUE"}"#)
        #expect(try canonical(#"{"fEnum": 42}"#, "tern.rich.Scalars") == #"{"fEnum":42}"#)
        #expect(
            jsonError(#"{"fEnum": "BLEU"}"#, "tern.rich.Scalars")
                == #"fEnum: tern.rich.Color has no value "BLEU" (did you mean "BLUE"?)"#)
    }

    @Test func nullMeansDefault() throws {
        #expect(try canonical(#"{"fInt32": null, "fEnum": null, "optInt32": null}"#, "tern.rich.Scalars") == "{}")
        #expect(try canonical(#"{"rInt32": null, "rMessage": null}"#, "tern.rich.Repeated") == "{}")
        #expect(try canonical(#"{"scalars": null, "maps": null}"#, "tern.rich.Everything") == "{}")
    }

    @Test func unknownJSONFieldIsAnErrorNamingCloseMatches() {
        #expect(
            jsonError(#"{"scalars": {"fInt23": 1}}"#, "tern.rich.Everything")
                == #"scalars: tern.rich.Scalars has no field "fInt23" (did you mean "fInt32" or "fInt64"?)"#)
        #expect(
            jsonError(#"{"zzz": 1}"#, "tern.rich.GetRequest")
                == #"tern.rich.GetRequest has no field "zzz"; its fields are name, id"#)
    }

    @Test func errorsNameTheFieldPath() {
        #expect(
            jsonError(#"{"repeated": {"rMessage": [{}, {"fString": 12}]}}"#, "tern.rich.Everything")
                == "repeated.rMessage[1].fString: expected a string, found 12")
        #expect(
            jsonError(#"{"maps": {"int32Int64": {"x": "1"}}}"#, "tern.rich.Everything")
                == #"maps.int32Int64["x"]: expected an integer (int32), found "x""#)
    }

    @Test func duplicateJSONKeyIsAnError() {
        #expect(
            jsonError(#"{"fInt32": 1, "fInt32": 2}"#, "tern.rich.Scalars")
                == #"line 1:15: the key "fInt32" appears twice"#)
    }

    @Test func oneofTakesOneMember() throws {
        #expect(
            jsonError(#"{"name": "a", "id": 2}"#, "tern.rich.Choice")
                == #""name" and "id" are both set, but they belong to the oneof kind which holds at most one"#)
        #expect(
            try canonical(#"{"name": "a", "id": null, "flag": false}"#, "tern.rich.Choice")
                == #"{"name":"a","flag":false}"#)
        // In binary the last member wins, as protobuf does.
        let bytes: [UInt8] = [0x0A, 0x01, 0x61, 0x10, 0x05]
        #expect(try DynamicMessage(binary: bytes, as: type("tern.rich.Choice")).json(.compact) == #"{"id":"5"}"#)
    }

    @Test func commentsAndTrailingCommasAreAccepted() throws {
        let text = """
            {
              // the id
              "rInt64": ["1"], /* inline */
              "rInt32": [1, 2,],
            }
            """
        #expect(try canonical(text, "tern.rich.Repeated") == #"{"rInt64":["1"],"rInt32":[1,2]}"#)
        #expect(try canonical(#"{"fInt32": 1,}"#, "tern.rich.Scalars") == #"{"fInt32":1}"#)
    }

    @Test func emitDefaultsPrintsFieldsWithoutPresenceAtZero() throws {
        let message = try fromJSON(#"{"name": "x"}"#, "tern.rich.Choice")
        #expect(message.json(.compact, emitDefaults: true) == #"{"name":"x","plain":""}"#)
        let scalars = try fromJSON("{}", "tern.rich.Scalars").json(.compact, emitDefaults: true)
        #expect(scalars.hasPrefix(#"{"fDouble":0.0,"fFloat":0.0,"fInt64":"0","fUint64":"0","fInt32":0,"#))
        #expect(scalars.contains(#""fEnum":"COLOR_UNSPECIFIED""#) && !scalars.contains("optInt32"))
        #expect(
            try fromJSON("{}", "tern.rich.Maps").json(.compact, emitDefaults: true).hasPrefix(#"{"stringString":{},"#))
    }

    @Test func prettyOutputIndentsTwoSpaces() throws {
        let message = try fromJSON(#"{"label": "a", "children": [{"label": "b"}]}"#, "tern.rich.Tree")
        #expect(
            message.json()
                == """
                {
                  "label": "a",
                  "children": [
                    {
                      "label": "b"
                    }
                  ]
                }
                """)
    }
}

@Suite struct WireTests {
    @Test func unknownFieldsAreKeptThroughDecodeAndEncode() throws {
        // GetRequest{name: "x"} plus field 99 (varint 7), field 100 (fixed32), field 101 (bytes), group 102.
        let bytes: [UInt8] =
            [
                0x0A, 0x01, 0x78, 0x98, 0x06, 0x07, 0xA5, 0x06, 1, 2, 3, 4, 0xAA, 0x06, 0x02, 0x68, 0x69, 0xB3, 0x06,
                0x08, 0x01, 0xB4, 0x06,
            ]
        let message = try DynamicMessage(binary: bytes, as: type("tern.rich.GetRequest"))
        #expect(message.json(.compact) == #"{"name":"x"}"#)
        #expect(message.unknownFields == Array(bytes.dropFirst(3)))
        #expect(message.binary() == bytes)
    }

    @Test func packedAndUnpackedAreBothReadWhateverTheDeclaration() throws {
        // r_int32 (5, packed) written unpacked; u_int32 (21, unpacked) written packed.
        let bytes: [UInt8] = [0x28, 0x01, 0x28, 0x02, 0xAA, 0x01, 0x02, 0x03, 0x04]
        let message = try DynamicMessage(binary: bytes, as: type("tern.rich.Repeated"))
        #expect(message.json(.compact) == #"{"rInt32":[1,2],"uInt32":[3,4]}"#)
        #expect(message.binary() == [0x2A, 0x02, 0x01, 0x02, 0xA8, 0x01, 0x03, 0xA8, 0x01, 0x04])
    }

    @Test func truncatedInputIsAnError() throws {
        let full = try fromJSON(#"{"scalars": {"fDouble": 1.5}, "tree": {"label": "hello"}}"#, "tern.rich.Everything")
            .binary()
        for length in [1, 2, 3, 5, 10, 12, 13, 15, full.count - 1] {
            let message = try binaryError(Array(full.prefix(length)), "tern.rich.Everything")
            #expect(message != "no error", "\(length) bytes")
        }
        #expect(
            try binaryError([0x4A, 0x05, 0x61], "tern.rich.Scalars")
                == "fString: a length of 5 bytes runs past the end of the message")
        #expect(
            try binaryError([0x09, 1, 2, 3], "tern.rich.Scalars") == "fDouble: the message ends inside a 64-bit value")
        #expect(try binaryError([0x08, 0xFF], "tern.rich.Scalars") == "the message ends inside a varint")
    }

    @Test func hugeDeclaredLengthIsAnErrorWithoutAllocating() throws {
        // f_bytes declares 2^62 bytes; unknown field 99 declares 2^40.
        let huge: [UInt8] = [0x62, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]
        #expect(try binaryError(huge, "tern.rich.Scalars").contains("runs past the end"))
        let unknown: [UInt8] = [0x9A, 0x06, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20]
        #expect(try binaryError(unknown, "tern.rich.Scalars").contains("runs past the end"))
    }

    @Test func depthBombIsAnErrorNotAStackOverflow() throws {
        // Tree.parent nested 100,000 times (binary) and 100,000 levels of JSON.
        var bytes: [UInt8] = []
        for _ in 0..<100_000 {
            var outer: [UInt8] = [0x1A]
            BinaryEncoder.varint(UInt64(bytes.count), into: &outer)
            bytes = outer + bytes
            if bytes.count > 400 { break }
        }
        #expect(try binaryError(bytes, "tern.rich.Tree", limits: .init(maximumDepth: 50)).contains("deeper than 50"))
        let groups = [UInt8](repeating: 0x0B, count: 200_000)
        #expect(try binaryError(groups, "tern.rich.Tree").contains("deeper than 100"))
        let json = String(repeating: #"{"parent":"#, count: 100_000) + String(repeating: "}", count: 100_000)
        #expect(jsonError(json, "tern.rich.Tree").contains("deeper than 100"))
        let arrays = String(repeating: "[", count: 100_000)
        #expect(jsonError(#"{"value": \#(arrays)}"#, "tern.rich.WellKnown").contains("deeper than 100"))
    }

    @Test func inputOverTheByteLimitIsRefusedBeforeReading() throws {
        let limits = ProtobufLimits(maximumDepth: 100, maximumBytes: 8)
        #expect(
            try binaryError([UInt8](repeating: 0, count: 9), "tern.rich.Scalars", limits: limits)
                == "the message is 9 bytes, over the limit of 8")
        #expect(throws: ProtobufError("the JSON is 12 bytes, over the limit of 8")) {
            try DynamicMessage(json: Array(#"{"fInt32":1}"#.utf8), as: type("tern.rich.Scalars"), limits: limits)
        }
        #expect(throws: ProtobufError("the JSON is 9 bytes, over the limit of 8")) {
            try jsonDocuments(Array("{} {} {} ".utf8), limits: limits)
        }
    }

    @Test func invalidWireTypesAndNumbersAreErrors() throws {
        #expect(try binaryError([0x0F], "tern.rich.Scalars").contains("invalid wire type 7"))
        #expect(try binaryError([0x00, 0x01], "tern.rich.Scalars").contains("field number 0 is invalid"))
        #expect(try binaryError([0x0C], "tern.rich.Scalars").contains("end-group tag"))
        #expect(
            try binaryError([0x4A, 0x02, 0xC3, 0x28], "tern.rich.Scalars") == "fString: the string is not valid UTF-8")
    }

    @Test func wrongWireTypeForAKnownFieldIsKeptAsUnknown() throws {
        // f_int32 (5) sent as fixed32.
        let bytes: [UInt8] = [0x2D, 1, 0, 0, 0]
        let message = try DynamicMessage(binary: bytes, as: type("tern.rich.Scalars"))
        #expect(message.json(.compact) == "{}")
        #expect(message.binary() == bytes)
    }

    @Test func singularMessagesMergeAcrossOccurrences() throws {
        // Everything.scalars twice: {f_int32: 1} then {f_string: "a"}.
        let bytes: [UInt8] = [0x0A, 0x02, 0x28, 0x01, 0x0A, 0x03, 0x4A, 0x01, 0x61]
        let message = try DynamicMessage(binary: bytes, as: type("tern.rich.Everything"))
        #expect(message.json(.compact) == #"{"scalars":{"fInt32":1,"fString":"a"}}"#)
    }

    @Test func mapsWithAnyKeyTypeRoundTrip() throws {
        let text = #"""
            {"int64String": {"-9223372036854775808": "min"}, "uint64Bool": {"18446744073709551615": true},
             "boolString": {"true": "yes", "false": "no"}, "fixed32Enum": {"7": "RED"},
             "fixed64Message": {"1": {"fInt32": 5}}, "sint32Float": {"-3": 0.5}}
            """#
        let message = try fromJSON(text, "tern.rich.Maps")
        let again = try DynamicMessage(binary: message.binary(), as: type("tern.rich.Maps"))
        #expect(again == message)
        #expect(again.json(.compact).contains(#""boolString":{"true":"yes","false":"no"}"#))
        #expect(jsonError(#"{"boolString": {"yes": "x"}}"#, "tern.rich.Maps").contains("must be \"true\" or \"false\""))
        #expect(jsonError(#"{"stringString": {"a": null}}"#, "tern.rich.Maps").contains("cannot be null"))
    }
}

@Suite struct WellKnownTests {
    @Test func timestampIsRFC3339WithZeroThreeSixOrNineDigits() throws {
        let cases = [
            ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
            ("1972-01-01T10:00:20.021Z", "1972-01-01T10:00:20.021Z"),
            ("2024-02-29T23:59:59.1Z", "2024-02-29T23:59:59.100Z"),
            ("0001-01-01T00:00:00.000001Z", "0001-01-01T00:00:00.000001Z"),
            ("9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59.999999999Z"),
            ("2024-05-01T12:00:00+02:00", "2024-05-01T10:00:00Z"),
            ("1969-12-31T23:59:59.5-00:30", "1970-01-01T00:29:59.500Z"),
        ]
        for (input, output) in cases {
            #expect(
                try canonical(#"{"timestamp": "\#(input)"}"#, "tern.rich.WellKnown") == #"{"timestamp":"\#(output)"}"#)
        }
        for bad in [
            "2023-02-29T00:00:00Z", "2024-05-01 12:00:00Z", "2024-05-01T12:00:00", "10000-01-01T00:00:00Z",
            "2024-05-01T12:00:00.1234567891Z", "0000-12-31T23:59:59Z",
        ] {
            #expect(jsonError(#"{"timestamp": "\#(bad)"}"#, "tern.rich.WellKnown").contains("RFC 3339"), "\(bad)")
        }
        let message = try fromJSON(#"{"timestamp": "1972-01-01T10:00:20.021Z"}"#, "tern.rich.WellKnown")
        guard case .single(.message(let timestamp))? = message["timestamp"] else {
            Issue.record("no timestamp")
            return
        }
        #expect(timestamp[1] == .single(.int64(63_108_020)))
        #expect(timestamp[2] == .single(.int32(21_000_000)))
    }

    @Test func durationIsSecondsWithASuffix() throws {
        for (input, output) in [
            ("1.5s", "1.500s"), ("-0.5s", "-0.500s"), ("0s", "0s"), ("3s", "3s"),
            ("-315576000000.999999999s", "-315576000000.999999999s"), ("0.000001s", "0.000001s"),
        ] {
            #expect(
                try canonical(#"{"duration": "\#(input)"}"#, "tern.rich.WellKnown") == #"{"duration":"\#(output)"}"#)
        }
        for bad in ["1.5", "s", "315576000001s", "1.1234567890s", "--1s", "1e3s"] {
            #expect(jsonError(#"{"duration": "\#(bad)"}"#, "tern.rich.WellKnown").contains("duration"), "\(bad)")
        }
    }

    @Test func anyCarriesTypeAndFieldsOrAValue() throws {
        let regular = #"{"any":{"@type":"type.googleapis.com/tern.rich.GetRequest","name":"x","id":"3"}}"#
        #expect(try canonical(regular, "tern.rich.WellKnown") == regular)
        let wellKnown = #"{"any":{"@type":"type.googleapis.com/google.protobuf.Duration","value":"2s"}}"#
        #expect(try canonical(wellKnown, "tern.rich.WellKnown") == wellKnown)
        let nested =
            #"{"any":{"@type":"type.googleapis.com/google.protobuf.Any","#
            + #""value":{"@type":"type.googleapis.com/google.protobuf.Empty"}}}"#
        #expect(try canonical(nested, "tern.rich.WellKnown") == nested)
        #expect(try canonical(#"{"any": {}}"#, "tern.rich.WellKnown") == #"{"any":{}}"#)
        #expect(
            jsonError(#"{"any": {"@type": "type.googleapis.com/no.Such"}}"#, "tern.rich.WellKnown")
                == "any: the Any's type type.googleapis.com/no.Such is not defined in the descriptors")
        #expect(jsonError(#"{"any": {"name": "x"}}"#, "tern.rich.WellKnown") == #"any: an Any needs "@type""#)
        #expect(
            jsonError(
                #"{"any": {"@type": "type.googleapis.com/tern.rich.GetRequest", "nmae": "x"}}"#, "tern.rich.WellKnown"
            )
            .contains(#"has no field "nmae" (did you mean "name"?)"#))
    }

    @Test func valuesWithoutAJSONFormArePrintedAsPlainFieldsAndReadBack() throws {
        // An Any of a type the pool lacks, and a timestamp in year 10000.
        let any: [UInt8] = [0x0A, 0x08] + Array("x/no.Such".utf8.prefix(8)) + [0x12, 0x01, 0x07]
        var bytes: [UInt8] = [0x0A, UInt8(any.count)] + any
        var seconds: [UInt8] = [0x08]
        BinaryEncoder.varint(253_402_300_800, into: &seconds)  // 10000-01-01T00:00:00Z
        bytes += [0x12, UInt8(seconds.count)] + seconds
        let message = try DynamicMessage(binary: bytes, as: type("tern.rich.WellKnown"))
        let json = message.json(.compact)
        #expect(json == #"{"any":{"typeUrl":"x/no.Suc","value":"Bw=="},"timestamp":{"seconds":"253402300800"}}"#)
        #expect(try fromJSON(json, "tern.rich.WellKnown") == message)
    }

    @Test func structValueListValueAndNullValue() throws {
        let text =
            #"{"struct":{"a":1.5,"b":[true,null,"s"],"c":{}},"value":null,"listValue":[1.0,{"x":"y"}],"#
            + #""nullValue":null}"#
        #expect(
            try canonical(text, "tern.rich.WellKnown")
                == #"{"struct":{"a":1.5,"b":[true,null,"s"],"c":{}},"value":null,"listValue":[1.0,{"x":"y"}]}"#)
        #expect(try canonical(#"{"value": "hi"}"#, "tern.rich.WellKnown") == #"{"value":"hi"}"#)
        #expect(try canonical(#"{"values": {"k": null}}"#, "tern.rich.WellKnown") == #"{"values":{"k":null}}"#)
        #expect(try canonical(#"{"value": {"k": [1]}}"#, "tern.rich.WellKnown") == #"{"value":{"k":[1.0]}}"#)
    }

    @Test func wrappersAreBareValues() throws {
        let text =
            #"{"doubleValue":0.0,"floatValue":1.5,"int64Value":"-1","uint64Value":"18446744073709551615","#
            + #""int32Value":0,"#
            + #""uint32Value":4294967295,"boolValue":false,"stringValue":"","bytesValue":"AQ=="}"#
        #expect(try canonical(text, "tern.rich.WellKnown") == text)
        #expect(
            try canonical(#"{"int32Value": null, "wrapped": [1, 0]}"#, "tern.rich.WellKnown") == #"{"wrapped":[1,0]}"#)
    }

    @Test func fieldMaskJoinsLowerCamelPaths() throws {
        let message = try fromJSON(#"{"fieldMask": "fooBar,baz.quxQuux"}"#, "tern.rich.WellKnown")
        guard case .single(.message(let mask))? = message["fieldMask"] else {
            Issue.record("no mask")
            return
        }
        #expect(mask[1] == .list([.string("foo_bar"), .string("baz.qux_quux")]))
        #expect(message.json(.compact) == #"{"fieldMask":"fooBar,baz.quxQuux"}"#)
        #expect(try canonical(#"{"fieldMask": ""}"#, "tern.rich.WellKnown") == #"{"fieldMask":""}"#)
    }

    @Test func emptyIsAnEmptyObject() throws {
        #expect(try canonical(#"{"empty": {}}"#, "tern.rich.WellKnown") == #"{"empty":{}}"#)
        #expect(
            jsonError(#"{"empty": {"x": 1}}"#, "tern.rich.WellKnown").contains("google.protobuf.Empty has no field"))
    }
}

@Suite struct LegacyTests {
    @Test func requiredMissingStillDecodesAndDefaultsAreDescribed() throws {
        let legacy = try type("tern.legacy.Legacy")
        let message = try DynamicMessage(binary: [0x12, 0x01, 0x61], as: legacy)
        #expect(message.json(.compact) == #"{"name":"a"}"#)
        #expect(legacy.field(named: "id")?.isRequired == true)
        #expect(legacy.field(named: "name")?.defaultValue == "anonymous")
        #expect(legacy.field(named: "huge")?.defaultValue == "18446744073709551615")
        #expect(legacy.field(named: "numbers")?.isPacked == false)
        #expect(legacy.field(named: "packed_numbers")?.isPacked == true)
        #expect(legacy.field(named: "on")?.hasPresence == true)
        // proto2 fields set to their zero value are kept and printed.
        #expect(try canonical(#"{"id": 0, "on": false}"#, "tern.legacy.Legacy") == #"{"id":0,"on":false}"#)
    }

    @Test func groupsAreReadAndWritten() throws {
        let text = #"{"id":1,"item":{"count":2,"label":"x"},"entry":[{"key":"a","value":"1"},{"key":"b"}]}"#
        let message = try fromJSON(text, "tern.legacy.Legacy")
        #expect(message.json(.compact) == text)
        let bytes = message.binary()
        #expect(bytes.contains(0x4B) && bytes.contains(0x4C))  // start and end group of field 9
        #expect(try DynamicMessage(binary: bytes, as: type("tern.legacy.Legacy")) == message)
    }

    @Test func closedEnumKeepsUnknownNumbersAsUnknownFields() throws {
        // size = 9 (not a Size), sizes = [1, 9] packed.
        let bytes: [UInt8] = [0x20, 0x09, 0x82, 0x01, 0x02, 0x01, 0x09]
        let message = try DynamicMessage(binary: bytes, as: type("tern.legacy.Legacy"))
        #expect(message.json(.compact) == #"{"sizes":["SMALL"]}"#)
        #expect(message.unknownFields == [0x20, 0x09, 0x80, 0x01, 0x09])
        #expect(jsonError(#"{"size": 9}"#, "tern.legacy.Legacy") == "size: tern.legacy.Size has no value numbered 9")
    }
}

@Suite struct DocumentStreamTests {
    @Test func splitsWhitespaceSeparatedDocuments() throws {
        let text = "{\"a\":1} {\"a\":2}\n{\"b\": [1, 2]}\n  // comment\n[3]\"x\" 4"
        let documents = try jsonDocuments(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
        #expect(documents == [#"{"a":1}"#, #"{"a":2}"#, #"{"b": [1, 2]}"#, "[3]", "\"x\"", "4"])
        #expect(try jsonDocuments(Array(" \n ".utf8)).isEmpty)
    }

    @Test func errorsNameTheDocumentAndLineColumn() {
        #expect(throws: ProtobufError("document 2, line 2:6: expected ':' after the key \"a\", found '2'")) {
            try jsonDocuments(Array("{\"a\":1}\n{\"a\" 2}".utf8))
        }
        #expect(throws: ProtobufError("document 1, line 1:1: a string is not closed")) {
            try jsonDocuments(Array("\"abc".utf8))
        }
    }
}
