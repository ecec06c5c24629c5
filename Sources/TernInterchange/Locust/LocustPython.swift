/// Python text for the locustfile: literals, names, and the helpers every locustfile carries.
enum LocustPython {
    /// `text` as a double-quoted Python string literal.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.properties.generalCategory == .format
                {
                    out +=
                        scalar.value <= 0xFFFF
                        ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                            + String(scalar.value, radix: 16)
                        : "\\U" + String(repeating: "0", count: 8 - String(scalar.value, radix: 16).count)
                            + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A Python method name for a spec id: `users/get-user` → `task_users_get_user` (the prefix keeps
    /// it clear of Python's keywords and of the task set's own members, `user`, `client`, `run`).
    static func identifier(_ id: String) -> String {
        "task_" + bare(id)
    }

    private static func bare(_ id: String) -> String {
        var name = String(
            id.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                    ? Character(scalar) : "_"
            })
        if name.isEmpty { name = "spec" }
        return name
    }

    /// `text` safe inside a `#` comment (one line).
    static func comment(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// The imports and helpers: rendering, a JSONPath subset for captures and checks, JSON equality.
    static let prelude = [
        "",
        "import json",
        "import os",
        "import random",
        "import re",
        "import time",
        "import uuid",
        "",
        "from locust import HttpUser, SequentialTaskSet, constant, task",
        "",
        "",
        "class Undefined(Exception):",
        "    pass",
        "",
        "",
        "def render(text, scope):",
        "    \"\"\"{{name}}: a capture, TERN_VAR_name, or VARIABLES;",
        "    {{env:X}} and {{secret:X}}: the process environment.",
        "    {{name:number}}, {{name:boolean}}, {{name:json}}: the value must be one.\"\"\"",
        "    def value(match):",
        "        name, kind = split_type(match.group(1).strip())",
        "        text = lookup(name, scope)",
        "        if kind:",
        "            convert(text, kind, name)",
        "        return text",
        "    return re.sub(r'\\{\\{\\s*([^{}]+?)\\s*\\}\\}', value, text)",
        "",
        "",
        "def lookup(name, scope):",
        "    kind, _, rest = name.partition(':')",
        "    if rest and kind.strip() in ('env', 'secret'):",
        "        key = rest.strip()",
        "        if key not in os.environ:",
        "            raise Undefined('%s is not set in the environment' % key)",
        "        return os.environ[key]",
        "    if name in ('$uuid', '$guid', '$random.uuid', '$randomUUID'):",
        "        return str(uuid.uuid4())",
        "    if name == '$timestamp':",
        "        return str(int(time.time()))",
        "    if name in ('$randomInt', '$random.integer'):",
        "        return str(random.randint(0, 1000))",
        "    if name in scope:",
        "        return str(scope[name])",
        "    if 'TERN_VAR_' + name in os.environ:",
        "        return os.environ['TERN_VAR_' + name]",
        "    if name in VARIABLES:",
        "        return render(VARIABLES[name], scope)",
        "    raise Undefined(\"undefined variable '%s'\" % name)",
        "",
        "",
        "TYPES = ('number', 'boolean', 'json')",
        "",
        "",
        "def split_type(name):",
        "    \"\"\"'age:number' -> ('age', 'number'); a name without a type -> (name, None).\"\"\"",
        "    base, colon, kind = name.rpartition(':')",
        "    if colon and base.strip() and kind.strip() in TYPES:",
        "        return base.strip(), kind.strip()",
        "    return name, None",
        "",
        "",
        "def reject(constant):",
        "    raise ValueError(constant)",
        "",
        "",
        "def convert(text, kind, name):",
        "    \"\"\"text as the JSON value of kind, as Tern converts it; one that is not is an error.\"\"\"",
        "    try:",
        "        value = json.loads(text.strip(), parse_constant=reject)",
        "        parsed = True",
        "    except ValueError:",
        "        value, parsed = None, False",
        "    number = isinstance(value, (int, float)) and not isinstance(value, bool)",
        "    wrong = (kind == 'boolean' and not isinstance(value, bool)) or (kind == 'number' and not number)",
        "    if not parsed or wrong:",
        "        raise Undefined(\"'{{%s:%s}}' is %r, not a %s value\" % (name, kind, text, kind))",
        "    return value",
        "",
        "",
        "def typed(text):",
        "    \"\"\"What a value that is one {{name}} renders to, as the JSON it reads as (7, true, null).\"\"\"",
        "    try:",
        "        value = json.loads(text)",
        "    except ValueError:",
        "        return text",
        "    return value if value is None or isinstance(value, (bool, int, float)) else text",
        "",
        "",
        "def status_matches(code, text):",
        "    \"\"\"A status check once rendered: 200, 2xx, or 200, 201.\"\"\"",
        "    text = text.strip().lower()",
        "    if re.fullmatch(r'[1-5]xx', text):",
        "        return code // 100 == int(text[0])",
        "    return str(code) in [part.strip() for part in text.split(',')]",
        "",
        "",
        "def render_json(value, scope, loose=True):",
        "    \"\"\"Strings rendered; one that is exactly {{name:TYPE}} becomes that value. With loose (checks, not",
        "    bodies), one that is exactly an untyped {{name}} takes the type it reads as, as tern's checks do.\"\"\"",
        "    if isinstance(value, str):",
        "        whole = re.fullmatch(r'\\s*\\{\\{\\s*([^{}]+?)\\s*\\}\\}\\s*', value)",
        "        if whole:",
        "            name, kind = split_type(whole.group(1).strip())",
        "            if kind:",
        "                return convert(lookup(name, scope), kind, name)",
        "            if loose:",
        "                return typed(render(value, scope))",
        "        return render(value, scope)",
        "    if isinstance(value, list):",
        "        return [render_json(item, scope, loose) for item in value]",
        "    if isinstance(value, dict):",
        "        return {key: render_json(item, scope, loose) for key, item in value.items()}",
        "    return value",
        "",
        "",
        "def select(document, path):",
        "    \"\"\"The nodes a simple JSONPath ($.a.b[0]['c'], $.items[*].id) selects.\"\"\"",
        "    nodes = [document]",
        "    for dot, bracket in re.findall(r\"\\.([A-Za-z_$][\\w$-]*|\\*)|\\[([^\\]]+)\\]\", path[1:]):",
        "        step = dot or bracket.strip()",
        "        following = []",
        "        for node in nodes:",
        "            if step == '*':",
        "                if isinstance(node, dict):",
        "                    following += list(node.values())",
        "                elif isinstance(node, list):",
        "                    following += list(node)",
        "            elif isinstance(node, list) and re.fullmatch(r'-?\\d+', step):",
        "                index = int(step)",
        "                if -len(node) <= index < len(node):",
        "                    following.append(node[index])",
        "            elif isinstance(node, dict):",
        "                key = step.strip(\"'\\\"\") if not dot else step",
        "                if key in node:",
        "                    following.append(node[key])",
        "        nodes = following",
        "    return nodes",
        "",
        "",
        "def json_type(value):",
        "    if value is None: return 'null'",
        "    if isinstance(value, bool): return 'boolean'",
        "    if isinstance(value, int): return 'integer'",
        "    if isinstance(value, float): return 'integer' if value.is_integer() else 'number'",
        "    if isinstance(value, str): return 'string'",
        "    return 'array' if isinstance(value, list) else 'object'",
        "",
        "",
        "def body_json(response):",
        "    try:",
        "        return response.json()",
        "    except ValueError:",
        "        return None",
        "",
    ]
}
