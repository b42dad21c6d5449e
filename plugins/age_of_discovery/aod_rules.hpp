#pragma once
// The rules data of Age of Discovery, read from data/age_of_discovery/*.yaml (variants'
// overlays merged): constants, ships, flagships, expeditions, trade contracts, missions.
// Immutable once loaded. Each card also carries the keys of its counters in the state, made
// once here so that the rules code looks them up without building strings.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "aod_id_index.hpp"
#include "tessera/effect_use.hpp"

namespace aod {

// The rules code keeps per-expedition and per-ship values on the stack; load_rules refuses more.
inline constexpr int kMaxExpeditions = 32;
inline constexpr int kMaxShips = 128;

// The two scoring cards shuffled into the ship piles (rules 3, step 5).
inline const std::string kFirstScoring = "first_scoring";
inline const std::string kLastScoring = "last_scoring";

struct ShipDef {
  std::string id;      // red_2a; flag_red_yellow
  int colour = 0;      // index into Rules::colours (first colour for a flagship)
  int colour2 = -1;    // second colour of a flagship, -1 for a standard ship
  int transport = 0;   // 0 for a flagship (chosen 1..3 on use)
  int cost = 0;
  bool flagship() const { return colour2 >= 0; }
  // Keys in the "placed" counters while it is on an expedition or a contract: owner seat + 1,
  // declared colour + 1, transport, contract index + 1 (0 on an expedition), Wild Ship used.
  std::string own_key, colour_key, value_key, contract_key, wild_key;
  std::string age_key;  // "reservations": the age of a marker on it
};

struct ExpeditionDef {
  std::string id, name;
  int colour = 0;
  int limit = 0;
  int first_match = 0, first_other = 0, last_match = 0, last_other = 0;
  // Keys in the "tally" counters: lock colour + 1, transport loaded, ships, ships of each seat.
  std::string lock_key, load_key, all_key;
  std::vector<std::string> seat_keys;  // by seat, up to max_players
};

struct ContractDef {
  std::string id;
  int colour = 0;
  int requirement = 0;
  std::vector<int> payout;  // by duration 1..3 (index duration-1)
  std::string left_key, payout_key;  // "placed" while active: turns left, coins it pays
  std::string age_key;               // "reservations": the age of a marker on it
};

struct MissionDef {
  std::string id;
  int players = 0;
  tessera::EffectUse effect;  // "mission" with {type = ...}
};

struct Rules {
  int min_players = 2, max_players = 4;
  std::vector<std::string> colours;
  int starting_coins = 6, starting_hand = 2, hand_limit = 4, display_size = 4;
  int contract_cost = 1, coins_amount = 2, fee_standard = 1, fee_flagship = 2;
  std::vector<int> flagship_values{1, 2, 3};
  std::vector<int> durations{1, 2, 3};
  int row_size = 5;
  int actions_per_turn = 2;  // of the four actions, each at most once a turn
  std::vector<int> pile_sizes{6, 6, 6, 7, 7};
  int first_scoring_pile = 3, last_scoring_pile = 5;
  int unassigned_vp = 1;
  std::vector<int> wild_per_player;         // by player count (index = players)
  std::vector<int> reservation_per_player;  // by player count
  std::vector<ShipDef> ships;               // standard ships, then flagships
  std::vector<ExpeditionDef> expeditions;
  std::vector<ContractDef> contracts;
  std::vector<MissionDef> missions;
  std::vector<int> contracts_track;         // value of each space
  // Lua effects of the action cards (game.yaml action_card_effects), without params.
  tessera::EffectUse wild_effect{"wild_ship"}, reservation_effect{"reservation"},
      expiry_effect{"reservation_expiry"};

  // Id -> index, filled by load_rules (lookups happen for every generated action).
  IdIndex ship_ids, contract_ids;

  int ship_index(std::string_view id) const;  // -1 if none
  int contract_index(std::string_view id) const;
  int expedition_index(const std::string& id) const;
  int colour_index(const std::string& name) const;
  int mission_index(const std::string& id) const;
  int track_value(int completed) const;  // the last space's value past the end
};

// Reads game.yaml and cards.yaml with the overlays of `variants`; throws tessera::DataError
// naming file:line:col.
Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants);

}  // namespace aod
