// Santa Maria — the terminal view, its legend and the check of edited states.
#include <algorithm>
#include <sstream>
#include <type_traits>

#include "sm_game.hpp"
#include "sm_keys.hpp"
#include "tessera/error.hpp"

namespace santa_maria {

using namespace tessera;

namespace {

std::string num(int n) { return std::to_string(n); }

// Throws unless lo <= value <= hi. `what` names the value: a text, or a function making it
// (only when the check fails: the state is checked after every house rule's call).
template <typename Name>
void in_range(int value, int lo, int hi, const Name& what) {
  if (value >= lo && value <= hi) return;
  std::string name;
  if constexpr (std::is_invocable_v<const Name&>)
    name = what();
  else
    name = what;
  throw DataError(name + " must be " + num(lo) + ".." + num(hi) + ", not " + num(value));
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

// A colony square as the view writes it: "cit:TR_GS3C" (terrain, building), "road(1)".
std::string square_text(const std::string& type) {
  if (type.empty()) return ".";
  if (type.rfind("road:", 0) == 0) return "road(" + type.substr(5) + ")";
  const std::size_t b = type.find(":B_");
  if (b != std::string::npos) return type.substr(0, std::min<std::size_t>(b, 3)) + ":" + type.substr(b + 3);
  return type;
}

// What a building's effect does, from its params in data/santa_maria/colony.yaml.
std::string effect_text(const tessera::EffectUse& e) {
  const auto amounts = [](const nlohmann::json& gains) {
    std::string text;
    for (const auto& [what, n] : gains.items()) text += (text.empty() ? "" : " + ") + n.dump() + " " + what;
    return text;
  };
  if (e.name == "gain" && e.params.is_object()) return "gain " + amounts(e.params);
  if (e.name == "trade" && e.params.contains("pay") && e.params.contains("gain")) {
    std::string pay;
    for (const auto& good : e.params["pay"]) pay += (pay.empty() ? "" : " + ") + good.get<std::string>();
    return "pay " + pay + " for " + amounts(e.params["gain"]);
  }
  if (e.name == "religion") return "a step on the religion track";
  if (e.name == "conquest") return "a step on the conquest track";
  if (e.name == "ship") return "ship a shipment";
  return e.name + (e.params.empty() ? std::string() : " " + e.params.dump());
}

// The tile as squares on the grid: rows of 15-character cells, '*' on the top-left one (the
// row and column a placement names) when the tile covers it.
std::vector<std::string> tile_drawing(const SquareGrid::Shape& shape) {
  int w = 0, h = 0;
  for (const auto& c : shape) w = std::max(w, c.dx + 1), h = std::max(h, c.dy + 1);
  std::vector<std::string> lines(static_cast<std::size_t>(h));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::string text = "";
      for (const auto& c : shape)
        if (c.dx == x && c.dy == y) text = (x == 0 && y == 0 ? "*" : "") + square_text(c.type);
      lines[static_cast<std::size_t>(y)] += pad(text.empty() ? "" : "[" + text + "]", 15);
    }
  return lines;
}

}  // namespace

std::string SmGame::legend(int viewer) const {
  const Rules& r = rules();
  std::string out = FlowGame::legend(viewer);
  out += "Colony squares (row 1-6, column 1-6): terrain:building, road(colonists), [die or coins]:\n  terrains";
  for (const std::string& t : r.terrains) out += " " + t.substr(0, 3) + "=" + t;
  out += "\n";
  out += "Buildings (B_ left out on the board):\n";
  for (const BuildingDef& b : r.buildings) {
    std::string effects;
    for (const tessera::EffectUse& e : b.effects) effects += (effects.empty() ? "" : ", then ") + effect_text(e);
    out += "  " + b.id.substr(b.id.rfind("B_", 0) == 0 ? 2 : 0) + ": " + effects + "\n";
  }
  // The tile of this decision in each way it may turn, or every tile on offer: drawings
  // side by side, as many as fit in 100 columns.
  const auto draw = [&](std::string title, const std::vector<std::vector<std::string>>& blocks) {
    out += title;
    for (std::size_t first = 0; first < blocks.size();) {
      std::size_t last = first, width = 0;
      std::vector<std::size_t> widths;
      for (; last < blocks.size(); ++last) {
        std::size_t w = 0;
        for (const std::string& line : blocks[last]) w = std::max(w, line.find_last_not_of(' ') + 1);
        if (last > first && width + w + 2 > 100) break;
        widths.push_back(w + 2);
        width += w + 2;
      }
      std::size_t height = 0;
      for (std::size_t b = first; b < last; ++b) height = std::max(height, blocks[b].size());
      for (std::size_t line = 0; line < height; ++line) {
        std::string text = " ";
        for (std::size_t b = first; b < last; ++b) {
          std::string part = line < blocks[b].size() ? blocks[b][line] : "";
          part.erase(part.find_last_not_of(' ') + 1);
          text += " " + pad(part, widths[b - first]);
        }
        text.erase(text.find_last_not_of(' ') + 1);
        out += text + "\n";
      }
      first = last;
    }
  };
  const int step = top_step();
  std::vector<std::vector<std::string>> blocks;
  if (step == steps().place_tile || step == steps().place_capital) {
    const Frame& f = flow().top();
    const TileDef& tile = step == steps().place_tile ? r.tile(f.p[0]) : r.capitals[static_cast<std::size_t>(f.p[0] - 1)];
    std::vector<int> turns;
    for (const Move& m : moves())
      if (std::find(turns.begin(), turns.end(), m.p[2]) == turns.end()) turns.push_back(m.p[2]);
    std::sort(turns.begin(), turns.end());
    for (int turn : turns) {
      // Labelled with the rotation word of the move texts ("90").
      const auto m = std::find_if(moves().begin(), moves().end(), [&](const Move& x) { return x.p[2] == turn; });
      const std::string text = move_text(*m);
      std::vector<std::string> b{"turned " + text.substr(text.rfind(' ') + 1)};
      for (const std::string& line : tile_drawing(SquareGrid::rotate(shape_of(tile), turn * 90))) b.push_back(line);
      blocks.push_back(std::move(b));
    }
    draw("Tile " + tile.id + " by how it is turned (the top-left of each drawing is the row and column of the move):\n",
         blocks);
  } else {
    for (const Move& m : moves()) {
      if (m.kind != kinds().expand) continue;
      const TileDef& tile = r.tile(m.p[0]);
      std::vector<std::string> b{tile.id};
      for (const std::string& line : tile_drawing(SquareGrid::normalise(shape_of(tile)))) b.push_back(line);
      blocks.push_back(std::move(b));
    }
    if (!blocks.empty()) draw("Tiles on offer, turned 0 (* the square a placement's row and column name):\n", blocks);
  }
  return out;
}

std::string SmGame::render(int viewer) const {
  const Table& t = table();
  const Rules& r = rules();
  const Counters& progress = t.get(progress_);
  const Counters& board = t.get(board_);
  std::ostringstream out;
  const Decision d = decision();
  const bool over = is_over();
  out << "Santa Maria - year " << progress.get("year") << " of " << r.years << ", start player seat " << progress.get("start");
  if (d.seat != kNobody) out << "; seat " << d.seat << ": " << d.prompt;
  out << "\n";
  const DicePool& dice = t.get(dice_);
  std::vector<int> white, blue;
  int reserve = 0;
  for (const Die& die : dice.dice()) {
    if (die.tag == "reserve") ++reserve;
    else if (die.holder == DicePool::kInPool) (die.color == "white" ? white : blue).push_back(die.value);
  }
  std::sort(white.begin(), white.end());
  std::sort(blue.begin(), blue.end());
  out << "Dice pool: white";
  for (int v : white) out << " " << v;
  if (r.shared_blue) {
    out << "; blue";
    for (int v : blue) out << " " << v;
  }
  out << "; blue dice in reserve " << reserve << "\n";
  out << "Docks:";
  const Market& docks = t.get(docks_);
  for (int i = 0; i < 4; ++i) {
    const std::string& id = docks.at(0, i);
    out << "  " << (i + 1) << ") ";
    const auto it = r.shipment_ids.find(id);
    if (id.empty() || it == r.shipment_ids.end()) {
      out << "-";
      continue;
    }
    const ShipmentDef& s = r.shipments[static_cast<std::size_t>(it->second)];
    out << id << " [";
    bool first = true;
    for (int g = 0; g < kGold; ++g)
      for (int k = 0; k < s.cost[static_cast<std::size_t>(g)]; ++k) {
        out << (first ? "" : "+") << kGoodNames[static_cast<std::size_t>(g)];
        first = false;
      }
    out << "] " << s.points << "pt";
  }
  out << "  (draw pile " << t.get(ships_).size("draw") << ")\n";
  const Market& display = t.get(display_);
  for (int row = 0; row < 2; ++row) {
    out << (row == 0 ? "Doubles:" : "Triples:");
    for (int i = 0; i < 5; ++i) {
      const std::string& id = display.at(row, i);
      const auto it = r.tile_ids.find(id);
      if (id.empty() || it == r.tile_ids.end()) continue;
      const TileDef& tile = r.tile(it->second);
      out << "  " << id << "(";
      for (std::size_t c = 0; c < tile.cells.size(); ++c)
        out << (c ? " " : "") << r.cells[static_cast<std::size_t>(tile.cells[c])].type;
      out << ")";
    }
    out << "\n";
  }
  auto monks = [&](const std::string& space) {
    std::string text;
    const int mask = board.get("monks." + space);
    for (int s = 0; s < t.players(); ++s)
      if ((mask >> s) & 1) text += " s" + num(s);
    return text.empty() ? std::string(" -") : text;
  };
  out << "Scholars:";
  for (int i = 1; i <= r.scholar_slots; ++i) {
    const int k = board.get("scholar" + num(i));
    if (k >= 1 && k <= static_cast<int>(r.scholars.size()))
      out << "  s" << i << " " << r.scholars[static_cast<std::size_t>(k - 1)].id << " (" << r.scholars[static_cast<std::size_t>(k - 1)].points << "pt) monks" << monks("s" + num(i));
  }
  out << "\nBishops:";
  for (int i = 1; i <= r.bishop_slots; ++i) {
    const int k = board.get("bishop" + num(i));
    if (k >= 1 && k <= static_cast<int>(r.bishops.size()))
      out << "  b" << i << " " << r.bishops[static_cast<std::size_t>(k - 1)].id << " monks" << monks("b" + num(i));
  }
  out << "\nMission stations:";
  for (std::size_t i = 1; i <= r.missions.size(); ++i) out << "  m" << i << " " << r.missions[i - 1].dump() << " monks" << monks("m" + num(static_cast<int>(i)));
  out << "\nRetreat spaces:";
  for (std::size_t i = 1; i <= r.retreat_spaces.size(); ++i) {
    const int who = board.get("retreat" + num(static_cast<int>(i)));
    out << "  " << i << ") " << r.retreat_spaces[i - 1].name << (who ? " seat " + num(who - 1) : std::string());
  }
  out << "; road tiles left " << progress.get("roads") << "\n";
  out << "Religion track (0.." << r.religion_length - 1 << "):";
  for (int s = 0; s < t.players(); ++s) out << " seat " << s << "=" << t.get(religion_).position(s);
  out << "\nConquest track (0.." << r.conquest_length - 1 << "):";
  for (int s = 0; s < t.players(); ++s) out << " seat " << s << "=" << t.get(conquest_).position(s);
  out << "\n";
  if (top_step() == steps().pick_set || top_step() == steps().place_capital) {
    out << "Capital sets:";
    for (int k = 1; k <= 4; ++k) {
      const int cap = board.get("set" + num(k) + ".capital"), sch = board.get("set" + num(k) + ".scholar");
      if (cap >= 1 && sch >= 1)
        out << "  " << k << ") " << r.capitals[static_cast<std::size_t>(cap - 1)].id << " + " << r.scholars[static_cast<std::size_t>(sch - 1)].id;
    }
    out << "\n";
  }
  for (int s = 0; s < t.players(); ++s) {
    const Counters& p = t.get(seat_of(s).player);
    out << "\n== seat " << s << (s == viewer ? " (you)" : "") << ": coins " << p.get("coins");
    for (int g = 0; g < kGoods; ++g) out << ", " << kGoodNames[static_cast<std::size_t>(g)] << " " << p.get(kGoodNames[static_cast<std::size_t>(g)]);
    const Counters& happy = t.get(seat_of(s).happiness);
    out << ", points " << (happy.visible_to(viewer) || over ? num(happy.get("points")) : std::string("?"));
    out << "\n   monks left " << p.get("monks") << ", white dice taken " << p.get("white_taken") << ", coin activations "
        << p.get("coin_acts") << (p.get("retreated") ? ", retreated to " + num(p.get("retreat_pos")) : std::string());
    if (p.get("capital_scholar") >= 1 && p.get("capital_scholar") <= static_cast<int>(r.scholars.size()))
      out << ", own scholar " << r.scholars[static_cast<std::size_t>(p.get("capital_scholar") - 1)].id;
    if (!r.shared_blue) {
      out << ", blue dice";
      for (const Die& die : dice.dice())
        if (die.color == "blue" && die.holder == s) out << " " << die.value << (die.tag == "ready" ? "" : "(" + die.tag + ")");
    }
    out << "\n   port:";
    for (const auto& [id, dock] : t.get(seat_of(s).port).entries()) out << " " << id << "@dock" << dock;
    out << "\n          ";
    for (int c = 1; c <= 6; ++c) out << pad("col " + num(c), 16);
    out << "\n";
    const SquareGrid& grid = t.get(seat_of(s).colony);
    for (int y = 0; y < 6; ++y) {
      out << "   row " << y + 1 << "  ";
      for (int x = 0; x < 6; ++x) {
        const SquareGrid::Cell& cell = grid.at(x, y);
        std::string text = square_text(cell.type);
        if (!cell.piece.empty()) text += "[" + cell.piece + "]";
        out << pad(text, 16);
      }
      out << "\n";
    }
    if (over) out << "   score: " << outcome().breakdown[static_cast<std::size_t>(s)] << " = " << t.get(seat_of(s).score).get("total") << "\n";
  }
  return out.str();
}

void SmGame::check_state() const {
  // The schema (data/santa_maria/schema.yaml) has checked the components, the shipment and
  // tile ids, the counter keys and their ranges; left here are the bounds the rules data
  // sets and what one value says of another.
  const Table& t = table();
  const Rules& r = rules();
  const int players = t.players();
  const Counters& progress = t.get(progress_);
  in_range(progress.get("year"), 1, r.years, "progress.year");
  in_range(progress.get("roads"), 0, r.road_tiles, "progress.roads");
  check_frame_params();
  const Counters& board = t.get(board_);
  const int scholars = static_cast<int>(r.scholars.size()), bishops = static_cast<int>(r.bishops.size());
  for (std::size_t i = 0; i < engine_->scholar_keys.size(); ++i)
    in_range(board.get(engine_->scholar_keys[i]), 1, scholars, [&] { return "board." + engine_->scholar_keys[i].name(); });
  for (int i = 1; i <= r.bishop_slots; ++i)
    in_range(board.get("bishop" + num(i)), 1, bishops, [i] { return "board.bishop" + num(i); });
  for (const auto& entry : board.entries()) {
    // Not a structured binding: clang 14 (the sanitized build) cannot capture one.
    const std::string& key = entry.first;
    const int value = entry.second;
    const auto name = [&key] { return "board." + key; };
    if (key.starts_with("monks.")) in_range(value, 0, (1 << players) - 1, name);
    if (key.starts_with("retreat")) in_range(value, 0, players, name);
    if (key.size() > 5 && key.starts_with("set"))
      in_range(value, 0, key.find("capital") != std::string::npos ? static_cast<int>(r.capitals.size()) : scholars, name);
  }
  // A capital set still on offer has both its capital and its scholar; a taken one neither.
  for (const auto& [key, value] : board.entries()) {
    const std::size_t dot = key.find(".capital");
    if (key.rfind("set", 0) != 0 || dot == std::string::npos) continue;
    const std::string scholar_key = key.substr(0, dot) + ".scholar";
    if ((value > 0) != (board.get(scholar_key) > 0))
      throw DataError("board." + key + " and board." + scholar_key + ": a set has both or neither");
  }
  const Flow& flow = this->flow();
  // A seat may be without a board while the set-up runs (the board_draft variant).
  bool setting_up = !flow.empty();
  for (int i = 0; i < flow.depth(); ++i) setting_up = setting_up && flow.at(i).step != steps().year;
  for (int s = 0; s < players; ++s) {
    const Counters& p = t.get(seat_of(s).player);
    const std::string who = "seat " + num(s) + " ";
    const auto counter = [&](const char* key, int lo, int hi) { in_range(p.get(key), lo, hi, [&] { return who + key; }); };
    for (int g = 0; g < kGoods; ++g) counter(kGoodNames[static_cast<std::size_t>(g)], 0, r.storage_cap);
    counter("monks", 0, r.monks_per_player);
    counter("white_taken", 0, r.white_per_year);
    counter("retreat_pos", 0, static_cast<int>(r.retreat_spaces.size()));
    counter("blue_unlocked", 1, r.dice_per_player);
    counter("blue_taken", 0, p.get("blue_unlocked"));
    counter("capital_scholar", 0, scholars);
    counter("board", setting_up ? 0 : 1, static_cast<int>(r.boards.size()));
    for (const auto& [id, dock] : t.get(seat_of(s).port).entries())
      if (!r.shipment_ids.count(id)) throw DataError(who + "port: unknown shipment '" + id + "'");
    const SquareGrid& grid = t.get(seat_of(s).colony);
    if (grid.width() != 6 || grid.height() != 6) throw DataError(who + "colony must be 6x6");
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 6; ++x) {
        const SquareGrid::Cell& cell = grid.at(x, y);
        const int c = r.cell_of(cell.type);
        if (!cell.type.empty() && c < 0) throw DataError(who + "colony: unknown square '" + cell.type + "'");
        if (cell.piece.empty()) continue;
        if (c < 0 || r.cells[static_cast<std::size_t>(c)].building < 0)
          throw DataError(who + "colony: a die or coins lie on a square that is no building");
        if (cell.piece == "w" || cell.piece == "b") continue;
        if (cell.piece[0] != 'c' || cell.piece.size() < 2 || cell.piece.size() > 3 ||
            cell.piece.find_first_not_of("0123456789", 1) != std::string::npos || cell.piece[1] == '0')
          throw DataError(who + "colony: unknown piece '" + cell.piece + "'");
      }
  }
  const DicePool& dice = t.get(dice_);
  if (dice.size() != 2 * r.dice_per_player * players) throw DataError("dice: wrong number of dice");
  for (int i = 0; i < dice.size(); ++i) {
    const Die& d = dice.die(i);
    const bool white = i < r.dice_per_player * players;
    const auto what = [i] { return "dice[" + num(i) + "]"; };
    if (d.color != (white ? "white" : "blue")) throw DataError(what() + ": wrong colour");
    if (d.faces != 6) throw DataError(what() + ": dice have 6 faces");
    in_range(d.value, 1, 6, [&] { return what() + ".value"; });
    in_range(d.holder, DicePool::kInPool, players - 1, [&] { return what() + ".holder"; });
    const bool pool = d.holder == DicePool::kInPool;
    bool ok = false;
    if (white || r.shared_blue) ok = (d.tag.empty() && pool) || (d.tag == "used" && !pool) || (!white && d.tag == "reserve" && pool);
    else ok = (d.tag == "reserve" && pool) || ((d.tag == "ready" || d.tag == "new" || d.tag == "used") && !pool);
    if (!ok) throw DataError(what() + ": tag '" + d.tag + "' does not fit where the die lies");
  }
  if (t.get(religion_).length() != r.religion_length || t.get(conquest_).length() != r.conquest_length ||
      t.get(religion_).markers() != players || t.get(conquest_).markers() != players)
    throw DataError("tracks do not match the rules");
  for (int s = 0; s < players; ++s)
    if (!t.get(religion_).on_track(s) || !t.get(conquest_).on_track(s)) throw DataError("a marker is off its track");
  const Deck& ships = t.get(ships_);
  if (ships.piles().size() != 1 || !ships.has_pile("draw")) throw DataError("ships: one pile 'draw'");
  const Market& docks = t.get(docks_);
  if (docks.rows() != 1 || docks.width() != 4) throw DataError("docks: 1 row of 4");
  const Deck& tiles = t.get(tiles_);
  for (const char* pile : {"doubles", "triples", "box"})
    if (!tiles.has_pile(pile)) throw DataError(std::string("tiles: pile '") + pile + "' is missing");
  const Market& display = t.get(display_);
  if (display.rows() != 2 || display.width() != 5) throw DataError("display: 2 rows of 5");
  for (int row = 0; row < 2; ++row)
    for (int i = 0; i < 5; ++i) {
      const std::string& id = display.at(row, i);  // a tile id: the schema checked it
      if (!id.empty() && (r.tile_ids.at(id) < static_cast<int>(r.doubles.size())) != (row == 0))
        throw DataError("display: '" + id + "' does not belong in row " + num(row));
    }
  if (top_step() == steps().turn) {
    const int seat = flow.top().seat;
    if (get(seat, key::retreated))
      throw DataError("flow: seat " + num(seat) + " has retreated and takes no more turns this year");
    if (every_seat_retreated()) throw DataError("every seat has retreated");
  }
}

// The parameters of every frame index the rules data: they must fit it.
void SmGame::check_frame_params() const {
  const Rules& r = rules();
  const Engine::Steps& k = steps();
  const Flow& flow = this->flow();
  // Only the game, its set-up and the years are nobody's; every frame above acts for a seat.
  const FlowRules& rules_of_flow = *engine_->flow;
  const std::array<int, 3> nobodys{rules_of_flow.root(), rules_of_flow.step_index("setup"), rules_of_flow.step_index("years")};
  for (int i = 0; i < flow.depth(); ++i) {
    const Frame& f = flow.at(i);
    const auto where = [&] { return "flow frame " + num(i) + " (" + engine_->flow->step(f.step).name + ")"; };
    if (f.seat < 0 && std::find(nobodys.begin(), nobodys.end(), f.step) == nobodys.end())
      throw DataError(where() + ": needs a seat");
    const auto param = [&](int n, int lo, int hi) {
      in_range(f.p[static_cast<std::size_t>(n)], lo, hi, [&] { return where() + " parameter " + num(n); });
    };
    if ((f.step == k.pick_set || f.step == k.place_capital) && !capital_sets_dealt())
      throw DataError(where() + ": no capital sets without the advanced set-up");
    if (f.step == k.place_capital) param(0, 1, static_cast<int>(r.capitals.size()));
    if (f.step == k.building) {
      param(0, 0, static_cast<int>(r.buildings.size()) - 1);
      param(1, 0, static_cast<int>(r.buildings[static_cast<std::size_t>(f.p[0])].effects.size()) - 1);
    }
    if (f.step == k.retreat_space) param(0, 1, static_cast<int>(r.retreat_spaces.size()));
    if (f.step == k.dock) param(0, 1, static_cast<int>(r.docks.size()));
    if (f.step == k.astronomy) param(0, 0, static_cast<int>(r.shipments.size()) - 1);
    if (f.step == k.scholar) {
      param(0, 0, static_cast<int>(r.scholars.size()) - 1);
      param(1, 0, 1);
      param(2, 0, kMaxColonistsArg);
      const bool has = f.p[1] == 0 ? !engine_->activation_effects[static_cast<std::size_t>(f.p[0])].empty()
                                   : engine_->retreat_scholar_effects[static_cast<std::size_t>(f.p[0])] >= 0;
      if (!has) throw DataError(where() + ": the scholar has no such effect");
    }
    if (f.step == k.place_tile) {
      param(0, 0, r.tile_count() - 1);
      // A bought tile stays on the display until it is placed (where conservation counts it).
      if (table().get(display_).find(r.tile(f.p[0]).id).row < 0)
        throw DataError(where() + ": the tile being placed is one on the display");
    }
    if (f.step == k.activation) {
      param(0, 0, 31);
      if ((f.p[0] & 7) > 5) throw DataError(where() + ": a line is 0..5");
      param(1, 0, 63);
      param(2, 0, 63);
      param(3, 0, (1 << r.scholars.size()) - 1);
      if (static_cast<unsigned>(f.p[3]) & ~abilities(~0u).on_die_activation)
        throw DataError(where() + ": a scholar without an on_die_activation effect");
    }
    if (f.step == k.retreat_actions) param(0, 1, static_cast<int>(r.retreat_spaces.size()));
    if (f.step == k.income) {
      param(0, 0, (1 << 24) - 1);
      param(1, 0, (1 << r.scholars.size()) - 1);
      if (static_cast<unsigned>(f.p[1]) & ~abilities(~0u).on_retreat) throw DataError(where() + ": a scholar without an on_retreat effect");
    }
    if (f.step == k.place_die) {
      param(0, 0, 1);
      param(1, 0, 1);
      param(2, 0, 5);
      param(3, 0, 63);
    }
  }
}

}  // namespace santa_maria
