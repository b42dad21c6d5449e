// The property of the edit doors (sdk/docs/scenarios.md, "One door for every edit"), over
// every game: seeded random edits through `set` and `patch`, then the same position
// through a log's replay (`load`) and through a scenario file (`scenario save` and back),
// on positions of seeded random playouts at several depths, never leave a state that
//   (a) holds derived values other than a fresh derivation: a twin game given the state
//       alone, its derived values scrambled, must come to the same state;
//   (b) breaks a conservation: every limited supply keeps its units (bank and seats), and
//       the ids in the decks, hands and markets of each content list stay as many;
//   (c) offers other legal moves than that twin.
// A refused edit changes nothing, and an edit of a derived value is refused as derived.
// Under the sanitizers fewer positions are tried.
#include <catch2/catch.hpp>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "scenario_save.hpp"
#include "scenario_source.hpp"
#include "session.hpp"
#include "state_patch.hpp"
#include "support/registry.hpp"
#include "tessera/error.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/rng.hpp"

using nlohmann::json;
using tessera::DataError;
using tessera::Game;
using tessera::Rng;
using tessera::host::Session;
using tessera::host::SessionSetup;
using tessera::testing::game_registry;
using tessera::testing::legal_texts;

namespace {

#ifdef TESSERA_SANITIZED
constexpr int kEditsPerPosition = 4;
const std::vector<int> kDepths{0, 40};
#else
constexpr int kEditsPerPosition = 10;
const std::vector<int> kDepths{0, 12, 40, 120};
#endif

// Every scalar of `value` with its pointer; `strings` also lists the arrays of strings.
void walk(const json& value, const std::string& path, std::vector<std::string>& scalars,
          std::vector<std::string>& string_lists) {
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it) walk(it.value(), path + "/" + it.key(), scalars, string_lists);
  } else if (value.is_array()) {
    if (!value.empty() && value.front().is_string()) string_lists.push_back(path);
    for (std::size_t i = 0; i < value.size(); ++i) walk(value[i], path + "/" + std::to_string(i), scalars, string_lists);
  } else {
    scalars.push_back(path);
  }
}

// Pieces that leave decks and markets for places other than decks, hands and markets, counted
// here in all wherever they are: Santa Maria's shipments (a key of a port's counters once
// taken) and tiles (a number on a colony grid once placed), and each Madeira seat's workers
// and ships (counts and seats in the home and board counters).
bool counted_in_all(const std::string& game, const std::string& component) {
  return game == "santa_maria" &&
         (component == "tiles" || component == "display" || component == "ships" || component == "docks");
}

void count_pieces_in_all(const std::string& game, const json& state, std::map<std::string, long long>& counts) {
  const int players = state["players"];
  if (game == "santa_maria") {
    for (const char* name : {"ships", "docks", "tiles", "display"}) {
      const json& c = state["global"][name];
      const std::string list = name == std::string("ships") || name == std::string("docks") ? "shipments" : "tiles";
      if (c["kind"] == "deck")
        for (const json& pile : c["piles"]) counts["in all:" + list] += static_cast<long long>(pile["cards"].size());
      else
        for (const json& row : c["rows"])
          for (const json& id : row) counts["in all:" + list] += id.is_string() && !id.get<std::string>().empty();
    }
    for (const json& seat : state["seats"]) {
      counts["in all:shipments"] += static_cast<long long>(seat["port"]["values"].size());
      std::set<int> numbers;  // a tile covers several cells; capitals are numbered from 100
      for (const json& tile : seat["colony"]["tiles"])
        if (tile.get<int>() >= 0 && tile.get<int>() < 100) numbers.insert(tile.get<int>());
      counts["in all:tiles"] += static_cast<long long>(numbers.size());
    }
  } else if (game == "madeira") {
    const json& board = state["global"]["board"]["values"];
    for (int s = 0; s < players; ++s) {
      const json& home = state["seats"][static_cast<std::size_t>(s)]["home"]["values"];
      long long workers = home["workers"].get<int>(), ships = home["ships"].get<int>();
      for (auto it = board.begin(); it != board.end(); ++it) {
        const std::string& key = it.key();
        const int v = it.value();
        const std::string start = key.substr(0, 2);
        const int n = key.size() > 2 && std::isdigit(static_cast<unsigned char>(key[2])) ? std::stoi(key.substr(2)) : -1;
        if (n < 0) continue;
        if ((start == "cw" || start == "cl") && n % players == s) workers += v;
        if (start == "fw") workers += (v >> s) & 1;
        if (start == "cs") workers += v == s + 1;
        if (start == "pt" || start == "mk") ships += v == s + 1;
      }
      counts["workers of seat " + std::to_string(s)] = workers;
      counts["ships of seat " + std::to_string(s)] = ships;
    }
  }
}

// The conserved quantities, counted without the schema: each limited supply's units per
// resource (bank and every seat), each id's copies over every deck, hand and market, and the
// pieces counted in all.
std::map<std::string, long long> conserved_counts(const std::string& game, const json& state) {
  std::map<std::string, long long> counts;
  auto count_component = [&](const std::string& name, const json& c) {
    if (!c.is_object() || !c.contains("kind") || counted_in_all(game, name)) return;
    const std::string kind = c["kind"];
    if (kind == "supply") {
      for (std::size_t r = 0; r < c["resources"].size(); ++r) {
        const json& resource = c["resources"][r];
        if (resource["bank"].get<int>() < 0) continue;
        long long units = resource["bank"].get<int>();
        for (const json& row : c["holdings"]) units += row[r].get<int>();
        counts["supply:" + resource["id"].get<std::string>()] += units;
      }
    } else if (kind == "deck") {
      for (const json& pile : c["piles"])
        for (const json& id : pile["cards"]) ++counts["card:" + id.get<std::string>()];
    } else if (kind == "hand") {
      for (const json& id : c["cards"]) ++counts["card:" + id.get<std::string>()];
    } else if (kind == "market") {
      for (const json& row : c["rows"])
        for (const json& id : row)
          if (id.is_string() && !id.get<std::string>().empty()) ++counts["card:" + id.get<std::string>()];
    }
  };
  for (const auto& [name, c] : state["global"].items()) count_component(name, c);
  for (const json& seat : state["seats"])
    for (const auto& [name, c] : seat.items()) count_component(name, c);
  count_pieces_in_all(game, state, counts);
  return counts;
}

// What the game says the value at `pointer` is derived from ("" when it is not).
std::string derived_from(const Game& game, const std::string& pointer) {
  const auto* flow_game = dynamic_cast<const tessera::FlowGame*>(&game);
  return flow_game ? flow_game->derived_from(pointer) : std::string();
}

// `state` with every derived scalar changed: a twin must not read them.
json scrambled(const Game& game, const json& state) {
  std::vector<std::string> scalars, lists;
  walk(state, "", scalars, lists);
  json out = state;
  for (const std::string& pointer : scalars) {
    if (derived_from(game, pointer).empty()) continue;
    json& value = out[json::json_pointer(pointer)];
    if (value.is_number_integer()) value = value.get<int>() + 1;
  }
  return out;
}

class DoorCheck {
 public:
  DoorCheck(const SessionSetup& setup, std::uint64_t seed) : setup_(setup), rng_(seed) {}

  void run(int depth) {
    Session session(game_registry(), setup_);
    for (int step = 0; step < depth && !session.game().is_over(); ++step) {
      const auto actions = session.game().legal_actions();
      REQUIRE(session.act(actions[rng_.below(actions.size())].text).ok);
    }
    const auto start = conserved_counts(setup_.game, session.game().table().to_json());
    for (int edit = 0; edit < kEditsPerPosition; ++edit) {
      const json before = session.game().table().to_json();
      const std::string tried = try_an_edit(session, before);
      INFO(setup_.game << " players " << setup_.players << " depth " << depth << ": " << tried);
      const json after = session.game().table().to_json();
      if (after == before) continue;  // refused (or changed nothing)
      ++accepted;
      CHECK(conserved_counts(setup_.game, after) == start);
      check_twin(session.game());
      check_other_doors(session);
      // Play goes on from the edited state as from any other.
      for (int step = 0; step < 2 && !session.game().is_over(); ++step) {
        const auto actions = session.game().legal_actions();
        REQUIRE_FALSE(actions.empty());
        const tessera::ApplyResult played = session.act(actions[rng_.below(actions.size())].text);
        INFO(played.error);
        REQUIRE(played.ok);
      }
      check_twin(session.game());
      CHECK(conserved_counts(setup_.game, session.game().table().to_json()) == start);
    }
  }

  int accepted = 0, refused_derived = 0;

 private:
  // One random edit through set or patch; returns what it tried. A refusal must change nothing.
  std::string try_an_edit(Session& session, const json& state) {
    std::vector<std::string> scalars, lists;
    walk(state, "", scalars, lists);
    std::vector<std::string> ints;
    for (const std::string& p : scalars)
      if (state[json::json_pointer(p)].is_number_integer() && p != "/players") ints.push_back(p);
    auto pick = [&](const std::vector<std::string>& from) { return from[rng_.below(from.size())]; };
    json ops = json::array();
    std::string tried;
    switch (rng_.below(4)) {
      case 0: {  // one number, a little off (through set)
        const std::string p = pick(ints);
        const int value = state[json::json_pointer(p)].get<int>() + (rng_.below(2) ? 1 : -1);
        tried = "set " + p + " " + std::to_string(value);
        const bool derived = !derived_from(session.game(), p).empty();
        try {
          session.set(p, value);
        } catch (const DataError& e) {
          CHECK(session.game().table().to_json() == state);
          if (derived) {
            ++refused_derived;
            CHECK_THAT(std::string(e.what()), Catch::Contains("derived"));
          }
        }
        if (derived) CHECK(session.game().table().to_json() == state);  // a derived value is not editable
        return tried;
      }
      case 1: {  // a unit from one number to another (a supply's bank to a hand...)
        const std::string a = pick(ints), b = pick(ints);
        if (a == b) return "nothing";
        ops.push_back({{"op", "replace"}, {"path", a}, {"value", state[json::json_pointer(a)].get<int>() - 1}});
        ops.push_back({{"op", "replace"}, {"path", b}, {"value", state[json::json_pointer(b)].get<int>() + 1}});
        break;
      }
      case 2: {  // a card from one list to another
        if (lists.empty()) return "nothing";
        const std::string from = pick(lists), to = pick(lists);
        const std::size_t size = state[json::json_pointer(from)].size();
        ops.push_back({{"op", "move"}, {"from", from + "/" + std::to_string(rng_.below(size))}, {"path", to + "/-"}});
        break;
      }
      default: {  // a copy of a card: never kept where the cards are conserved
        if (lists.empty()) return "nothing";
        const std::string from = pick(lists), to = pick(lists);
        ops.push_back({{"op", "copy"}, {"from", from + "/0"}, {"path", to + "/-"}});
        break;
      }
    }
    tried = "patch " + ops.dump();
    try {
      session.patch(ops);
    } catch (const DataError&) {
      CHECK(session.game().table().to_json() == state);
    }
    return tried;
  }

  // (a) and (c): a fresh game given the state alone (its derived values scrambled).
  void check_twin(const Game& game) {
    const json state = game.table().to_json();
    auto twin = game_registry().new_game(
        setup_.game, game_registry().config(setup_.game, setup_.players, setup_.seed + 1, setup_.variants));
    twin->set_state(scrambled(game, state));
    CHECK(twin->table().to_json() == state);
    CHECK(legal_texts(*twin) == legal_texts(game));
  }

  // The same position through a log's replay and through a saved scenario.
  void check_other_doors(const Session& session) {
    const json state = session.game().table().to_json();
    const auto loaded = Session::from_log(game_registry(), session.log());
    CHECK(loaded->game().table().to_json() == state);
    const json scenario = tessera::host::scenario_of(game_registry(), session);
    const auto started = Session::from_scenario(
        game_registry(), tessera::host::ScenarioSource::from_json(scenario, "scenario"));
    CHECK(started->game().table().to_json() == state);
    CHECK(legal_texts(started->game()) == legal_texts(session.game()));
  }

  SessionSetup setup_;
  Rng rng_;
};

}  // namespace

TEST_CASE("Random edits through every door leave a state whole and fresh: derived, conserved, legal as its twin",
          "[conformance][edits]") {
  for (const tessera::PluginEntry* entry : game_registry().games()) {
    const std::string& id = entry->manifest.id;
    int accepted = 0, refused_derived = 0;
    for (const int players : {entry->manifest.min_players, entry->manifest.max_players}) {
      for (std::size_t d = 0; d < kDepths.size(); ++d) {
        SessionSetup setup;
        setup.game = id;
        setup.players = players;
        setup.seed = 17 + d;
        DoorCheck check(setup, /*seed=*/1000 * static_cast<std::uint64_t>(players) + d);
        check.run(kDepths[d]);
        accepted += check.accepted;
        refused_derived += check.refused_derived;
      }
    }
    INFO(id);
    CHECK(accepted > 0);  // the edits reached states to check, not only refusals
    (void)refused_derived;
  }
}
