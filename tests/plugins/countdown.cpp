// Countdown: a test game for the plugin registry. Seats take turns taking 1 or 2 from a
// pile of 7; whoever takes the last one wins. (A classic subtraction game, rules our own.)
// Built twice: as good_game (with a data folder) and as no_data (without one).
#include <nlohmann/json.hpp>

#include "tessera/counters.hpp"
#include "tessera/error.hpp"
#include "tessera/game_base.hpp"
#include "tessera/plugin.hpp"

namespace countdown {

using namespace tessera;

constexpr int kPile = 7;

class CountdownGame : public GameBase {
 public:
  CountdownGame(int players, std::uint64_t seed) : GameBase(setup(players, seed), /*scripts=*/nullptr) {
    flow_ = table().handle<Counters>("flow");
  }

  std::unique_ptr<Game> clone() const override { return std::make_unique<CountdownGame>(*this); }
  std::unique_ptr<Game> rematch(std::uint64_t seed) const override {
    return std::make_unique<CountdownGame>(table().players(), seed);
  }

  Decision decision() const override {
    const Counters& flow = table().get(flow_);
    if (flow.get("left") == 0) return Decision{kNobody, "the game is over"};
    return Decision{flow.get("turn"), "take 1 or 2 (" + std::to_string(flow.get("left")) + " left)"};
  }

  Outcome outcome() const override {
    const Counters& flow = table().get(flow_);
    Outcome out;
    const int winner = flow.get("left") == 0 ? flow.get("winner") : kNobody;
    for (int seat = 0; seat < table().players(); ++seat) {
      out.scores.push_back(seat == winner ? 1 : 0);
      out.breakdown.push_back(seat == winner ? "took the last one" : "-");
    }
    if (winner != kNobody) out.winners.push_back(winner);
    return out;
  }

 protected:
  std::vector<Action> generate_actions() const override {
    const int left = table().get(flow_).get("left");
    std::vector<Action> actions;
    for (int n = 1; n <= 2 && n <= left; ++n)
      actions.push_back(Action{"take " + std::to_string(n), "Take " + std::to_string(n), {n}});
    return actions;
  }

  void perform(const Action& action, std::vector<Event>& events) override {
    Counters& flow = state().get(flow_);
    const int seat = flow.get("turn");
    const int n = action.args.at(0);
    if (n > flow.get("left")) throw RuleError("only " + std::to_string(flow.get("left")) + " left");
    flow.add("left", -n);
    events.push_back(Event{"Seat " + std::to_string(seat) + " takes " + std::to_string(n)});
    if (flow.get("left") == 0)
      flow.set("winner", seat);
    else
      flow.set("turn", (seat + 1) % table().players());
  }

 private:
  static Table setup(int players, std::uint64_t seed) {
    Table table(players, seed);
    auto flow = table.add<Counters>("flow");
    table.get(flow).set("left", kPile);
    table.get(flow).set("turn", 0);
    return table;
  }

  Handle<Counters> flow_;
};

class CountdownModule : public GameModule {
 public:
  Manifest manifest() const override {
    Manifest m;
    m.id = TESSERA_TEST_GAME_ID;
    m.title = "Countdown";
    m.version = "1.0";
    m.summary = "Take 1 or 2 from a pile of 7; whoever takes the last one wins";
    m.min_players = 2;
    m.max_players = 4;
    return m;
  }

  std::unique_ptr<Game> new_game(const GameConfig& config) const override {
    if (config.players < 2 || config.players > 4)
      throw DataError("countdown is for 2 to 4 players, not " + std::to_string(config.players));
    return std::make_unique<CountdownGame>(config.players, config.seed);
  }

  std::vector<std::string> validate(const GameConfig& config) const override {
    std::vector<std::string> problems;
    if (config.data_dir.empty()) problems.push_back("no data folder");
    return problems;
  }
};

}  // namespace countdown

TESSERA_PLUGIN(countdown::CountdownModule)
