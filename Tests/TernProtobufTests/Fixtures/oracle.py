#!/usr/bin/env python3
"""The oracle of TernProtobuf's differential test: protobuf's own Python runtime (upb) and json_format.

  oracle.py gen SEED COUNT OUT     random messages of the rich schema, one tab-separated line each: type,
                                   base64 wire bytes, json_format's JSON, and for every third message
                                   base64 of its JSON with proto names, enum numbers and zero values,
                                   for another third its JSON with zero values (else empty)
  oracle.py variants OUT           edge-case JSON inputs, one line each: {"t", "j", "ok": json_format accepts it,
                                   "b": base64 of the message it reads (when ok)}
  oracle.py check IN               lines {"t", "b", "fj", "fj2", "rt"} (Swift's bytes from "j", from "j2"
                                   and from decode→encode of "b"): prints counts of agreements as JSON
"""
import base64
import json
import math
import os
import random
import struct
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

HERE = os.path.dirname(os.path.abspath(__file__))
FDS = descriptor_pb2.FileDescriptorSet()
with open(os.path.join(HERE, "rich.protoset"), "rb") as f:
    FDS.ParseFromString(f.read())
POOL = descriptor_pool.DescriptorPool()
for file in FDS.file:
    POOL.Add(file)

TYPES = [
    ("tern.rich.Scalars", 3), ("tern.rich.Repeated", 2), ("tern.rich.Maps", 2), ("tern.rich.Choice", 2),
    ("tern.rich.Tree", 1), ("tern.rich.WellKnown", 3), ("tern.rich.Everything", 1), ("tern.legacy.Legacy", 2),
]


def cls(name):
    return message_factory.GetMessageClass(POOL.FindMessageTypeByName(name))


FD = descriptor_pb2.FieldDescriptorProto
NULL_VALUE = "google.protobuf.NullValue"  # its JSON is null whatever the number: no unknown numbers
R = random.Random()
CHARS = list("abcxyz AZ09_-\"\\/\n\t\r\x00\x01\x1f\x7f") + ["é", "中", "😀", "\u2028", "\u00a0", "\ufeff"]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def rand_int(bits, signed):
    if signed:
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    else:
        lo, hi = 0, (1 << bits) - 1
    c = R.random()
    if c < 0.3:
        return R.choice([lo, hi, 0, 1, -1 if signed else 2, lo + 1, hi - 1])
    if c < 0.6:
        return max(lo, min(hi, R.randint(-1000, 1000)))
    return R.randint(lo, hi)


def rand_double():
    c = R.random()
    if c < 0.15:
        return R.choice([0.0, -0.0, 1.0, -1.5, math.inf, -math.inf, 5e-324, 1.7976931348623157e308, 0.1, 1e21, 1e-7])
    if c < 0.17:
        return math.nan
    return R.uniform(-1, 1) * 10 ** R.randint(-30, 30)


def rand_float():
    c = R.random()
    if c < 0.15:
        return f32(R.choice([0.0, -0.0, 1.0, -1.5, math.inf, -math.inf, 1e-45, 3.4028234663852886e38, 0.1, 1e20]))
    if c < 0.17:
        return math.nan
    return f32(R.uniform(-1, 1) * 10 ** R.randint(-20, 20))


def rand_string():
    return "".join(R.choice(CHARS) for _ in range(R.randint(0, 12)))


def rand_scalar(field):
    t = field.type
    if t in (FD.TYPE_INT32, FD.TYPE_SINT32, FD.TYPE_SFIXED32):
        return rand_int(32, True)
    if t in (FD.TYPE_INT64, FD.TYPE_SINT64, FD.TYPE_SFIXED64):
        return rand_int(64, True)
    if t in (FD.TYPE_UINT32, FD.TYPE_FIXED32):
        return rand_int(32, False)
    if t in (FD.TYPE_UINT64, FD.TYPE_FIXED64):
        return rand_int(64, False)
    if t == FD.TYPE_BOOL:
        return R.random() < 0.5
    if t == FD.TYPE_DOUBLE:
        return rand_double()
    if t == FD.TYPE_FLOAT:
        return rand_float()
    if t == FD.TYPE_STRING:
        return rand_string()
    if t == FD.TYPE_BYTES:
        return bytes(R.randint(0, 255) for _ in range(R.randint(0, 10)))
    if t == FD.TYPE_ENUM:
        values = [v.number for v in field.enum_type.values]
        if not field.enum_type.is_closed and R.random() < 0.1 and field.enum_type.full_name != NULL_VALUE:
            return R.choice([7, 1000, -5])
        return R.choice(values)
    raise ValueError(t)


def rand_value(value, depth):
    c = R.randint(0, 5 if depth < 3 else 3)
    if c == 0:
        value.null_value = 0
    elif c == 1:
        d = rand_double()
        value.number_value = d if math.isfinite(d) else 2.5
    elif c == 2:
        value.string_value = rand_string()
    elif c == 3:
        value.bool_value = R.random() < 0.5
    elif c == 4:
        value.struct_value.SetInParent()
        for _ in range(R.randint(0, 3)):
            rand_value(value.struct_value.fields[rand_string()], depth + 1)
    else:
        value.list_value.SetInParent()
        for _ in range(R.randint(0, 3)):
            rand_value(value.list_value.values.add(), depth + 1)


def snake_word():
    return "".join(R.choice("abcdefgh") for _ in range(R.randint(1, 5)))


def fill_special(msg, depth):
    name = msg.DESCRIPTOR.full_name
    if name == "google.protobuf.Timestamp":
        msg.seconds = R.randint(-62135596800, 253402300799)
        msg.nanos = R.choice([0, R.randint(0, 999) * 1000000, R.randint(0, 999999) * 1000, R.randint(0, 999999999)])
    elif name == "google.protobuf.Duration":
        s = R.choice([0, R.randint(-315576000000, 315576000000), R.randint(-100, 100)])
        n = R.choice([0, R.randint(0, 999) * 1000000, R.randint(0, 999999999)])
        if s < 0 or (s == 0 and R.random() < 0.5):
            n = -n
        msg.seconds, msg.nanos = s, n
    elif name == "google.protobuf.Value":
        rand_value(msg, depth)
    elif name == "google.protobuf.Struct":
        msg.SetInParent()
        for _ in range(R.randint(0, 3)):
            rand_value(msg.fields[rand_string()], depth + 1)
    elif name == "google.protobuf.ListValue":
        msg.SetInParent()
        for _ in range(R.randint(0, 3)):
            rand_value(msg.values.add(), depth + 1)
    elif name == "google.protobuf.FieldMask":
        msg.SetInParent()
        for _ in range(R.randint(0, 3)):
            msg.paths.append(".".join("_".join(snake_word() for _ in range(R.randint(1, 3)))
                                      for _ in range(R.randint(1, 2))))
    elif name == "google.protobuf.Any":
        inner_name = R.choice(["tern.rich.Scalars", "tern.rich.Tree", "google.protobuf.Timestamp",
                               "google.protobuf.Duration", "google.protobuf.Struct", "google.protobuf.Int64Value",
                               "google.protobuf.Empty", "google.protobuf.Any", "google.protobuf.FieldMask",
                               "google.protobuf.Value"])
        inner = cls(inner_name)()
        if depth < 3:
            fill(inner, depth + 1)
        msg.Pack(inner)
    elif name == "google.protobuf.Empty":
        msg.SetInParent()
    elif name.startswith("google.protobuf.") and name.endswith("Value"):
        msg.SetInParent()
        if R.random() < 0.8:
            msg.value = rand_scalar(msg.DESCRIPTOR.fields_by_name["value"])
    else:
        return False
    return True


def fill(msg, depth):
    if fill_special(msg, depth):
        return
    d = msg.DESCRIPTOR
    chosen = {}
    for o in d.oneofs:
        synthetic = len(o.fields) == 1 and o.name == "_" + o.fields[0].name
        if not synthetic:
            chosen[o.name] = R.choice(o.fields).name if R.random() < 0.7 else None
    p = 0.6 if depth < 2 else 0.25
    for field in d.fields:
        o = field.containing_oneof
        if o is not None and o.name in chosen:
            if chosen[o.name] != field.name:
                continue
        elif field.is_required:
            pass
        elif R.random() > p:
            continue
        elif field.name == "more" and depth >= 1:
            continue  # Everything inside Everything once: enough nesting, and keeps the test quick
        mt = field.message_type
        if mt is not None and mt.GetOptions().map_entry:
            key_field, value_field = mt.fields_by_name["key"], mt.fields_by_name["value"]
            target = getattr(msg, field.name)
            for _ in range(R.randint(0, 3)):
                key = rand_scalar(key_field)
                if value_field.message_type is not None:
                    if depth < 3:
                        fill(target[key], depth + 1)
                else:
                    target[key] = rand_scalar(value_field)
        elif field.is_repeated:
            target = getattr(msg, field.name)
            for _ in range(R.randint(0, 4 if depth < 2 else 2)):
                if mt is not None:
                    if depth >= 3:
                        break
                    fill(target.add(), depth + 1)
                else:
                    target.append(rand_scalar(field))
        elif mt is not None:
            if depth >= 4 and not field.is_required:
                continue
            sub = getattr(msg, field.name)
            sub.SetInParent()
            if depth < 4:
                fill(sub, depth + 1)
        else:
            setattr(msg, field.name, rand_scalar(field))


def gen(seed, count, out):
    R.seed(seed)
    names = [name for name, weight in TYPES for _ in range(weight)]
    skipped = 0
    with open(out, "w") as f:
        written = 0
        while written < count:
            name = R.choice(names)
            msg = cls(name)()
            fill(msg, 0)
            try:
                data = msg.SerializeToString()
                text = json_format.MessageToJson(msg, descriptor_pool=POOL, indent=None)
                # The other forms a reader must take: proto field names, enum numbers, zero values
                # (every third message, to keep the test quick).
                other = None if written % 3 else json_format.MessageToJson(msg, descriptor_pool=POOL, indent=2,
                                                  preserving_proto_field_name=True, use_integers_for_enums=True,
                                                  always_print_fields_with_no_presence=True)
            except Exception:  # json_format refuses some values (NaN in a Value, …)
                skipped += 1
                continue
            # Every third message (another third) also with zero values printed, as -emit-defaults.
            defaults = "" if written % 3 != 1 else json_format.MessageToJson(
                msg, descriptor_pool=POOL, indent=None, always_print_fields_with_no_presence=True)
            # Tab-separated (compact JSON has no tab or line break; the pretty form goes in base64).
            other = "" if other is None else base64.b64encode(other.encode()).decode()
            f.write("\t".join([name, base64.b64encode(data).decode(), text, other, defaults]) + "\n")
            written += 1
    print(json.dumps({"written": count, "skipped": skipped}))


def same(a, b):
    if a == b:
        return True
    if a.SerializeToString(deterministic=True) == b.SerializeToString(deterministic=True):
        return True
    # An Any's value is bytes: a map inside it may be written in another order. Compare unpacked.
    return json_format.MessageToDict(a, descriptor_pool=POOL) == json_format.MessageToDict(b, descriptor_pool=POOL)


def difference(a, b):
    """The fields where two messages differ, for the report."""
    fa = dict((f.name, v) for f, v in a.ListFields())
    fb = dict((f.name, v) for f, v in b.ListFields())
    return "; ".join("%s: %r != %r" % (k, fa.get(k), fb.get(k))
                     for k in sorted(set(fa) | set(fb)) if fa.get(k) != fb.get(k))[:600]


def check(path):
    counts = {"json_ok": 0, "json_bad": 0, "json_other_form_ok": 0, "json_other_form_bad": 0, "roundtrip_ok": 0,
              "roundtrip_bad": 0, "examples": []}
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            c = cls(record["t"])
            original = c.FromString(base64.b64decode(record["b"]))
            for key, label in (("fj", "json"), ("fj2", "json_other_form"), ("rt", "roundtrip")):
                if record.get(key) is None:
                    if key != "fj2":
                        counts[label + "_bad"] += 1
                    continue
                try:
                    other = c.FromString(base64.b64decode(record[key]))
                    ok = same(original, other)
                    other = difference(original, other)
                except Exception as e:  # noqa: BLE001
                    ok = False
                    other = str(e)
                counts[label + ("_ok" if ok else "_bad")] += 1
                if not ok and len(counts["examples"]) < 5:
                    counts["examples"].append({"kind": label, "type": record["t"], "b": record["b"],
                                               "got": record[key], "difference": str(other)})
    print(json.dumps(counts))


VARIANTS = {
    "tern.rich.Scalars": {
        "fInt32": ['1', '-1', '"1"', '"-1"', '1.0', '1e2', '"1e2"', '1.5', '"0x10"', '" 1"', '2147483648',
                   '-2147483649', '"2147483647"', 'true', 'null', '""', '[]', '{}', '"+5"', '-0', '"-0"', '1E1',
                   '0.1e1', '"1.0"'],
        "fUint32": ['4294967295', '4294967296', '-1', '"4294967295"', '-0'],
        "fInt64": ['9223372036854775807', '9223372036854775808', '"-9223372036854775808"', '"-9223372036854775809"',
                   '1e18', '1.5e1', '"9223372036854775807"', '9.223372036854776e18'],
        "fUint64": ['18446744073709551615', '18446744073709551616', '"18446744073709551615"', '-1', '1e19', '1e20'],
        "fSint64": ['-9223372036854775808', '"-1"'],
        "fFixed64": ['"18446744073709551615"', '0'],
        "fDouble": ['"NaN"', '"nan"', '"Infinity"', '"inf"', '"-Infinity"', '1e308', '1e309', '-1e400', '"1.5"',
                    '" 1.5"', '-0', '-0.0', '5e-324', '1e-400', 'true', '"1e400"', '"-0"'],
        "fFloat": ['3.4028235e38', '3.4028236e38', '3.5e38', '1e39', '"1e39"', '-3.4028235e38', '1e-50', '"NaN"',
                   '"Infinity"', '1.17549435e-38'],
        "fBool": ['true', 'false', '"true"', '1', '0', 'null'],
        "fString": ['"x"', '1', '"\\u00e9"', '"\\ud83d\\ude00"', 'null', 'true'],
        "fBytes": ['"AQ=="', '"AQ"', '"-_8"', '"+/8="', '"a"', '"A==="', '"AQ=" ', '"!!"', '""', '"AQID"', '1',
                   '"AQ==\\n"', '"A Q=="'],
        "fEnum": ['"RED"', '"red"', '1', '"1"', '99', '"99"', '1.0', '-1', '"NEGATIVE"', '2147483648', 'true', 'null'],
        "optInt32": ['0', 'null'],
        "customName": ['1'],
        "renamed": ['1'],
        "f_int32": ['1'],
        "FInt32": ['1'],
    },
    "tern.rich.WellKnown": {
        "timestamp": ['"1970-01-01T00:00:00Z"', '"1970-01-01T00:00:00.1Z"', '"1970-01-01T00:00:00.123456789Z"',
                      '"1970-01-01T00:00:00.1234567891Z"', '"1970-01-01T00:00:00+01:00"', '"1970-01-01T00:00:00"',
                      '"1970-01-01 00:00:00Z"', '"1970-01-01t00:00:00z"', '"0001-01-01T00:00:00Z"',
                      '"9999-12-31T23:59:59.999999999Z"', '"10000-01-01T00:00:00Z"', '"1970-02-30T00:00:00Z"',
                      '"1970-01-01T24:00:00Z"', '"1970-01-01T00:00:60Z"', '0', 'null', '"1970-01-01T00:00:00-00:00"',
                      '"2000-02-29T12:00:00Z"', '"1900-02-29T12:00:00Z"', '"1970-01-01T00:00:00.Z"'],
        "duration": ['"1s"', '"1.5s"', '"-1.5s"', '"0s"', '"1"', '"1.0000000001s"', '"315576000000s"',
                     '"315576000001s"', '"-315576000000.999999999s"', '"+1s"', '".5s"', '"1.s"', '"1e3s"', '1',
                     '"-0s"', '"00001s"', 'null'],
        "fieldMask": ['"a,b.c"', '"fooBar"', '""', '"foo_bar"', '"a,,b"', '1', '"FooBar"'],
        "struct": ['{}', '{"a":1}', '[]', 'null', '{"a":{"b":[1,"x",null,true]}}', '1'],
        "value": ['null', '1', '"x"', 'true', '[]', '{}', '[null]', '{"a":null}', '1e400'],
        "listValue": ['[]', '[1,null]', 'null', '{}', '1'],
        "nullValue": ['null', '"NULL_VALUE"', '0', '1', '"x"'],
        "empty": ['{}', 'null', '[]', '{"a":1}'],
        "int64Value": ['"1"', '1', 'null', '{"value":"1"}', '"x"'],
        "uint32Value": ['4294967295', '4294967296', '-1'],
        "boolValue": ['true', '"true"', 'null', '0'],
        "bytesValue": ['"AQ=="', '"AQ"', '""'],
        "floatValue": ['"NaN"', '1e39', '1.5'],
        "stringValue": ['"x"', '1', 'null'],
        "any": ['{}', '{"@type":"type.googleapis.com/tern.rich.GetRequest","name":"x"}',
                '{"@type":"type.googleapis.com/google.protobuf.Duration","value":"1s"}',
                '{"@type":"type.googleapis.com/google.protobuf.Duration"}',
                '{"@type":"type.googleapis.com/google.protobuf.Empty"}',
                '{"@type":"type.googleapis.com/google.protobuf.Empty","value":{}}',
                '{"@type":"type.googleapis.com/no.Such"}', '{"name":"x"}', '{"@type":1}',
                '{"@type":"tern.rich.GetRequest","name":"x"}', '{"@type":"x/y/tern.rich.GetRequest"}',
                '{"@type":"type.googleapis.com/tern.rich.GetRequest","value":{"name":"x"}}',
                '{"@type":"type.googleapis.com/google.protobuf.Struct","value":{"a":1}}',
                '{"@type":"type.googleapis.com/google.protobuf.Value","value":null}', 'null'],
        "anys": ['[]', '[{}]', '[null]', 'null'],
        "values": ['{"a":null}', '{"a":1,"b":[]}', '{}', 'null'],
        "wrapped": ['[1,null]', '[1,2]', '[]'],
    },
    "tern.rich.Maps": {
        "int32Int64": ['{"1":"2"}', '{"x":"2"}', '{"1.0":"2"}', '{" 1":"2"}', '{"2147483648":"1"}', '{"-1":1}',
                       '{"1":null}', '{"01":"2"}', '{"+1":"2"}', '{}', 'null', '[]'],
        "boolString": ['{"true":"a"}', '{"True":"a"}', '{"1":"a"}', '{"false":"b","true":"a"}'],
        "uint64Bool": ['{"18446744073709551615":true}', '{"18446744073709551616":true}', '{"-1":true}'],
        "stringEnum": ['{"a":"RED"}', '{"a":1}', '{"a":"NOPE"}', '{"a":null}'],
        "stringMessage": ['{"a":{}}', '{"a":null}', '{"a":{"fInt32":1}}'],
        "fixed32Enum": ['{"4294967295":"RED"}', '{"4294967296":"RED"}'],
    },
    "tern.rich.Choice": {
        "": ['{"name":"a","id":"1"}', '{"name":"a","id":null}', '{"name":null,"id":"1"}', '{"flag":true,"name":"x"}',
             '{"color":null}', '{"when":null,"name":"a"}', '{"scalars":{},"blob":""}', '{"ratio":"NaN","flag":null}'],
    },
    "tern.rich.Repeated": {
        "rInt32": ['[1,2]', '[]', 'null', '[null]', '1', '["1",2.0]', '[[1]]'],
        "rEnum": ['["RED",2,"NOPE"]', '["RED",2]'],
        "rMessage": ['[{}]', '[null]', '{}'],
    },
    "tern.legacy.Legacy": {
        "": ['{}', '{"id":1}', '{"item":{"count":1}}', '{"Item":{"count":1}}', '{"entry":[{"key":"a"}]}',
             '{"size":"SMALL"}', '{"size":9}', '{"size":"9"}', '{"sizes":[1,9]}', '{"pickName":"a","pickNumber":1}',
             '{"id":null}', '{"name":null}', '{"small":"-Infinity"}', '{"raw":"AQ=="}'],
    },
}


def variants(out):
    with open(out, "w") as f:
        for name, fields in VARIANTS.items():
            c = cls(name)
            for field, values in fields.items():
                for value in values:
                    text = value if field == "" else '{"%s": %s}' % (field, value)
                    record = {"t": name, "j": text}
                    try:
                        msg = json_format.Parse(text, c(), descriptor_pool=POOL)
                        record["ok"] = True
                        record["b"] = base64.b64encode(msg.SerializePartialToString()).decode()
                    except Exception as e:  # noqa: BLE001
                        record["ok"] = False
                        record["why"] = str(e)[:200]
                    f.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif sys.argv[1] == "variants":
        variants(sys.argv[2])
    else:
        check(sys.argv[2])
