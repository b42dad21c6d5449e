#pragma once
// The rules data of Lantern Market, read from data/tutorial/*.yaml: numbers, renown track
// symbols and the merchant cards. Immutable once loaded; shared by every game.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tessera/effect_use.hpp"
#include "tessera/track.hpp"

namespace tutorial {

struct CardDef {
  std::string id;
  std::string name;
  int cost = 0;
  int count = 0;
  tessera::EffectUse effect;  // a Lua effect of scripts/tutorial, with its params
};

struct TrackSymbol {
  int space = 0;
  tessera::Track::When when = tessera::Track::When::Pass;
  tessera::EffectUse effect;
};

struct Rules {
  int min_players = 2, max_players = 4;
  int start_coins = 3;
  int first_seat = 0;
  int track_length = 31;
  int last_round_at = 20;
  std::vector<TrackSymbol> symbols;
  int dice_count = 3;
  int dice_faces = 6;
  int adjust_cost = 1;
  int work_divisor = 2;  // work pays a die's pips divided by this, rounded up
  int market_slots = 4;
  int coins_bank = -1;
  int spice_bank = 18;
  int spice_cap = 5;
  int spice_per_point = 2;
  std::vector<CardDef> cards;

  // Index of the card with this id; -1 if none.
  int card_index(const std::string& id) const;
};

// Reads game.yaml and cards.yaml of `data_dir`, with the data overlays of `variants`
// (variants/<name>/game.yaml and variants/<name>/cards.yaml merged over the base files;
// cards are matched by id). Throws tessera::DataError naming file:line:col. `data_name` is how
// the folder is named in messages ("data/tutorial").
Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants);

}  // namespace tutorial
