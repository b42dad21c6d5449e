// Entry point: the hash picks the screen. #room=R&token=T is a seat, #room=R a spectator,
// #fixture=NAME a recorded session for tests, anything else the lobby.
import { SocketTransport, FixtureTransport } from "./transport.js";
import { LobbyScreen } from "./lobby.js";
import { TableScreen } from "./table.js";

function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

let transport = null;

function start() {
  const params = hashParams();
  const root = document.getElementById("app");
  const fixture = params.get("fixture");
  if (fixture) {
    transport = new FixtureTransport(fixture);
    new TableScreen(root, transport, { room: "fixture", token: "fixture" });
    return;
  }
  if (!transport) transport = new SocketTransport(socketUrl());
  const room = params.get("room");
  if (room) {
    const screen = new TableScreen(root, transport, { room, token: params.get("token") });
    if (transport.socket && transport.socket.readyState === WebSocket.OPEN) screen.join();
  } else {
    new LobbyScreen(root, transport);
    if (transport.socket && transport.socket.readyState === WebSocket.OPEN) transport.send({ cmd: "games" });
  }
}

window.addEventListener("hashchange", start);
start();
