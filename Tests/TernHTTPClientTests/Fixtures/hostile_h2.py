"""A hostile HTTP/2 server over TLS for Tern's tests, on 127.0.0.1.

    python3 hostile_h2.py PORT BEHAVIOUR CERT.pem KEY.pem

It accepts TLS with ALPN h2, answers the client's preface with SETTINGS, then:
- continuation: answers the first request with HEADERS without END_HEADERS, then CONTINUATION
  frames of 16 KiB without end;
- settings: sends SETTINGS frames without end.
Each connection stops after 2 GiB or when the client goes away. Prints "listening" when ready.
"""

import socket
import ssl
import struct
import sys
import threading

PORT, BEHAVIOUR, CERT, KEY = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
LIMIT = 2 << 30

context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(CERT, KEY)
context.set_alpn_protocols(["h2"])


def frame(kind, flags, stream, payload):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def serve(raw):
    try:
        connection = context.wrap_socket(raw, server_side=True)
        connection.recv(65536)
        connection.sendall(frame(4, 0, 0, b""))
        sent = 0
        if BEHAVIOUR == "settings":
            flood = frame(4, 0, 0, b"\x00\x03\x00\x00\x00\x64" * 100)
            while sent < LIMIT:
                connection.sendall(flood)
                sent += len(flood)
        elif BEHAVIOUR == "continuation":
            connection.recv(65536)
            connection.sendall(frame(1, 0, 1, b"\x88"))
            flood = frame(9, 0, 1, (b"\x00\x01a\x01b" * 3300)[:16384])
            while sent < LIMIT:
                connection.sendall(flood)
                sent += len(flood)
    except OSError:
        pass
    finally:
        raw.close()


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", PORT))
listener.listen(8)
print("listening", flush=True)
while True:
    client, _ = listener.accept()
    threading.Thread(target=serve, args=(client,), daemon=True).start()
