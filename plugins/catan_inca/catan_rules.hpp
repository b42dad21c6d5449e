#pragma once
// The rules data of CATAN: Rise of the Inkas, read from data/catan_inca/*.yaml (game.yaml,
// board.yaml, development.yaml): cards, terrains, the board, costs, pieces, tribes, the
// development decks and the §8.5 configuration flags, plus the board's geometry (which
// corners are intersections, which sides are routes) computed once from the tiles.
// Immutable once loaded; shared by every game of one configuration.
#include <array>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tessera/effect_use.hpp"

namespace catan_inca {

inline constexpr int kCardTypes = 8;  // wood stone wool potato ore fish coca feathers (game.yaml order)
inline constexpr int kMaxSeats = 4;
inline constexpr int kMaxRoads = 32;  // road pieces a seat may have (the route search's bit set)
inline constexpr int kMaxBuildings = 64;  // settlements and cities a seat may have (the board scan's lists)
using CardCounts = std::array<int, kCardTypes>;

enum class TerrainClass { Land, Jungle, Water, Frame };

struct CardType {
  std::string id;
  bool goods = false;
  int bank = 0;
};

struct Terrain {
  std::string id;
  TerrainClass cls = TerrainClass::Frame;
  int produces = -1;  // card type index, or -1
};

struct Tile {
  std::string id;  // T01..T29, F01..F22
  int q = 0, r = 0;
  int terrain = 0;  // index into terrains
  int number = 0;   // 0 = none
  bool robber_spot = false;  // a jungle frame spot the robber may stand on
};

struct StartPosition {
  std::string colour, lettered, lettered_road, second, second_road;
};

struct DevCardDef {
  std::string id, name;
  bool combat_arts = false;
  int per_deck = 0;
  tessera::EffectUse effect;  // a Lua effect with its params (progress cards)
};

struct Options {
  bool goods_set_resources_only = false;
  int monopoly_cap = 2;  // -1 = unlimited
  bool own_declined_breaks_route = false;
  bool mca_counts_declined = true;
  bool founding_fallback = true;
  bool robber_frame_to_frame = true;
};

struct Rules {
  int min_players = 3, max_players = 4;
  std::vector<std::string> colours;
  std::vector<CardType> cards;  // exactly kCardTypes
  std::vector<Terrain> terrains;
  std::vector<Tile> tiles;      // the board tiles, then the frame; the hex map's hex order
  int board_tiles = 0;          // how many of `tiles` are board tiles (the rest is frame)
  std::vector<StartPosition> beginner;
  CardCounts road_cost{}, settlement_cost{}, city_cost{}, dev_cost{};
  int settlements = 8, cities = 2, roads = 7, thickets = 4;
  std::vector<int> goals;  // markers completing tribe 1, 2, 3
  int start_markers = 2;
  int cities_per_tribe = 1;
  int hand_limit = 7;
  int robber_roll = 7;              // the dice total that produces nothing and moves the robber
  int discard_divisor = 2;          // a seat over its hand limit returns its cards divided by this
  int settlement_yield = 1, city_yield = 2;  // cards a building takes from its hex's production
  std::string robber_start;
  int ltr_min = 3, mca_min = 2;
  int resource_rate = 3, goods_rate = 2, goods_set_receive = 2;
  int trade_max_count = 4, offers_per_turn = 3;
  int max_rounds = 500;
  Options options;
  bool variable_board = false, shuffle_land_numbers = false, free_placement = false;
  std::vector<DevCardDef> dev_cards;

  int card_index(std::string_view id) const;     // -1 if none
  int terrain_index(std::string_view id) const;  // -1 if none
  int dev_index(std::string_view id) const;      // -1 if none
  bool is_land(int tile) const { return terrains[tiles[tile].terrain].cls == TerrainClass::Land; }
};

Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants);

}  // namespace catan_inca
