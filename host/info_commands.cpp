// `tessera list`, `tessera info <game>` and `tessera validate <game>`.
#include <algorithm>
#include <ostream>
#include <tuple>

#include "commands.hpp"
#include "host_environment.hpp"
#include "replay_check.hpp"
#include "tessera/error.hpp"

namespace tessera::host {

GameChoice resolve_choice(const PluginRegistry& registry, GameChoice choice) {
  const Manifest& m = registry.game(choice.game).manifest;
  if (choice.players == 0) choice.players = std::max(m.min_players, std::min(2, m.max_players));
  return choice;
}

int run_list(const PluginRegistry& registry, std::ostream& out) {
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

int run_info(const PluginRegistry& registry, const std::string& game, std::ostream& out) {
  const PluginEntry& entry = registry.game(game);
  const Manifest& m = entry.manifest;
  out << m.title << " [" << m.id << "] version " << m.version << "\n";
  if (!m.summary.empty()) out << m.summary << "\n";
  out << "players: " << m.min_players << "-" << m.max_players << "\n";
  out << "plugin:  " << entry.library.string() << "\n";
  out << "data:    " << entry.data_dir.string() << "\n";
  out << "scripts: " << (entry.script_dir.empty() ? "(none)" : entry.script_dir.string()) << "\n";
  auto variants = list_variants(entry);
  out << "variants:" << (variants.empty() ? " none" : "") << "\n";
  for (const auto& v : variants) {
    const auto [low, high] = registry.variant_players(game, v.name);
    std::string counts;
    if (low != m.min_players || high != m.max_players)
      counts = low == high ? " (" + std::to_string(low) + (low == 1 ? " player)" : " players)")
                           : " (" + std::to_string(low) + "-" + std::to_string(high) + " players)";
    out << "  " << v.name << counts << (v.description.empty() ? "" : "  - " + v.description) << "\n";
  }
  return 0;
}

int run_validate(const PluginRegistry& registry, const std::string& game, std::ostream& out, int play_games) {
  const auto plus_joined = [](const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : "+") + n;
    return out;
  };
  const PluginEntry& entry = registry.game(game);
  const Manifest& m = entry.manifest;
  std::vector<std::string> problems;
  auto check = [&](std::vector<std::string> variants, const std::string& label) {
    int low = m.min_players, high = m.max_players;
    try {
      for (const auto& v : variants) {
        const auto [v_low, v_high] = registry.variant_players(game, v);
        low = std::max(low, v_low);
        high = std::min(high, v_high);
      }
    } catch (const std::exception& e) {
      problems.push_back(label + e.what());
      return;
    }
    const std::string played =
        m.id + " (" +
        (variants.empty() ? std::string("base game") : (variants.size() == 1 ? "variant " : "variants ") + plus_joined(variants)) +
        "), ";
    bool play = play_games > 0;
    for (int players = low; players <= high; ++players) {
      try {
        GameConfig config = registry.config(game, players, /*seed=*/1, variants);
        const std::size_t before = problems.size();
        for (auto& p : registry.validate(game, config)) problems.push_back(label + p);
        // The first error of a variant's games is reported; its other player counts are not played.
        if (play && problems.size() == before)
          if (const auto failure = check_replays(registry, game, config, play_games)) {
            problems.push_back(played + *failure);
            play = false;
          }
      } catch (const std::exception& e) {
        problems.push_back(label + e.what());
      }
    }
  };
  check({}, "");
  for (const auto& v : list_variants(entry)) {
    check({v.name}, "variant " + v.name + ": ");
    // A variant whose page says it is played with others ("-- with: a, b") is played with them too.
    std::vector<std::string> together{v.name};
    try {
      for (auto& partner : registry.variant_partners(game, v.name)) together.push_back(std::move(partner));
    } catch (const std::exception& e) {
      problems.push_back("variant " + v.name + ": " + e.what());
    }
    if (together.size() > 1) check(together, "variants " + plus_joined(together) + ": ");
  }
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
