#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/deck.hpp"
#include "tessera/dice_pool.hpp"
#include "tessera/hand.hpp"
#include "tessera/market.hpp"
#include "tessera/supply.hpp"
#include "tessera/table.hpp"
#include "tessera/turn_order.hpp"

using namespace tessera;
using nlohmann::json;

namespace {

// A three-seat table holding one of each component kind, in a mid-game state.
Table sample_table() {
  Table table(3, 21);
  auto dice = table.add<DicePool>("dice");
  auto deck = table.add<Deck>("cards");
  auto market = table.add<Market>("market", 2, 2, Refill::SlideDown, "cards", std::vector<std::string>{"draw"});
  auto goods = table.add<Supply>("goods", 3, kNobody, Visibility::Owner);
  auto turns = table.add<TurnOrder>("turns", 3);
  for (int s = 0; s < 3; ++s) table.add<Hand>("hand", s, Visibility::Owner, 4);

  for (int i = 0; i < 4; ++i) table.get(dice).add_die(i % 2 ? "blue" : "white");
  table.get(dice).roll_all(table.rng());
  table.get(dice).take(1, 2);
  table.get(deck).add_pile("draw", false, {"c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10"});
  table.get(deck).add_pile("discard", true);
  table.get(deck).shuffle("draw", table.rng());
  table.get(market).fill_all(table.get(deck));
  table.get(market).take(0, table.get(deck));
  for (int s = 0; s < 3; ++s) table.get<Hand>("hand", s).add(table.get(deck).draw("draw"));
  table.get<Hand>("hand", 1).set_revealed(0, true);
  table.get(goods).add_resource("coin");
  table.get(goods).add_resource("wood", 12, 3, Overflow::Discard);
  table.get(goods).gain(0, "wood", 2);
  table.get(goods).gain(1, "wood", 1);
  table.get(goods).gain(2, "coin", 3);
  table.get(turns).pass(1);
  table.get(turns).advance();
  return table;
}

std::vector<std::string> kinds_of(const Table& table) {
  std::vector<std::string> kinds;
  for (std::size_t i = 0; i < table.size(); ++i) kinds.emplace_back(table.at(i).kind());
  return kinds;
}

}  // namespace

TEST_CASE("Every component kind survives a table copy and a JSON round-trip", "[core]") {
  Table table = sample_table();
  CHECK(kinds_of(table) ==
        std::vector<std::string>{"dice_pool", "deck", "market", "supply", "turn_order", "hand", "hand", "hand"});
  Table copy = table;
  CHECK(copy == table);
  copy.get<Supply>("goods").gain(0, "coin", 1);
  CHECK_FALSE(copy == table);

  Table blank(3, 99);
  blank.add<DicePool>("dice");
  blank.add<Deck>("cards");
  blank.add<Market>("market", 1, 1, Refill::None);
  blank.add<Supply>("goods", 0, kNobody, Visibility::Owner);
  blank.add<TurnOrder>("turns", 1);
  for (int s = 0; s < 3; ++s) blank.add<Hand>("hand", s);
  blank.assign_json(table.to_json());
  CHECK(blank == table);
  CHECK(blank.to_json() == table.to_json());
}

TEST_CASE("Resampling for a seat changes nothing that seat can see", "[core]") {
  Table table = sample_table();
  Rng rng(77);
  for (int viewer : {0, 1, 2, kSpectator}) {
    const json seen = table.view(viewer);
    for (int i = 0; i < 10; ++i) {
      Table sample = table;
      sample.resample_hidden(viewer, rng);
      resample_hidden_cards(sample, "hand", "cards", viewer, rng);
      REQUIRE(sample.view(viewer) == seen);
    }
  }
  Table sample = table;
  sample.resample_hidden(kOmniscient, rng);
  resample_hidden_cards(sample, "hand", "cards", kOmniscient, rng);
  CHECK(sample == table);
}
