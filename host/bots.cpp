#include "bots.hpp"

#include "tessera/error.hpp"

namespace tessera::host {

bool is_bot_kind(std::string_view kind) { return kind == "random"; }

std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t game_seed, int seat) {
  if (kind != "random") throw Error("unknown seat kind '" + std::string(kind) + "' (expected human or random)");
  // Distinct, reproducible stream per seat; the constant keeps bot streams away from the game's.
  return std::make_unique<RandomBot>(game_seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(seat) + 0x5eed);
}

}  // namespace tessera::host
