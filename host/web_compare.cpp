#include "web_compare.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "compare_run.hpp"
#include "game_batch.hpp"
#include "tessera/error.hpp"
#include "web_request.hpp"

namespace tessera::host {

using json = nlohmann::json;

namespace {

int int_field(const json& request, const char* key, int low, int high, int fallback) {
  const auto it = request.find(key);
  if (it == request.end()) return fallback;
  if (!it->is_number_integer() || it->get<long long>() < low || it->get<long long>() > high)
    throw WebError{"bad_request", std::string("\"") + key + "\" must be a whole number from " + std::to_string(low) +
                                      " to " + std::to_string(high)};
  return static_cast<int>(it->get<long long>());
}

std::vector<std::string> text_list(const json& request, const char* key, std::size_t most, const char* what) {
  const auto it = request.find(key);
  if (it == request.end()) return {};
  if (!it->is_array() || it->size() > most || !std::all_of(it->begin(), it->end(), [](const json& v) { return v.is_string(); }))
    throw WebError{"bad_request", std::string("\"") + key + "\" must be a list of at most " + std::to_string(most) + " " +
                                      what};
  return it->get<std::vector<std::string>>();
}

}  // namespace

CompareOptions web_compare_options(const PluginRegistry& registry, const json& request) {
  allow_only(request, {"game", "players", "variants", "games", "seats", "seed"}, "compare");
  CompareOptions options;
  options.choice.game = text_field(request, "game", "a game id");
  options.choice.players = int_field(request, "players", 1, 64, 0);
  options.choice.seed = static_cast<std::uint64_t>(int_field(request, "seed", 0, 1'000'000'000, 1));
  options.games = int_field(request, "games", 2, kWebCompareGamesMax, 200);
  options.variants = text_list(request, "variants", kWebCompareArmsMax, "variant names (\"a\", or \"a+b\" for two together)");
  if (options.variants.empty()) throw WebError{"bad_request", "name at least one variant to compare with the base game"};
  options.seats = text_list(request, "seats", 64, "bots");
  for (const std::string& seat : options.seats)
    if (seat != "random" && seat != "greedy")
      throw WebError{"bad_request", "a seat of a comparison in the page is \"random\" or \"greedy\", not \"" + seat +
                                        "\": searching bots take minutes (run `tessera compare` for them)"};
  // Checks the game's player counts, the variants and the seats before any game is played.
  try {
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
