#pragma once
// A house rule judged from the page: `tessera web`'s "compare" request (sdk/docs/web.md)
// runs `tessera compare` of the chosen game and variants with bots that do not search, and
// answers with the report `compare --report` writes (summary, table and plots in one page).
// The request is read and checked on the server's thread; the games are played on another,
// bounded in games and time.
#include <atomic>
#include <chrono>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "tessera/plugin_registry.hpp"

namespace tessera::host {

// The bounds of one comparison asked from the page: a bigger one is `tessera compare`'s job.
inline constexpr int kWebCompareGamesMax = 1000;  // games per arm
inline constexpr int kWebCompareArmsMax = 4;      // variants compared with the base game
inline constexpr std::chrono::seconds kWebCompareTime{120};  // WebOptions::compare_time

// The options of {"cmd": "compare", "game", "players", "variants", "games", "seats", "seed"}.
// Throws WebError (web_request.hpp) bad_request for a field that does not fit: an unknown
// game or variant, a player count the game does not take, too many games or arms, a seat
// that is not "random" or "greedy".
CompareOptions web_compare_options(const PluginRegistry& registry, const nlohmann::json& request);

// Plays the comparison (any thread) and returns the message for the page:
// {"type": "compare_report", "game", "games", "summary", "html"}, or an error message
// ("compare_stopped" when `stop` was set, at the end of its `time` or when the page went
// away; "compare_failed" when a game or gnuplot failed).
nlohmann::json run_web_compare(const PluginRegistry& registry, CompareOptions options, const std::atomic<bool>& stop,
                               std::chrono::seconds time);

}  // namespace tessera::host
