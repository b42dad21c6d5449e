#!/usr/bin/env python3
"""Games played by clicking in headless Chromium against a real `tessera web`.

  test_play.py TESSERA [SCREENSHOT_DIR]

- A whole tutorial game by one human against a random bot, created from the lobby; then
  its replay stepped back and forth.
- Sardinia, Santa Maria, CATAN and Madeira: 20 human moves each by clicking.
- Two browsers on two seats of one CATAN game: every WebSocket frame each receives is read,
  and neither ever holds the other's hidden cards; the time from a click in one browser to
  the move drawn in the other is measured (p95 printed); a reload resumes the seat; the
  server stopped and started again on the same port resumes the game.
- A house rule judged from the lobby: the compare report shown in its frame, with its plots.
Exits 77 (skipped) without Chromium or Selenium."""
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import By, check, finish, start_browser  # noqa: E402 (exits 77 without a browser)
from table_driver import (Server, create_game, move_by_clicking, my_turn, open_seat, play_moves,  # noqa: E402
                          step_of, text_of, wait_for)

TESSERA = sys.argv[1]
SHOTS = Path(sys.argv[2]) if len(sys.argv) > 2 else None


def check_whole_tutorial_game(driver, server, rng):
    links, _ = create_game(driver, server, "tutorial", 2, ["human", "random"])
    open_seat(driver, links[0])
    made, ways = play_moves(driver, rng, 10_000, "tutorial")
    outcome = wait_for("the outcome", lambda: text_of(driver, "outcome"), 30)
    print(f"tutorial: a whole game, {made} human moves ({ways['board']} on the board, {ways['list']} from the list); "
          f"{outcome.splitlines()[0] if outcome else ''}", flush=True)
    check(ways["board"] > 0, "tutorial: no move was made on the board")
    check("Game over" in text_of(driver, "prompt"), "tutorial: the prompt does not say the game is over")
    last = step_of(driver)
    driver.find_element(By.ID, "replay-open").click()
    wait_for("the replay bar", lambda: driver.find_elements(By.ID, "replay-back"))
    for button, step in (("replay-back", last - 1), ("replay-back", last - 2), ("replay-forward", last - 1)):
        driver.execute_script("document.getElementById(arguments[0]).click()", button)
        wait_for(f"step {step} of the replay", lambda: step_of(driver) == step)
    check("replay" in text_of(driver, "prompt"), "tutorial: a replayed step is not marked as one")
    print(f"tutorial: the replay stepped back to {last - 2} and forward to {last - 1}", flush=True)


def check_twenty_moves(driver, server, rng, game, players):
    """20 human moves by clicking; a game that ends sooner (random play can end Santa Maria
    in 17 steps) is followed by another."""
    seats = ["human"] + ["random"] * (players - 1)
    made, ways, games = 0, {"board": 0, "list": 0}, 0
    while made < 20 and games < 5:
        links, _ = create_game(driver, server, game, players, seats)
        open_seat(driver, links[0])
        more, how = play_moves(driver, rng, 20 - made, game)
        made, games = made + more, games + 1
        ways = {k: ways[k] + how[k] for k in ways}
    print(f"{game}: {made} human moves in {games} game(s) ({ways['board']} on the board, {ways['list']} from the "
          f"list), step {step_of(driver)}", flush=True)
    check(made >= 20, f"{game}: only {made} human moves were made")
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / f"{game}-live.png"))


def frames(driver):
    """The JSON of the WebSocket frames the page received since the last call."""
    out = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.webSocketFrameReceived":
            try:
                out.append(json.loads(message["params"]["response"]["payloadData"]))
            except ValueError:
                pass
    return out


def leaks(frame, seat):
    """What of another seat's hidden cards a frame holds (empty when nothing)."""
    found = []
    view = frame.get("view") or {}
    for name, comp in (view.get("global") or {}).items():
        if comp.get("kind") == "supply" and comp.get("visibility") == "owner":
            for s, holding in enumerate(comp.get("holdings") or []):
                if s != seat and holding is not None:
                    found.append(f"{name} holdings of seat {s}")
    for s, comps in enumerate(view.get("seats") or []):
        if s == seat:
            continue
        for name, comp in (comps or {}).items():
            if comp.get("kind") == "hand" and comp.get("visibility") != "public":
                # "revealed" tells, card by card, which are face up: the others must not be sent.
                revealed = comp.get("revealed", [])
                shown = [c for i, c in enumerate(comp.get("cards", []))
                         if c is not None and not (i < len(revealed) and revealed[i])]
                if shown:
                    found.append(f"seat {s}'s {name}: {shown}")
    return found


def watch_steps(driver):
    """Keeps, in the page, when each step was drawn and when each message was sent (both by
    the machine's wall clock, which the two browsers share). A step counts as drawn after the
    frame that shows it: a task queued from the next animation frame runs after its paint."""
    driver.execute_script(
        "window.stepTimes = {}; window.sentTimes = [];"
        "new MutationObserver(() => { const step = document.body.dataset.step;"
        "  requestAnimationFrame(() => setTimeout(() => { window.stepTimes[step] = Date.now(); })); })"
        ".observe(document.body, {attributes: true, attributeFilter: ['data-step']});"
        "const send = WebSocket.prototype.send;"
        "WebSocket.prototype.send = function (data) { window.sentTimes.push([Date.now(), String(data)]);"
        "  return send.call(this, data); };")


def act_sent_at(driver):
    return driver.execute_script(
        "const acts = window.sentTimes.filter(([, d]) => d.includes('\"act\"')); return acts.length ? acts.pop()[0] : null")


def check_two_browsers_on_catan(driver, server_dir, rng):
    server = Server(TESSERA, server_dir)
    links, _ = create_game(driver, server, "catan_inca", 3, ["human", "human", "random"])
    a, b = start_browser(record_websocket=True), start_browser(record_websocket=True)
    try:
        open_seat(a, links[0])
        open_seat(b, links[1])
        watch_steps(a)
        watch_steps(b)
        received = {0: [], 1: []}
        latencies = []
        moves = 0
        deadline = time.time() + 120
        while moves < 40 and time.time() < deadline:
            for seat, me, other in ((0, a, b), (1, b, a)):
                received[seat] += frames(me)
                if not my_turn(me):
                    continue
                before = step_of(me)
                way = move_by_clicking(me, rng)
                if way == "none":
                    continue
                moves += 1
                # From the message that made the move to its step drawn in the other browser.
                sent = act_sent_at(me)
                seen = wait_for("the move in the other browser",
                                lambda: other.execute_script("return window.stepTimes[arguments[0]]", str(before + 1)))
                latencies.append(seen - sent)
            time.sleep(0.02)
        received[0] += frames(a)
        received[1] += frames(b)
        check(moves >= 20, f"catan_inca: only {moves} moves by the two browsers")
        updates = {s: [f for f in received[s] if f.get("type") == "update"] for s in received}
        for seat in (0, 1):
            check(len(updates[seat]) > moves, f"catan_inca: seat {seat}'s browser heard {len(updates[seat])} updates")
            hidden = sum(1 for f in updates[seat] for h in (f["view"]["global"]["cards"]["holdings"]) if h is None)
            check(hidden >= len(updates[seat]) * 2, f"catan_inca: seat {seat}'s updates do not hide the others' cards")
            leaked = [l for f in updates[seat] for l in leaks(f, seat)]
            check(not leaked, f"catan_inca: seat {seat}'s browser received hidden cards: {leaked[:3]}")
        print(f"catan_inca: two browsers, {moves} clicked moves, {len(updates[0])} + {len(updates[1])} updates "
              f"read off the WebSocket, no hidden card of the other seat in any",
              flush=True)
        if latencies:
            latencies.sort()
            p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
            print(f"catan_inca: click in one browser to drawn in the other: median {statistics.median(latencies):.0f} ms, "
                  f"p95 {p95:.0f} ms over {len(latencies)} moves", flush=True)

        # A reload resumes the seat.
        step = step_of(a)
        a.refresh()
        wait_for("the seat after a reload", lambda: step_of(a) == step)
        check("red" in a.find_element(By.CSS_SELECTOR, "header h1").text.lower() or
              "seat 0" in a.find_element(By.CSS_SELECTOR, "header h1").text.lower(),
              f"catan_inca: the reloaded page is not seat 0's: {a.find_element(By.CSS_SELECTOR, 'header h1').text}")

        # The server stopped and started again on its port: both pages come back to the game.
        port = server.port
        server.stop()
        server = Server(TESSERA, server_dir, port)
        wait_for("seat 0 back after the restart", lambda: a.find_element(By.CSS_SELECTOR, ".status").text == "connected", 30)
        wait_for("the game after the restart", lambda: step_of(a) == step, 15)
        mover = a if my_turn(a) else b if my_turn(b) else None
        if mover is not None:
            before = step_of(mover)
            move_by_clicking(mover, rng)
            wait_for("a move after the restart", lambda: step_of(mover) != before)
        print(f"catan_inca: a reload and a server restart resumed the game at step {step}", flush=True)
    finally:
        a.quit()
        b.quit()
        server.stop()


def check_compare_in_the_page(driver, server):
    """The lobby's "Judge a house rule" form: the tutorial with patronage, 200 games per arm;
    the report's summary, table and plots appear in the page's frame."""
    driver.get(server.url)
    wait_for("the compare form", lambda: driver.find_elements(By.CSS_SELECTOR, '#compare-game option[value="tutorial"]'))
    driver.execute_script(
        "const s = document.getElementById('compare-game'); s.value = 'tutorial';"
        "s.dispatchEvent(new Event('change', {bubbles: true}));")
    driver.find_element(By.ID, "compare-start").click()
    wait_for("the refusal of no variant", lambda: "at least one variant" in text_of(driver, "compare-status"))
    driver.find_element(By.CSS_SELECTOR, '.compare-variant[value="patronage"]').click()
    driver.find_element(By.ID, "compare-start").click()
    frame = wait_for("the compare report", lambda: driver.find_elements(By.ID, "compare-frame"), 60)[0]
    status = text_of(driver, "compare-status")
    check("200 games per arm of tutorial" in status, f"compare: the status says {status!r}")
    check(frame.get_attribute("sandbox") == "", "compare: the report's frame is not sandboxed without permissions")
    driver.switch_to.frame(frame)
    try:
        summary = driver.find_element(By.TAG_NAME, "body").text
        plots = len(driver.find_elements(By.CSS_SELECTOR, "svg"))
        rows = len(driver.find_elements(By.CSS_SELECTOR, "table tr"))
        scripts = len(driver.find_elements(By.CSS_SELECTOR, "script"))
    finally:
        driver.switch_to.default_content()
    print(f"compare in the page: {status}; {rows} table rows, {plots} plots", flush=True)
    check("Summary" in summary and "patronage" in summary.split("Summary", 1)[1][:400],
          f"compare: the report's summary does not name the variant: {summary[:300]!r}")
    check(plots >= 4, f"compare: the report shows {plots} plots, not 4")
    check(rows > 5, f"compare: the report's table has {rows} rows")
    check(scripts == 0, "compare: the report holds a script")
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.execute_script("document.getElementById('compare-frame').scrollIntoView()")
        driver.save_screenshot(str(SHOTS / "compare-in-page.png"))


def main():
    started = time.time()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="tessera-web-") as state_dir:
        server = Server(TESSERA, state_dir)
        driver = start_browser()
        try:
            check_whole_tutorial_game(driver, server, rng)
            check_compare_in_the_page(driver, server)
            for game, players in (("sardinia", 2), ("santa_maria", 2), ("catan_inca", 3), ("madeira", 2)):
                check_twenty_moves(driver, server, rng, game, players)
        finally:
            server.stop()
        try:
            check_two_browsers_on_catan(driver, state_dir + "/catan", rng)
        finally:
            driver.quit()
    print(f"{time.time() - started:.1f} s")
    finish()


if __name__ == "__main__":
    main()
