#!/usr/bin/env bash
# Regenerates the committed Swift code of the gRPC reflection service's messages (v1; v1alpha is the same on the wire) in
# Sources/TernProtobuf/Generated from Sources/TernProtobuf/Protos (Apache-2.0, from grpc/grpc-proto).
# The code is generated once and committed: building swift-protobuf's plugin takes minutes, so a build
# of Tern never runs it. Needs protoc (Debian's protobuf-compiler) and PROTOC_GEN_SWIFT, the plugin
# built from apple/swift-protobuf 1.39.0 (`swift build -c release --product protoc-gen-swift` in a clone).
set -euo pipefail
cd "$(dirname "$0")/.."
plugin=${PROTOC_GEN_SWIFT:?set PROTOC_GEN_SWIFT to the protoc-gen-swift plugin}
out=Sources/TernProtobuf/Generated
# v1alpha has the same messages under another package (the wire is the same): only v1 is generated.
for version in v1; do
    protoc --plugin=protoc-gen-swift="$plugin" --swift_opt=Visibility=Internal \
        --swift_opt=FileNaming=PathToUnderscores -I Sources/TernProtobuf/Protos \
        --swift_out="$out" "grpc/reflection/$version/reflection.proto"
done

# Generated code keeps its generator's layout: swift-format and the line-length check pass over it.
for file in "$out"/*.pb.swift; do
    sed -i '1i // swift-format-ignore-file' "$file"
done
