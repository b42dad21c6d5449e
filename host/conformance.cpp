#include "conformance.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <nlohmann/json.hpp>
#include <ostream>

#include "tessera/error.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/move_spelling.hpp"
#include "tessera/rng.hpp"
#include "score_declaration.hpp"
#include "tessera/script_runtime.hpp"

namespace tessera::host {

namespace {

constexpr std::size_t kMaxFailures = 20;  // failures (and notes) per check: the first ones say enough

// Thrown by Checker::require to end a check after a failure it cannot go on from.
struct CheckAborted {};

// A text two legal actions share, if any.
std::optional<std::string> repeated_text(const std::vector<Action>& actions) {
  std::vector<std::string_view> texts;
  texts.reserve(actions.size());
  for (const Action& a : actions) texts.push_back(a.text);
  std::sort(texts.begin(), texts.end());
  const auto twice = std::adjacent_find(texts.begin(), texts.end());
  if (twice == texts.end()) return std::nullopt;
  return std::string(*twice);
}

std::string players_seed(int players, std::uint64_t seed) {
  return "players " + std::to_string(players) + " seed " + std::to_string(seed);
}

// Collects failures with the context they happened in ("players 3 seed 2: ...").
class Checker {
 public:
  Checker(const PluginRegistry& registry, std::string id, const ConformanceOptions& options, ConformanceResult& result)
      : registry(registry), id(std::move(id)), options(options), result_(result) {}

  // A context part for the failures of its lifetime.
  class Scope {
   public:
    Scope(Checker& checker, std::string text) : checker_(checker) { checker_.context_.push_back(std::move(text)); }
    ~Scope() { checker_.context_.pop_back(); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    Checker& checker_;
  };

  bool check(bool ok, std::string_view what) {
    if (!ok) fail(what);
    return ok;
  }
  void require(bool ok, std::string_view what) {
    if (!ok) {
      fail(what);
      throw CheckAborted{};
    }
  }
  void fail(std::string_view what) {
    if (result_.failures.size() == kMaxFailures) result_.failures.push_back("... (more failures not shown)");
    if (result_.failures.size() > kMaxFailures) return;
    result_.failures.push_back(in_context(what));
  }
  void note(std::string_view what) {
    if (result_.notes.size() == kMaxFailures) result_.notes.push_back("... (more notes not shown)");
    if (result_.notes.size() > kMaxFailures) return;
    result_.notes.push_back(in_context(what));
  }
  bool allows(const char* limit) const {
    return std::find(options.allow.begin(), options.allow.end(), limit) != options.allow.end();
  }

  std::unique_ptr<Game> new_game(int players, std::uint64_t seed, std::vector<std::string> variants = {}) const {
    return registry.new_game(id, registry.config(id, players, seed, std::move(variants)));
  }
  std::vector<int> player_counts() const {
    const Manifest& m = registry.game(id).manifest;
    std::vector<int> counts;
    for (int n = m.min_players; n <= m.max_players; ++n) counts.push_back(n);
    return counts;
  }

  // Plays `game` to the end with a seeded uniform-random choice, calling `each` after every
  // action; a refused legal action, a decision without actions or more than `max_actions`
  // actions ends the check.
  void play_randomly(Game& game, std::uint64_t seed, std::size_t max_actions = 100'000,
                     const std::function<void(const Game&)>& each = {}) {
    Rng rng(seed);
    for (std::size_t count = 0; !game.is_over(); ++count) {
      require(count < max_actions, "the game did not end within " + std::to_string(max_actions) + " random actions");
      const auto actions = game.legal_actions();
      require(!actions.empty(), "no legal action in an unfinished game");
      // A house rule that widens a move must not leave the game's own entries of it beside its own.
      if (const auto twice = repeated_text(actions)) require(false, "two legal moves are written '" + *twice + "'");
      const auto& chosen = actions[rng.below(actions.size())];
      const ApplyResult r = game.apply(chosen.text);
      require(r.ok, "legal action '" + chosen.text + "' refused: " + r.error);
      if (each) each(game);
    }
  }
  // A new seeded game at the smallest and at the largest player count, each checked by
  // `check(players, game)` in a scope naming its count and seed.
  void at_both_ends(std::uint64_t seed, const std::function<void(int, Game&)>& check) {
    for (int players : {player_counts().front(), player_counts().back()}) {
      Scope scope(*this, players_seed(players, seed));
      auto game = new_game(players, seed);
      check(players, *game);
    }
  }
  // Applies a random legal action (the check's own generator); a refusal ends the check.
  void random_step(Game& game, Rng& rng) {
    const auto actions = game.legal_actions();
    require(!actions.empty(), "no legal action in an unfinished game");
    const auto& chosen = actions[rng.below(actions.size())];
    const ApplyResult r = game.apply(chosen.text);
    require(r.ok, "legal action '" + chosen.text + "' refused: " + r.error);
  }

  const PluginRegistry& registry;
  const std::string id;
  const ConformanceOptions& options;

 private:
  std::string in_context(std::string_view what) const {
    std::string text;
    for (const std::string& part : context_) text += part + ": ";
    return text + std::string(what);
  }

  ConformanceResult& result_;
  std::vector<std::string> context_;
};

using Scope = Checker::Scope;

// The legal actions' texts, in order.
std::vector<std::string> texts(const Game& game) {
  std::vector<std::string> out;
  for (const auto& a : game.legal_actions()) out.push_back(a.text);
  return out;
}

// Plays seeded random games (seeds 1 to 5) to the end at every player count and hands each
// finished one to `finished`, in the context of its player count and seed.
void play_finished_games(Checker& c, const std::function<void(int players, const Game& game)>& finished) {
  for (int players : c.player_counts())
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      Scope scope(c, players_seed(players, seed));
      auto game = c.new_game(players, seed);
      c.play_randomly(*game, seed);
      finished(players, *game);
    }
}

void plays_to_end(Checker& c) {
  play_finished_games(c, [&c](int players, const Game& game) {
    const Outcome o = game.outcome();
    c.check(o.scores.size() == static_cast<std::size_t>(players), "the outcome has not one score per seat");
    c.check(!o.winners.empty(), "the outcome names no winner");
    c.check(game.legal_actions().empty(), "a finished game still offers legal actions");
  });
}

void clone_equals(Checker& c) {
  Scope scope(c, players_seed(c.player_counts().front(), 11));
  auto game = c.new_game(c.player_counts().front(), 11);
  for (int step = 0; step < 30 && !game->is_over(); ++step) {
    Scope at(c, "step " + std::to_string(step));
    auto copy = game->clone();
    c.check(copy->table() == game->table(), "the clone's table differs from the original's");
    c.check(texts(*copy) == texts(*game), "the clone's legal actions differ from the original's");
    const auto actions = game->legal_actions();
    c.require(!actions.empty(), "no legal action in an unfinished game");
    const std::string& text = actions[static_cast<std::size_t>(step) % actions.size()].text;
    c.require(game->apply(text).ok, "the original refused its legal action '" + text + "'");
    c.require(copy->apply(text).ok, "the clone refused the original's legal action '" + text + "'");
    c.check(copy->table() == game->table(), "after the same action, the clone's table differs from the original's");
  }
}

void json_round_trip(Checker& c) {
  const int players = c.player_counts().back();
  Scope scope(c, players_seed(players, 5));
  auto game = c.new_game(players, 5);
  auto other = c.new_game(players, 6);
  Rng rng(5);
  for (int step = 0; step < 40 && !game->is_over(); ++step) {
    Scope at(c, "step " + std::to_string(step));
    const auto json = game->table().to_json();
    other->set_state(json);
    c.check(other->table().to_json() == json, "set_state of the JSON gives a different JSON");
    c.check(texts(*other) == texts(*game), "set_state of the JSON gives different legal actions");
    c.random_step(*game, rng);
  }
}

void view_redaction(Checker& c) {
  for (int players : c.player_counts()) {
    Scope scope(c, players_seed(players, 9));
    auto game = c.new_game(players, 9);
    Rng rng(9);
    for (int step = 0; step < 60 && !game->is_over(); ++step) {
      for (int seat = 0; seat < players; ++seat) {
        Table resampled = game->table();
        resampled.resample_hidden(seat, rng);
        if (!(resampled.view(seat) == game->table().view(seat)))
          c.fail("step " + std::to_string(step) + " seat " + std::to_string(seat) +
                 ": the seat's view changed when what it cannot see was re-dealt");
      }
      c.random_step(*game, rng);
    }
  }
}

void same_seed_same_game(Checker& c) {
  const int players = c.player_counts().back();
  Scope scope(c, players_seed(players, 21));
  auto a = c.new_game(players, 21);
  auto b = c.new_game(players, 21);
  c.play_randomly(*a, 4);
  c.play_randomly(*b, 4);
  c.check(a->table().to_json() == b->table().to_json(), "two games of the same seed and actions end differently");
  auto fresh = c.new_game(players, 22);
  auto again = a->rematch(22);
  c.check(again->table().to_json() == fresh->table().to_json(), "rematch(22) differs from a new game of seed 22");
}

void illegal_action_refused(Checker& c) {
  Scope scope(c, players_seed(c.player_counts().front(), 3));
  auto game = c.new_game(c.player_counts().front(), 3);
  const auto before = game->table().to_json();
  const ApplyResult r = game->apply("no such action 42");
  c.check(!r.ok, "the action 'no such action 42' was accepted");
  c.check(!r.ok || !r.error.empty(), "the refusal of 'no such action 42' gives no reason");
  c.check(r.ok || game->table().to_json() == before, "the refused action 'no such action 42' changed the state");
}

void variants_play(Checker& c) {
  const PluginEntry& entry = c.registry.game(c.id);
  if (entry.script_dir.empty()) return;
  for (const auto& variant : ScriptRuntime::list_variants(entry.script_dir))
    for (int players : c.player_counts()) {
      const auto [low, high] = c.registry.variant_players(c.id, variant);
      if (players < low || players > high) continue;  // the variant is not for this count
      Scope scope(c, "variant " + variant + " " + players_seed(players, 2));
      try {
        auto game = c.new_game(players, 2, {variant});
        c.play_randomly(*game, 2);
      } catch (const CheckAborted&) {
        // Recorded; the next variant may still pass.
      } catch (const std::exception& e) {
        c.fail(std::string("threw: ") + e.what());
      }
    }
}

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

void scenario_edits(Checker& c) {
  const std::vector<nlohmann::json> odd_values{-1, 0, 1, 7, 1000000000, -2147483647, "x", nullptr};
  const std::size_t stride = std::max<std::size_t>(1, c.options.edit_stride);
  std::size_t start_index = 0;
  // States early and deep in games of the fewest and the most players, and early in each
  // variant (set-up phases of variants have their own flow values).
  struct Start {
    bool fewest;
    int steps;
    std::string variant;
  };
  std::vector<Start> starts{{true, 10, ""}, {false, 10, ""}, {false, 60, ""}};
  for (const auto& variant : c.registry.variants(c.id)) starts.push_back({false, 3, variant});
  for (const Start& start : starts) {
    std::vector<int> counts = c.player_counts();
    if (!start.variant.empty()) {
      const auto [low, high] = c.registry.variant_players(c.id, start.variant);
      counts = {low, high};
    }
    const int players = start.fewest ? counts.front() : counts.back();
    Scope scope(c, "players " + std::to_string(players) + " after " + std::to_string(start.steps) +
                       " actions, variant '" + start.variant + "'");
    std::vector<std::string> variants;
    if (!start.variant.empty()) variants.push_back(start.variant);
    auto base = c.new_game(players, 5, variants);
    Rng rng(5);
    for (int step = 0; step < start.steps && !base->is_over(); ++step) c.random_step(*base, rng);
    const nlohmann::json state = base->table().to_json();
    std::vector<std::string> pointers;
    scalar_pointers(state, "", pointers);
    // One working copy, each edit undone after its try (a copy of the state per edit was
    // most of this check's time).
    nlohmann::json edited = state;
    ++start_index;
    for (std::size_t p = start_index % stride; p < pointers.size(); p += stride) {
      const std::string& pointer = pointers[p];
      if (pointer == "/rng" || pointer == "/players") continue;
      nlohmann::json& slot = edited[nlohmann::json::json_pointer(pointer)];
      const nlohmann::json original = slot;
      for (const auto& value : odd_values) {
        auto game = base->clone();
        slot = value;
        try {
          game->set_state(edited);
        } catch (const DataError&) {
          if (!(game->table().to_json() == state))
            c.fail(pointer + " = " + value.dump() + ": refused, but the state changed");
          continue;
        }
        // Accepted: the game must still answer every question without crashing.
        try {
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
        } catch (const std::exception& e) {
          c.fail(pointer + " = " + value.dump() + ": accepted, then the game threw: " + e.what());
        }
      }
      slot = original;
    }
  }
}

void determinization(Checker& c) {
  int samples_played = 0, samples_refused = 0;
  c.at_both_ends(13, [&](int players, Game& game) {
    Rng rng(13);
    bool leak_noted = false;
    for (int step = 0; step < 50 && !game.is_over(); ++step) {
      if (step % 7 == 0)
        for (int seat = 0; seat < players; ++seat) {
          Scope at(c, "step " + std::to_string(step) + " seat " + std::to_string(seat));
          // `other` differs from `game` only in what `seat` cannot see (and in its RNG).
          Rng deal(100 + static_cast<std::uint64_t>(step));
          auto other = game.determinize(seat, deal);
          c.check(other->table().view(seat) == game.table().view(seat), "a determinization changed the seat's view");
          c.check(!(other->table().rng() == game.table().rng()), "a determinization kept the game's RNG");
          c.check(other->seat_to_move() == game.seat_to_move(), "a determinization changed the seat to move");
          // The decider's own moves should not depend on what it cannot see.
          if (game.seat_to_move() == seat && texts(*other) != texts(game)) {
            if (!c.allows(kLimitHiddenMoves))
              c.fail("the decider's legal moves depend on what it cannot see (--allow hidden-moves if known)");
            else if (!leak_noted)
              c.note("the decider's legal moves depend on what it cannot see (allowed: hidden-moves)");
            leak_noted = true;
          }
          // The same seed gives the same sample from both: the sample depends only on
          // what the seat sees.
          Rng a(7), b(7);
          auto from_game = game.determinize(seat, a);
          auto from_other = other->determinize(seat, b);
          c.check(from_game->table() == from_other->table(), "samples of one seed differ in their tables");
          c.check(from_game->hash() == from_other->hash(), "samples of one seed differ in their hashes");
          c.check(texts(*from_game) == texts(*from_other), "samples of one seed differ in their legal actions");
          // A sample plays on like any game. Known limit: a re-deal can contradict a
          // public commitment the schema cannot express (a trade offer promises cards the
          // re-dealt hand may lack); such a move is refused and changes nothing, and a
          // search drops that sample. It must stay rare.
          std::vector<Move> moves;
          for (int k = 0; k < 5 && !from_game->is_over(); ++k) {
            from_game->legal_moves(moves);
            c.require(!moves.empty(), "a sample has no legal move in an unfinished game");
            ++samples_played;
            const ApplyResult played = from_game->apply(moves[static_cast<std::size_t>(k) % moves.size()]);
            if (!played.ok) {
              ++samples_refused;
              c.note("a sample's move was refused: " + played.error);
              break;
            }
          }
        }
      c.random_step(game, rng);
    }
  });
  c.check(samples_refused * 50 <= samples_played,
          std::to_string(samples_refused) + " of " + std::to_string(samples_played) +
              " moves of samples were refused (at most 1 in 50 may be)");
}

// Through a random game: undo() after each move gives back the state before it (its JSON,
// hash and legal actions) once, and the move made again gives the same state as the
// first time (the RNG was put back too).
void undo_restores(Checker& c) {
  c.at_both_ends(19, [&](int, Game& game) {
    Rng rng(19);
    for (int step = 0; step < 80 && !game.is_over(); ++step) {
      Scope at(c, "step " + std::to_string(step));
      const nlohmann::json before = game.table().to_json();
      const std::uint64_t hash = game.hash();
      const std::vector<std::string> legal = texts(game);
      c.require(!legal.empty(), "no legal action in an unfinished game");
      const std::string& text = legal[rng.below(legal.size())];
      c.require(game.apply(text).ok, "legal action '" + text + "' refused");
      const nlohmann::json after = game.table().to_json();
      c.require(game.undo(), "undo() took nothing back after '" + text + "'");
      c.check(game.table().to_json() == before, "undo() of '" + text + "' did not restore the state before it");
      c.check(game.hash() == hash, "undo() of '" + text + "' did not restore the hash");
      c.check(texts(game) == legal, "undo() of '" + text + "' did not restore the legal actions");
      c.check(!game.undo(), "a second undo() after '" + text + "' took something back");
      c.require(game.apply(text).ok, "'" + text + "' was refused after its undo");
      c.check(game.table().to_json() == after, "'" + text + "' made again after its undo gave another state");
    }
  });
}

// Other spellings of a move's text that a lenient reader might take: blanks doubled, before
// or after; a number with a leading zero; a trailing parameter's default written out.
std::vector<std::string> respellings(const Game& game, const Action& action) {
  std::vector<std::string> out{" " + action.text, action.text + " "};
  if (const std::size_t space = action.text.find(' '); space != std::string::npos)
    out.push_back(action.text.substr(0, space) + "  " + action.text.substr(space + 1));
  std::size_t start = 0;
  for (const std::string& word : split_words(action.text)) {
    const std::size_t at = action.text.find(word, start);
    start = at + word.size();
    if (word.find_first_not_of("0123456789") == std::string::npos)
      out.push_back(action.text.substr(0, at) + "0" + action.text.substr(at));
  }
  if (const auto* flow = dynamic_cast<const FlowGame*>(&game)) {
    const MoveDecl& decl = flow->flow_rules().move(action.move.kind);
    const std::size_t shown = split_words(action.text).size() - 1;
    std::string longer = action.text;
    for (std::size_t k = shown; k < decl.params.size() && decl.params[k].fallback; ++k) {
      longer += " " + std::to_string(*decl.params[k].fallback);
      out.push_back(longer);
    }
  }
  return out;
}

// Through random games: each legal move has one text, distinct from the others; the text
// reads back as the same move and words it the same; no other spelling of it is accepted.
void one_text_per_move(Checker& c) {
  c.at_both_ends(23, [&](int, Game& game) {
    Rng rng(23);
    for (int step = 0; step < 300 && !game.is_over(); ++step) {
      const std::vector<Action> actions = game.legal_actions();
      c.require(!actions.empty(), "no legal action in an unfinished game");
      Scope at(c, "step " + std::to_string(step));
      if (const auto twice = repeated_text(actions)) c.fail("two legal moves are written '" + *twice + "'");
      for (const Action& a : actions) {
        const std::optional<Move> read = game.parse_move(a.text);
        c.check(read && *read == a.move, "'" + a.text + "' does not read back as its move");
        c.check(!read || game.move_text(*read) == a.text, "'" + a.text + "' reads as a move written otherwise");
      }
      // A refusal words the nearest legal moves, which costs a pass over the list: a few
      // moves of each position are respelled.
      for (int tries = 0; tries < 2; ++tries) {
        const Action& a = actions[rng.below(actions.size())];
        for (const std::string& other : respellings(game, a)) {
          const ApplyResult r = game.apply(other);  // refused, it changes nothing
          c.require(!r.ok, "'" + other + "' was accepted as another spelling of '" + a.text + "'");
          c.check(!is_move_text(game, other), "'" + other + "' is taken for a move's text");
        }
      }
      const std::string& text = actions[rng.below(actions.size())].text;
      c.require(game.apply(text).ok, "legal action '" + text + "' refused");
    }
  });
}

void returns_and_hash(Checker& c) {
  const int players = c.player_counts().front();
  Scope scope(c, players_seed(players, 17));
  auto game = c.new_game(players, 17);
  c.check(game->info().players == players, "info() states another player count");
  auto copy = game->clone();
  c.check(copy->hash() == game->hash(), "a clone hashes differently from its original");
  const auto actions = copy->legal_actions();
  c.require(!actions.empty(), "no legal action at the start");
  c.require(copy->apply(actions.front().text).ok, "the first legal action was refused");
  c.check(copy->hash() != game->hash(), "the hash did not change after an action");
  c.play_randomly(*game, 17);
  const Returns r = game->returns();
  c.require(r.result.size() == static_cast<std::size_t>(players), "returns() has not one result per seat");
  c.require(r.margin.size() == static_cast<std::size_t>(players), "returns() has not one margin per seat");
  double total = 0;
  for (double x : r.result) total += x;
  c.check(total > 1.0 - 1e-9 && total < 1.0 + 1e-9, "the results of returns() do not add up to 1");
  for (int w : game->outcome().winners)
    c.check(w >= 0 && w < players && r.result[static_cast<std::size_t>(w)] > 0,
            "winner " + std::to_string(w) + " has no share of the result");
}

void score_so_far(Checker& c) {
  c.at_both_ends(23, [&](int players, Game& game) {
    bool told_apart = false;  // some unfinished position where the seats' scores differ
    c.play_randomly(game, 23, 1'000'000, [&](const Game& now) {
      const std::vector<int> scores = now.score_so_far();
      c.require(scores.size() == static_cast<std::size_t>(players), "score_so_far() has not one score per seat");
      if (!now.is_over() && std::adjacent_find(scores.begin(), scores.end(), std::not_equal_to<>()) != scores.end())
        told_apart = true;
    });
    c.check(game.score_so_far() == game.outcome().scores, "at the end, score_so_far() is not the outcome's scores");
    // A game that scores everything at the end gives search no signal before (a draw).
    if (players > 1 && !told_apart) {
      if (c.allows(kLimitScoreAtEnd))
        c.note("score_so_far() tells no seats apart before the end (allowed: score-at-end)");
      else
        c.fail("score_so_far() tells no seats apart before the end "
               "(--allow score-at-end if the game scores at the end only)");
    }
  });
}

// The outcome's categories are those data/<game>/score.yaml declares, and the points add up
// to the score (a variant's own points would not: base games only).
void score_categories(Checker& c) {
  const ScoreDeclaration declaration = read_score_declaration(c.registry.game(c.id).data_dir, c.id);
  std::vector<std::string> emitted;
  play_finished_games(c, [&](int /*players*/, const Game& game) {
    const Outcome o = game.outcome();
    if (const auto mismatch = score_mismatch(declaration, o, /*check_sums=*/true)) c.fail(*mismatch);
    for (const auto& seat : o.categories)
      for (const auto& entry : seat)
        if (std::find(emitted.begin(), emitted.end(), entry.first) == emitted.end()) emitted.push_back(entry.first);
  });
  for (const auto* names : {&declaration.points, &declaration.tie_breakers, &declaration.counts})
    for (const std::string& name : *names)
      if (std::find(emitted.begin(), emitted.end(), name) == emitted.end())
        c.fail(declaration.file + " declares '" + name + "', which no outcome of the game has");
}

struct CheckEntry {
  ConformanceCheck check;
  void (*run)(Checker&);
};

const std::vector<CheckEntry>& entries() {
  static const std::vector<CheckEntry> all{
      {{"plays-to-end", "Every game plays seeded random games to the end for every player count"}, plays_to_end},
      {{"clone", "A clone equals its original and evolves independently"}, clone_equals},
      {{"round-trip", "A state's JSON round-trips through set_state"}, json_round_trip},
      {{"view", "A seat's view does not change when what it cannot see is re-dealt"}, view_redaction},
      {{"determinism", "The same seed and actions give the same final state, and rematch equals a new game"},
       same_seed_same_game},
      {{"illegal-action", "An action that is not legal is refused and changes nothing"}, illegal_action_refused},
      {{"variants", "Every shipped variant plays complete games"}, variants_play},
      {{"scenario-edit", "A scenario edit of any value is refused or leaves a game that still plays"}, scenario_edits},
      {{"determinization", "A determinization keeps what the seat sees, hides the future, and depends on nothing else"},
       determinization},
      {{"undo", "undo() takes back the last move exactly: the state, its hash and the legal actions"},
       undo_restores},
      {{"one-text", "Each legal move has one text: it reads back as the move, and no other spelling is accepted"},
       one_text_per_move},
      {{"returns-and-hash", "Every game states its players, returns a result per seat and hashes its state"},
       returns_and_hash},
      {{"score-so-far", "Every game keeps a score so far for every seat, which ends as the outcome's scores"},
       score_so_far},
      {{"score-categories",
        "Every category of a game's outcome is declared in its score.yaml, and the declared points add up to the score"},
       score_categories},
  };
  return all;
}

const CheckEntry& entry_named(std::string_view name) {
  for (const CheckEntry& e : entries())
    if (name == e.check.name) return e;
  std::string known;
  for (const CheckEntry& e : entries()) known += (known.empty() ? "" : ", ") + std::string(e.check.name);
  throw Error("no conformance check '" + std::string(name) + "' (checks: " + known + ")");
}

}  // namespace

const std::vector<ConformanceCheck>& conformance_checks() {
  static const std::vector<ConformanceCheck> all = [] {
    std::vector<ConformanceCheck> out;
    for (const CheckEntry& e : entries()) out.push_back(e.check);
    return out;
  }();
  return all;
}

ConformanceResult run_conformance_check(const PluginRegistry& registry, std::string_view id, std::string_view check,
                                        const ConformanceOptions& options) {
  const CheckEntry& entry = entry_named(check);
  const PluginEntry& game = registry.game(id);  // Error for an unknown game
  for (const std::string& limit : options.allow)
    if (limit != kLimitHiddenMoves && limit != kLimitScoreAtEnd)
      throw Error("no known limit '" + limit + "' (limits: " + kLimitHiddenMoves + ", " + kLimitScoreAtEnd + ")");
  ConformanceResult result;
  Checker checker(registry, game.manifest.id, options, result);
  try {
    entry.run(checker);
  } catch (const CheckAborted&) {
    // The failure is recorded.
  } catch (const std::exception& e) {
    checker.fail(std::string("threw: ") + e.what());
  } catch (...) {
    checker.fail("threw an exception that is not a std::exception");
  }
  return result;
}

int run_conformance(const PluginRegistry& registry, const std::string& game, const std::vector<std::string>& checks,
                    const ConformanceOptions& options, std::ostream& out) {
  std::vector<std::string> names = checks;
  if (names.empty())
    for (const ConformanceCheck& check : conformance_checks()) names.push_back(check.name);
  for (const std::string& name : names) (void)entry_named(name);  // every name, before the first runs
  (void)registry.game(game);
  int failed = 0;
  for (const std::string& name : names) {
    const ConformanceResult result = run_conformance_check(registry, game, name, options);
    out << (result.failures.empty() ? "ok      " : "FAILED  ") << name << ": " << entry_named(name).check.sentence
        << "\n";
    for (const std::string& failure : result.failures) out << "    " << failure << "\n";
    for (const std::string& note : result.notes) out << "    note: " << note << "\n";
    if (!result.failures.empty()) ++failed;
  }
  if (failed == 0)
    out << game << ": all " << names.size() << " conformance checks passed\n";
  else
    out << game << ": " << failed << " of " << names.size() << " conformance checks failed\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace tessera::host
