#!/usr/bin/env python3
"""The browser board in headless Chromium, fed recorded server messages.

Serves the repository over HTTP, opens web/index.html#fixture=<name> for each fixture in
tests/web/fixtures (the page replays the messages and records what it sends in
window.tesseraSent), and checks that every game's board draws, that legal moves' targets
are highlighted, that clicks send exactly the right `act`, and that other seats' hidden
cards are counts. Writes a PNG of each board to build/web-screenshots/.

Needs Debian's chromium, chromium-driver, python3-selenium and python3-yaml
(tools/install_deps.sh --browser); exits 77 (skipped) without them."""
import functools
import http.server
import json
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "web" / "fixtures"
SHOTS = Path(os.environ.get("TESSERA_SCREENSHOTS", ROOT / "build" / "web-screenshots"))

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import By, check, click, finish, start_browser  # noqa: E402 (exits 77 without a browser)
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402

try:
    import yaml  # the fixtures' layouts are checked against data/<game>/web.yaml
except ImportError:
    print("skipped: python3-yaml is not installed")
    sys.exit(77)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve_repository():
    handler = functools.partial(QuietHandler, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Page:
    def __init__(self, driver, base):
        self.driver, self.base = driver, base

    def open(self, fixture):
        self.driver.get("about:blank")
        self.driver.get(f"{self.base}/web/index.html#fixture={fixture}")
        deadline = time.time() + 10
        while time.time() < deadline:
            if self.driver.execute_script("return document.body.dataset.step !== undefined"):
                return
            time.sleep(0.05)
        raise AssertionError(f"{fixture}: the page never drew an update; console: {self.console()}")

    def console(self):
        return [entry["message"] for entry in self.driver.get_log("browser")]

    def count(self, css):
        return len(self.driver.find_elements(By.CSS_SELECTOR, css))

    def part(self, component, part, key):
        for node in self.driver.find_elements(By.CSS_SELECTOR, f'[data-component="{component}"][data-part="{part}"]'):
            if key in json.loads(node.get_attribute("data-keys") or "[]"):
                return node
        raise AssertionError(f"no {part} {key!r} of {component}")

    def sent(self):
        return self.driver.execute_script("return window.tesseraSent")

    def acts(self):
        return [m["action"] for m in self.sent() if m.get("cmd") == "act"]

    def click(self, node):
        click(self.driver, node)

    def attached(self, node):
        """Whether an element found earlier is still in the page (not drawn anew)."""
        try:
            return self.driver.execute_script("return arguments[0].isConnected", node)
        except StaleElementReferenceException:
            return False




def load(name):
    return json.loads((FIXTURES / f"{name}.json").read_text())


def update_of(name):
    return next(m for m in load(name)["messages"] if m["type"] == "update")


def check_every_board_draws(page, names):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name in names:
        page.open(name)
        update = update_of(name)
        drawn = [c for c in update["view"].get("global", {}).values() if c.get("kind") != "flow"]
        check(page.count("#board svg") >= 1, f"{name}: the board has no SVG")
        errors = [m for m in page.console() if "SEVERE" in m or "Error" in m]
        check(not errors, f"{name}: console errors {errors}")
        check(page.count("#moves button.move") == len(update["legal"]), f"{name}: the move list is not the legal moves")
        for comp_name, comp in update["view"].get("global", {}).items():
            kind = comp.get("kind")
            selector = f'figure[data-component="{comp_name}"]'
            hidden = comp_name in (load(name)["messages"][0].get("layout") or {}).get("hide", [])
            if kind == "flow" or hidden:
                continue
            check(page.count(selector) == 1, f"{name}: {comp_name} ({kind}) is not drawn")
            if kind == "hex_map":
                check(page.count(f'[data-component="{comp_name}"][data-part="hex"]') == len(comp["hexes"]),
                      f"{name}: {comp_name} draws a wrong number of hexes")
            if kind == "track":
                check(page.count(f'[data-component="{comp_name}"][data-part="space"]') == comp["length"],
                      f"{name}: {comp_name} draws a wrong number of spaces")
            if kind == "graph_board":
                check(page.count(f'[data-component="{comp_name}"][data-part="space"]') == len(comp["spaces"]),
                      f"{name}: {comp_name} draws a wrong number of spaces")
            if kind == "market":
                cards = sum(1 for row in comp["rows"] for c in row if c)
                check(page.count(f'{selector} .card') == cards, f"{name}: {comp_name} draws a wrong number of cards")
            if kind == "dice_pool":
                check(page.count(f'[data-component="{comp_name}"][data-part="die"]') == len(comp["dice"]),
                      f"{name}: {comp_name} draws a wrong number of dice")
        check(len(drawn) > 0, f"{name}: nothing to draw")
        # The whole page, not only the window: grow the window to the document first.
        for _ in range(2):  # a taller window can reflow the page: measure again
            height = page.driver.execute_script("return document.documentElement.scrollHeight")
            page.driver.set_window_size(1500, min(max(height + 140, 1100), 4000))
        page.driver.save_screenshot(str(SHOTS / f"{name}.png"))
        page.driver.set_window_size(1500, 1100)


def check_layout_hints_name_real_components(names):
    # A web.yaml naming a component the view lacks is a typo the page would silently ignore.
    for name in names:
        joined, update = load(name)["messages"][:2]
        layout = joined.get("layout") or {}
        view = update["view"]
        known = set(view.get("global", {}))
        for seat in view.get("seats", []):
            known |= set(seat or {})
        components = layout.get("components", {})
        named = set(layout.get("board", [])) | set(layout.get("hide", [])) | {n for n in components if "*" not in n}
        for hint in layout.get("targets", {}).values():
            named.add(hint.get("component"))
        for clicks in layout.get("moves", {}).values():
            named |= {hint.get("component") for hint in clicks}
        named |= {hint["facts"].get("component") for hint in components.values() if "facts" in hint}
        unknown = sorted(n for n in named - known if n is not None)
        check(not unknown, f"{name}: web.yaml names components the view does not have: {unknown}")
        # A pattern (`expedition_*`) that matches no component is a typo too.
        for pattern in (n for n in components if "*" in n):
            before, after = pattern.split("*", 1)
            check(any(k.startswith(before) and k.endswith(after) for k in known),
                  f"{name}: web.yaml's {pattern!r} matches no component")


def check_fixture_layouts_are_web_yaml(names):
    # A fixture records the server's `joined`, whose layout is data/<game>/web.yaml: one
    # recorded before the file changed would test hints the game no longer has.
    for name in names:
        joined = load(name)["messages"][0]
        path = ROOT / "data" / joined.get("game", "") / "web.yaml"
        if not path.exists():  # a game made by `tessera new-game`, outside this tree
            continue
        expected = json.loads(json.dumps(yaml.safe_load(path.read_text())))
        check(joined.get("layout") == expected,
              f"{name}: the fixture's layout is not {path.relative_to(ROOT)}: record it again (tests/web/README.md)")


def check_tutorial_clicks(page):
    page.open("tutorial")
    dice = page.driver.find_elements(By.CSS_SELECTOR, '[data-component="dice"][data-part="die"].target')
    check(len(dice) == 3, f"tutorial: {len(dice)} dice highlighted, not 3")
    page.click(page.part("dice", "die", "0"))
    slots = page.driver.find_elements(By.CSS_SELECTOR, '[data-component="market"][data-part="slot"].target')
    check(len(slots) == 4, f"tutorial: after die 0, {len(slots)} market slots highlighted, not 4")
    choices = [b.text for b in page.driver.find_elements(By.CSS_SELECTOR, "#choices button.choice")]
    check(any("Work with die 0" in c for c in choices), f"tutorial: no 'work 0' button after die 0: {choices}")
    check(page.acts() == [], "tutorial: a move was sent before the clicks decided it")
    page.click(page.part("market", "slot", "2"))
    check(page.acts() == ["buy 0 2"], f"tutorial: die 0 then slot 2 sent {page.acts()}, not ['buy 0 2']")


def check_catan_clicks(page):
    page.open("catan_inca")
    update = update_of("catan_inca")
    roads = [e["text"].split(" ")[1] for e in update["legal"] if e["move"] == "build_road"]
    targets = [n.get_attribute("data-key") for n in
               page.driver.find_elements(By.CSS_SELECTOR, '[data-component="board"][data-part="edge"].target')]
    check(sorted(targets) == sorted(roads), f"catan_inca: highlighted edges {targets} are not the roads {roads}")
    page.click(page.part("board", "edge", roads[0]))
    check(page.acts() == [f"build_road {roads[0]}"], f"catan_inca: an edge click sent {page.acts()}")


def check_redraw_keeps_unchanged_parts(page):
    # A second update with one more settlement: the map redraws that corner only, in place;
    # its other sites and the unchanged components keep their elements, and clicks still
    # reach the parts of both. A third update that changes the map's shape (one more hex)
    # draws the map anew.
    page.open("catan_inca")
    update = update_of("catan_inca")
    find = page.driver.find_element
    board = find(By.CSS_SELECTOR, '#board figure[data-component="board"]')
    kept = [find(By.CSS_SELECTOR, '#board figure[data-component="development"]'),
            find(By.CSS_SELECTOR, '.seat-panel[data-seat="0"] figure[data-component="hand"]')]
    taken = {c["id"] for c in update["view"]["global"]["board"]["corners"]}
    corners = {n.get_attribute("data-key"): n for n in board.find_elements(By.CSS_SELECTOR, '[data-part="corner"]')}
    free = next(k for k in corners if k not in taken)
    other_corner = next(n for k, n in corners.items() if k != free)
    an_edge = board.find_element(By.CSS_SELECTOR, '[data-part="edge"]')
    update["view"]["global"]["board"]["corners"].append({"id": free, "owner": 1, "piece": "settlement"})
    update["step"] += 1
    page.driver.execute_script("window.tesseraReceive(arguments[0])", update)
    check(page.attached(board), "catan_inca: the map was drawn anew for one settlement")
    check(not page.attached(corners[free]), "catan_inca: the corner of the new settlement was not drawn again")
    check(page.attached(other_corner) and page.attached(an_edge),
          "catan_inca: the map's unchanged sites were drawn again")
    check(all(page.attached(f) for f in kept),
          "catan_inca: an unchanged component was drawn again")
    check(page.count(f'#board [data-part="corner"].occupied[data-key="{free}"]') == 1,
          f"catan_inca: the new settlement at {free} is not drawn")
    keys = page.driver.execute_script(
        "return document.querySelector(`#board [data-part='corner'][data-key='${arguments[0]}']`).dataset.keys",
        other_corner.get_attribute("data-key"))
    check(json.loads(keys) == [other_corner.get_attribute("data-key")],
          f"catan_inca: a kept corner answers to {keys} after the update")
    roads = [e["text"].split(" ")[1] for e in update["legal"] if e["move"] == "build_road"]
    page.click(page.part("board", "edge", roads[-1]))
    check(page.acts() == [f"build_road {roads[-1]}"], f"catan_inca: an edge click after the redraw sent {page.acts()}")

    hexes = update["view"]["global"]["board"]["hexes"]
    far = max(h["q"] for h in hexes) + 2
    hexes.append({"q": far, "r": 0, "terrain": "sea"})
    update["step"] += 1
    page.driver.execute_script("window.tesseraReceive(arguments[0])", update)
    check(not page.attached(board), "catan_inca: the map was not drawn anew when a hex was added")
    check(page.count(f'#board [data-part="hex"][data-key="{far},0"]') == 1, "catan_inca: the added hex is not drawn")


def check_sardinia_hidden_hand(page):
    page.open("sardinia")
    update = update_of("sardinia")
    other = update["view"]["seats"][1]["hand"]
    panel = page.driver.find_element(By.CSS_SELECTOR, '.seat-panel[data-seat="1"]')
    counts = panel.find_elements(By.CSS_SELECTOR, 'figure[data-component="hand"] [data-hidden-count]')
    check(len(counts) == 1 and counts[0].get_attribute("data-hidden-count") == str(len(other["cards"])),
          "sardinia: seat 1's hand is not shown as a count")
    check(not panel.find_elements(By.CSS_SELECTOR, 'figure[data-component="hand"] [data-part="card"]'),
          "sardinia: seat 1's hidden hand shows cards")
    own = page.driver.find_elements(By.CSS_SELECTOR, '.seat-panel[data-seat="0"] figure[data-component="hand"] .card.target')
    check(len(own) == len(update["legal"]), f"sardinia: {len(own)} of the own hand's cards highlighted")
    page.click(page.part("hand", "card", "queen"))
    check(page.acts() == ["play queen"], f"sardinia: clicking the queen sent {page.acts()}")


def check_santa_maria_cell_then_rotation(page):
    # web.yaml's `moves:` builds a cell key from two parameters, on the mover's colony only;
    # the rotation has no drawn part and comes from buttons.
    page.open("santa_maria")
    update = update_of("santa_maria")
    places = [e for e in update["legal"] if e["move"] == "place"]
    cells = {f"{e['params'][0]['word']},{e['params'][1]['word']}" for e in places}
    lit = page.driver.find_elements(By.CSS_SELECTOR, '.seat-panel[data-seat="0"] [data-part="cell"].target')
    check(len(lit) == len(cells), f"santa_maria: {len(lit)} own cells highlighted, not {len(cells)}")
    check(not page.driver.find_elements(By.CSS_SELECTOR, '.seat-panel[data-seat="1"] .target'),
          "santa_maria: the other seat's colony is highlighted")
    first = places[0]
    row, column = first["params"][0]["word"], first["params"][1]["word"]
    cell = next(n for n in page.driver.find_elements(By.CSS_SELECTOR, '.seat-panel[data-seat="0"] [data-part="cell"]')
                if f"{row},{column}" in json.loads(n.get_attribute("data-keys")))
    page.click(cell)
    buttons = page.driver.find_elements(By.CSS_SELECTOR, "#choices button.choice")
    same_cell = [e["label"] for e in places if e["params"][0]["word"] == row and e["params"][1]["word"] == column]
    check([b.text for b in buttons] == same_cell, f"santa_maria: cell {row},{column} offers {[b.text for b in buttons]}")
    if len(same_cell) == 1:
        check(page.acts() == [first["text"]], f"santa_maria: one placement sent {page.acts()}")
    else:
        buttons[-1].click()
        want = [e["text"] for e in places if e["label"] == same_cell[-1]]
        check(page.acts() == want, f"santa_maria: cell then rotation sent {page.acts()}, not {want}")


def check_hostile_text_stays_text(page):
    # hostile.json is the tutorial with markup in the seat names, a card id and an event.
    page.open("hostile")
    check(page.count("img, script:not([type=module]), iframe") == 0, "hostile: markup from the server became elements")
    check("<img" in page.driver.find_element(By.CSS_SELECTOR, "#seats").text, "hostile: the name is not shown as text")
    check(not page.driver.execute_script("return window.pwned"), "hostile: a script from the server ran")


def check_new_game_plays_without_hints(page):
    # A game made by `tessera new-game`, with no web.yaml: dice are still targets, and the
    # parameters without a drawn part are picked from buttons.
    page.open("new_game_river_trade")
    dice = page.driver.find_elements(By.CSS_SELECTOR, '[data-part="die"].target')
    check(len(dice) == 3, f"new game: {len(dice)} dice highlighted, not 3")
    page.click(page.part("dice", "die", "1"))
    buttons = page.driver.find_elements(By.CSS_SELECTOR, "#choices button.choice")
    expected = [e["label"] for e in update_of("new_game_river_trade")["legal"]
                if e["params"] and e["params"][0]["word"] == "1"]
    check([b.text for b in buttons] == expected, f"new game: die 1 offers {[b.text for b in buttons]}")
    work = next(b for b in buttons if b.text.startswith("Work"))
    work.click()
    check(page.acts() == ["work 1"], f"new game: die 1 then 'Work' sent {page.acts()}")


def check_madeira_board(page):
    # web.yaml's `areas` draw the board's counters as places: a field shows its good, its
    # workers and its wood together; a city space holds a token in its seat's colour. Keys
    # drawn as places are not listed again, and a die then a building still sends `place`.
    page.open("madeira")
    update = update_of("madeira")
    values = update["view"]["global"]["board"]["values"]
    board = '#board figure[data-component="board"]'
    places = page.driver.find_elements(By.CSS_SELECTOR, f"{board} .counter-place")
    check(len(places) > 100, f"madeira: {len(places)} places drawn on the board")
    field = page.part("board", "counter", "fw0")
    check({"gf0", "fw0", "wd0"} <= set(json.loads(field.get_attribute("data-keys"))),
          f"madeira: field 0 is not one place for its good, workers and wood: {field.get_attribute('data-keys')}")
    names = {0: "wheat", 1: "sugar", 2: "wine"}
    check(names[values["gf0"]] in field.text, f"madeira: field 0 does not show its good: {field.text!r}")
    workers = bin(values["fw0"]).count("1")
    check(len(field.find_elements(By.CSS_SELECTOR, ".seat-dot")) == workers, f"madeira: field 0 does not show {workers} workers")
    taken = sum(1 for k, v in values.items() if k.startswith("cs") and k[2:].isdigit() and v)
    tokens = page.driver.find_elements(By.CSS_SELECTOR, f'{board} [data-keys^="[\\"cs"] .seat-token')
    check(len(tokens) == taken, f"madeira: {len(tokens)} city tokens drawn, {taken} city spaces taken")
    listed = page.driver.find_element(By.CSS_SELECTOR, board).find_elements(By.XPATH, ".//*[local-name()='text'][starts-with(., 'cs0:')]")
    check(not listed, "madeira: a key drawn as a place is listed again")
    home = page.driver.find_element(By.CSS_SELECTOR, '.seat-panel[data-seat="0"] figure[data-component="home"]')
    check(len(home.find_elements(By.CSS_SELECTOR, ".counter-track .marker")) == 1, "madeira: the mill has no marker")
    place = next(e for e in update["legal"] if e["move"] == "place")
    die, building = place["params"][0]["word"], place["params"][1]["word"]
    page.click(next(n for n in home.find_elements(By.CSS_SELECTOR, '[data-part="counter"]')
                    if f"die{die}" in json.loads(n.get_attribute("data-keys"))))
    buildings = page.driver.find_elements(By.CSS_SELECTOR, f'{board} [data-part="counter"].target')
    want = {f"ch{e['params'][1]['word']}" for e in update["legal"] if e["move"] == "place" and e["params"][0]["word"] == die}
    lit = {json.loads(n.get_attribute("data-keys"))[0] for n in buildings}
    check(lit == want, f"madeira: after die {die}, {sorted(lit)} highlighted, not the buildings {sorted(want)}")
    page.click(page.part("board", "counter", f"ch{building}"))
    check(page.acts() == [place["text"]], f"madeira: die {die} then building {building} sent {page.acts()}")


def check_age_of_discovery_expeditions(page):
    # `expedition_*` draws each expedition as a card in its colour, with its ships and the
    # tallies' lock and load; a flagship, an expedition, then a button send the move.
    page.open("age_of_discovery")
    update = update_of("age_of_discovery")
    view = update["view"]["global"]
    tally = view["tally"]["values"]
    check(page.count('#board figure[data-component="tally"]') == 0, "age_of_discovery: the tallies are drawn apart")
    locks = {0: "open", 1: "red", 2: "yellow", 3: "blue", 4: "green", 5: "white", 6: "black"}
    for name, comp in view.items():
        if not name.startswith("expedition_"):
            continue
        figure = page.driver.find_element(By.CSS_SELECTOR, f'#board figure[data-component="{name}"]')
        check("frame-card" in figure.get_attribute("class"), f"age_of_discovery: {name} is not drawn as a card")
        expedition = name[len("expedition_"):]
        facts = {f.get_attribute("data-fact"): f.text for f in figure.find_elements(By.CSS_SELECTOR, ".fact")}
        check(facts.get(f"{expedition}.lock") == f"lock {locks[tally[expedition + '.lock']]}",
              f"age_of_discovery: {name}'s lock reads {facts.get(expedition + '.lock')!r}")
        check(facts.get(f"{expedition}.load") == f"load {tally[expedition + '.load']}",
              f"age_of_discovery: {name}'s load reads {facts.get(expedition + '.load')!r}")
        check(len(figure.find_elements(By.CSS_SELECTOR, ".card")) == len(comp["cards"]),
              f"age_of_discovery: {name} does not show its {len(comp['cards'])} ships")
    coloured = page.driver.find_elements(By.CSS_SELECTOR, '#board figure[data-component="rows"] .card-face[style*="fill"]')
    check(len(coloured) == sum(1 for row in view["rows"]["rows"] for c in row if c),
          "age_of_discovery: the ships for sale are not coloured by their colour")
    send = next(e for e in update["legal"] if e["move"] == "send_flagship")
    ship, expedition = send["params"][0]["word"], send["params"][1]["word"]
    page.click(page.part("flagship", "card", ship))
    page.click(page.part(f"expedition_{expedition}", "component", f"expedition_{expedition}"))
    same = [e for e in update["legal"] if e["move"] == "send_flagship" and e["params"][0]["word"] == ship
            and e["params"][1]["word"] == expedition]
    buttons = page.driver.find_elements(By.CSS_SELECTOR, "#choices button.choice")
    check([b.text for b in buttons] == [e["label"] for e in same],
          f"age_of_discovery: flagship then {expedition} offers {[b.text for b in buttons]}")
    if buttons:
        buttons[0].click()
    check(page.acts() == [same[0]["text"]], f"age_of_discovery: flagship, expedition, button sent {page.acts()}")


def main():
    started = time.time()
    names = sorted(p.stem for p in FIXTURES.glob("*.json"))
    server = serve_repository()
    driver = start_browser()
    try:
        page = Page(driver, f"http://127.0.0.1:{server.server_address[1]}")
        check_layout_hints_name_real_components(names)
        check_fixture_layouts_are_web_yaml(names)
        check_every_board_draws(page, names)
        check_tutorial_clicks(page)
        check_catan_clicks(page)
        check_redraw_keeps_unchanged_parts(page)
        check_sardinia_hidden_hand(page)
        check_santa_maria_cell_then_rotation(page)
        check_hostile_text_stays_text(page)
        check_new_game_plays_without_hints(page)
        check_madeira_board(page)
        check_age_of_discovery_expeditions(page)
    finally:
        driver.quit()
        server.shutdown()
    print(f"{len(names)} boards, {time.time() - started:.1f} s, screenshots in {SHOTS}")
    finish()


if __name__ == "__main__":
    main()
