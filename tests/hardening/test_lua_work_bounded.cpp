// The Lua budget bounds work, not just instructions, and it is one
// budget for everything the scripts do for one move (or one legal-move list): library calls
// that loop in C, allocation, and many hooks each within its own call budget.
#include <time.h>

#include <catch2/catch.hpp>
#include <chrono>

#include "support/registry.hpp"

using namespace tessera;
using tessera::testing::new_game_with_scripts;

namespace {

// A hang detector, not a speed goal: unbounded work ran for minutes or forever, while the
// budget stops each case in well under a second on an idle machine. Generous, because CI
// also runs these under AddressSanitizer on a loaded machine.
constexpr double kHangSeconds = 60;

struct Timed {
  std::string error;
  double seconds = 0;      // by the wall clock
  double cpu_seconds = 0;  // of this thread
};

double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Applies the first legal move of a tutorial game with the variant `lua`.
Timed first_move(const std::string& name, const std::string& lua, ApplyMode mode = ApplyMode::Transaction) {
  auto game = new_game_with_scripts("tutorial", 2, 1, {{name, lua}});
  std::vector<Move> moves;
  game->legal_moves(moves);
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = thread_cpu_seconds();
  const ApplyResult r = game->apply(moves.front(), mode);
  return {r.ok ? "" : r.error, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          thread_cpu_seconds() - cpu_start};
}

std::string on_action(const std::string& body) { return "hook('on_action', function(ctx, arg)\n" + body + "\nend)\n"; }

}  // namespace

TEST_CASE("Library calls that loop in C are charged to the budget and stopped at the script line", "[hardening][lua]") {
  const std::vector<std::pair<std::string, std::string>> bombs = {
      {"rep_empty", "local s = string.rep('', math.maxinteger)"},
      {"rep_sep", "local s = ('x'):rep(math.maxinteger, '')"},
      {"move_huge", "table.move({}, 1, 1 << 62, 2)"},
      {"unpack_huge", "local t = {}; for i = 1, 1e9 do table.concat(t, ',', 1, 1 << 40) end"},
      {"upper_loop", "local s = string.rep('x', 12 << 20); for i = 1, 1e6 do local u = s:upper() end"},
      {"concat_loop", "local s = string.rep('x', 8 << 20); for i = 1, 1e6 do local u = s .. s end"},
      {"patterns", "local s = string.rep('a', 2000); for i = 1, 1e6 do s:find('a*b') end"},
      {"utf8_scan", "local s = string.rep('x', 16 << 20); for i = 1, 1e6 do utf8.len(s) end"},
      {"insert_shift", "local t = {}; for i = 1, 1e6 do t[i] = i end; for i = 1, 1e6 do table.insert(t, 1, i) end"},
      {"sort_big", "local t = {}; for i = 1, 3e6 do t[i] = -i end; table.sort(t); table.sort(t, function(a, b) return a > b end)"},
      {"handler_loop", "xpcall(function() error('x') end, function() while true do end end)"},
      // Caught errors are charged: uncharged, this loop would pass 200,000 rounds.
      {"caught_errors", "local n = 0; while true do n = n + 1; assert(n < 2e5, 'caught errors are free'); pcall(error, 'x') end"},
      {"pairs_walk", "local t = {}; for i = 1, 1e5 do t['k' .. i] = i end; local k = next(t); while true do k = next(t, k) or next(t) end"},
  };
  for (const auto& [name, body] : bombs) {
    INFO(name);
    const Timed o = first_move(name, on_action(body));
    // The move's time limit (10 s by the wall clock) is a backstop that a machine shared by
    // many processes reaches before the budget: the case then says nothing about the budget,
    // unless the work had this thread's CPU for the whole limit.
    if (o.error.find("time limit of one move") != std::string::npos && o.cpu_seconds < 9) {
      WARN(name << ": stopped by the time limit after " << o.cpu_seconds << " s of CPU in " << o.seconds
                << " s; the machine is too busy for this case to judge the budget");
      continue;
    }
    CHECK_THAT(o.error, Catch::Matchers::StartsWith("scripts/tutorial/variants/" + name + ".lua:2: ") &&
                            (Catch::Matchers::Contains("budget") || Catch::Matchers::Contains("memory cap")));
    CHECK(o.seconds < kHangSeconds);
  }
}

TEST_CASE("All the hooks of one move share one budget, and so do the legal_filter calls of one list", "[hardening][lua]") {
  // Each hook is far below the budget of a call; together they are far above that of a move.
  const Timed hooks = first_move("many_hooks", "for i = 1, 20000 do hook('on_action', function(ctx) for j = 1, 100000 do end end) end",
                                   ApplyMode::Playout);
  CHECK_THAT(hooks.error, Catch::Matchers::Contains("scripts/tutorial/variants/many_hooks.lua:1: work budget of one move or legal-move list exceeded"));
  CHECK(hooks.seconds < kHangSeconds);

  const auto start = std::chrono::steady_clock::now();
  CHECK_THROWS_WITH(new_game_with_scripts("tutorial", 2, 1,
                                          {{"many_filters", "for i = 1, 2000 do hook('legal_filter', function(ctx, a) for j = 1, 1000000 do end end) end"}}),
                    Catch::Matchers::Contains("many_filters.lua:1: work budget of one move or legal-move list exceeded"));
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < kHangSeconds);
}

TEST_CASE("A house rule doing ordinary work per move stays far inside the budget", "[hardening][lua]") {
  const Timed o = first_move("ordinary", on_action("local t = {}\n"
                                                     "for i = 1, 500 do t[#t + 1] = ('card_' .. i):upper() end\n"
                                                     "table.sort(t); local s = table.concat(t, ',')\n"
                                                     "for w in s:gmatch('[^,]+') do end"));
  CHECK(o.error == "");
}
