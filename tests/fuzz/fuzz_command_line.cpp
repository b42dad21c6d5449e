// libFuzzer target: the `tessera` command line (CommandLine, host/command_line.hpp). An input
// is the words after `tessera`, one per line. Checked: CLI11 reads them or refuses them with
// a CLI::Error, never another exception; then what simulate, compare, arena and play check
// before any game — the batch bounds (check_batch_size) and each seat spec, read by the
// bots' own parser — passes or throws a tessera::Error, never anything else. No game is
// played and no file is touched.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "bots.hpp"
#include "command_line.hpp"
#include "fuzz_support.hpp"
#include "game_batch.hpp"
#include "tessera/error.hpp"

using tessera::fuzz::fail;
using namespace tessera::host;

namespace {

// What run_simulate, run_compare, run_arena and run_play check of their options first.
void check_before_games(const CommandLine& c) {
  if (*c.simulate) check_batch_size(c.sim_options.games, c.sim_options.jobs);
  if (*c.compare) check_batch_size(c.compare_options.games, c.compare_options.jobs);
  for (const std::vector<std::string>* specs : {&c.sim_options.seats, &c.compare_options.seats, &c.arena_options.seats,
                                                &c.play_options.seats}) {
    const std::vector<std::string> seats = join_seat_specs(*specs);
    for (std::size_t s = 0; s < seats.size() && s < 8; ++s)
      if (seats[s] != "human") (void)make_bot(seats[s], 1, static_cast<int>(s));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> words;
  for (std::size_t start = 0; start <= input.size() && words.size() < 64;) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    words.emplace_back(input.substr(start, end - start));
    start = end + 1;
  }
  CommandLine command_line;
  // CLI11 takes the words last first.
  std::vector<std::string> reversed(words.rbegin(), words.rend());
  try {
    command_line.app.parse(reversed);
  } catch (const CLI::Error&) {
    return 0;  // refused (or --help, --version): CLI11 prints its message and main exits
  } catch (const std::exception& e) {
    fail(std::string("the command line failed with an exception that is not CLI11's: ") + e.what());
  }
  try {
    check_before_games(command_line);
  } catch (const tessera::Error&) {
    return 0;
  } catch (const std::exception& e) {
    fail(std::string("an option's check failed with an exception that is not a tessera::Error: ") + e.what());
  }
  return 0;
}
