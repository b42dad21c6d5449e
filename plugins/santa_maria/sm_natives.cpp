#include "sm_natives.hpp"

#include "sm_game.hpp"
#include "sm_keys.hpp"
#include "tessera/error.hpp"

namespace santa_maria {

using nlohmann::json;
using tessera::CallContext;
using tessera::RuleError;
using tessera::Table;

namespace {

const SmGame& game_of(const CallContext& ctx, const char* what) {
  const auto* game = dynamic_cast<const SmGame*>(ctx.game());
  if (!game) throw RuleError(std::string(what) + " is only offered to the effects of a Santa Maria game's flow");
  return *game;
}

int seat_arg(const tessera::NativeArgs& args, const Table& t, const char* what) {
  if (args.size() != 2) throw RuleError(std::string(what) + "(seat, ...) takes 2 arguments");
  const long long seat = args.integer(0, "seat");
  if (seat < 0 || seat >= t.players()) throw RuleError(std::string(what) + ": no seat " + std::to_string(seat));
  return static_cast<int>(seat);
}

// {good = n, ...} of goods only.
std::array<int, kGoods> cost_arg(const tessera::NativeArgs& args) {
  std::array<int, kGoods> cost{};
  args.for_each_count(1, "a cost {good = count}", [&cost](std::string_view good, long long count) {
    std::size_t g = 0;
    while (g < key::goods.size() && good != key::goods[g].name()) ++g;
    if (g == key::goods.size())
      throw RuleError("a cost names goods (wood, grain, sugar, gem, gold), not '" + std::string(good.substr(0, 64)) + "'");
    if (count < 0 || count > 1000) throw RuleError("cost." + std::string(good) + " is not within 0..1000");
    cost[g] = static_cast<int>(count);
  });
  return cost;
}

}  // namespace

void register_economy_natives(tessera::ScriptRuntime& scripts) {
  scripts.register_query("has_scholar", [](const Table& t, const CallContext& ctx, const tessera::NativeArgs& args) -> json {
    const SmGame& game = game_of(ctx, "has_scholar");
    const int seat = seat_arg(args, t, "has_scholar");
    const std::string_view id = args.string(1, "scholar id");
    const auto& scholars = game.rules().scholars;
    for (std::size_t i = 0; i < scholars.size(); ++i)
      if (scholars[i].id == id) return ((game.scholar_mask(seat) >> i) & 1u) != 0;
    throw RuleError("has_scholar: no scholar '" + std::string(id.substr(0, 64)) + "' in data/santa_maria/game.yaml");
  });
  // empty_buildings(seat): {row = r, column = c} (1-based) of each building of the seat's colony
  // that a die or coins may activate now (5.4): the rule the game's own moves use.
  scripts.register_query("empty_buildings", [](const Table& t, const CallContext& ctx, const tessera::NativeArgs& args) -> json {
    const SmGame& game = game_of(ctx, "empty_buildings");
    if (args.size() != 1) throw RuleError("empty_buildings(seat) takes 1 argument");
    const long long seat = args.integer(0, "seat");
    if (seat < 0 || seat >= t.players()) throw RuleError("empty_buildings: no seat " + std::to_string(seat));
    json out = json::array();
    const std::uint64_t empty = game.empty_buildings(static_cast<int>(seat));
    for (int i = 0; i < 36; ++i)
      if ((empty >> i) & 1) out.push_back({{"row", i / 6 + 1}, {"column", i % 6 + 1}});
    return out;
  });
  scripts.register_query("can_pay", [](const Table& t, const CallContext& ctx, const tessera::NativeArgs& args) -> json {
    const SmGame& game = game_of(ctx, "can_pay");
    return game.can_pay(seat_arg(args, t, "can_pay"), cost_arg(args));
  });
  scripts.register_function("pay", [](Table& t, const CallContext& ctx, const tessera::NativeArgs& args) -> json {
    game_of(ctx, "pay");
    if (!ctx.flow) throw RuleError("pay changes the game: only a move or step of the flow may call it");
    auto& game = static_cast<SmGame&>(*ctx.flow->owner());
    game.pay(seat_arg(args, t, "pay"), cost_arg(args), ctx.events);
    return nullptr;
  });
}

}  // namespace santa_maria
