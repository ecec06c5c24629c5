# grpcurl commands as READMEs write them (written for Tern's tests).
grpcurl -plaintext -d '{"name": "world"}' -H 'authorization: Bearer t0k3n' localhost:50051 helloworld.Greeter/SayHello
grpcurl -insecure -import-path protos -proto echo.proto -max-time 5 \
  -d '{"ping": "a"} {"ping": "b"}' api.example.com:443 echo.v1.EchoService.Chat
$ grpcurl -protoset descriptors.pb -rpc-header 'x-trace: 1' -connect-timeout 3 grpc.example.com:8443 pkg.Svc/Get
