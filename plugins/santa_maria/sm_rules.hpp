#pragma once
// The rules data of Santa Maria, read from data/santa_maria/{game,colony}.yaml (with the
// overlays of the chosen variants): constants, tracks, buildings, colony boards, tiles,
// shipments, scholars, bishops. Immutable once loaded.
#include <array>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "tessera/effect_use.hpp"

namespace santa_maria {

// Resource kinds in storage order; coins and points are not resources.
enum Good { kWood = 0, kGrain = 1, kSugar = 2, kGem = 3, kGold = 4, kGoods = 5 };
extern const std::array<const char*, kGoods> kGoodNames;
int good_index(const std::string& name);  // -1 if none

struct BuildingDef {
  std::string id;
  std::vector<tessera::EffectUse> effects;  // one, or two for a double building
};

// What a colony square holds. The grid cell type is "<terrain>:<building>" for a building
// and "road:<colonists>" for a road; "" is a free square.
struct CellDef {
  int terrain = -1;     // index into Rules::terrains; -1 for a road
  int building = -1;    // index into Rules::buildings; -1 for a road
  int colonists = 0;    // roads only
  std::string type;     // the grid cell type
};

struct TileDef {
  std::string id;
  std::vector<std::pair<int, int>> offsets;  // (dr, dc) of each cell
  std::vector<int> cells;                    // index into Rules::cells, same order
  // The distinct rotations of the shape as normalised offsets (for quick "fits anywhere?").
  std::vector<std::vector<std::pair<int, int>>> rotations;
};

struct BoardDef {
  std::string id;
  char side = 'A';
  std::vector<std::pair<std::pair<int, int>, int>> squares;  // ((r, c) 1-based, cell index)
};

struct ShipmentDef {
  std::string id;
  std::array<int, kGoods> cost{};  // gold never appears in a cost
  int points = 0;
  bool starting = false;
};

// A scholar and its abilities (5.11); a seat owning several has all of them.
struct ScholarDef {
  std::string id;
  int points = 0;
  std::array<int, kGoods> buy{-1, -1, -1, -1, -1};  // price of buying a good, -1: no change
  unsigned die_change_for = 0;                     // bit per good that may pay any die change
  bool blue_die_on_columns = false;
  bool die_on_any_building = false;
  int move_die_cost = -1;                          // -1: no Logistics
  tessera::EffectUse on_die_activation, on_retreat;         // effect "" when none
};

struct BishopDef {
  std::string id;
  tessera::EffectUse effect;  // "bishop" with the bishop's own map as its params
};

struct Rules {
  int min_players = 1, max_players = 4, years = 3;
  bool shared_blue = false;  // blue_dice: shared
  // economy
  int storage_cap = 3;
  std::array<int, kGoods> sell{1, 1, 2, 2, 2};
  int buy_basic = 3, pip_cost = 1, white_per_year = 3, dice_per_player = 3;
  int starting_wood = 2, coins_per_point = 3, monk_fee = 2, monks_per_player = 6, religion_max_steps = 2;
  std::vector<int> starting_coins{3, 4, 5, 6};
  std::array<int, kGoods> double_cost{2, 0, 0, 0, 0}, triple_cost{2, 1, 0, 0, 0};
  int display_double = 5, display_triple = 5, road_tiles = 3;
  int religion_length = 21, conquest_length = 13;
  std::vector<int> religion_monks, religion_blue, conquest_gold, solo_trees;
  std::vector<std::vector<std::vector<int>>> conquest_scoring;  // [players][year-1] rank values
  std::vector<int> solo_conquest;                               // by year
  std::vector<tessera::EffectUse> retreat_spaces, docks;
  int port_set_points = 3;
  std::vector<nlohmann::json> missions;  // rewards {good or coins/points: n}
  int scholar_slots = 3, bishop_slots = 3;
  std::vector<ScholarDef> scholars;
  std::vector<BishopDef> bishops;
  int bishop_penalty = -2;
  nlohmann::json solo;  // {target, goals}
  tessera::EffectUse solo_goals;  // "solo_goals" with `solo` as its params
  nlohmann::json economy_json;  // the economy block, passed to every effect as params.economy

  std::vector<std::string> terrains;
  std::vector<BuildingDef> buildings;
  std::vector<CellDef> cells;
  std::unordered_map<std::string, int> cell_by_type;
  std::vector<BoardDef> boards;
  std::vector<TileDef> doubles, triples, capitals;
  TileDef road;
  std::vector<ShipmentDef> shipments;  // starting ones first
  std::unordered_map<std::string, int> shipment_ids, tile_ids;  // tile id -> index in all_tiles()

  int terrain_index(const std::string& name) const;  // -1 if none
  int building_index(const std::string& id) const;
  int scholar_index(const std::string& id) const;
  int board_index(const std::string& id) const;  // -1 if none
  int bishop_index(const std::string& id) const;
  // The cell index of a grid cell type, -1 for a free square or an unknown type.
  int cell_of(const std::string& type) const {
    if (type.empty()) return -1;
    const auto it = cell_by_type.find(type);
    return it == cell_by_type.end() ? -1 : it->second;
  }
  // Expansion tiles as one list: doubles, then triples (tile numbers on the grid are this
  // index; capital tiles follow at 100 + index, road tiles at 200 + n).
  const TileDef& tile(int index) const {
    return index < static_cast<int>(doubles.size()) ? doubles[static_cast<std::size_t>(index)]
                                                    : triples[static_cast<std::size_t>(index) - doubles.size()];
  }
  int tile_count() const { return static_cast<int>(doubles.size() + triples.size()); }
};

// Reads the data with the variants' overlays; throws tessera::DataError naming file:line:col.
Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants);

}  // namespace santa_maria
