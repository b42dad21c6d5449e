#!/usr/bin/env python3
"""A game made by `tessera new-game`, with no layout hints and no JavaScript of its own,
played whole by clicking in headless Chromium against a real `tessera web`.

  test_new_game.py TESSERA GAME [PLAYERS]

tools/test_sdk.sh runs it on the installed tessera with the game it made outside the tree.
Exits 77 (skipped) without Chromium or Selenium."""
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import By, check, finish, start_browser  # noqa: E402 (exits 77 without a browser)
from table_driver import Server, create_game, open_seat, play_moves, step_of, text_of, wait_for  # noqa: E402


def main():
    tessera, game = sys.argv[1], sys.argv[2]
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="tessera-web-new-game-") as state_dir:
        server = Server(tessera, state_dir)
        driver = start_browser()
        try:
            links, _ = create_game(driver, server, game, players, ["human"] + ["random"] * (players - 1))
            open_seat(driver, links[0])
            layout = driver.execute_script("return document.querySelectorAll('figure.component').length")
            check(layout > 0, f"{game}: the board draws no component")
            made, ways = play_moves(driver, random.Random(5), 10_000, game)
            wait_for("the outcome", lambda: text_of(driver, "outcome"), 30)
            scores = "; ".join(driver.find_element(By.ID, "outcome").text.splitlines()[1:])  # a line per seat
            check(ways["board"] > 0, f"{game}: no move was made on the board")
            check(not driver.find_elements(By.CSS_SELECTOR, "#error:not(:empty)"), f"{game}: a move was refused")
            print(f"{game}: a whole game by clicking, {made} human moves ({ways['board']} on the board, "
                  f"{ways['list']} from the list), step {step_of(driver)}; {scores}", flush=True)
        finally:
            driver.quit()
            server.stop()
    print(f"{time.time() - started:.1f} s")
    finish()


if __name__ == "__main__":
    main()
