#include "catan_rules.hpp"

#include "tessera/yaml_reader.hpp"

namespace catan_inca {

using tessera::YamlNode;

namespace {

template <typename T>
int find_id(const std::vector<T>& list, std::string_view id) {
  // The first letter and the length first: most ids differ there, without a memcmp call.
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string& candidate = list[i].id;
    if (candidate.size() == id.size() && (id.empty() || candidate[0] == id[0]) && candidate == id)
      return static_cast<int>(i);
  }
  return -1;
}

CardCounts read_cost(const Rules& rules, const YamlNode& node) {
  CardCounts cost{};
  for (const auto& [id, count] : node.as_map()) {
    const int card = rules.card_index(id);
    if (card < 0) throw count.error("unknown card type '" + id + "'");
    if (rules.cards[static_cast<std::size_t>(card)].goods) throw count.error("goods never pay building costs (§10.7)");
    cost[static_cast<std::size_t>(card)] = count.as_count(0);
  }
  return cost;
}

bool flag(const YamlNode& node, std::string_view key, bool fallback) { return node.optional<bool>(key, fallback); }

void read_game(const YamlNode& root, Rules& rules) {
  root.allow_only({"players", "colours", "cards", "terrains", "costs", "pieces", "tribes", "seven", "production", "robber_start",
                   "stop_after_rounds", "longest_trade_route", "mightiest_combat_arts", "bank_trades",
                   "player_trade", "options", "setup"});
  const YamlNode players = root.at("players");
  players.allow_only({"min", "max"});
  rules.min_players = players.required<int>("min");
  rules.max_players = players.required<int>("max");
  if (rules.min_players < 1 || rules.max_players > kMaxSeats || rules.max_players < rules.min_players)
    throw players.error("players must be a range within 1..4");
  rules.colours = root.required<std::vector<std::string>>("colours");
  if (static_cast<int>(rules.colours.size()) < rules.max_players) throw root.at("colours").error("one colour per seat");

  for (const YamlNode& c : root.at("cards").as_list()) {
    c.allow_only({"id", "class", "bank"});
    CardType card{c.required<std::string>("id"), false, c.at("bank").as_count(0)};
    const std::string cls = c.required<std::string>("class");
    if (cls != "resource" && cls != "goods") throw c.at("class").error("class is resource or goods");
    card.goods = cls == "goods";
    if (find_id(rules.cards, card.id) >= 0) throw c.at("id").error("card type '" + card.id + "' given twice");
    rules.cards.push_back(card);
  }
  if (rules.cards.size() != kCardTypes) throw root.at("cards").error("the game has exactly 8 card types (§2)");

  for (const YamlNode& t : root.at("terrains").as_list()) {
    t.allow_only({"id", "class", "produces"});
    Terrain terrain{t.required<std::string>("id")};
    const std::string cls = t.required<std::string>("class");
    if (cls == "land") terrain.cls = TerrainClass::Land;
    else if (cls == "jungle") terrain.cls = TerrainClass::Jungle;
    else if (cls == "water") terrain.cls = TerrainClass::Water;
    else if (cls == "frame") terrain.cls = TerrainClass::Frame;
    else throw t.at("class").error("class is land, jungle, water or frame");
    if (t.has("produces")) {
      terrain.produces = rules.card_index(t.required<std::string>("produces"));
      if (terrain.produces < 0) throw t.at("produces").error("unknown card type");
      if (terrain.cls == TerrainClass::Frame) throw t.at("produces").error("the frame produces nothing");
      if ((terrain.cls == TerrainClass::Land) == rules.cards[static_cast<std::size_t>(terrain.produces)].goods)
        throw t.at("produces").error("land produces resources, jungle and water produce goods (§2.1)");
    } else if (terrain.cls == TerrainClass::Land) {
      throw t.error("a land terrain must produce a resource");
    }
    rules.terrains.push_back(terrain);
  }

  const YamlNode costs = root.at("costs");
  costs.allow_only({"road", "settlement", "city", "development_card"});
  rules.road_cost = read_cost(rules, costs.at("road"));
  rules.settlement_cost = read_cost(rules, costs.at("settlement"));
  rules.city_cost = read_cost(rules, costs.at("city"));
  rules.dev_cost = read_cost(rules, costs.at("development_card"));

  const YamlNode pieces = root.at("pieces");
  pieces.allow_only({"settlement", "city", "road", "thicket"});
  rules.settlements = pieces.at("settlement").as_count(1);
  rules.cities = pieces.at("city").as_count(0);
  if (rules.settlements + rules.cities > kMaxBuildings)
    throw pieces.at("city").error("at most " + std::to_string(kMaxBuildings) + " settlements and cities a seat together");
  rules.roads = pieces.at("road").as_count(0);
  if (rules.roads > kMaxRoads) throw pieces.at("road").error("at most " + std::to_string(kMaxRoads) + " roads a seat");
  rules.thickets = pieces.at("thicket").as_count(0);

  const YamlNode tribes = root.at("tribes");
  tribes.allow_only({"goals", "start_markers", "cities_per_tribe"});
  rules.goals = tribes.required<std::vector<int>>("goals");
  if (rules.goals.empty()) throw tribes.at("goals").error("at least one tribe");
  for (std::size_t i = 0; i < rules.goals.size(); ++i)
    if (rules.goals[i] < 1 || (i > 0 && rules.goals[i] <= rules.goals[i - 1]))
      throw tribes.at("goals").error("goals must rise");
  rules.start_markers = tribes.optional_count("start_markers", 2, 0);
  if (rules.start_markers >= rules.goals[0]) throw tribes.at("start_markers").error("must be below the first goal");
  rules.cities_per_tribe = tribes.optional_count("cities_per_tribe", 1, 0);

  const YamlNode seven = root.at("seven");
  seven.allow_only({"roll", "hand_limit", "discard_divisor"});
  rules.robber_roll = seven.optional<int>("roll", 7);
  if (rules.robber_roll < 2 || rules.robber_roll > 12) throw seven.at("roll").error("'roll' is a total of two dice, 2..12");
  rules.hand_limit = seven.at("hand_limit").as_count(0);
  rules.discard_divisor = seven.optional_count("discard_divisor", 2, 1);
  const YamlNode production = root.at("production");
  production.allow_only({"settlement", "city"});
  rules.settlement_yield = production.at("settlement").as_count(0);
  rules.city_yield = production.at("city").as_count(0);
  rules.robber_start = root.required<std::string>("robber_start");
  rules.max_rounds = root.at("stop_after_rounds").as_count(1);
  const YamlNode ltr = root.at("longest_trade_route");
  ltr.allow_only({"min_length"});
  rules.ltr_min = ltr.at("min_length").as_count(1);
  const YamlNode mca = root.at("mightiest_combat_arts");
  mca.allow_only({"min_face_up"});
  rules.mca_min = mca.at("min_face_up").as_count(1);

  const YamlNode bank = root.at("bank_trades");
  bank.allow_only({"resource_rate", "goods_rate", "goods_set_receive"});
  rules.resource_rate = bank.at("resource_rate").as_count(1);
  rules.goods_rate = bank.at("goods_rate").as_count(1);
  rules.goods_set_receive = bank.at("goods_set_receive").as_count(1);
  const YamlNode trade = root.at("player_trade");
  trade.allow_only({"max_count", "offers_per_turn"});
  rules.trade_max_count = trade.at("max_count").as_count(1);
  if (rules.trade_max_count > 15) throw trade.at("max_count").error("at most 15");
  rules.offers_per_turn = trade.at("offers_per_turn").as_count(0);
  if (rules.offers_per_turn > 255) throw trade.at("offers_per_turn").error("at most 255");

  const YamlNode options = root.at("options");
  options.allow_only({"goods_set_trade_output", "monopoly_cap_per_player", "own_declined_building_breaks_route",
                      "mca_counts_declined_buildings", "founding_fallback_replace_own_declined",
                      "robber_may_move_frame_to_frame"});
  Options& o = rules.options;
  const std::string output = options.optional<std::string>("goods_set_trade_output", "any");
  if (output != "any" && output != "resources_only")
    throw options.at("goods_set_trade_output").error("any or resources_only");
  o.goods_set_resources_only = output == "resources_only";
  if (options.has("monopoly_cap_per_player")) {
    const YamlNode cap = options.at("monopoly_cap_per_player");
    o.monopoly_cap = cap.scalar() == "unlimited" ? -1 : cap.as_count(1);
  }
  o.own_declined_breaks_route = flag(options, "own_declined_building_breaks_route", false);
  o.mca_counts_declined = flag(options, "mca_counts_declined_buildings", true);
  o.founding_fallback = flag(options, "founding_fallback_replace_own_declined", true);
  o.robber_frame_to_frame = flag(options, "robber_may_move_frame_to_frame", true);

  const YamlNode setup = root.at("setup");
  setup.allow_only({"board", "shuffle_land_numbers", "placement"});
  const std::string board = setup.optional<std::string>("board", "fixed");
  if (board != "fixed" && board != "variable") throw setup.at("board").error("fixed or variable");
  rules.variable_board = board == "variable";
  rules.shuffle_land_numbers = flag(setup, "shuffle_land_numbers", false);
  const std::string placement = setup.optional<std::string>("placement", "beginner");
  if (placement != "beginner" && placement != "free") throw setup.at("placement").error("beginner or free");
  rules.free_placement = placement == "free" || rules.variable_board;  // §8.3.4
}

void read_tile(const YamlNode& t, Rules& rules, bool frame) {
  t.allow_only({"id", "q", "r", "terrain", "number", "robber"});
  Tile tile{t.required<std::string>("id"), t.required<int>("q"), t.required<int>("r")};
  tile.terrain = rules.terrain_index(t.required<std::string>("terrain"));
  if (tile.terrain < 0) throw t.at("terrain").error("unknown terrain");
  const Terrain& terrain = rules.terrains[static_cast<std::size_t>(tile.terrain)];
  if (frame != (terrain.cls == TerrainClass::Frame)) throw t.at("terrain").error(frame ? "the frame holds frame terrains" : "a tile is not frame");
  tile.number = t.optional<int>("number", 0);
  if (tile.number != 0 && (tile.number < 2 || tile.number > 12 || tile.number == rules.robber_roll))
    throw t.at("number").error("a number token is 2..12 but not the robber's roll (seven.roll of game.yaml: " +
                               std::to_string(rules.robber_roll) + ")");
  if ((tile.number != 0) != (terrain.produces >= 0)) throw t.error("a producing tile has a number, others none");
  tile.robber_spot = t.optional<bool>("robber", false);
  for (const Tile& other : rules.tiles)
    if ((other.q == tile.q && other.r == tile.r) || other.id == tile.id) throw t.error("tile given twice");
  rules.tiles.push_back(tile);
}

void read_board(const YamlNode& root, Rules& rules) {
  root.allow_only({"tiles", "frame", "beginner_start"});
  for (const YamlNode& t : root.at("tiles").as_list()) read_tile(t, rules, false);
  rules.board_tiles = static_cast<int>(rules.tiles.size());
  for (const YamlNode& t : root.at("frame").as_list()) read_tile(t, rules, true);
  for (const YamlNode& s : root.at("beginner_start").as_list()) {
    s.allow_only({"colour", "lettered", "lettered_road", "second", "second_road"});
    rules.beginner.push_back({s.required<std::string>("colour"), s.required<std::string>("lettered"),
                              s.required<std::string>("lettered_road"), s.required<std::string>("second"),
                              s.required<std::string>("second_road")});
  }
  if (static_cast<int>(rules.beginner.size()) < rules.max_players)
    throw root.at("beginner_start").error("one beginner position per seat");
}

void read_development(const YamlNode& root, Rules& rules) {
  root.allow_only({"cards"});
  for (const YamlNode& c : root.at("cards").as_list()) {
    c.allow_only({"id", "name", "kind", "per_deck", "effect", "params"});
    DevCardDef card;
    card.id = c.required<std::string>("id");
    card.name = c.required<std::string>("name");
    const std::string kind = c.required<std::string>("kind");
    if (kind != "combat_arts" && kind != "progress") throw c.at("kind").error("combat_arts or progress");
    card.combat_arts = kind == "combat_arts";
    card.per_deck = c.at("per_deck").as_count(0);
    if (!card.combat_arts) card.effect = tessera::read_effect_use(c);
    else if (c.has("effect")) throw c.at("effect").error("Combat Arts moves the robber (§5.8); it has no effect");
    else if (c.has("params")) throw c.at("params").error("Combat Arts has no effect to give params to");
    if (rules.dev_index(card.id) >= 0) throw c.at("id").error("card given twice");
    rules.dev_cards.push_back(card);
  }
  if (rules.dev_cards.empty() || rules.dev_cards.size() > 4) throw root.at("cards").error("1 to 4 kinds of development card");
}

}  // namespace

int Rules::card_index(std::string_view id) const { return find_id(cards, id); }
int Rules::terrain_index(std::string_view id) const { return find_id(terrains, id); }
int Rules::dev_index(std::string_view id) const { return find_id(dev_cards, id); }

Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants) {
  Rules rules;
  read_game(tessera::load_with_overlays(data_dir, data_name, "game.yaml", variants), rules);
  read_board(tessera::load_with_overlays(data_dir, data_name, "board.yaml", variants), rules);
  read_development(tessera::load_with_overlays(data_dir, data_name, "development.yaml", variants), rules);
  return rules;
}

}  // namespace catan_inca
