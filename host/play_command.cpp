// `tessera play`: a game in the terminal between humans and bots.
#include <algorithm>
#include <fstream>
#include <iostream>

#include "bots.hpp"
#include "commands.hpp"
#include "json_text.hpp"
#include "session.hpp"
#include "tessera/error.hpp"

namespace tessera::host {
namespace {

void print_events(const std::vector<Event>& events, int viewer, bool all, std::ostream& out) {
  for (const auto& e : events)
    if (all || e.audience == kSpectator || e.audience == viewer) out << "    " << e.text << "\n";
}

void print_outcome(const Game& game, std::ostream& out) {
  Outcome o = game.outcome();
  out << "\n=== Game over ===\n";
  for (std::size_t s = 0; s < o.scores.size(); ++s) {
    bool won = std::find(o.winners.begin(), o.winners.end(), static_cast<int>(s)) != o.winners.end();
    out << "Seat " << s << ": " << o.scores[s] << " points" << (won ? "  WINNER" : "");
    if (s < o.breakdown.size() && !o.breakdown[s].empty()) out << "  (" << o.breakdown[s] << ")";
    out << "\n";
  }
}

// Reads the human's choice: a number from the list or an action's text. Returns the
// action text, or "" at end of input / "quit".
std::string ask(const std::vector<Action>& actions, std::istream& in, std::ostream& out) {
  for (;;) {
    out << "> " << std::flush;
    std::string line;
    if (!std::getline(in, line)) return "";
    line.erase(0, line.find_first_not_of(" \t"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    if (line == "quit" || line == "q") return "";
    if (line.empty()) continue;
    if (line.find_first_not_of("0123456789") == std::string::npos && line.size() < 9) {
      std::size_t n = std::stoul(line);
      if (n >= 1 && n <= actions.size()) return actions[n - 1].text;
      out << "choose 1-" << actions.size() << "\n";
      continue;
    }
    for (const auto& a : actions)
      if (a.text == line) return line;
    out << "'" << line << "' is not one of the actions; type its number or its text (quit to stop)\n";
  }
}

}  // namespace

int run_play(const PluginRegistry& registry, const PlayOptions& options, std::istream& in, std::ostream& out) {
  GameChoice choice = resolve_choice(registry, options.choice);
  std::vector<std::string> seats = join_seat_specs(options.seats);
  if (seats.empty()) seats.assign(static_cast<std::size_t>(choice.players), "random");
  if (seats.size() != static_cast<std::size_t>(choice.players))
    throw Error("--seats names " + std::to_string(seats.size()) + " seats for " + std::to_string(choice.players) +
                " players");
  std::vector<std::unique_ptr<Bot>> bots(seats.size());
  bool any_human = false;
  for (std::size_t s = 0; s < seats.size(); ++s) {
    if (seats[s] == "human")
      any_human = true;
    else
      bots[s] = make_bot(seats[s], choice.seed, static_cast<int>(s));
  }

  Session session(registry, SessionSetup{choice.game, choice.players, choice.seed, choice.variants, seats});
  Game& game = session.game();
  const Manifest& m = registry.game(choice.game).manifest;
  out << m.title << " - " << choice.players << " players, seed " << choice.seed;
  for (const auto& v : choice.variants) out << ", variant " << v;
  out << "\n";

  std::size_t actions_taken = 0;
  while (!game.is_over()) {
    if (actions_taken++ >= options.max_actions) throw Error("the game did not end within --max-actions");
    const Decision d = game.decision();
    std::vector<Action> actions = game.legal_actions();
    if (actions.empty()) throw Error("seat " + std::to_string(d.seat) + " has no legal action (plugin bug)");
    std::string text;
    if (!bots[static_cast<std::size_t>(d.seat)]) {
      out << "\n" << game.render(d.seat) << "\nSeat " << d.seat << ": " << d.prompt << "\n";
      for (std::size_t i = 0; i < actions.size(); ++i)
        out << "  " << (i + 1) << ". " << actions[i].label << "   [" << actions[i].text << "]\n";
      text = ask(actions, in, out);
      if (text.empty()) {
        out << "game stopped\n";
        break;
      }
    } else {
      text = actions[bots[static_cast<std::size_t>(d.seat)]->choose(game, moves_of(actions))].text;
    }
    ApplyResult r = session.act(text);
    if (!r.ok) {
      out << "refused: " << r.error << "\n";
      continue;
    }
    if (!options.quiet) {
      std::string label = text;
      for (const auto& a : actions)
        if (a.text == text) label = a.label;
      out << "Seat " << d.seat << " (" << seats[static_cast<std::size_t>(d.seat)] << "): " << label << "\n";
      print_events(r.events, any_human ? kSpectator : kOmniscient, !any_human, out);
    }
  }
  if (game.is_over()) {
    out << "\n" << game.render(kSpectator);
    print_outcome(game, out);
    out << session.steps() << " actions\n";
  }
  if (!options.log_path.empty()) {
    std::ofstream file(options.log_path);
    if (!file) throw Error("cannot write the log to '" + options.log_path + "'");
    file << json_text(session.log(), 1) << "\n";
    out << "log written to " << options.log_path << "\n";
  }
  return 0;
}

}  // namespace tessera::host
