"""Driving `tessera web` and its page in headless Chromium: the server on loopback, a game
made from the lobby, a seat's page, and moves made by clicking as a player would."""
import re
import subprocess
import tempfile
import time

from browser import By, check


class Server:
    """`tessera web` on loopback, its rooms in `state_dir`."""

    def __init__(self, tessera, state_dir, port=0):
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([tessera, "web", "--port", str(port), "--state-dir", state_dir],
                                     stdout=subprocess.PIPE, stderr=self.err, text=True)
        line = self.proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.err.seek(0)
            raise AssertionError(f"tessera web did not start: {line!r} {self.err.read().decode()}")
        self.port = int(found.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self):
        self.proc.terminate()
        check(self.proc.wait(10) == 0, "tessera web did not end with 0 on SIGTERM")
        self.err.seek(0)
        errors = self.err.read().decode()
        check(not errors.strip(), f"tessera web wrote to stderr: {errors[:400]}")


def wait_for(what, condition, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def step_of(driver):
    return int(driver.execute_script("return document.body.dataset.step ?? '-1'"))


def create_game(driver, server, game, players, seats):
    """Creates a game from the lobby; returns the seat links and the spectator link."""
    driver.get(server.url)
    wait_for("the lobby's games", lambda: driver.find_elements(By.CSS_SELECTOR, f'#game option[value="{game}"]'))
    driver.execute_script(
        "const s = document.getElementById('game'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change', {bubbles: true}));", game)
    players_input = driver.find_element(By.ID, "players")
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", players_input, str(players))
    kinds = wait_for("a seat choice per player",
                     lambda: (lambda k: k if len(k) == players else None)(
                         driver.find_elements(By.CSS_SELECTOR, ".seat-choice select.seat-kind")))
    for select, kind in zip(kinds, seats):
        driver.execute_script("arguments[0].value = arguments[1];"
                              "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", select, kind)
    driver.find_element(By.ID, "create").click()
    links = wait_for("the seat links", lambda: driver.find_elements(By.CSS_SELECTOR, "a.seat-link"))
    spectator = driver.find_element(By.CSS_SELECTOR, "a.spectator-link").get_attribute("href")
    return [a.get_attribute("href") for a in links], spectator


def open_seat(driver, link):
    driver.get("about:blank")
    driver.get(link)
    wait_for("the table's first update", lambda: step_of(driver) >= 0)


def my_turn(driver):
    return driver.execute_script("return document.querySelectorAll('#moves button.move').length") > 0


def text_of(driver, element_id):
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.textContent : ''",
                                 element_id)


# One click, chosen and made in the page in one go (the page redraws on every update, so a
# node found by one call may be gone by the next): a button the click sequence offers, a
# highlighted target on the board, or (with board=false, or when nothing is highlighted) a
# move of the list.
CLICK_ONE = """
const [coin, pick, board] = arguments;
const choices = [...document.querySelectorAll('#choices button.choice')];
const targets = board ? [...document.querySelectorAll('#board .target, #seats .target')] : [];
const at = (list) => list[Math.floor(pick * list.length)];
if (board && choices.length && (!targets.length || coin < 0.5)) { at(choices).click(); return 'choice'; }
if (targets.length) { at(targets).dispatchEvent(new MouseEvent('click', {bubbles: true})); return 'target'; }
const moves = [...document.querySelectorAll('#moves button.move')];
if (moves.length) { at(moves).click(); return 'list'; }
return 'none';
"""


def move_by_clicking(driver, rng):
    """One move by clicks: highlighted board targets (and the buttons a click sequence
    offers) when there are any, else a move of the list. Returns how it was made."""
    before = step_of(driver)
    for _ in range(8):
        what = driver.execute_script(CLICK_ONE, rng.random(), rng.random(), True)
        if what in ("list", "none"):
            break
        # The click may have made the move: its update comes back before the next click.
        try:
            wait_for("the update of a move", lambda: step_of(driver) != before, 0.4)
            return "board"
        except AssertionError:
            pass
    else:
        what = driver.execute_script(CLICK_ONE, rng.random(), rng.random(), False)
    if step_of(driver) != before:
        return "board"
    if what == "none":
        return "none"
    wait_for("the move's update", lambda: step_of(driver) != before or text_of(driver, "error"))
    return "list"


def play_moves(driver, rng, count, game):
    """Up to `count` moves of this seat by clicking, waiting for the others between them;
    stops when the game is over."""
    ways = {"board": 0, "list": 0}
    made = 0
    waited_since = time.time()
    while made < count and not text_of(driver, "outcome"):
        if not my_turn(driver):
            if time.time() - waited_since > 30:
                raise AssertionError(f"{game}: our turn never came: prompt {text_of(driver, 'prompt')!r}, "
                                     f"error {text_of(driver, 'error')!r}")
            time.sleep(0.02)
            continue
        error_before = text_of(driver, "error")
        way = move_by_clicking(driver, rng)
        error = text_of(driver, "error")
        check(not error or error == error_before, f"{game}: a clicked move was refused: {error}")
        if way in ways:
            ways[way] += 1
            made += 1
        waited_since = time.time()
    return made, ways
