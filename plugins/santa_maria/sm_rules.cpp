#include "sm_rules.hpp"

#include <algorithm>
#include <map>

#include "tessera/error.hpp"
#include "tessera/id_lookup.hpp"
#include "tessera/yaml_reader.hpp"

namespace santa_maria {

using tessera::YamlNode;

const std::array<const char*, kGoods> kGoodNames{"wood", "grain", "sugar", "gem", "gold"};

int good_index(const std::string& name) {
  for (int g = 0; g < kGoods; ++g)
    if (name == kGoodNames[static_cast<std::size_t>(g)]) return g;
  return -1;
}

namespace {

int non_negative(const YamlNode& node, std::string_view key, int fallback) {
  const int v = node.optional<int>(key, fallback);
  if (v < 0) throw node.at(key).error("'" + std::string(key) + "' must not be negative");
  return v;
}

std::vector<int> spaces(const YamlNode& node, int length) {
  std::vector<int> out;
  for (const YamlNode& item : node.as_list()) {
    const int v = item.as<int>();
    if (v < 1 || v >= length) throw item.error("must be a space 1.." + std::to_string(length - 1));
    out.push_back(v);
  }
  return out;
}

// {wood: 2, grain: 1} as a cost over the goods.
std::array<int, kGoods> goods_cost(const YamlNode& node) {
  std::array<int, kGoods> out{};
  for (const auto& [key, value] : node.as_map()) {
    const int g = good_index(key);
    if (g < 0 || g == kGold) throw value.error("unknown good '" + key + "' (wood, grain, sugar or gem)");
    out[static_cast<std::size_t>(g)] = value.as<int>();
    if (out[static_cast<std::size_t>(g)] < 0) throw value.error("must not be negative");
  }
  return out;
}

// A gain: {wood|grain|sugar|gem|gold|coins|points: n}.
nlohmann::json gain_map(const YamlNode& node) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, value] : node.as_map()) {
    if (good_index(key) < 0 && key != "coins" && key != "points")
      throw value.error("unknown gain '" + key + "' (a good, coins or points)");
    const int n = value.as<int>();
    if (n < 0 || n > 100) throw value.error("must be 0..100");
    out[key] = n;
  }
  return out;
}

tessera::EffectUse effect_ref(const YamlNode& node) {
  node.allow_only({"effect", "params"});
  return tessera::read_effect_use(node);
}

void read_game(const YamlNode& root, Rules& r) {
  root.allow_only({"players", "years", "setup", "blue_dice", "economy", "expansion_cost", "display_per_year",
                   "road_tiles", "religion_track", "conquest_track", "conquest_scoring", "retreat_spaces", "docks",
                   "port_set_points", "mission_stations", "scholar_slots", "bishop_slots", "scholars", "bishops",
                   "bishop_monk_penalty", "solo"});
  const YamlNode players = root.at("players");
  players.allow_only({"min", "max"});
  r.min_players = players.required<int>("min");
  r.max_players = players.required<int>("max");
  if (r.min_players < 1 || r.max_players > 4 || r.min_players > r.max_players)
    throw players.error("players must be within 1..4");
  r.years = root.required<int>("years");
  // 9: the state schema's bound on progress.year (schema.yaml).
  if (r.years < 1 || r.years > 9) throw root.at("years").error("years must be 1..9");
  const std::string blue = root.required<std::string>("blue_dice");
  if (blue != "own" && blue != "shared") throw root.at("blue_dice").error("blue_dice is own or shared");
  r.shared_blue = blue == "shared";

  const YamlNode e = root.at("economy");
  e.allow_only({"storage_cap", "sell", "buy_basic_price", "die_pip_cost",
                "white_dice_per_year", "dice_per_player", "starting_wood", "starting_coins_by_seat",
                "coins_per_point", "monk_fee", "monks_per_player", "religion_max_steps"});
  r.storage_cap = non_negative(e, "storage_cap", 3);
  if (r.storage_cap < 1 || r.storage_cap > 99) throw e.at("storage_cap").error("storage_cap must be 1..99");
  const YamlNode sell = e.at("sell");
  sell.allow_only({"wood", "grain", "sugar", "gem", "gold"});
  for (int g = 0; g < kGoods; ++g) r.sell[static_cast<std::size_t>(g)] = non_negative(sell, kGoodNames[static_cast<std::size_t>(g)], 1);
  r.buy_basic = non_negative(e, "buy_basic_price", 3);
  r.pip_cost = non_negative(e, "die_pip_cost", 1);
  r.white_per_year = non_negative(e, "white_dice_per_year", 3);
  r.dice_per_player = non_negative(e, "dice_per_player", 3);
  if (r.dice_per_player < 1 || r.dice_per_player > 6) throw e.at("dice_per_player").error("must be 1..6");
  r.starting_wood = non_negative(e, "starting_wood", 2);
  r.starting_coins = e.required<std::vector<int>>("starting_coins_by_seat");
  if (static_cast<int>(r.starting_coins.size()) < r.max_players)
    throw e.at("starting_coins_by_seat").error("needs one value per seat");
  for (int c : r.starting_coins)
    if (c < 0) throw e.at("starting_coins_by_seat").error("coins must not be negative");
  r.coins_per_point = non_negative(e, "coins_per_point", 3);
  if (r.coins_per_point < 1) throw e.at("coins_per_point").error("must be at least 1");
  r.monk_fee = non_negative(e, "monk_fee", 2);
  r.monks_per_player = non_negative(e, "monks_per_player", 6);
  r.religion_max_steps = non_negative(e, "religion_max_steps", 2);
  if (r.religion_max_steps < 1 || r.religion_max_steps > 2) throw e.at("religion_max_steps").error("must be 1 or 2");
  r.economy_json = tessera::to_json(e);

  const YamlNode cost = root.at("expansion_cost");
  cost.allow_only({"double", "triple"});
  r.double_cost = goods_cost(cost.at("double"));
  r.triple_cost = goods_cost(cost.at("triple"));
  const YamlNode disp = root.at("display_per_year");
  disp.allow_only({"double", "triple"});
  r.display_double = non_negative(disp, "double", 5);
  r.display_triple = non_negative(disp, "triple", 5);
  if (r.display_double > 5 || r.display_triple > 5) throw disp.error("at most 5 tiles of each size");
  r.road_tiles = non_negative(root, "road_tiles", 3);

  const YamlNode rel = root.at("religion_track");
  rel.allow_only({"length", "monks", "blue_dice"});
  r.religion_length = rel.required<int>("length");
  if (r.religion_length < 2 || r.religion_length > 100) throw rel.at("length").error("length must be 2..100");
  r.religion_monks = spaces(rel.at("monks"), r.religion_length);
  r.religion_blue = spaces(rel.at("blue_dice"), r.religion_length);
  const YamlNode con = root.at("conquest_track");
  con.allow_only({"length", "gold", "solo_trees"});
  r.conquest_length = con.required<int>("length");
  if (r.conquest_length < 2 || r.conquest_length > 100) throw con.at("length").error("length must be 2..100");
  r.conquest_gold = spaces(con.at("gold"), r.conquest_length);
  r.solo_trees = spaces(con.at("solo_trees"), r.conquest_length);
  if (static_cast<int>(r.solo_trees.size()) < r.years) throw con.at("solo_trees").error("one tree per year");

  const YamlNode cs = root.at("conquest_scoring");
  cs.allow_only({"2", "3", "4", "solo"});
  r.conquest_scoring.assign(5, {});
  for (int n = 2; n <= 4; ++n) {
    const YamlNode rows = cs.at(std::to_string(n));
    for (const YamlNode& year : rows.as_list()) {
      std::vector<int> values = year.as<std::vector<int>>();
      if (static_cast<int>(values.size()) > n) throw year.error("more rank values than players");
      for (int v : values)
        if (v < 0) throw year.error("values must not be negative");
      r.conquest_scoring[static_cast<std::size_t>(n)].push_back(values);
    }
    if (static_cast<int>(r.conquest_scoring[static_cast<std::size_t>(n)].size()) < r.years)
      throw rows.error("one list per year");
  }
  r.solo_conquest = cs.required<std::vector<int>>("solo");
  if (static_cast<int>(r.solo_conquest.size()) < r.years) throw cs.at("solo").error("one value per year");

  for (const YamlNode& s : root.at("retreat_spaces").as_list()) r.retreat_spaces.push_back(effect_ref(s));
  if (r.retreat_spaces.size() < 4 || r.retreat_spaces.size() > 9)
    throw root.at("retreat_spaces").error("needs 4..9 retreat spaces (one per player at least)");
  for (const YamlNode& d : root.at("docks").as_list()) r.docks.push_back(effect_ref(d));
  if (r.docks.size() != 4) throw root.at("docks").error("there are 4 docks");
  r.port_set_points = non_negative(root, "port_set_points", 3);
  for (const YamlNode& m : root.at("mission_stations").as_list()) r.missions.push_back(gain_map(m));
  if (r.missions.empty() || r.missions.size() > 9) throw root.at("mission_stations").error("needs 1..9 stations");
  r.scholar_slots = non_negative(root, "scholar_slots", 3);
  r.bishop_slots = non_negative(root, "bishop_slots", 3);
  for (const YamlNode& s : root.at("scholars").as_list()) {
    s.allow_only({"id", "points", "buy", "die_change_for", "blue_die_on_columns", "die_on_any_building", "move_die_cost",
                  "on_die_activation", "on_retreat"});
    ScholarDef d;
    d.id = s.required<std::string>("id");
    d.points = s.required<int>("points");
    if (const auto buy = s.find("buy")) {
      buy->allow_only({"wood", "grain", "sugar", "gem"});
      for (int g = 0; g < kGold; ++g)
        if (buy->find(kGoodNames[static_cast<std::size_t>(g)]))
          d.buy[static_cast<std::size_t>(g)] = non_negative(*buy, kGoodNames[static_cast<std::size_t>(g)], 0);
    }
    if (const auto goods = s.find("die_change_for"))
      for (const YamlNode& good : goods->as_list()) {
        const int g = good_index(good.as_string());
        if (g < 0) throw good.error("unknown good '" + good.as_string() + "'");
        d.die_change_for |= 1u << g;
      }
    d.blue_die_on_columns = s.optional<bool>("blue_die_on_columns", false);
    d.die_on_any_building = s.optional<bool>("die_on_any_building", false);
    if (s.find("move_die_cost")) d.move_die_cost = non_negative(s, "move_die_cost", 1);
    if (s.has("on_die_activation")) d.on_die_activation = tessera::read_effect_use(s, "on_die_activation", "");
    if (s.has("on_retreat")) d.on_retreat = tessera::read_effect_use(s, "on_retreat", "");
    if (r.scholar_index(d.id) >= 0) throw s.at("id").error("scholar listed twice");
    r.scholars.push_back(d);
  }
  for (const YamlNode& b : root.at("bishops").as_list()) {
    BishopDef d{b.required<std::string>("id"), tessera::EffectUse("bishop", tessera::to_json(b), b.at("id"), b)};
    // The numbers each objective of scripts/santa_maria/bishops.lua reads.
    const std::map<std::string, std::vector<std::string>> needs{
        {"square", {"scores"}},          {"one_dock", {"per_tile"}},
        {"cities_capital", {"per_city"}}, {"colonists_capital", {"per_colonist"}},
        {"largest_area", {"per_square", "terrains"}}, {"diverse_lines", {"per_line", "needs"}}};
    b.allow_only({"id", "scores", "per_tile", "per_city", "per_colonist", "per_square", "per_line", "terrains", "needs",
                  "cap"});
    if (const auto it = needs.find(d.id); it != needs.end())
      for (const auto& key : it->second) {
        const YamlNode v = b.at(key);
        if (key == "scores") {
          for (const auto& [k, n] : v.as_map())
            if (n.as<int>() < 0 || (k != "3" && k != "4" && k != "5")) throw n.error("scores map 3, 4, 5 to points");
        } else if (key == "terrains" || key == "needs") {
          (void)v.as<std::vector<std::string>>();
        } else if (v.as<int>() < 0) {
          throw v.error("must not be negative");
        }
      }
    if (b.has("cap") && b.at("cap").as<int>() < 0) throw b.at("cap").error("must not be negative");
    static const std::vector<std::string> known{"square", "one_dock", "cities_capital", "colonists_capital",
                                                "largest_area", "diverse_lines"};
    if (std::find(known.begin(), known.end(), d.id) == known.end()) throw b.at("id").error("unknown bishop '" + d.id + "'");
    if (r.bishop_index(d.id) >= 0) throw b.at("id").error("bishop listed twice");
    r.bishops.push_back(d);
  }
  if (r.scholars.size() > 30) throw root.at("scholars").error("at most 30 scholars");
  if (static_cast<int>(r.scholars.size()) < r.scholar_slots || r.scholar_slots > 9)
    throw root.at("scholars").error("not enough scholars for the slots");
  if (static_cast<int>(r.bishops.size()) < r.bishop_slots || r.bishop_slots > 9)
    throw root.at("bishops").error("not enough bishops for the slots");
  r.bishop_penalty = root.required<int>("bishop_monk_penalty");
  r.solo = tessera::to_json(root.at("solo"));
  r.solo_goals = tessera::EffectUse("solo_goals", r.solo, root.at("solo"), root.at("solo"));
}

int cell_index(Rules& r, const YamlNode& node) {
  CellDef c;
  if (node.has("road")) {
    node.allow_only({"road"});
    c.colonists = node.required<int>("road");
    if (c.colonists < 0 || c.colonists > 9) throw node.at("road").error("colonists must be 0..9");
    c.type = "road:" + std::to_string(c.colonists);
  } else {
    node.allow_only({"terrain", "b"});
    const std::string terrain = node.required<std::string>("terrain");
    c.terrain = r.terrain_index(terrain);
    if (c.terrain < 0) throw node.at("terrain").error("unknown terrain '" + terrain + "'");
    const std::string b = node.required<std::string>("b");
    c.building = r.building_index(b);
    if (c.building < 0) throw node.at("b").error("unknown building '" + b + "'");
    c.type = terrain + ":" + b;
  }
  const auto it = r.cell_by_type.find(c.type);
  if (it != r.cell_by_type.end()) return it->second;
  r.cells.push_back(c);
  const int index = static_cast<int>(r.cells.size()) - 1;
  r.cell_by_type.emplace(c.type, index);
  return index;
}

TileDef read_tile(Rules& r, const YamlNode& node, const std::map<std::string, std::vector<std::pair<int, int>>>& shapes,
                  bool with_id) {
  if (with_id) node.allow_only({"id", "shape", "cells"});
  else node.allow_only({"shape", "cells"});
  TileDef t;
  if (with_id) t.id = node.required<std::string>("id");
  const std::string shape = node.required<std::string>("shape");
  const auto it = shapes.find(shape);
  if (it == shapes.end()) throw node.at("shape").error("unknown shape '" + shape + "'");
  t.offsets = it->second;
  const auto cells = node.at("cells").as_list();
  if (cells.size() != t.offsets.size()) throw node.at("cells").error("one cell per square of the shape");
  for (const YamlNode& c : cells) t.cells.push_back(cell_index(r, c));
  std::vector<std::pair<int, int>> rot = t.offsets;
  for (int k = 0; k < 4; ++k) {
    int min_r = 99, min_c = 99;
    for (const auto& [dr, dc] : rot) {
      min_r = std::min(min_r, dr);
      min_c = std::min(min_c, dc);
    }
    std::vector<std::pair<int, int>> norm;
    for (const auto& [dr, dc] : rot) norm.emplace_back(dr - min_r, dc - min_c);
    std::sort(norm.begin(), norm.end());
    if (std::find(t.rotations.begin(), t.rotations.end(), norm) == t.rotations.end()) t.rotations.push_back(norm);
    for (auto& [dr, dc] : rot) {  // a quarter turn clockwise (rows down): (dr, dc) -> (dc, -dr)
      const int old_r = dr;
      dr = dc;
      dc = -old_r;
    }
  }
  return t;
}

void read_colony(const YamlNode& root, Rules& r) {
  root.allow_only({"buildings", "terrains", "shapes", "colony_boards", "double_tiles", "triple_tiles", "road_tile",
                   "capital_tiles", "starting_shipments", "standard_shipments"});
  for (const YamlNode& b : root.at("buildings").as_list()) {
    b.allow_only({"id", "effects"});
    BuildingDef d;
    d.id = b.required<std::string>("id");
    if (r.building_index(d.id) >= 0) throw b.at("id").error("building listed twice");
    for (const YamlNode& e : b.at("effects").as_list()) d.effects.push_back(effect_ref(e));
    if (d.effects.empty() || d.effects.size() > 2) throw b.at("effects").error("a building has one or two effects");
    r.buildings.push_back(d);
  }
  r.terrains = root.required<std::vector<std::string>>("terrains");
  for (const char* needed : {"forest", "mountain", "farm", "city", "capital"})
    if (r.terrain_index(needed) < 0) throw root.at("terrains").error(std::string("terrain '") + needed + "' is missing");
  std::map<std::string, std::vector<std::pair<int, int>>> shapes;
  for (const auto& [name, cells] : root.at("shapes").as_map()) {
    std::vector<std::pair<int, int>> offs;
    for (const YamlNode& c : cells.as_list()) {
      const auto v = c.as<std::vector<int>>();
      if (v.size() != 2 || v[0] < 0 || v[1] < 0 || v[0] > 5 || v[1] > 5) throw c.error("an offset is [dr, dc] within 0..5");
      offs.emplace_back(v[0], v[1]);
    }
    if (offs.empty()) throw cells.error("a shape has at least one square");
    shapes[name] = offs;
  }
  for (const YamlNode& b : root.at("colony_boards").as_list()) {
    b.allow_only({"id", "side", "squares"});
    BoardDef d;
    d.id = b.required<std::string>("id");
    const std::string side = b.required<std::string>("side");
    if (side != "A" && side != "B") throw b.at("side").error("side is A or B");
    d.side = side[0];
    std::vector<bool> used(36, false);
    for (const YamlNode& s : b.at("squares").as_list()) {
      s.allow_only({"r", "c", "terrain", "b"});
      const int row = s.required<int>("r"), col = s.required<int>("c");
      if (row < 1 || row > 6 || col < 1 || col > 6) throw s.error("r and c are 1..6");
      if (used[static_cast<std::size_t>((row - 1) * 6 + col - 1)]) throw s.error("square listed twice");
      used[static_cast<std::size_t>((row - 1) * 6 + col - 1)] = true;
      YamlNode cell = s;
      CellDef c;
      const std::string terrain = s.required<std::string>("terrain");
      const std::string bid = s.required<std::string>("b");
      if (r.terrain_index(terrain) < 0) throw s.at("terrain").error("unknown terrain '" + terrain + "'");
      if (r.building_index(bid) < 0) throw s.at("b").error("unknown building '" + bid + "'");
      const std::string type = terrain + ":" + bid;
      int index = r.cell_of(type);
      if (index < 0) {
        c.terrain = r.terrain_index(terrain);
        c.building = r.building_index(bid);
        c.type = type;
        r.cells.push_back(c);
        index = static_cast<int>(r.cells.size()) - 1;
        r.cell_by_type.emplace(type, index);
      }
      d.squares.push_back({{row, col}, index});
    }
    r.boards.push_back(d);
  }
  int side_a = 0, side_b = 0;
  for (const auto& b : r.boards) (b.side == 'A' ? side_a : side_b) += 1;
  if (side_a < r.max_players) throw root.at("colony_boards").error("fewer side-A boards than players");
  if (side_b < 1) throw root.at("colony_boards").error("a side-B board is needed (advanced set-up and solo)");
  for (const YamlNode& t : root.at("double_tiles").as_list()) r.doubles.push_back(read_tile(r, t, shapes, true));
  for (const YamlNode& t : root.at("triple_tiles").as_list()) r.triples.push_back(read_tile(r, t, shapes, true));
  if (static_cast<int>(r.doubles.size()) < r.years * r.display_double)
    throw root.at("double_tiles").error("not enough double tiles for the yearly displays");
  if (static_cast<int>(r.triples.size()) < r.years * r.display_triple)
    throw root.at("triple_tiles").error("not enough triple tiles for the yearly displays");
  r.road = read_tile(r, root.at("road_tile"), shapes, false);
  for (const YamlNode& t : root.at("capital_tiles").as_list()) r.capitals.push_back(read_tile(r, t, shapes, true));
  if (r.capitals.size() < 4) throw root.at("capital_tiles").error("4 capital tiles are needed");
  for (int i = 0; i < r.tile_count(); ++i) {
    if (r.tile_ids.count(r.tile(i).id)) throw root.at("triple_tiles").error("tile id '" + r.tile(i).id + "' listed twice");
    r.tile_ids.emplace(r.tile(i).id, i);
  }
  for (const char* key : {"starting_shipments", "standard_shipments"}) {
    for (const YamlNode& s : root.at(key).as_list()) {
      s.allow_only({"id", "cost", "points"});
      ShipmentDef d;
      d.id = s.required<std::string>("id");
      d.starting = std::string(key) == "starting_shipments";
      d.points = s.required<int>("points");
      if (d.points < 0 || d.points > 99) throw s.at("points").error("points must be 0..99");
      for (const YamlNode& c : s.at("cost").as_list()) {
        const std::string letter = c.as<std::string>();
        const int g = letter == "W" ? kWood : letter == "G" ? kGrain : letter == "S" ? kSugar : letter == "J" ? kGem : -1;
        if (g < 0) throw c.error("a cost letter is W, G, S or J");
        d.cost[static_cast<std::size_t>(g)] += 1;
      }
      if (r.shipment_ids.count(d.id)) throw s.at("id").error("shipment listed twice");
      r.shipment_ids.emplace(d.id, static_cast<int>(r.shipments.size()));
      r.shipments.push_back(d);
    }
  }
  int starting = 0;
  for (const auto& s : r.shipments) starting += s.starting ? 1 : 0;
  if (starting != 4) throw root.at("starting_shipments").error("there are 4 starting shipments, one per dock");
}

}  // namespace

int Rules::terrain_index(const std::string& name) const {
  for (std::size_t i = 0; i < terrains.size(); ++i)
    if (terrains[i] == name) return static_cast<int>(i);
  return -1;
}
int Rules::building_index(const std::string& id) const { return tessera::index_by_id(buildings, id); }
int Rules::scholar_index(const std::string& id) const { return tessera::index_by_id(scholars, id); }
int Rules::board_index(const std::string& id) const { return tessera::index_by_id(boards, id); }
int Rules::bishop_index(const std::string& id) const { return tessera::index_by_id(bishops, id); }

Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants) {
  Rules rules;
  read_game(tessera::load_with_overlays(data_dir, data_name, "game.yaml", variants), rules);
  read_colony(tessera::load_with_overlays(data_dir, data_name, "colony.yaml", variants), rules);
  return rules;
}

}  // namespace santa_maria
