#!/usr/bin/env python3
"""A WebSocket server on the `websockets` package (PyPI), a peer nobody here wrote.

Every protocol decision (the handshake, framing, masking checks, UTF-8, the close
handshake, permessage-deflate as RFC 7692 has it) is the package's; this file only
routes paths.

Usage:
    python3 websockets_server.py PORT

Binds 127.0.0.1:PORT (0: any free port, printed as the first line) and serves until its
stdin reaches EOF.

Paths:
    /echo            every message back, same kind (permessage-deflate offered by default)
    /plain           the same, compression refused
    /close/CODE      closes at once with CODE and reason "closing as asked"
    /bytes/N         one binary message of N bytes (i % 251), then a close (1000)
    /protocols       chooses subprotocol chat.v2 when offered, says which it chose, closes
"""
import asyncio
import sys
import threading

from websockets.asyncio.server import serve


async def handler(ws):
    path = ws.request.path
    if path in ("/echo", "/plain"):
        async for message in ws:
            await ws.send(message)
    elif path.startswith("/close/"):
        await ws.close(int(path.rsplit("/", 1)[1]), "closing as asked")
    elif path.startswith("/bytes/"):
        count = int(path.rsplit("/", 1)[1])
        await ws.send(bytes(i % 251 for i in range(count)))
        await ws.close(1000)
    elif path == "/protocols":
        await ws.send(ws.subprotocol or "none")
        await ws.close(1000)
    else:
        await ws.close(1008, "no such path")


def select_subprotocol(connection, subprotocols):
    return "chat.v2" if "chat.v2" in subprotocols else None


async def main(port):
    stop = asyncio.get_running_loop().create_future()
    loop = asyncio.get_running_loop()
    # The test process holds stdin open; its end is ours.
    threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set_result, None)), daemon=True).start()

    def process_request(connection, request):
        # /plain refuses permessage-deflate by dropping the offer before it is negotiated.
        if request.path == "/plain":
            del request.headers["Sec-WebSocket-Extensions"]
        return None

    async with serve(handler, "127.0.0.1", port, max_size=32 * 1024 * 1024,
                     select_subprotocol=select_subprotocol, process_request=process_request) as server:
        print(server.sockets[0].getsockname()[1], flush=True)
        await stop


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
