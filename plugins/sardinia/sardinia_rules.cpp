#include "sardinia_rules.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "tessera/error.hpp"
#include "tessera/id_lookup.hpp"
#include "tessera/yaml_reader.hpp"

namespace sardinia {

using tessera::YamlNode;

namespace {

int province_of(const Rules& r, const YamlNode& node) {
  const int p = r.province_index(node.as<std::string>());
  if (p < 0) throw node.error("unknown province '" + node.as<std::string>() + "'");
  return p;
}

void read_constants(const YamlNode& k, Rules& r) {
  k.allow_only({"province_piece_limit", "port_capacity", "own_ships_per_port_max", "forts_per_space", "fort_row_size",
                "fort_row_face_up_at_start", "scorings_per_game", "commander_march_steps", "chaplain_travel_steps",
                "agriculture_vp_by_nth_token", "second_place_divisor", "two_player_tie_for_first_scores",
                "two_player_second_place", "alt_guard_min_other_cards", "final_tiebreak", "first_player",
                "min_influence_to_score"});
  r.province_limit = k.optional_at_least("province_piece_limit", 7, 1);
  r.port_capacity.assign(static_cast<std::size_t>(r.max_players + 1), 0);
  const YamlNode cap = k.at("port_capacity");
  for (int p = r.min_players; p <= r.max_players; ++p) {
    const YamlNode n = cap.at(std::to_string(p));
    if (n.as<int>() < 1) throw n.error("must be at least 1");
    r.port_capacity[static_cast<std::size_t>(p)] = n.as<int>();
  }
  r.own_ships_per_port = k.optional_at_least("own_ships_per_port_max", 1, 1);
  r.forts_per_space = k.optional_at_least("forts_per_space", 1, 1);
  r.row_size = k.optional_count("fort_row_size", 11, 1);
  r.row_face_up = k.optional_at_least("fort_row_face_up_at_start", 2, 1);
  if (r.row_face_up > r.row_size) throw k.at("fort_row_face_up_at_start").error("more than the row holds");
  r.scorings = k.optional_at_least("scorings_per_game", 11, 1);
  if (r.scorings > r.row_size) throw k.at("scorings_per_game").error("more scorings than fort cards in the row");
  r.march_steps = k.optional_at_least("commander_march_steps", 4, 1);
  r.travel_steps = k.optional_at_least("chaplain_travel_steps", 3, 1);
  for (const YamlNode& n : k.at("agriculture_vp_by_nth_token").as_list()) {
    if (n.as<int>() < 0) throw n.error("must not be negative");
    r.token_vp.push_back(n.as<int>());
  }
  if (r.token_vp.empty()) throw k.at("agriculture_vp_by_nth_token").error("must not be empty");
  r.second_place_divisor = k.optional_at_least("second_place_divisor", 2, 1);
  r.min_influence = k.optional_at_least("min_influence_to_score", 1, 1);
  r.two_player_tie_scores = k.optional<bool>("two_player_tie_for_first_scores", false);
  const std::string second = k.optional("two_player_second_place", "half");
  if (second != "half" && second != "none") throw k.at("two_player_second_place").error("must be 'half' or 'none'");
  r.two_player_second_scores = second == "half";
  r.alt_guard_min_cards = k.optional_at_least("alt_guard_min_other_cards", 3, 0);
  if (k.has("final_tiebreak")) {
    const auto order = k.at("final_tiebreak").as<std::vector<std::string>>();
    if (order != std::vector<std::string>{"most_vp", "most_pieces_in_reserve", "shared"})
      throw k.at("final_tiebreak").error("only [most_vp, most_pieces_in_reserve, shared] is supported");
  }
  if (k.has("first_player") && k.at("first_player").as<std::string>() != "random")
    throw k.at("first_player").error("only 'random' is supported");
}

// True when `code` can be read from `name`: its first letter, then letters of the name in
// order, in any case ("Bb" from "Barbagia").
bool read_from(const std::string& code, const std::string& name) {
  const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  if (code.empty() || name.empty() || lower(code[0]) != lower(name[0])) return false;
  std::size_t at = 1;
  for (std::size_t i = 1; i < code.size(); ++i) {
    while (at < name.size() && lower(name[at]) != lower(code[i])) ++at;
    if (at == name.size()) return false;
    ++at;
  }
  return true;
}

// The schematic map: each province's two-letter code, and rows of codes ("..": the sea)
// separated by spaces.
void read_layout(const YamlNode& layout, Rules& r) {
  layout.allow_only({"key", "rows"});
  for (const auto& [code, node] : layout.at("key").as_map()) {
    Province& p = r.provinces[static_cast<std::size_t>(province_of(r, node))];
    if (code.size() != 2 || !std::isalpha(static_cast<unsigned char>(code[0])) ||
        !std::isalpha(static_cast<unsigned char>(code[1])))
      throw node.error("layout code '" + code + "' must be two letters");
    if (!read_from(code, p.name))
      throw node.error("layout code '" + code + "' must be read from the name '" + p.name +
                       "': its first letter, then letters of the name in order");
    if (!p.code.empty()) throw node.error("province '" + p.id + "' has two layout codes, " + p.code + " and " + code);
    p.code = code;
  }
  for (const Province& p : r.provinces)
    if (p.code.empty()) throw layout.at("key").error("province '" + p.id + "' has no layout code");
  for (const YamlNode& row : layout.at("rows").as_list()) {
    std::istringstream cells(row.as<std::string>());
    std::vector<int>& line = r.layout.emplace_back();
    for (std::string code; cells >> code;) {
      if (code == "..") {
        line.push_back(Rules::kSea);
        continue;
      }
      const auto it = std::find_if(r.provinces.begin(), r.provinces.end(), [&](const Province& p) { return p.code == code; });
      if (it == r.provinces.end()) throw row.error("'" + code + "' is not a layout code (nor '..', the sea)");
      line.push_back(static_cast<int>(it - r.provinces.begin()));
    }
  }
}

void read_board(const YamlNode& root, Rules& r) {
  for (const YamlNode& p : root.at("provinces").as_list()) {
    p.allow_only({"id", "name", "colour", "vp", "coastal"});
    Province prov;
    prov.id = p.required<std::string>("id");
    if (r.province_index(prov.id) >= 0) throw p.at("id").error("province listed twice");
    prov.name = p.optional("name", prov.id.c_str());
    prov.colour = p.required<std::string>("colour");
    prov.vp = p.optional_at_least("vp", 0, 0);
    prov.coastal = p.optional<bool>("coastal", false);
    r.provinces.push_back(prov);
  }
  if (r.provinces.empty()) throw root.at("provinces").error("must not be empty");
  if (r.provinces.size() > static_cast<std::size_t>(kMaxProvinces))
    throw root.at("provinces").error("at most " + std::to_string(kMaxProvinces) + " provinces");

  for (const YamlNode& p : root.at("ports").as_list()) {
    p.allow_only({"id", "name", "province"});
    Port port;
    port.id = p.required<std::string>("id");
    if (r.port_index(port.id) >= 0) throw p.at("id").error("port listed twice");
    port.name = p.optional("name", port.id.c_str());
    port.province = province_of(r, p.at("province"));
    Province& prov = r.provinces[static_cast<std::size_t>(port.province)];
    if (!prov.coastal) throw p.at("province").error("a port needs a coastal province");
    if (prov.port >= 0) throw p.at("province").error("province already has a port");
    prov.port = static_cast<int>(r.ports.size());
    r.ports.push_back(port);
  }

  const YamlNode adj = root.at("adjacency");
  for (const auto& [id, list] : adj.as_map()) {
    const int a = r.province_index(id);
    if (a < 0) throw list.error("unknown province '" + id + "'");
    for (const YamlNode& n : list.as_list()) {
      const int b = province_of(r, n);
      if (b == a) throw n.error("a province is not adjacent to itself");
      auto& out = r.provinces[static_cast<std::size_t>(a)].adjacent;
      if (std::find(out.begin(), out.end(), b) != out.end()) throw n.error("listed twice");
      out.push_back(b);
    }
  }
  for (std::size_t a = 0; a < r.provinces.size(); ++a) {
    auto& out = r.provinces[a].adjacent;
    std::sort(out.begin(), out.end());
    for (int b : out) {
      const auto& back = r.provinces[static_cast<std::size_t>(b)].adjacent;
      if (std::find(back.begin(), back.end(), static_cast<int>(a)) == back.end())
        throw adj.error("adjacency is not symmetric: " + r.provinces[a].id + " lists " +
                        r.provinces[static_cast<std::size_t>(b)].id + " but not the other way");
    }
  }

  int expected = 1;
  for (const YamlNode& f : root.at("fort_spaces").as_list()) {
    f.allow_only({"id", "provinces", "corner"});
    FortSpace space;
    space.number = f.required<int>("id");
    if (space.number != expected++) throw f.at("id").error("fort spaces must be numbered 1, 2, 3, ... in order");
    for (const YamlNode& n : f.at("provinces").as_list()) {
      const int p = province_of(r, n);
      if (std::find(space.provinces.begin(), space.provinces.end(), p) != space.provinces.end())
        throw n.error("listed twice");
      space.provinces.push_back(p);
    }
    if (space.provinces.size() < 2) throw f.at("provinces").error("a fort space touches at least 2 provinces");
    std::sort(space.provinces.begin(), space.provinces.end());
    if (f.has("corner")) {
      const auto corner = f.at("corner").as<std::vector<int>>();
      if (corner.size() != 2 || corner[0] < 0 || corner[1] < 0)
        throw f.at("corner").error("must be [row, col] with non-negative numbers");
      space.row = corner[0];
      space.col = corner[1];
    }
    const int index = static_cast<int>(r.fort_spaces.size());
    for (int p : space.provinces) r.provinces[static_cast<std::size_t>(p)].fort_spaces.push_back(index);
    r.fort_spaces.push_back(space);
  }
  if (r.fort_spaces.empty()) throw root.at("fort_spaces").error("must not be empty");
  if (r.provinces.size() + r.ports.size() + r.fort_spaces.size() > static_cast<std::size_t>(kMaxSpaces))
    throw root.at("fort_spaces").error("at most " + std::to_string(kMaxSpaces) + " provinces, ports and fort spaces in all");

  if (root.has("layout")) read_layout(root.at("layout"), r);
}

void read_game(const YamlNode& root, Rules& r) {
  root.allow_only({"players", "colours", "constants", "pieces_per_player", "influence", "agriculture_tokens",
                   "provinces", "ports", "adjacency", "fort_spaces", "layout"});
  const YamlNode players = root.at("players");
  players.allow_only({"min", "max"});
  r.min_players = players.optional_at_least("min", 2, 1);
  r.max_players = players.optional_at_least("max", 4, r.min_players);
  r.colours = root.at("colours").as<std::vector<std::string>>();
  if (static_cast<int>(r.colours.size()) < r.max_players)
    throw root.at("colours").error("fewer colours than the maximum number of players");
  read_constants(root.at("constants"), r);

  const YamlNode pieces = root.at("pieces_per_player");
  pieces.allow_only({"chaplain", "ship", "fort", "settlement", "settler"});
  const YamlNode influence = root.at("influence");
  influence.allow_only({"chaplain", "settler", "settlement", "ship_in_port_of_province", "fort_adjacent_to_province"});
  const std::string_view piece_keys[kPieceKinds] = {"chaplain", "ship", "fort", "settlement", "settler"};
  const std::string_view influence_keys[kPieceKinds] = {"chaplain", "ship_in_port_of_province",
                                                        "fort_adjacent_to_province", "settlement", "settler"};
  for (int k = 0; k < kPieceKinds; ++k) {
    r.pieces[k] = pieces.optional_count(piece_keys[k], r.pieces[k], 0);
    r.influence[k] = influence.optional_at_least(influence_keys[k], r.influence[k], 0);
  }

  read_board(root, r);

  for (const YamlNode& t : root.at("agriculture_tokens").as_list()) {
    t.allow_only({"type", "count", "placed_on"});
    TokenKind kind;
    kind.type = t.required<std::string>("type");
    if (r.token_index(kind.type) >= 0) throw t.at("type").error("token type listed twice");
    kind.count = t.optional_count("count", 1, 1);
    kind.placed_on = t.required<std::string>("placed_on");
    r.tokens.push_back(kind);
  }
  // Each colour group's tokens are dealt one per province of that colour: the counts must match.
  for (const Province& p : r.provinces) {
    int provinces = 0, tokens = 0;
    for (const Province& q : r.provinces) provinces += q.colour == p.colour ? 1 : 0;
    for (const TokenKind& t : r.tokens) tokens += t.placed_on == p.colour ? t.count : 0;
    if (provinces != tokens)
      throw root.at("agriculture_tokens").error(std::to_string(tokens) + " tokens for the " +
                                                std::to_string(provinces) + " " + p.colour + " provinces");
  }
  for (const TokenKind& t : r.tokens)
    if (std::none_of(r.provinces.begin(), r.provinces.end(), [&](const Province& p) { return p.colour == t.placed_on; }))
      throw root.at("agriculture_tokens").error("no province of colour '" + t.placed_on + "' for " + t.type);
}

void read_cards(const YamlNode& root, Rules& r) {
  root.allow_only({"character_cards", "fort_cards"});
  for (const YamlNode& c : root.at("character_cards").as_list()) {
    c.allow_only({"id", "name", "options", "copies", "scoring"});
    CharacterCard card;
    card.id = c.required<std::string>("id");
    if (r.card_index(card.id) >= 0) throw c.at("id").error("card listed twice");
    card.name = c.optional("name", card.id.c_str());
    card.copies = c.optional<bool>("copies", false);
    card.scoring = c.optional<bool>("scoring", false);
    for (const YamlNode& o : c.at("options").as_list()) {
      o.allow_only({"id", "effect", "params"});
      CardOption option;
      option.id = o.required<std::string>("id");
      if (o.has("effect")) option.effect = tessera::read_effect_use(o);
      else if (o.has("params")) throw o.at("params").error("params without an effect: nothing reads them");
      option.where = o.at("id").mark();
      if (tessera::index_by_id(card.options, option.id) >= 0) throw o.at("id").error("option listed twice");
      card.options.push_back(option);
    }
    if (card.options.empty() && !card.copies && !card.scoring)
      throw c.at("options").error("a card without options must copy or score");
    r.cards.push_back(card);
  }
  const auto count = [&](bool CharacterCard::*flag) {
    return std::count_if(r.cards.begin(), r.cards.end(), [&](const CharacterCard& c) { return c.*flag; });
  };
  if (count(&CharacterCard::scoring) != 1) throw root.at("character_cards").error("exactly one card must score");
  if (count(&CharacterCard::copies) > 1) throw root.at("character_cards").error("at most one card may copy");

  std::vector<bool> named(r.fort_spaces.size(), false);
  for (const YamlNode& n : root.at("fort_cards").as_list()) {
    const int number = n.as<int>();
    if (number < 1 || number > static_cast<int>(r.fort_spaces.size())) throw n.error("no such fort space");
    if (named[static_cast<std::size_t>(number - 1)]) throw n.error("fort card listed twice");
    named[static_cast<std::size_t>(number - 1)] = true;
    r.fort_cards.push_back(number - 1);
  }
  if (static_cast<int>(r.fort_cards.size()) < r.row_size + r.scorings)
    throw root.at("fort_cards").error("too few fort cards for the row and the replacements");
}

}  // namespace

int Rules::province_index(const std::string& id) const { return tessera::index_by_id(provinces, id); }
int Rules::port_index(const std::string& id) const { return tessera::index_by_id(ports, id); }
int Rules::card_index(const std::string& id) const { return tessera::index_by_id(cards, id); }

int Rules::token_index(const std::string& type) const {
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].type == type) return static_cast<int>(i);
  return -1;
}

int Rules::pieces_total() const {
  int total = 0;
  for (int n : pieces) total += n;
  return total;
}

Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants) {
  Rules rules;
  read_game(tessera::load_with_overlays(data_dir, data_name, "game.yaml", variants), rules);
  read_cards(tessera::load_with_overlays(data_dir, data_name, "cards.yaml", variants), rules);
  return rules;
}

}  // namespace sardinia
