// `tessera list`, `tessera info <game>`, `tessera rules <game>`, `tessera validate <game>` and
// `tessera --version`.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <tuple>

#include "commands.hpp"
#include "host_environment.hpp"
#include "json_limits.hpp"
#include "json_text.hpp"
#include "progress_meter.hpp"
#include "replay_check.hpp"
#include "score_declaration.hpp"
#include "tessera/error.hpp"
#include "tessera/file_place.hpp"
#include "tessera/game_module.hpp"

namespace tessera::host {

GameChoice resolve_choice(const PluginRegistry& registry, GameChoice choice) {
  const Manifest& m = registry.game(choice.game).manifest;
  if (choice.players == 0) choice.players = std::max(m.min_players, std::min(2, m.max_players));
  return choice;
}

std::string version_text() {
  return std::string("tessera ") + TESSERA_VERSION + " (plugin ABI " + std::to_string(kPluginAbiVersion) + ")";
}

namespace {

using nlohmann::json;

json players_json(int low, int high) { return json{{"min", low}, {"max", high}}; }

// The game as `list --json` and `info --json` print it (README.md, "JSON output").
json game_json(const PluginRegistry& registry, const PluginEntry& entry) {
  const Manifest& m = entry.manifest;
  json variants = json::array();
  for (const auto& v : list_variants(registry, m.id)) {
    json variant{{"name", v.name}, {"description", v.description}, {"origin", v.origin},
                 {"folder", v.folder.empty() ? json(nullptr) : json(v.folder.string())}, {"shadowed", v.shadowed}};
    if (!v.problem.empty()) {
      variant["players"] = nullptr;
      variant["problem"] = short_message(v.problem);
      variants.push_back(std::move(variant));
      continue;
    }
    try {
      const auto [low, high] = registry.variant_players(m.id, v.name);
      variant["players"] = players_json(low, high);
    } catch (const std::exception& e) {
      variant["players"] = nullptr;
      variant["problem"] = short_message(e.what());
    }
    variants.push_back(std::move(variant));
  }
  json out{{"id", m.id},
           {"name", m.title},
           {"version", m.version.empty() ? json(nullptr) : json(m.version)},
           {"summary", m.summary},
           {"players", players_json(m.min_players, m.max_players)},
           {"hidden_information", nullptr},
           {"chance", nullptr},
           {"variants", variants},
           {"rules", place_of_file(entry.data_dir, "rules.md") == FilePlace::Inside},
           {"plugin", entry.library.string()},
           {"data", entry.data_dir.string()},
           {"scripts", entry.script_dir.empty() ? json(nullptr) : json(entry.script_dir.string())}};
  // What kind of game it is comes from a game set up for the default player count.
  try {
    const GameChoice choice = resolve_choice(registry, GameChoice{m.id, 0, 1, {}});
    const GameInfo info = registry.new_game(m.id, registry.config(m.id, choice.players, 1, {}))->info();
    out["hidden_information"] = info.hidden_information;
    out["chance"] = info.chance;
  } catch (const std::exception& e) {
    out["problem"] = short_message(e.what());
  }
  return out;
}

}  // namespace

int run_list(const PluginRegistry& registry, std::ostream& out, bool as_json) {
  if (as_json) {
    json games = json::array();
    for (const PluginEntry* entry : registry.games()) games.push_back(game_json(registry, *entry));
    json dirs = json::array();
    for (const auto& dir : registry.plugin_dirs()) dirs.push_back(dir.string());
    out << json_text(json{{"games", games}, {"problems", registry.problems()}, {"plugin_dirs", dirs}}, 2) << "\n";
    return 0;
  }
  for (const PluginEntry* entry : registry.games()) {
    const Manifest& m = entry->manifest;
    out << m.id << "  " << m.title << " (" << m.min_players << "-" << m.max_players << " players)";
    if (!m.summary.empty()) out << " - " << m.summary;
    out << "\n";
  }
  if (registry.games().empty()) out << "no games found; searched:\n";
  for (const auto& problem : registry.problems()) out << "warning: " << problem << "\n";
  if (registry.games().empty())
    for (const auto& dir : registry.plugin_dirs()) out << "  " << dir.string() << "\n";
  return 0;
}

int run_info(const PluginRegistry& registry, const std::string& game, std::ostream& out, bool as_json) {
  const PluginEntry& entry = registry.game(game);
  if (as_json) {
    out << json_text(game_json(registry, entry), 2) << "\n";
    return 0;
  }
  const Manifest& m = entry.manifest;
  out << m.title << " [" << m.id << "]" << (m.version.empty() ? "" : " version " + m.version) << "\n";
  if (!m.summary.empty()) out << m.summary << "\n";
  out << "players: " << m.min_players << "-" << m.max_players << "\n";
  out << "plugin:  " << entry.library.string() << "\n";
  out << "data:    " << entry.data_dir.string() << "\n";
  out << "scripts: " << (entry.script_dir.empty() ? "(none)" : entry.script_dir.string()) << "\n";
  if (place_of_file(entry.data_dir, "rules.md") == FilePlace::Inside)
    out << "rules:   tessera rules " << m.id << "\n";
  auto variants = list_variants(registry, game);
  out << "variants:" << (variants.empty() ? " none" : "") << "\n";
  for (const auto& v : variants) {
    // Where each comes from: the game's own, or a pack's origin and folder.
    const std::string from = v.folder.empty() ? "" : "  [" + v.origin + " " + v.folder.string() + "]";
    if (!v.problem.empty()) {
      out << "  " << v.name << from << "  - not playable: " << v.problem << "\n";
      continue;
    }
    const auto [low, high] = registry.variant_players(game, v.name);
    std::string counts;
    if (low != m.min_players || high != m.max_players)
      counts = low == high ? " (" + std::to_string(low) + (low == 1 ? " player)" : " players)")
                           : " (" + std::to_string(low) + "-" + std::to_string(high) + " players)";
    out << "  " << v.name << counts << (v.description.empty() ? "" : "  - " + v.description) << from << "\n";
    for (const auto& other : v.shadowed) out << "    shadows " << other << " (not played)\n";
  }
  return 0;
}

int run_rules(const PluginRegistry& registry, const std::string& game, std::ostream& out) {
  const PluginEntry& entry = registry.game(game);
  std::filesystem::path path;
  switch (place_of_file(entry.data_dir, kRulesFile, &path)) {
    case FilePlace::Missing:
      throw Error("game '" + entry.manifest.id + "' ships no rules summary (no " + kRulesFile + " in " +
                  entry.data_dir.string() + ")");
    case FilePlace::Outside:
      throw Error((entry.data_dir / kRulesFile).string() + " leads outside the game's data folder (a link?); not read");
    case FilePlace::Inside:
      break;
  }
  const std::string text = read_bounded_file(path.string(), kMaxRulesBytes);
  out << text << (text.empty() || text.back() == '\n' ? "" : "\n");
  return 0;
}

int run_validate(const PluginRegistry& registry, const std::string& game, std::ostream& out, int play_games,
                 std::ostream* progress) {
  const auto plus_joined = [](const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : "+") + n;
    return out;
  };
  const PluginEntry& entry = registry.game(game);
  const Manifest& m = entry.manifest;
  // What is checked, in order: the base game, each variant, and each variant with the others
  // its page says it is played with ("-- with: a, b"); or a problem found while listing them.
  struct Check {
    std::vector<std::string> variants;
    std::string label;
    std::string problem;
  };
  std::vector<Check> checks{{{}, "", ""}};
  for (auto& p : misnamed_variants(entry)) checks.push_back({{}, "", std::move(p)});
  try {
    (void)read_score_declaration(entry.data_dir, m.id);
  } catch (const std::exception& e) {
    checks.push_back({{}, "", e.what()});
  }
  for (const auto& v : list_variants(registry, game)) {
    if (!v.problem.empty()) {
      checks.push_back({{}, "", "variant " + v.name + ": " + v.problem});
      continue;
    }
    checks.push_back({{v.name}, "variant " + v.name + ": ", ""});
    std::vector<std::string> together{v.name};
    try {
      for (auto& partner : registry.variant_partners(game, v.name)) together.push_back(std::move(partner));
    } catch (const std::exception& e) {
      checks.push_back({{}, "", "variant " + v.name + ": " + e.what()});
    }
    if (together.size() > 1) checks.push_back({together, "variants " + plus_joined(together) + ": ", ""});
  }
  // The player counts a check is played at: those of the game that every variant allows.
  const auto player_counts = [&](const Check& c) {
    int low = m.min_players, high = m.max_players;
    for (const auto& v : c.variants) {
      const auto [v_low, v_high] = registry.variant_players(game, v);
      low = std::max(low, v_low);
      high = std::min(high, v_high);
    }
    return std::pair{low, high};
  };
  long planned = 0;  // games to play, for the progress line
  if (play_games > 0)
    for (const Check& c : checks) {
      if (!c.problem.empty()) continue;
      try {
        const auto [low, high] = player_counts(c);
        planned += std::max(0, high - low + 1) * static_cast<long>(play_games);
      } catch (const std::exception&) {
        // Reported when the check runs.
      }
    }
  ProgressMeter meter(play_games > 0 ? progress : nullptr, "validate " + m.id, planned);

  std::vector<std::string> problems;
  auto check = [&](const Check& c) {
    int low = 0, high = 0;
    try {
      std::tie(low, high) = player_counts(c);
    } catch (const std::exception& e) {
      problems.push_back(c.label + e.what());
      return;
    }
    const std::string played = m.id + " (" +
                               (c.variants.empty() ? std::string("base game")
                                                   : (c.variants.size() == 1 ? "variant " : "variants ") +
                                                         plus_joined(c.variants)) +
                               "), ";
    bool play = play_games > 0;
    for (int players = low; players <= high; ++players) {
      const long before = meter.done();
      try {
        GameConfig config = registry.config(game, players, /*seed=*/1, c.variants);
        const std::size_t found = problems.size();
        for (auto& p : registry.validate(game, config)) problems.push_back(c.label + p);
        // The first error of a variant's games is reported; its other player counts are not played.
        if (play && problems.size() == found)
          if (const auto failure = check_replays(registry, game, config, play_games,
                                                 [&](int checked) { meter.update(before + checked); })) {
            problems.push_back(played + *failure);
            play = false;
          }
      } catch (const std::exception& e) {
        problems.push_back(c.label + e.what());
      }
      if (play_games > 0) meter.update(before + play_games);  // games not played count as done
    }
  };
  for (const Check& c : checks) {
    if (c.problem.empty())
      check(c);
    else
      problems.push_back(c.problem);
  }
  meter.clear();
  // The same problem is found once per player count; report it once.
  std::vector<std::string> unique;
  for (auto& p : problems)
    if (std::find(unique.begin(), unique.end(), p) == unique.end()) unique.push_back(p);
  for (const auto& p : unique) out << p << "\n";
  out << m.id << ": " << (unique.empty() ? "ok" : std::to_string(unique.size()) + " problem(s)") << "\n";
  return unique.empty() ? 0 : 1;
}

int run_schema(const PluginRegistry& registry, const GameChoice& options, std::ostream& out) {
  const GameChoice choice = resolve_choice(registry, options);
  const auto game = registry.new_game(choice.game, registry.config(choice.game, choice.players, choice.seed, choice.variants));
  const Table& table = game->table();
  out << "# " << choice.game << ", " << choice.players << " players\n";
  out << "state (JSON pointers /global/<name>/... and /seats/<seat>/<name>/...):\n";
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Component& c = table.at(i);
    if (c.owner() > 0) continue;  // per-seat components: shown once, for seat 0
    out << "  " << (c.owner() == kNobody ? "" : "(each seat) ") << c.name() << ": " << c.kind() << ", "
        << to_string(c.visibility()) << "\n";
  }
  const std::string declared = game->schema_text();
  out << (declared.empty() ? "(this game declares no schema, steps or moves yet)\n" : declared);
  return 0;
}

}  // namespace tessera::host
