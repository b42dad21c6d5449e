#pragma once
// The rules data of Madeira, read from data/madeira/{game,cards}.yaml (the tables of
// /work/shared/rules/madeira.md §13). Immutable once loaded; shared by every game.
#include <array>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tessera/effect_use.hpp"

namespace madeira {

// Goods in the order every table uses.
enum Good { kWheat = 0, kSugar = 1, kWine = 2 };
inline constexpr int kGoods = 3;
inline constexpr int kRegions = 3;
inline constexpr int kBuildings = 5;
inline constexpr int kCharacters = 4;  // tiles; character 4 is the printed harvester
inline constexpr int kHarvester = 4;
inline constexpr int kCities = 3;
inline constexpr int kDistricts = 6;
inline constexpr int kCitySpaces = kCities * kDistricts * 2;  // 36
inline constexpr int kColonies = 3;
inline constexpr int kPorts = 5;
inline constexpr int kPassSpaces = 4;

struct FieldDef {
  std::string id;
  int region = 1;           // 1..3
  int good = kWheat;
  int variable_to = -1;     // a good, or -1
  std::map<int, int> wood;  // by player count
};

struct BuildingDef {
  std::string id, name;
  int region = 1;
  int empty_in_round = 1;
  tessera::EffectUse effect;  // Lua effect of scripts/madeira/buildings.lua, with its params
};

struct CityDef {
  std::string id, name;
  int mayor = 0;  // 0 bread, 1 reals, 2 wood
};

struct ColonyDef {
  std::string id, name;
  int good = kWheat;
  int income = 1;
  std::vector<std::pair<int, int>> ports;  // (wine, least player count)
};

struct MarketDef {
  std::string id;
  int good = kWheat;
  std::vector<std::pair<int, int>> columns;  // (goods cost, reals income)
  int merged_first = -1;                      // 2p: this column and the next are one space
};

struct PassSpace {
  int reals = 0;
  std::string other;  // "", pp_and_city_worker, worker_to_city_watch, move_one_ship
  int pp = 0;
};

// What a player picks when using a tile (cards.yaml `choose`).
enum class TileChoice { None, City, GoodsPair };

struct TileDef {  // a favor or a King's reward
  std::string id;
  int group = 0;        // favor: guild index; reward: 0 for set A, 1 for set B
  tessera::EffectUse effect;  // a Lua effect of scripts/madeira/tiles.lua; params {amount} when given
  int amount = 0;
  TileChoice choose = TileChoice::None;
  bool phase_c_only = false;
};

// What a request type is applied to when it is scored (game.yaml request_types).
enum class RequestChoice { Market, City, Colony, Amount, Favors };

struct RequestDef {
  std::string id;
  bool initial = false;
  int crowns = 0, heads = 0;
  std::string type;  // Lua effect of scripts/madeira/requests.lua
  tessera::EffectUse effect;  // that effect with the request's params
  RequestChoice choice = RequestChoice::Market;
  int rate = 1, cap = 0;  // Amount: reals per PP and the most PP
};

struct Rules {
  int min_players = 2, max_players = 4, rounds = 5;
  std::vector<int> die_faces;
  int pirate_dice = 3, dice_per_row = 3, requests_per_row = 5;
  std::map<int, int> cost_base;
  std::vector<int> order_bonus;
  std::map<std::string, int> start_home;
  int setup_watch_workers = 2;
  int mill_levels = 7, mill_start = 3, trade_pay = 2, improve_wheat = 2, cash_reals = 3, cash_bread = 1,
      sacrifice_reals = 1, sacrifice_bread = 1;
  int honor_pp = 4;
  std::vector<int> pirate_penalty;
  int pirate_excess = 20, reals_per_pp = 5, max_pirate_discard = 3;
  std::vector<int> wood_price;
  std::vector<std::string> guilds;
  std::map<int, std::vector<std::vector<int>>> rows;  // players -> rows -> guild indices
  std::vector<PassSpace> pass_spaces;
  std::vector<BuildingDef> buildings;
  int lower_workers = 3;
  std::vector<std::string> characters;
  // What a character's action does: workers the Administrator moves to fields, ships the
  // Captain moves, moves the Mayor makes (§ character tiles).
  int administrator_workers = 2, captain_ships = 2, mayor_moves = 2;
  std::vector<FieldDef> fields;
  std::map<int, std::pair<int, int>> conversions;  // round -> (from, to)
  std::map<int, int> score_requests;               // round -> how many
  std::map<std::string, RequestChoice> request_types;
  std::vector<CityDef> cities;
  std::vector<int> district_wood;
  int mayor_per_worker = 2, mayor_per_citizen = 1;
  std::vector<ColonyDef> colonies;
  std::vector<MarketDef> markets;
  std::vector<TileDef> favors, rewards;
  std::vector<RequestDef> requests;

  // Cumulative price of n wood bought in one turn.
  int wood_cost(int n) const {
    if (n <= 0) return 0;
    if (n <= static_cast<int>(wood_price.size())) return wood_price[static_cast<std::size_t>(n - 1)];
    return n * (n + 1) / 2;
  }
};

int good_index(const std::string& name);  // -1 when unknown
const char* good_name(int good);

Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants);

}  // namespace madeira
