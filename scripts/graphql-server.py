#!/usr/bin/env python3
"""A small bookshop GraphQL server the GraphQL tests call: a server whose GraphQL
machinery (parsing, validation, execution, introspection, the graphql-transport-ws
and GraphQL-over-SSE transports) is Strawberry's and graphql-core's, served by uvicorn.

    scripts/graphql-server.py PORT [--token TOKEN]

Serves on 127.0.0.1:PORT (PORT 0 picks a free port):
  POST /graphql  GraphQL over HTTP (application/json); GET /graphql?query=... too
  POST /graphql  with `Accept: text/event-stream`: an operation over SSE (graphql-sse's
                 distinct connections mode: events `next` with the result as data,
                 then `complete`); with `Accept: multipart/mixed;subscriptionSpec=1.0`
                 a subscription over multipart HTTP
  ws://127.0.0.1:PORT/graphql  subscriptions over graphql-transport-ws
Introspection is on. With --token T every HTTP request needs `Authorization: Bearer T`
(else 401), and a WebSocket needs it in the upgrade request's headers or in the
connection_init payload ({"Authorization": "Bearer T"}), else it is closed with 4403.
Prints `listening on http://127.0.0.1:PORT/graphql` once it accepts connections and
stops cleanly on SIGTERM or SIGINT. The data is fixed: every run answers the same.
`--print-schema` prints the schema's SDL and exits (scripts/graphql-server.graphql).
"""

from __future__ import annotations

import argparse
import asyncio
import enum
import json
import signal
import sys
from collections.abc import AsyncGenerator
from typing import Annotated, Optional, Union

import strawberry
import uvicorn
from strawberry.asgi import GraphQL
from strawberry.exceptions import ConnectionRejectionError
from strawberry.subscriptions import (
    GRAPHQL_SSE_PROTOCOL,
    GRAPHQL_TRANSPORT_WS_PROTOCOL,
    MULTIPART_SUBSCRIPTION_PROTOCOL,
)
from strawberry.types import Info


@strawberry.enum(description="The shelf a book stands on.")
class Genre(enum.Enum):
    FICTION = strawberry.enum_value("FICTION", description="Novels and stories.")
    SCIENCE = strawberry.enum_value("SCIENCE", description="Books about how the world works.")
    HISTORY = strawberry.enum_value("HISTORY", description="Books about what happened.")
    POETRY = strawberry.enum_value("POETRY", description="Verse.")


@strawberry.interface(description="Something with an id that `node` can fetch.")
class Node:
    id: strawberry.ID = strawberry.field(description="The object's stable id.")


@strawberry.type(description="Someone who wrote books in the shop.")
class Author(Node):
    name: str = strawberry.field(description="The author's full name.")
    born: Optional[int] = strawberry.field(description="The year the author was born, if known.")

    @strawberry.field(description="The books by this author, in id order.")
    def books(self) -> list[Book]:
        return [b for b in BOOKS if b.author_id == self.id]


@strawberry.type(description="A book on sale in the shop.")
class Book(Node):
    title: str = strawberry.field(description="The book's title.")
    genre: Optional[Genre] = strawberry.field(description="The book's genre, if it has one.")
    isbn13: Optional[str] = strawberry.field(description="The 13-digit ISBN.")
    isbn10: Optional[str] = strawberry.field(
        description="The 10-digit ISBN.",
        deprecation_reason="Use isbn13: ten-digit ISBNs are no longer issued.",
    )
    price_cents: int = strawberry.field(description="The price in euro cents.")
    author_id: strawberry.Private[str]

    @strawberry.field(description="Who wrote the book.")
    def author(self) -> Author:
        return AUTHORS[self.author_id]


@strawberry.type(description="The person the request's token belongs to.")
class User:
    id: strawberry.ID = strawberry.field(description="The user's id.")
    name: str = strawberry.field(description="The user's display name.")
    email: str = strawberry.field(description="The user's e-mail address.")


SearchResult = Annotated[
    Union[Book, Author],
    strawberry.union("SearchResult", description="A book or an author that a search found."),
]


@strawberry.input(description="What `addBook` needs to put a book on sale.")
class BookInput:
    title: str = strawberry.field(description="The new book's title.")
    author_id: strawberry.ID = strawberry.field(description="The id of an existing author.")
    genre: Optional[Genre] = strawberry.field(default=strawberry.UNSET, description="The book's genre.")


AUTHORS: dict[str, Author] = {
    a.id: a
    for a in [
        Author(id=strawberry.ID("author-1"), name="Ursula K. Le Guin", born=1929),
        Author(id=strawberry.ID("author-2"), name="Carl Sagan", born=1934),
        Author(id=strawberry.ID("author-3"), name="Mary Beard", born=1955),
    ]
}

INITIAL_BOOKS = [
    ("book-1", "The Left Hand of Darkness", Genre.FICTION, "author-1", "9780441478125", "0441478123", 1099),
    ("book-2", "The Dispossessed", Genre.FICTION, "author-1", "9780061054884", "0061054887", 1250),
    ("book-3", "Cosmos", Genre.SCIENCE, "author-2", "9780345539434", "0345539435", 1800),
    ("book-4", "Pale Blue Dot", Genre.SCIENCE, "author-2", "9780345376596", "0345376595", 1699),
    ("book-5", "SPQR", Genre.HISTORY, "author-3", "9781631492228", "163149222X", 2000),
]

BOOKS: list[Book] = [
    Book(id=strawberry.ID(i), title=t, genre=g, author_id=a, isbn13=i13, isbn10=i10, price_cents=p)
    for (i, t, g, a, i13, i10, p) in INITIAL_BOOKS
]

# Every running bookAdded subscription's queue.
BOOK_ADDED: set[asyncio.Queue[Book]] = set()

ME = User(id=strawberry.ID("user-1"), name="Tern Tester", email="tester@example.com")


@strawberry.type(description="What can be read.")
class Query:
    @strawberry.field(description="Books in id order, at most `first`, optionally of one genre.")
    def books(
        self,
        first: Annotated[Optional[int], strawberry.argument(description="How many books at most.")] = 10,
        genre: Annotated[
            Optional[Genre], strawberry.argument(description="Only books of this genre.")
        ] = strawberry.UNSET,
    ) -> list[Book]:
        chosen = [b for b in BOOKS if not genre or b.genre == genre]
        return chosen if first is None else chosen[: max(first, 0)]

    @strawberry.field(description="The book with this id, or null.")
    def book(self, id: Annotated[strawberry.ID, strawberry.argument(description="A book's id.")]) -> Optional[Book]:
        return next((b for b in BOOKS if b.id == id), None)

    @strawberry.field(description="Books whose title and authors whose name contain `text`, ignoring case.")
    def search(
        self, text: Annotated[str, strawberry.argument(description="The text to look for.")]
    ) -> list[SearchResult]:
        needle = text.lower()
        found: list[Union[Book, Author]] = [b for b in BOOKS if needle in b.title.lower()]
        found += [a for a in AUTHORS.values() if needle in a.name.lower()]
        return found

    @strawberry.field(description="The book or author with this id, or null.")
    def node(self, id: Annotated[strawberry.ID, strawberry.argument(description="Any object's id.")]) -> Optional[Node]:
        return AUTHORS.get(id) or next((b for b in BOOKS if b.id == id), None)

    @strawberry.field(description="The author with this id, or null.")
    def author(self, id: Annotated[strawberry.ID, strawberry.argument(description="An author's id.")]) -> Optional[Author]:
        return AUTHORS.get(id)

    @strawberry.field(description="The user the request's token belongs to (null when the server runs without a token).")
    def me(self, info: Info) -> Optional[User]:
        return ME if info.context.get("token") else None


@strawberry.type(description="What can be changed.")
class Mutation:
    @strawberry.mutation(description="Puts a new book on sale and announces it to `bookAdded`.")
    def add_book(self, input: Annotated[BookInput, strawberry.argument(description="The new book.")]) -> Book:
        if input.author_id not in AUTHORS:
            raise ValueError(f"no author with id {input.author_id}")
        book = Book(
            id=strawberry.ID(f"book-{len(BOOKS) + 1}"),
            title=input.title,
            genre=input.genre or None,
            author_id=input.author_id,
            isbn13=None,
            isbn10=None,
            price_cents=0,
        )
        BOOKS.append(book)
        for queue in BOOK_ADDED:
            queue.put_nowait(book)
        return book


@strawberry.type(description="What can be watched.")
class Subscription:
    @strawberry.subscription(description="Counts down from `from` to 0, one number every 20 ms, then completes.")
    async def countdown(
        self, from_: Annotated[int, strawberry.argument(name="from", description="The first number.")]
    ) -> AsyncGenerator[int, None]:
        for n in range(from_, -1, -1):
            yield n
            if n:
                await asyncio.sleep(0.02)

    @strawberry.subscription(description="Each book `addBook` adds, as it is added.")
    async def book_added(self) -> AsyncGenerator[Book, None]:
        queue: asyncio.Queue[Book] = asyncio.Queue()
        BOOK_ADDED.add(queue)
        try:
            while True:
                yield await queue.get()
        finally:
            BOOK_ADDED.discard(queue)

    @strawberry.subscription(description='Yields 1, then fails with "the countdown broke".')
    async def failing(self) -> AsyncGenerator[int, None]:
        yield 1
        await asyncio.sleep(0.02)
        raise RuntimeError("the countdown broke")


schema = strawberry.Schema(query=Query, mutation=Mutation, subscription=Subscription)


def bearer_matches(value: Optional[str], token: str) -> bool:
    return value is not None and value.strip() == f"Bearer {token}"


class BookshopGraphQL(GraphQL):
    def __init__(self, token: Optional[str]) -> None:
        super().__init__(
            schema,
            graphql_ide=None,
            allow_queries_via_get=True,
            # Tern's WebSocket client (swift-websocket 1.6.2) writes `Origin: ws://HOST` without the port, which
            # Strawberry's same-origin check refuses; a non-browser client has no page origin to protect.
            allowed_origins=("ws://127.0.0.1",),
            subscription_protocols=(
                GRAPHQL_TRANSPORT_WS_PROTOCOL,
                GRAPHQL_SSE_PROTOCOL,
                MULTIPART_SUBSCRIPTION_PROTOCOL,
            ),
        )
        self.token = token

    async def get_context(self, request, response=None):  # noqa: ANN001, ANN201
        return {"request": request, "response": response, "token": self.token}

    async def on_ws_connect(self, context):  # noqa: ANN001, ANN201
        # UNSET: connection_ack goes without a payload.
        if self.token is None:
            return strawberry.UNSET
        if bearer_matches(context["request"].headers.get("authorization"), self.token):
            return strawberry.UNSET
        params = context.get("connection_params") or {}
        value = next((v for k, v in params.items() if k.lower() == "authorization"), None)
        if isinstance(value, str) and bearer_matches(value, self.token):
            return strawberry.UNSET
        raise ConnectionRejectionError()


def require_token(app, token: str):  # noqa: ANN001, ANN201
    """Refuses an HTTP request without `Authorization: Bearer TOKEN` with 401; lets
    WebSockets through to connection_init, where the view checks them."""

    async def guarded(scope, receive, send):  # noqa: ANN001, ANN202
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            if not bearer_matches(headers.get("authorization"), token):
                body = json.dumps({"errors": [{"message": "unauthorized"}]}).encode()
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"www-authenticate", b'Bearer realm="bookshop"'),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded


def only_graphql_path(app):  # noqa: ANN001, ANN201
    """Serves the GraphQL view at /graphql only; anything else is a 404."""

    async def routed(scope, receive, send):  # noqa: ANN001, ANN202
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["path"].rstrip("/") != "/graphql":
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await send({"type": "http.response.start", "status": 404, "headers": [(b"content-type", b"text/plain")]})
            await send({"type": "http.response.body", "body": b"not found\n"})
            return
        await app(scope, receive, send)

    return routed


class Server(uvicorn.Server):
    async def startup(self, sockets=None) -> None:  # noqa: ANN001
        await super().startup(sockets)
        if self.started:
            port = self.servers[0].sockets[0].getsockname()[1]
            print(f"listening on http://127.0.0.1:{port}/graphql", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="A bookshop GraphQL server (Strawberry on uvicorn).")
    parser.add_argument("port", type=int, nargs="?", default=0)
    parser.add_argument("--token", help="require `Authorization: Bearer TOKEN`")
    parser.add_argument("--print-schema", action="store_true", help="print the SDL and exit")
    args = parser.parse_args()
    if args.print_schema:
        sys.stdout.write(schema.as_str() + "\n")
        return
    app = only_graphql_path(BookshopGraphQL(args.token))
    if args.token is not None:
        app = require_token(app, args.token)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=args.port,
        reload=False,
        access_log=False,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=1,
    )
    # uvicorn stops gracefully on SIGTERM and SIGINT, then raises the signal again
    # for the handler that was there before it: let that one do nothing, so the
    # process ends with status 0 rather than by the signal.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: None)
    Server(config).run()


if __name__ == "__main__":
    main()
