"""The gRPC interoperability TestService (grpc/grpc doc/interop-test-descriptions.md) on grpcio,
with no generated code: the messages come from a descriptor set (argv[2]) through protobuf's
dynamic message classes, and server reflection (grpcio-reflection, v1alpha) serves that set.

Usage: interop_server.py PORT PROTOSET [--no-reflection] [--tls CERT KEY] [--token TOKEN] [--garbage] [--web]
  --token TOKEN   every call (reflection too) needs 'authorization: Bearer TOKEN', else UNAUTHENTICATED
  --garbage       UnaryCall answers bytes that are no SimpleResponse
  --web           serve gRPC-Web over HTTP/1.1 instead, through sonora (PyPI's gRPC-Web server for
                  grpcio handlers): unary and server-streaming methods, no reflection
Binds 127.0.0.1 only.
"""
import sys
import time
from concurrent import futures

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

args = sys.argv[1:]
port, protoset = int(args[0]), args[1]
flags = args[2:]

pool = descriptor_pool.DescriptorPool()
files = descriptor_pb2.FileDescriptorSet.FromString(open(protoset, "rb").read())
for f in files.file:
    pool.Add(f)


def message(name):
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(name))


Empty = message("grpc.testing.Empty")
SimpleRequest = message("grpc.testing.SimpleRequest")
SimpleResponse = message("grpc.testing.SimpleResponse")
StreamingInputCallRequest = message("grpc.testing.StreamingInputCallRequest")
StreamingInputCallResponse = message("grpc.testing.StreamingInputCallResponse")
StreamingOutputCallRequest = message("grpc.testing.StreamingOutputCallRequest")
StreamingOutputCallResponse = message("grpc.testing.StreamingOutputCallResponse")


def echo_metadata(context):
    received = dict(context.invocation_metadata())
    initial = received.get("x-grpc-test-echo-initial")
    if initial is not None:
        context.send_initial_metadata([("x-grpc-test-echo-initial", initial)])
    trailing = received.get("x-grpc-test-echo-trailing-bin")
    if trailing is not None:
        context.set_trailing_metadata([("x-grpc-test-echo-trailing-bin", trailing)])


_by_number = {code.value[0]: code for code in grpc.StatusCode}


def status_details(code, text):
    """google.rpc.Status with an ErrorInfo among its details, as grpc-status-details-bin carries it."""
    status = message("google.rpc.Status")(code=code, message=text)
    info = message("google.rpc.ErrorInfo")(reason="TERN_TEST", domain="tern.test")
    info.metadata["asked"] = text
    detail = status.details.add()
    detail.type_url = "type.googleapis.com/google.rpc.ErrorInfo"
    detail.value = info.SerializeToString()
    return status.SerializeToString()


def check_status(request, context):
    if request.HasField("response_status") and request.response_status.code != 0:
        code, text = request.response_status.code, request.response_status.message
        # A message that starts with "details" asks for the status's details too.
        if text.startswith("details"):
            context.set_trailing_metadata([("grpc-status-details-bin", status_details(code, text))])
        context.abort(_by_number[code], text)


def empty_call(request, context):
    echo_metadata(context)
    return Empty()


def unary_call(request, context):
    echo_metadata(context)
    check_status(request, context)
    response = SimpleResponse()
    response.payload.body = b"\0" * request.response_size
    return response


def streaming_output_call(request, context):
    echo_metadata(context)
    for parameters in request.response_parameters:
        if parameters.interval_us:
            time.sleep(parameters.interval_us / 1e6)
        response = StreamingOutputCallResponse()
        response.payload.body = b"\0" * parameters.size
        yield response
    check_status(request, context)


def streaming_input_call(requests, context):
    echo_metadata(context)
    total = sum(len(request.payload.body) for request in requests)
    return StreamingInputCallResponse(aggregated_payload_size=total)


def full_duplex_call(requests, context):
    echo_metadata(context)
    for request in requests:
        check_status(request, context)
        for parameters in request.response_parameters:
            if parameters.interval_us:
                time.sleep(parameters.interval_us / 1e6)
            response = StreamingOutputCallResponse()
            response.payload.body = b"\0" * parameters.size
            yield response


def half_duplex_call(requests, context):
    kept = list(requests)
    for request in kept:
        for parameters in request.response_parameters:
            response = StreamingOutputCallResponse()
            response.payload.body = b"\0" * parameters.size
            yield response


garbage = "--garbage" in flags
handlers = {
    "EmptyCall": grpc.unary_unary_rpc_method_handler(
        empty_call, Empty.FromString, Empty.SerializeToString),
    "UnaryCall": grpc.unary_unary_rpc_method_handler(
        unary_call, SimpleRequest.FromString,
        (lambda response: b"\x0a\xff\xff\xff\xff\x0f") if garbage else SimpleResponse.SerializeToString),
    "CacheableUnaryCall": grpc.unary_unary_rpc_method_handler(
        unary_call, SimpleRequest.FromString, SimpleResponse.SerializeToString),
    "StreamingOutputCall": grpc.unary_stream_rpc_method_handler(
        streaming_output_call, StreamingOutputCallRequest.FromString,
        StreamingOutputCallResponse.SerializeToString),
    "StreamingInputCall": grpc.stream_unary_rpc_method_handler(
        streaming_input_call, StreamingInputCallRequest.FromString,
        StreamingInputCallResponse.SerializeToString),
    "FullDuplexCall": grpc.stream_stream_rpc_method_handler(
        full_duplex_call, StreamingOutputCallRequest.FromString,
        StreamingOutputCallResponse.SerializeToString),
    "HalfDuplexCall": grpc.stream_stream_rpc_method_handler(
        half_duplex_call, StreamingOutputCallRequest.FromString,
        StreamingOutputCallResponse.SerializeToString),
}


class TokenCheck(grpc.ServerInterceptor):
    def __init__(self, token):
        self.expected = "Bearer " + token

        def deny(request, context):
            context.abort(grpc.StatusCode.UNAUTHENTICATED, "a bearer token is needed")

        self.deny = deny

    def intercept_service(self, continuation, details):
        if dict(details.invocation_metadata).get("authorization") == self.expected:
            return continuation(details)
        handler = continuation(details)
        if handler is None:
            return None
        if handler.request_streaming and handler.response_streaming:
            return grpc.stream_stream_rpc_method_handler(lambda r, c: self.deny(r, c))
        if handler.request_streaming:
            return grpc.stream_unary_rpc_method_handler(self.deny)
        if handler.response_streaming:
            return grpc.unary_stream_rpc_method_handler(lambda r, c: self.deny(r, c))
        return grpc.unary_unary_rpc_method_handler(self.deny)


if "--web" in flags:
    from socketserver import ThreadingMixIn
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

    from sonora.wsgi import grpcWSGI

    class ThreadingServer(ThreadingMixIn, WSGIServer):
        daemon_threads = True

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    application = grpcWSGI(None)
    application.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler("grpc.testing.TestService", handlers),))
    make_server("127.0.0.1", port, application, server_class=ThreadingServer,
                handler_class=QuietHandler).serve_forever()
    sys.exit(0)

interceptors = []
if "--token" in flags:
    interceptors.append(TokenCheck(flags[flags.index("--token") + 1]))
server = grpc.server(futures.ThreadPoolExecutor(max_workers=8), interceptors=interceptors)
server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("grpc.testing.TestService", handlers),))
if "--no-reflection" not in flags:
    from grpc_reflection.v1alpha import reflection

    reflection.enable_server_reflection(["grpc.testing.TestService", reflection.SERVICE_NAME], server, pool=pool)
if "--tls" in flags:
    at = flags.index("--tls")
    key = open(flags[at + 2], "rb").read()
    chain = open(flags[at + 1], "rb").read()
    server.add_secure_port("127.0.0.1:%d" % port, grpc.ssl_server_credentials([(key, chain)]))
else:
    server.add_insecure_port("127.0.0.1:%d" % port)
server.start()
server.wait_for_termination()
