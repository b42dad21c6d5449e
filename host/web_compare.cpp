#include "web_compare.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "compare_run.hpp"
#include "game_batch.hpp"
#include "strict_fields.hpp"
#include "tessera/error.hpp"
#include "web_request.hpp"

namespace tessera::host {

using json = nlohmann::json;

namespace {

// The field `key` read strictly (strict_fields.hpp), or `fallback` when it is left out.
template <typename T>
T field_or(const json& request, const char* key, T fallback) {
  const auto it = request.find(key);
  return it == request.end() ? fallback : read_as<T>(*it, key);
}

void check_range(const char* key, long long value, long long low, long long high) {
  if (value < low || value > high)
    throw WebError{"bad_request", std::string("'") + key + "' must be from " + std::to_string(low) + " to " +
                                      std::to_string(high) + ", not " + std::to_string(value)};
}

}  // namespace

CompareOptions web_compare_options(const PluginRegistry& registry, const json& request) {
  allow_only(request, {"game", "players", "variants", "games", "seats", "seed"}, "compare");
  CompareOptions options;
  // Every field is read and checked before any game is played: the game's player counts,
  // the variants and the seats too. A DataError or Error is the request's fault.
  try {
    options.choice.game = text_field(request, "game", "a game id");
    options.choice.players = field_or<int>(request, "players", 0);
    options.choice.seed = field_or<std::uint64_t>(request, "seed", 1);
    options.games = field_or<int>(request, "games", 200);
    check_range("games", options.games, 2, kWebCompareGamesMax);
    options.variants = field_or<std::vector<std::string>>(request, "variants", {});
    if (options.variants.empty()) throw WebError{"bad_request", "name at least one variant to compare with the base game"};
    check_range("variants", static_cast<long long>(options.variants.size()), 1, kWebCompareArmsMax);
    options.seats = field_or<std::vector<std::string>>(request, "seats", {});
    for (const std::string& seat : options.seats)
      if (seat != "random" && seat != "greedy")
        throw WebError{"bad_request", "a seat of a comparison in the page is \"random\" or \"greedy\", not \"" +
                                          seat + "\": searching bots take minutes (run `tessera compare` for them)"};
    options.choice = resolve_choice(registry, options.choice);
    (void)bot_seats(options.seats, options.choice);
    for (const std::string& arm : options.variants)
      registry.config(options.choice.game, options.choice.players, options.choice.seed, arm_variants({}, arm));
  } catch (const Error& e) {
    throw WebError{"bad_request", e.what()};
  }
  return options;
}

json run_web_compare(const PluginRegistry& registry, CompareOptions options, const std::atomic<bool>& stop,
                     std::chrono::seconds time) {
  options.stop = &stop;
  options.jobs = 1;  // the bots of the rooms keep the other core
  try {
    const CompareRun run = play_comparison(registry, options, nullptr);
    return json{{"type", "compare_report"}, {"game", run.game},    {"games", run.games()},
                {"summary", summary_text(run)}, {"html", comparison_report(run)}};
  } catch (const BatchStopped&) {
    return error_message("compare_stopped", "the comparison was stopped: it ran past its " + std::to_string(time.count()) +
                                                " s (ask for fewer games), or its page went away");
  } catch (const std::exception& e) {
    return error_message("compare_failed", e.what());
  }
}

}  // namespace tessera::host
