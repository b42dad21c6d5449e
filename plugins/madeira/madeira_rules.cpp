// Reads data/madeira/game.yaml and cards.yaml into madeira::Rules, with compiler-style errors.
#include "madeira_rules.hpp"

#include <algorithm>

#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"

namespace madeira {

using tessera::YamlNode;

int good_index(const std::string& name) {
  if (name == "wheat") return kWheat;
  if (name == "sugar") return kSugar;
  if (name == "wine") return kWine;
  return -1;
}

const char* good_name(int good) {
  static const char* names[] = {"wheat", "sugar", "wine"};
  return good >= 0 && good < kGoods ? names[good] : "?";
}

namespace {

int read_good(const YamlNode& node) {
  const int g = good_index(node.as<std::string>());
  if (g < 0) throw node.error("expected wheat, sugar or wine");
  return g;
}

std::map<int, int> by_players(const YamlNode& node) {
  std::map<int, int> out;
  for (const auto& [key, value] : node.as_map()) {
    int players = 0;
    try {
      players = std::stoi(key);
    } catch (const std::exception&) {
      throw value.error("expected a player count (2, 3 or 4) as key");
    }
    if (players < 2 || players > 4) throw value.error("expected a player count (2, 3 or 4) as key");
    out[players] = value.as<int>();
  }
  return out;
}

void read_game(const YamlNode& g, Rules& r) {
  g.allow_only({"players", "rounds", "die_faces", "pirate_dice", "dice_per_row", "requests_per_row",
                "building_cost_base", "turn_order_bonus_reals", "start_home", "setup_city_watch_workers", "mill",
                "honor_pp", "pirate_rank_penalty", "pirate_excess_threshold", "reals_per_pp", "wood_price",
                "max_pirate_discard", "guilds", "rows", "pass_spaces", "buildings", "lower_action_workers",
                "characters", "character_actions", "fields", "conversions", "score_requests", "request_types", "cities", "district_wood", "mayor_income",
                "colonies", "markets"});
  const YamlNode players = g.at("players");
  players.allow_only({"min", "max"});
  r.min_players = players.required<int>("min");
  r.max_players = players.required<int>("max");
  if (r.min_players < 2 || r.max_players > 4 || r.min_players > r.max_players)
    throw players.error("Madeira is for 2 to 4 players");
  r.rounds = g.required<int>("rounds");
  if (r.rounds < 1 || r.rounds > 9) throw g.at("rounds").error("rounds must be 1..9");
  r.die_faces = g.required<std::vector<int>>("die_faces");
  if (r.die_faces.empty()) throw g.at("die_faces").error("a die needs faces");
  for (int f : r.die_faces)
    if (f < 1 || f > 9) throw g.at("die_faces").error("faces must be 1..9");
  r.pirate_dice = g.required<int>("pirate_dice");
  r.dice_per_row = g.required<int>("dice_per_row");
  r.requests_per_row = g.required<int>("requests_per_row");
  if (r.pirate_dice < 0 || r.pirate_dice > 9) throw g.at("pirate_dice").error("pirate_dice must be 0..9");
  if (r.dice_per_row < 1 || r.dice_per_row > 3) throw g.at("dice_per_row").error("dice_per_row must be 1..3");
  if (r.requests_per_row < 1 || r.requests_per_row > 9) throw g.at("requests_per_row").error("requests_per_row must be 1..9");
  r.cost_base = by_players(g.at("building_cost_base"));
  r.order_bonus = g.required<std::vector<int>>("turn_order_bonus_reals");
  if (r.order_bonus.size() < 4) throw g.at("turn_order_bonus_reals").error("needs a bonus for 4 positions");
  const YamlNode home = g.at("start_home");
  home.allow_only({"workers", "ships", "wheat", "sugar", "wine", "wood", "bread", "reals"});
  for (const auto& [key, value] : home.as_map()) r.start_home[key] = value.as<int>();
  r.setup_watch_workers = g.required<int>("setup_city_watch_workers");
  const YamlNode mill = g.at("mill");
  mill.allow_only({"levels", "start", "trade_pay", "improve_wheat", "cash_reals", "cash_bread", "sacrifice_reals",
                   "sacrifice_bread"});
  r.mill_levels = mill.required<int>("levels");
  r.mill_start = mill.required<int>("start");
  if (r.mill_levels < 1 || r.mill_start < 0 || r.mill_start >= r.mill_levels)
    throw mill.error("the mill needs a start level below its number of levels");
  r.trade_pay = mill.required<int>("trade_pay");
  if (r.trade_pay != 2) throw mill.at("trade_pay").error("trade_pay must be 2 (the trade move names two goods)");
  r.improve_wheat = mill.required<int>("improve_wheat");
  r.cash_reals = mill.required<int>("cash_reals");
  r.cash_bread = mill.required<int>("cash_bread");
  r.sacrifice_reals = mill.required<int>("sacrifice_reals");
  r.sacrifice_bread = mill.required<int>("sacrifice_bread");
  r.honor_pp = g.required<int>("honor_pp");
  r.pirate_penalty = g.required<std::vector<int>>("pirate_rank_penalty");
  if (r.pirate_penalty.size() < 4) throw g.at("pirate_rank_penalty").error("needs 4 penalties");
  r.pirate_excess = g.required<int>("pirate_excess_threshold");
  r.reals_per_pp = g.required<int>("reals_per_pp");
  if (r.reals_per_pp < 1) throw g.at("reals_per_pp").error("must be at least 1");
  r.wood_price = g.required<std::vector<int>>("wood_price");
  r.max_pirate_discard = g.required<int>("max_pirate_discard");
  r.guilds = g.required<std::vector<std::string>>("guilds");
  if (r.guilds.empty() || r.guilds.size() > 8) throw g.at("guilds").error("1 to 8 guilds");
  for (const auto& [key, rows] : g.at("rows").as_map()) {
    const int n = std::stoi(key);
    std::vector<std::vector<int>> list;
    for (const YamlNode& row : rows.as_list()) {
      std::vector<int> guilds;
      for (const YamlNode& name : row.as_list()) {
        const auto at = std::find(r.guilds.begin(), r.guilds.end(), name.as<std::string>());
        if (at == r.guilds.end()) throw name.error("unknown guild");
        guilds.push_back(static_cast<int>(at - r.guilds.begin()));
      }
      if (guilds.empty() || guilds.size() > 2) throw row.error("a row shows 1 or 2 guilds");
      list.push_back(guilds);
    }
    if (static_cast<int>(list.size()) != n) throw rows.error("one row per player");
    r.rows[n] = list;
  }
  for (int n = r.min_players; n <= r.max_players; ++n)
    if (!r.rows.count(n)) throw g.at("rows").error("no rows for " + std::to_string(n) + " players");
  for (const YamlNode& s : g.at("pass_spaces").as_list()) {
    s.allow_only({"reals", "other", "pp"});
    PassSpace p{s.required<int>("reals"), s.optional("other", ""), s.optional<int>("pp", 0)};
    if (!p.other.empty() && p.other != "pp_and_city_worker" && p.other != "worker_to_city_watch" &&
        p.other != "move_one_ship")
      throw s.at("other").error("expected pp_and_city_worker, worker_to_city_watch or move_one_ship");
    r.pass_spaces.push_back(p);
  }
  if (r.pass_spaces.size() != kPassSpaces) throw g.at("pass_spaces").error("the pass column has 4 spaces");
  for (const YamlNode& b : g.at("buildings").as_list()) {
    b.allow_only({"id", "name", "region", "empty_in_round", "effect", "params"});
    BuildingDef d{b.required<std::string>("id"), b.required<std::string>("name"), b.required<int>("region"),
                  b.required<int>("empty_in_round"), tessera::read_effect_use(b)};
    if (d.region < 1 || d.region > kRegions) throw b.at("region").error("region must be 1..3");
    r.buildings.push_back(d);
  }
  if (r.buildings.size() != kBuildings) throw g.at("buildings").error("Madeira has 5 buildings");
  r.lower_workers = g.required<int>("lower_action_workers");
  r.characters = g.required<std::vector<std::string>>("characters");
  if (r.characters.size() != kCharacters) throw g.at("characters").error("4 character tiles");
  const YamlNode acts = g.at("character_actions");
  acts.allow_only({"administrator", "captain", "mayor"});
  // The bounds are the state check's of the steps they push (relocate, ships, mayor).
  const auto action_size = [&](const char* key, int most) {
    const int n = acts.required<int>(key);
    if (n < 1 || n > most) throw acts.at(key).error(std::string("'") + key + "' must be 1.." + std::to_string(most));
    return n;
  };
  r.administrator_workers = action_size("administrator", 12);
  r.captain_ships = action_size("captain", 6);
  r.mayor_moves = action_size("mayor", 12);
  for (const YamlNode& f : g.at("fields").as_list()) {
    f.allow_only({"id", "region", "good", "variable_to", "wood"});
    FieldDef d;
    d.id = f.required<std::string>("id");
    d.region = f.required<int>("region");
    if (d.region < 1 || d.region > kRegions) throw f.at("region").error("region must be 1..3");
    d.good = read_good(f.at("good"));
    if (f.find("variable_to")) d.variable_to = read_good(f.at("variable_to"));
    if (f.find("wood")) d.wood = by_players(f.at("wood"));
    r.fields.push_back(d);
  }
  if (r.fields.empty() || r.fields.size() > 20) throw g.at("fields").error("1 to 20 crop fields");
  for (const auto& [key, c] : g.at("conversions").as_map()) {
    c.allow_only({"from", "to"});
    r.conversions[std::stoi(key)] = {read_good(c.at("from")), read_good(c.at("to"))};
  }
  for (const auto& [key, n] : g.at("score_requests").as_map()) r.score_requests[std::stoi(key)] = n.as<int>();
  for (const auto& [type, choice] : g.at("request_types").as_map()) {
    const std::string c = choice.as<std::string>();
    if (c == "market") r.request_types[type] = RequestChoice::Market;
    else if (c == "city") r.request_types[type] = RequestChoice::City;
    else if (c == "colony") r.request_types[type] = RequestChoice::Colony;
    else if (c == "amount") r.request_types[type] = RequestChoice::Amount;
    else if (c == "favors") r.request_types[type] = RequestChoice::Favors;
    else throw choice.error("expected market, city, colony, amount or favors");
  }
  for (const YamlNode& c : g.at("cities").as_list()) {
    c.allow_only({"id", "name", "mayor"});
    const std::string m = c.required<std::string>("mayor");
    const int mayor = m == "bread" ? 0 : m == "reals" ? 1 : m == "wood" ? 2 : -1;
    if (mayor < 0) throw c.at("mayor").error("expected bread, reals or wood");
    r.cities.push_back({c.required<std::string>("id"), c.required<std::string>("name"), mayor});
  }
  if (r.cities.size() != kCities) throw g.at("cities").error("Madeira has 3 cities");
  r.district_wood = g.required<std::vector<int>>("district_wood");
  if (r.district_wood.size() != kDistricts) throw g.at("district_wood").error("6 districts per city");
  const YamlNode mayor = g.at("mayor_income");
  mayor.allow_only({"per_worker", "per_citizen"});
  r.mayor_per_worker = mayor.required<int>("per_worker");
  r.mayor_per_citizen = mayor.required<int>("per_citizen");
  for (const YamlNode& c : g.at("colonies").as_list()) {
    c.allow_only({"id", "name", "good", "income", "ports"});
    ColonyDef d{c.required<std::string>("id"), c.required<std::string>("name"), read_good(c.at("good")),
                c.required<int>("income"), {}};
    for (const YamlNode& p : c.at("ports").as_list()) {
      p.allow_only({"wine", "players"});
      d.ports.push_back({p.required<int>("wine"), p.required<int>("players")});
    }
    if (d.ports.size() != kPorts) throw c.at("ports").error("5 ports per colony");
    r.colonies.push_back(d);
  }
  if (r.colonies.size() != kColonies) throw g.at("colonies").error("Madeira has 3 colonies");
  for (const YamlNode& m : g.at("markets").as_list()) {
    m.allow_only({"id", "good", "merged_2p", "columns"});
    MarketDef d{m.required<std::string>("id"), read_good(m.at("good")), {}, -1};
    for (const YamlNode& c : m.at("columns").as_list()) {
      c.allow_only({"cost", "income"});
      d.columns.push_back({c.required<int>("cost"), c.required<int>("income")});
    }
    const auto merged = m.required<std::vector<int>>("merged_2p");
    if (merged.size() != 2 || merged[1] != merged[0] + 1 || merged[1] >= static_cast<int>(d.columns.size()))
      throw m.at("merged_2p").error("two neighbouring columns");
    d.merged_first = merged[0];
    r.markets.push_back(d);
  }
  if (r.markets.size() != kGoods) throw g.at("markets").error("one market per good");
}

TileDef read_tile(const YamlNode& t, const std::string& group_key, const std::vector<std::string>& groups) {
  t.allow_only({"id", group_key, "effect", "amount", "choose", "phase_c_only"});
  TileDef d{t.required<std::string>("id"), 0, tessera::read_effect_use(t), t.optional<int>("amount", 0)};
  // The tile's `amount` is the effect's param: errors about it name the tile's own key.
  if (t.has("amount")) d.effect.params["amount"] = d.amount;
  d.effect.params_at = t;
  const auto at = std::find(groups.begin(), groups.end(), t.required<std::string>(group_key));
  if (at == groups.end()) throw t.at(group_key).error("unknown " + group_key);
  d.group = static_cast<int>(at - groups.begin());
  const std::string choose = t.optional("choose", "");
  if (choose == "city") d.choose = TileChoice::City;
  else if (choose == "goods_pair") d.choose = TileChoice::GoodsPair;
  else if (!choose.empty()) throw t.at("choose").error("expected city or goods_pair");
  d.phase_c_only = t.optional<bool>("phase_c_only", false);
  if (d.amount < 0 || d.amount > 99) throw t.at("amount").error("amount must be 0-99");
  return d;
}

void read_cards(const YamlNode& c, Rules& r) {
  c.allow_only({"favors", "rewards", "requests"});
  for (const YamlNode& f : c.at("favors").as_list()) r.favors.push_back(read_tile(f, "guild", r.guilds));
  for (const YamlNode& w : c.at("rewards").as_list()) {
    r.rewards.push_back(read_tile(w, "set", {"A", "B"}));
    if (r.rewards.back().choose != TileChoice::None || r.rewards.back().phase_c_only)
      throw w.error("a King's reward chooses nothing and is used when a ship arrives");
  }
  for (const YamlNode& q : c.at("requests").as_list()) {
    q.allow_only({"id", "initial", "crowns", "heads", "type", "params"});
    RequestDef d{q.required<std::string>("id"), q.optional<bool>("initial", false), q.optional<int>("crowns", 0),
                 q.optional<int>("heads", 0), q.required<std::string>("type"), tessera::read_effect_use(q, "type")};
    if (!d.initial && (d.heads < 2 || d.heads > 4)) throw q.error("a request shows 2, 3 or 4 heads");
    const auto type = r.request_types.find(d.type);
    if (type == r.request_types.end()) throw q.at("type").error("not a type of game.yaml request_types");
    d.choice = type->second;
    if (d.choice == RequestChoice::Amount) {
      d.rate = d.effect.params.value("rate", 0);
      d.cap = d.effect.params.value("cap", -1);
      if (d.rate < 1 || d.cap < 0 || d.cap > 99) throw q.at("params").error("an amount request needs rate >= 1 and cap 0-99");
    }
    r.requests.push_back(d);
  }
  if (r.favors.size() != kCities * 4) throw c.at("favors").error("one favor per unbuilt district (12)");
  for (int set = 0; set < 2; ++set)
    if (std::count_if(r.rewards.begin(), r.rewards.end(), [&](const TileDef& t) { return t.group == set; }) <
        kColonies)
      throw c.at("rewards").error("each set needs a reward per colony");
}

}  // namespace

Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants) {
  Rules r;
  read_game(tessera::load_with_overlays(data_dir, data_name, "game.yaml", variants), r);
  read_cards(tessera::load_with_overlays(data_dir, data_name, "cards.yaml", variants), r);
  return r;
}

}  // namespace madeira
