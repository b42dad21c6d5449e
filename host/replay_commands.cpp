// `tessera replay <log>` and `tessera playthrough <game> --seed S`.
#include <nlohmann/json.hpp>
#include <ostream>

#include "bots.hpp"
#include "commands.hpp"
#include "json_limits.hpp"
#include "session.hpp"
#include "tessera/error.hpp"

namespace tessera::host {

int run_replay(const PluginRegistry& registry, const std::string& log_path, std::ostream& out) {
  // Bounded before parsing: a huge or deeply nested file is refused, not parsed.
  const std::string text = read_bounded_file(log_path, kMaxLogBytes);
  std::unique_ptr<Session> session = Session::from_log_text(registry, text, log_path);
  const Game& game = session->game();
  out << log_path << ": " << session->steps() << " steps replayed, checksum " << state_checksum(game)
      << " (matches the log)\n";
  if (game.is_over()) {
    Outcome o = game.outcome();
    out << "final scores:";
    for (int s : o.scores) out << " " << s;
    out << "; winners:";
    for (int w : o.winners) out << " seat " << w;
    out << "\n";
  } else {
    out << "the game is not over; seat " << game.decision().seat << " to move\n";
  }
  return 0;
}

int run_playthrough(const PluginRegistry& registry, const GameChoice& given, std::ostream& out) {
  GameChoice choice = resolve_choice(registry, given);
  Session session(registry, SessionSetup{choice.game, choice.players, choice.seed, choice.variants, {}});
  Game& game = session.game();
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < choice.players; ++s) bots.push_back(make_bot("random", choice.seed, s));
  out << "# tessera playthrough " << choice.game << " --players " << choice.players << " --seed " << choice.seed;
  for (const auto& v : choice.variants) out << " --variant " << v;
  out << "\n";
  for (std::size_t step = 1; !game.is_over(); ++step) {
    if (step > 100000) throw Error("the game did not end within 100000 actions");
    const Decision d = game.decision();
    std::vector<Action> actions = game.legal_actions();
    out << "\n## step " << step << "\n" << game.render(kOmniscient);
    out << "decision: seat " << d.seat << ": " << d.prompt << "\n";
    out << "legal (" << actions.size() << "):";
    for (const auto& a : actions) out << " [" << a.text << "]";
    out << "\n";
    const Action& chosen = actions.at(bots[static_cast<std::size_t>(d.seat)]->choose(game, moves_of(actions)));
    out << "chosen: " << chosen.text << " - " << chosen.label << "\n";
    ApplyResult r = session.act(chosen.text);
    if (!r.ok) throw Error("legal action '" + chosen.text + "' was refused: " + r.error);
    for (const auto& e : r.events)
      out << "  " << (e.audience == kSpectator ? "" : "(seat " + std::to_string(e.audience) + " only) ") << e.text
          << "\n";
  }
  Outcome o = game.outcome();
  out << "\n## final\n" << game.render(kOmniscient) << "scores:";
  for (int s : o.scores) out << " " << s;
  out << "\nwinners:";
  for (int w : o.winners) out << " " << w;
  out << "\nchecksum: " << state_checksum(game) << "\n";
  return 0;
}

}  // namespace tessera::host
