"""The two endpoints of the http-state suite's test server, for its parser cases over the network.

    python3 cookie_server.py PORT parser.json

GET /cookie-parser?NAME answers 302 with the case's Set-Cookie fields and a Location: the case's
`sent-to` URL, else /cookie-parser-result?NAME, as the suite's own server does. GET
/cookie-parser-result... answers 200 with the Cookie field it received as its body (empty when none
came), so the client's test compares it with the case's `sent`. Binds 127.0.0.1 only; written for
Tern's tests (the suite's server is Python 2 and checks the result itself).
"""

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

with open(sys.argv[2], encoding="utf-8") as file:
    CASES = {case["test"].lower(): case for case in json.load(file)}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def answer(self, status, fields, body=b""):
        head = [f"HTTP/1.1 {status}"] + [f"{name}: {value}" for name, value in fields]
        head.append(f"Content-Length: {len(body)}")
        self.wfile.write(("\r\n".join(head) + "\r\n\r\n").encode("utf-8") + body)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/cookie-parser" and query in CASES:
            case = CASES[query]
            location = case.get("sent-to") or f"/cookie-parser-result?{query}"
            fields = [("Set-Cookie", value) for value in case["received"]] + [("Location", location)]
            self.answer("302 Found", fields)
        elif path.startswith("/cookie-parser-result"):
            # http.server reads fields as Latin-1: back to the bytes that came.
            cookie = (self.headers.get("Cookie") or "").encode("latin-1")
            self.answer("200 OK", [("Content-Type", "text/plain; charset=utf-8")], cookie)
        else:
            self.answer("404 Not Found", [], b"no such case\n")


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
