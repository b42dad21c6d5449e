#!/usr/bin/env python3
"""Records tests/web/fixtures/<name>.json from a running `tessera web` (or anything that
speaks its protocol, sdk/docs/web.md): creates a room with a human seat 0 and random bots,
joins it, and plays seat 0's moves until a legal move is one of --until (or has an id,
index or seat parameter), then keeps the `joined` message and that `update`.

  tests/web/capture_fixtures.py --port 8080 tutorial:2 catan_inca:3:5:build_road santa_maria:2:3:place

Each argument is game:players[:seed[:move,...]]. Seat 0 plays the first legal move, or one
whose move is `expand`, `roll` or `end` when offered (so a game moves on towards the wanted
move). Python 3 standard library only."""
import argparse
import base64
import json
import os
import socket
import struct
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PREFERRED = ("expand", "roll", "trade_bank", "end")


class Socket:
    """A minimal WebSocket client: text frames only, masked as a client must."""

    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.stream = self.sock.makefile("rb")
        status = self.stream.readline()
        if b" 101 " not in status:
            raise SystemExit(f"no WebSocket upgrade: {status!r}")
        while self.stream.readline() not in (b"\r\n", b""):
            pass

    def send(self, obj):
        data = json.dumps(obj).encode()
        n = len(data)
        if n < 126:
            header = bytes([0x81, 0x80 | n])
        elif n < 65536:
            header = bytes([0x81, 0x80 | 126]) + struct.pack(">H", n)
        else:
            header = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def receive(self):
        """The next text message, its fragments (continuation frames) joined."""
        message = b""
        while True:
            head = self.stream.read(2)
            final, opcode, n = head[0] & 0x80, head[0] & 0x0F, head[1] & 0x7F
            if n == 126:
                n = struct.unpack(">H", self.stream.read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self.stream.read(8))[0]
            payload = self.stream.read(n)
            if opcode == 8:
                raise SystemExit("the server closed the connection")
            if opcode in (0, 1):
                message += payload
                if final:
                    return json.loads(message)

    def receive_type(self, *types):
        while True:
            msg = self.receive()
            if msg.get("type") in types:
                return msg
            if msg.get("type") == "error":
                raise SystemExit(f"error: {msg}")


def wanted(update, until):
    for entry in update.get("legal", []):
        if until and entry.get("move") in until:
            return True
        if not until and any(p["type"] in ("id", "index", "seat") for p in entry.get("params", [])):
            return True
    return False


def capture(ws, game, players, seed, until, name, max_moves=200):
    seats = ["human"] + ["random"] * (players - 1)
    ws.send({"cmd": "create", "game": game, "players": players, "seed": seed, "seats": seats})
    created = ws.receive_type("created")
    ws.send({"cmd": "join", "room": created["room"], "token": created["seats"][0]["token"]})
    joined = ws.receive_type("joined")
    update = ws.receive_type("update")
    for _ in range(max_moves):
        if wanted(update, until) or update.get("over"):
            break
        legal = update.get("legal", [])
        if not legal:
            update = ws.receive_type("update")
            continue
        move = next((e for p in PREFERRED for e in legal if e.get("move") == p), legal[0])
        ws.send({"cmd": "act", "action": move["text"]})
        update = ws.receive_type("update")
    # The room id is the server's; a fixture names none.
    joined["room"] = update["room"] = "fixture"
    (FIXTURES / f"{name}.json").write_text(json.dumps({"messages": [joined, update]}, separators=(",", ":")))
    print(f"{name}: step {update['step']}, {len(update.get('legal', []))} legal moves")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--name", help="the fixture's name (default: the game's id); one game only")
    parser.add_argument("games", nargs="+", help="game:players[:seed[:move,...]]")
    args = parser.parse_args()
    ws = Socket(args.host, args.port)
    for spec in args.games:
        parts = spec.split(":")
        game, players = parts[0], int(parts[1])
        seed = int(parts[2]) if len(parts) > 2 and parts[2] else 3
        until = set(parts[3].split(",")) if len(parts) > 3 else set()
        capture(ws, game, players, seed, until, args.name or game)


if __name__ == "__main__":
    main()
