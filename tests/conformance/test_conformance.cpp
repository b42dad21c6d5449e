// The conformance suite: every plugin found in the build's plugin folder must pass it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <nlohmann/json.hpp>

#include "support/registry.hpp"

using namespace tessera;
using tessera::testing::game_registry;
using tessera::testing::play_randomly;

namespace {

std::vector<std::string> game_ids() {
  std::vector<std::string> ids;
  for (const PluginEntry* e : game_registry().games()) ids.push_back(e->manifest.id);
  return ids;
}

std::vector<int> player_counts(const std::string& id) {
  const Manifest& m = game_registry().game(id).manifest;
  std::vector<int> counts;
  for (int n = m.min_players; n <= m.max_players; ++n) counts.push_back(n);
  return counts;
}

// The legal actions' texts, in order.
std::vector<std::string> texts(const Game& game) {
  std::vector<std::string> out;
  for (const auto& a : game.legal_actions()) out.push_back(a.text);
  return out;
}

}  // namespace

TEST_CASE("Every plugin in the build folder loads and none is refused", "[conformance]") {
  CHECK(game_registry().problems().empty());
  for (const auto& p : game_registry().problems()) WARN(p);
  CHECK_FALSE(game_ids().empty());
  for (const auto& id : game_ids()) {
    INFO(id);
    CHECK(game_registry().game(id).manifest.id == id);
  }
}

TEST_CASE("Every game plays seeded random games to the end for every player count", "[conformance]") {
  for (const auto& id : game_ids())
    for (int players : player_counts(id))
      for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        INFO(id << " players " << players << " seed " << seed);
        auto game = tessera::testing::new_game(id, players, seed);
        play_randomly(*game, seed);
        Outcome o = game->outcome();
        CHECK(o.scores.size() == static_cast<std::size_t>(players));
        CHECK_FALSE(o.winners.empty());
        CHECK(game->legal_actions().empty());
      }
}

TEST_CASE("A clone equals its original and evolves independently", "[conformance]") {
  for (const auto& id : game_ids()) {
    INFO(id);
    auto game = tessera::testing::new_game(id, player_counts(id).front(), 11);
    for (int step = 0; step < 30 && !game->is_over(); ++step) {
      auto copy = game->clone();
      CHECK(copy->table() == game->table());
      CHECK(texts(*copy) == texts(*game));
      const auto actions = game->legal_actions();
      REQUIRE(game->apply(actions[static_cast<std::size_t>(step) % actions.size()].text).ok);
      REQUIRE(copy->apply(actions[static_cast<std::size_t>(step) % actions.size()].text).ok);
      CHECK(copy->table() == game->table());
    }
  }
}

TEST_CASE("A state's JSON round-trips through set_state", "[conformance]") {
  for (const auto& id : game_ids()) {
    INFO(id);
    auto game = tessera::testing::new_game(id, player_counts(id).back(), 5);
    auto other = tessera::testing::new_game(id, player_counts(id).back(), 6);
    Rng rng(5);
    for (int step = 0; step < 40 && !game->is_over(); ++step) {
      const auto json = game->table().to_json();
      other->set_state(json);
      CHECK(other->table().to_json() == json);
      CHECK(texts(*other) == texts(*game));
      const auto actions = game->legal_actions();
      REQUIRE(game->apply(actions[rng.below(actions.size())].text).ok);
    }
  }
}

TEST_CASE("A seat's view does not change when what it cannot see is re-dealt", "[conformance]") {
  for (const auto& id : game_ids())
    for (int players : player_counts(id)) {
      INFO(id << " players " << players);
      auto game = tessera::testing::new_game(id, players, 9);
      Rng rng(9);
      for (int step = 0; step < 60 && !game->is_over(); ++step) {
        for (int seat = 0; seat < players; ++seat) {
          Table resampled = game->table();
          resampled.resample_hidden(seat, rng);
          CHECK(resampled.view(seat) == game->table().view(seat));
        }
        const auto actions = game->legal_actions();
        REQUIRE(game->apply(actions[rng.below(actions.size())].text).ok);
      }
    }
}

TEST_CASE("The same seed and actions give the same final state, and rematch equals a new game",
          "[conformance]") {
  for (const auto& id : game_ids()) {
    INFO(id);
    const int players = player_counts(id).back();
    auto a = tessera::testing::new_game(id, players, 21);
    auto b = tessera::testing::new_game(id, players, 21);
    play_randomly(*a, 4);
    play_randomly(*b, 4);
    CHECK(a->table().to_json() == b->table().to_json());
    auto fresh = tessera::testing::new_game(id, players, 22);
    auto again = a->rematch(22);
    CHECK(again->table().to_json() == fresh->table().to_json());
  }
}

TEST_CASE("An action that is not legal is refused and changes nothing", "[conformance]") {
  for (const auto& id : game_ids()) {
    INFO(id);
    auto game = tessera::testing::new_game(id, player_counts(id).front(), 3);
    const auto before = game->table().to_json();
    ApplyResult r = game->apply("no such action 42");
    CHECK_FALSE(r.ok);
    CHECK_FALSE(r.error.empty());
    CHECK(game->table().to_json() == before);
  }
}

TEST_CASE("Every shipped variant plays complete games", "[conformance]") {
  for (const auto& id : game_ids()) {
    const PluginEntry& entry = game_registry().game(id);
    if (entry.script_dir.empty()) continue;
    for (const auto& variant : ScriptRuntime::list_variants(entry.script_dir))
      for (int players : player_counts(id)) {
        const auto [low, high] = game_registry().variant_players(id, variant);
        if (players < low || players > high) continue;  // the variant is not for this count
        INFO(id << " variant " << variant << " players " << players);
        auto game = tessera::testing::new_game(id, players, 2, {variant});
        play_randomly(*game, 2);
        CHECK(game->is_over());
      }
  }
}

namespace {

// Every scalar of a JSON value with its pointer.
void scalar_pointers(const nlohmann::json& value, const std::string& path, std::vector<std::string>& out) {
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it) scalar_pointers(it.value(), path + "/" + it.key(), out);
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) scalar_pointers(value[i], path + "/" + std::to_string(i), out);
  } else {
    out.push_back(path);
  }
}

}  // namespace

TEST_CASE("A scenario edit of any value is refused or leaves a game that still plays", "[conformance]") {
  const std::vector<nlohmann::json> odd_values{-1, 0, 1, 7, 1000000000, -2147483647, "x", nullptr};
  // Every scalar of every start in the plain build. Under the sanitizers (about 13 times
  // slower here) every kStride-th scalar, a different share at each start, so CI's
  // sanitized run stays short and still reaches every kind of value over the starts.
#ifdef TESSERA_SANITIZED
  constexpr std::size_t kStride = 4;
#else
  constexpr std::size_t kStride = 1;
#endif
  std::size_t start_index = 0;
  // States early and deep in games of the fewest and the most players, and early in each
  // variant (set-up phases of variants have their own flow values).
  struct Start {
    bool fewest;
    int steps;
    std::string variant;
  };
  for (const auto& id : game_ids()) {
    std::vector<Start> starts{{true, 10, ""}, {false, 10, ""}, {false, 60, ""}};
    for (const auto& variant : game_registry().variants(id)) starts.push_back({false, 3, variant});
    for (const Start& start : starts) {
      std::vector<int> counts = player_counts(id);
      if (!start.variant.empty()) {
        const auto [low, high] = game_registry().variant_players(id, start.variant);
        counts = {low, high};
      }
      const int players = start.fewest ? counts.front() : counts.back();
      INFO(id << " players " << players << " after " << start.steps << " actions, variant '" << start.variant << "'");
      std::vector<std::string> variants;
      if (!start.variant.empty()) variants.push_back(start.variant);
      auto base = tessera::testing::new_game(id, players, 5, variants);
      Rng rng(5);
      for (int step = 0; step < start.steps && !base->is_over(); ++step) {
        const auto actions = base->legal_actions();
        REQUIRE(base->apply(actions[rng.below(actions.size())].text).ok);
      }
      const nlohmann::json state = base->table().to_json();
      std::vector<std::string> pointers;
      scalar_pointers(state, "", pointers);
      // One working copy, each edit undone after its try (a copy of the state per edit was
      // most of this test's time).
      nlohmann::json edited = state;
      ++start_index;
      for (std::size_t p = start_index % kStride; p < pointers.size(); p += kStride) {
        const std::string& pointer = pointers[p];
        if (pointer == "/rng" || pointer == "/players") continue;
        nlohmann::json& slot = edited[nlohmann::json::json_pointer(pointer)];
        const nlohmann::json original = slot;
        for (const auto& value : odd_values) {
          INFO(pointer << " = " << value.dump());
          auto game = base->clone();
          slot = value;
          try {
            game->set_state(edited);
          } catch (const DataError&) {
            CHECK(game->table().to_json() == state);  // refused: nothing changed
            continue;
          }
          // Accepted: the game must still answer every question without crashing.
          for (int seat = -1; seat < game->table().players(); ++seat) {
            (void)game->render(seat);
            (void)game->table().view(seat);
          }
          for (int k = 0; k < 6 && !game->is_over(); ++k) {
            const auto actions = game->legal_actions();
            if (actions.empty()) break;
            (void)game->apply(actions[static_cast<std::size_t>(k) % actions.size()].text);
          }
          if (game->is_over()) (void)game->outcome();
        }
        slot = original;
      }
    }
  }
}

TEST_CASE("A determinization keeps what the seat sees, hides the future, and depends on nothing else",
          "[conformance][search]") {
  int samples_played = 0, samples_refused = 0;
  for (const auto& id : game_ids())
    for (int players : {player_counts(id).front(), player_counts(id).back()}) {
      INFO(id << " players " << players);
      auto game = tessera::testing::new_game(id, players, 13);
      Rng rng(13);
      for (int step = 0; step < 50 && !game->is_over(); ++step) {
        if (step % 7 == 0)
          for (int seat = 0; seat < players; ++seat) {
            INFO("step " << step << " seat " << seat);
            // `other` differs from `game` only in what `seat` cannot see (and in its RNG).
            Rng deal(100 + static_cast<std::uint64_t>(step));
            auto other = game->determinize(seat, deal);
            CHECK(other->table().view(seat) == game->table().view(seat));
            CHECK_FALSE(other->table().rng() == game->table().rng());
            CHECK(other->seat_to_move() == game->seat_to_move());
            // The decider's own moves should not depend on what it cannot see; CATAN's
            // "ask" offers do (they are bounded by what the others hold): a known leak.
            if (game->seat_to_move() == seat && texts(*other) != texts(*game)) {
              CHECK(id == "catan_inca");
              WARN(id << ": the decider's legal moves depend on what it cannot see");
            }
            // The same seed gives the same sample from both: the sample depends only on
            // what the seat sees.
            Rng a(7), b(7);
            auto from_game = game->determinize(seat, a);
            auto from_other = other->determinize(seat, b);
            CHECK(from_game->table() == from_other->table());
            CHECK(from_game->hash() == from_other->hash());
            CHECK(texts(*from_game) == texts(*from_other));
            // A sample plays on like any game. Known limit: a re-deal can contradict a
            // public commitment the schema cannot express (a CATAN offer promises cards the
            // re-dealt hand may lack); such a move is refused and changes nothing, and a
            // search drops that sample. It must stay rare.
            std::vector<Move> moves;
            for (int k = 0; k < 5 && !from_game->is_over(); ++k) {
              from_game->legal_moves(moves);
              ++samples_played;
              const ApplyResult played = from_game->apply(moves[static_cast<std::size_t>(k) % moves.size()]);
              if (!played.ok) {
                ++samples_refused;
                WARN(id << ": a sample's move was refused: " << played.error);
                break;
              }
            }
          }
        const auto actions = game->legal_actions();
        REQUIRE(game->apply(actions[rng.below(actions.size())].text).ok);
      }
    }
  CHECK(samples_refused * 50 <= samples_played);
}

TEST_CASE("Every game states its players, returns a result per seat and hashes its state", "[conformance][search]") {
  for (const auto& id : game_ids()) {
    INFO(id);
    const int players = player_counts(id).front();
    auto game = tessera::testing::new_game(id, players, 17);
    const GameInfo info = game->info();
    CHECK(info.players == players);
    auto copy = game->clone();
    CHECK(copy->hash() == game->hash());
    const auto actions = copy->legal_actions();
    REQUIRE(copy->apply(actions.front().text).ok);
    CHECK(copy->hash() != game->hash());
    play_randomly(*game, 17);
    const Returns r = game->returns();
    REQUIRE(r.result.size() == static_cast<std::size_t>(players));
    REQUIRE(r.margin.size() == static_cast<std::size_t>(players));
    double total = 0;
    for (double x : r.result) total += x;
    CHECK(total == Approx(1.0));
    for (int w : game->outcome().winners) CHECK(r.result[static_cast<std::size_t>(w)] > 0);
  }
}

TEST_CASE("Every game keeps a score so far for every seat, which ends as the outcome's scores", "[conformance][search]") {
  for (const auto& id : game_ids())
    for (int players : {player_counts(id).front(), player_counts(id).back()}) {
      INFO(id << " players " << players);
      auto game = tessera::testing::new_game(id, players, 23);
      bool told_apart = false;  // some unfinished position where the seats' scores differ
      tessera::testing::play_randomly(*game, 23, 1000000, [&](const Game& now) {
        const std::vector<int> scores = now.score_so_far();
        REQUIRE(scores.size() == static_cast<std::size_t>(players));
        if (!now.is_over() && std::adjacent_find(scores.begin(), scores.end(), std::not_equal_to<>()) != scores.end())
          told_apart = true;
      });
      REQUIRE(game->is_over());
      CHECK(game->score_so_far() == game->outcome().scores);
      // Santa Maria scores everything at the end (its running happiness is hidden): no
      // signal before, which search bots treat as a draw.
      if (id != "santa_maria" && players > 1) CHECK(told_apart);
    }
}
