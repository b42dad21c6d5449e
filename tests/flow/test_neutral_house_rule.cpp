// A house rule that touches every move of a game and changes nothing must play the same
// games: for each game, a variant wraps every move's apply and legal list around the game's
// own, extends every list by nothing and filters out nothing. Every decision must then offer
// the same moves (the engine now makes each list through the scripts, the generators'
// entries dropped), every move must do the same, and the game must end alike. The variant also
// subscribes to every event the game declares, checking each announcement carries its name
// and every declared parameter. This is the smoke test of every declared move and event as a
// unit a house rule can reach.
#include <algorithm>
#include <catch2/catch.hpp>

#include "support/registry.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/rng.hpp"

namespace {

// The Lua page of the neutral house rule for the moves and events of `game`.
std::string neutral_page(const tessera::Game& game) {
  const auto& rules = dynamic_cast<const tessera::FlowGame&>(game).flow_rules();
  std::string page;
  for (std::size_t k = 0; k < rules.move_count(); ++k) {
    const std::string name = "\"" + rules.move(static_cast<int>(k)).name + "\"";
    page += "wrap_move(" + name +
            ", {apply = function(base, ctx, move, step) base(ctx, move, step) end,\n"
            "  legal = function(base, ctx, step) return base(ctx, step) end})\n"
            "extend_legal(" + name + ", function(ctx, step) return {} end)\n"
            "filter_legal(" + name + ", function(ctx, move, step) return true end)\n";
  }
  for (std::size_t e = 0; e < rules.event_count(); ++e) {
    const tessera::EventDecl& event = rules.event(static_cast<int>(e));
    page += "on(\"" + event.name + "\", function(ctx, event)\n  assert(event.name == \"" + event.name + "\")\n";
    for (const auto& param : event.params)
      page += "  assert(event." + param.name + " ~= nil, \"" + event.name + " without " + param.name + "\")\n";
    page += "end)\n";
  }
  return page;
}

std::vector<std::string> sorted_texts(const tessera::Game& game) {
  std::vector<std::string> texts;
  for (const auto& a : game.legal_actions()) texts.push_back(a.text);
  std::sort(texts.begin(), texts.end());
  return texts;
}

}  // namespace

TEST_CASE("A house rule wrapping, extending and filtering every move by nothing plays the same games", "[flow]") {
  for (const tessera::PluginEntry* entry : tessera::testing::game_registry().games()) {
    const std::string& id = entry->manifest.id;
    for (int players : {entry->manifest.min_players, entry->manifest.max_players}) {
      DYNAMIC_SECTION(id << " with " << players << " players") {
        auto plain = tessera::testing::new_game(id, players, 5);
        auto touched = tessera::testing::new_game_with_scripts(id, players, 5, {{"neutral", neutral_page(*plain)}});
        tessera::Rng rng(5);
        // Long games are cut: the first 400 decisions cover every kind of turn.
        for (int step = 0; step < 400 && !plain->is_over(); ++step) {
          INFO("decision " << step);
          const std::vector<std::string> texts = sorted_texts(*plain);
          REQUIRE(sorted_texts(*touched) == texts);
          const std::string& text = texts[rng.below(texts.size())];
          REQUIRE(plain->apply(text).ok);
          const tessera::ApplyResult result = touched->apply(text);
          INFO(text << ": " << result.error);
          REQUIRE(result.ok);
          REQUIRE(touched->table().to_json() == plain->table().to_json());
        }
        CHECK(touched->is_over() == plain->is_over());
      }
    }
  }
}
