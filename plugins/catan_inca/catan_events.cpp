// CATAN: Rise of the Inkas — the events that say what a move gave: each seat's cards gained
// and lost, read from the hands before and after (only when the caller keeps events).
#include <cstdlib>

#include "catan_game.hpp"

namespace catan_inca {

using namespace tessera;

CatanGame::Hands CatanGame::hands(const Table& t) const {
  Hands all{};
  for (int seat = 0; seat < players(); ++seat) all[static_cast<std::size_t>(seat)] = hand_of(t, seat);
  return all;
}

int CatanGame::log_hand_changes(FlowContext& ctx, const Hands& before) const {
  const Table& t = ctx.table();
  int told = 0;
  for (int seat = 0; seat < players(); ++seat) {
    const CardCounts now = hand_of(t, seat), then = before[static_cast<std::size_t>(seat)];
    std::string gained, lost;
    for (int i = 0; i < kCardTypes; ++i) {
      const int change = now[static_cast<std::size_t>(i)] - then[static_cast<std::size_t>(i)];
      std::string& list = change > 0 ? gained : lost;
      if (change != 0) list += (list.empty() ? "" : ", ") + std::to_string(std::abs(change)) + " " + card_id(i);
    }
    if (gained.empty() && lost.empty()) continue;
    ctx.log(seat_name(seat) + (gained.empty() ? "" : " gains " + gained) + (gained.empty() || lost.empty() ? "" : " and") +
            (lost.empty() ? "" : " loses " + lost));
    ++told;
  }
  return told;
}

}  // namespace catan_inca
