// `tessera play`: a game in the terminal between humans and bots.
#include <algorithm>
#include <cctype>
#include <map>
#include <iostream>

#include "bots.hpp"
#include "commands.hpp"
#include "file_writer.hpp"
#include "json_limits.hpp"
#include "json_text.hpp"
#include "legend_sections.hpp"
#include "play_input.hpp"
#include "scenario_source.hpp"
#include "session.hpp"
#include "terminal_paint.hpp"
#include "tessera/error.hpp"
#include "tessera/move_spelling.hpp"

namespace tessera::host {
namespace {

// The longest line a player may type: a move text is a few words, and a longer line would
// only cost memory and time ("did you mean" compares it with every move).
constexpr std::size_t kMaxPlayLine = 1024;

// The commands, after a line on entering moves that quotes the decision's own moves.
constexpr const char* kCommandHelp =
    "Commands:\n"
    "  help, ?          this text and the legend of the codes in the moves\n"
    "  moves, list      the moves again\n"
    "  board, redraw    the board and the moves again\n"
    "  legend, key, map what the codes of the moves and the board mean\n"
    "  rules            the game's rules summary (as tessera rules <game>)\n"
    "  undo             take back your last move (and the bots' moves since)\n"
    "  save FILE        write the game log to FILE (go on with: tessera play --load FILE)\n"
    "  quit, q          stop the game\n";

const std::vector<std::string> kCommands{"help", "moves", "list", "board", "redraw", "legend",
                                         "key",  "map",   "rules", "undo", "save",  "quit"};

// A human decision to come back to: the steps taken before it and the bots as they were.
struct Checkpoint {
  std::size_t steps = 0;
  std::vector<std::unique_ptr<Bot>> bots;
};

// Why play stopped before the end.
enum class Stop { No, Quit };

class TerminalPlay {
 public:
  TerminalPlay(const PluginRegistry& registry, const PlayOptions& options, std::istream& in, std::ostream& out)
      : registry_(registry), options_(options), in_(in), out_(out) {}

  int run() {
    start();
    const Stop stop = play();
    if (stop == Stop::Quit) out_ << "game stopped\n";
    if (game().is_over()) finish();
    if (!options_.log_path.empty()) write_log(options_.log_path);
    return 0;
  }

 private:
  Game& game() { return session_->game(); }
  bool human(int seat) const { return !bots_[static_cast<std::size_t>(seat)]; }

  // A new game, or the game of --load with its bots caught up.
  void start() {
    // A --log that cannot be written is refused before the game, not after it.
    if (!options_.log_path.empty()) check_writable(options_.log_path);
    SessionSetup setup;
    nlohmann::json steps = nlohmann::json::array();
    std::optional<ScenarioSource> scenario;
    if (!options_.scenario_path.empty()) {
      if (!options_.load_path.empty()) throw Error("--scenario and --load: give one");
      scenario = ScenarioSource::from_yaml(load_yaml(options_.scenario_path, options_.scenario_path));
      setup = scenario->setup();
      if (!options_.choice.game.empty() && options_.choice.game != setup.game)
        throw Error("--scenario: the scenario is a game of " + setup.game + ", not " + options_.choice.game);
    } else if (!options_.load_path.empty()) {
      const std::string text = read_bounded_file(options_.load_path, kMaxLogBytes);
      const std::unique_ptr<Session> loaded = Session::from_log_text(registry_, text, options_.load_path);  // verified
      setup = loaded->setup();
      steps = loaded->step_list();
      if (!loaded->scenario().is_null())
        scenario = ScenarioSource::from_json(loaded->scenario(), options_.load_path + ": scenario");
      if (!options_.choice.game.empty() && options_.choice.game != setup.game)
        throw Error("--load: the log is a game of " + setup.game + ", not " + options_.choice.game);
    } else {
      const GameChoice choice = resolve_choice(registry_, options_.choice);
      setup = SessionSetup{choice.game, choice.players, choice.seed, choice.variants, {}};
    }
    std::vector<std::string> seats = join_seat_specs(options_.seats);
    if (seats.empty()) seats = setup.seats;
    const bool chosen_here = seats.empty();  // neither --seats nor the log's seats
    if (chosen_here) {
      seats.assign(static_cast<std::size_t>(setup.players), "random");
      if (options_.human_default) seats.front() = "human";
    }
    if (seats.size() != static_cast<std::size_t>(setup.players))
      throw Error("--seats names " + std::to_string(seats.size()) + " seats for " + std::to_string(setup.players) +
                  " players");
    setup.seats = seats;
    seats_ = seats;
    bots_.resize(seats.size());
    for (std::size_t s = 0; s < seats.size(); ++s) {
      if (seats[s] == "human")
        humans_.push_back(static_cast<int>(s));
      else
        bots_[s] = make_bot(seats[s], setup.seed, static_cast<int>(s),
                            game_maker(registry_, setup.game, setup.players, setup.variants));
    }
    session_ = scenario ? Session::from_scenario(registry_, *scenario, setup.seats)
                        : std::make_unique<Session>(registry_, setup);
    std::vector<std::string> names;
    for (int s = 0; s < setup.players; ++s) names.push_back(game().player_name(s));
    paint_ = Painter(options_.color, names);

    const Manifest& m = registry_.game(setup.game).manifest;
    out_ << paint_.strong(m.title) << " - " << setup.players << " players, seed " << setup.seed;
    for (const auto& v : setup.variants) out_ << ", variant " << v;
    out_ << "\n";
    if (chosen_here && options_.human_default)
      out_ << "You play " << paint_.seat(0, game().player_name(0))
           << "; the other seats are random bots (--seats chooses who sits where).\n";
    if (!humans_.empty()) out_ << "Type help for the commands; a move by its number or its text.\n";
    if (steps.empty()) return;
    // The bots the user names with --seats choose again at each of their recorded decisions,
    // so that each continues exactly as it would have in the game the log came from. A log's
    // own seats are not run on the way: a log may name searches that would take hours.
    const bool catch_up = !options_.seats.empty();
    bool bot_decisions = false;
    for (const nlohmann::json& step : steps) {
      if (step.contains("action") && !game().is_over()) {
        const int seat = game().decision().seat;
        if (human(seat))
          checkpoint();
        else if (catch_up)
          bots_[static_cast<std::size_t>(seat)]->choose(game(), moves_of(game().legal_actions()));
        else
          bot_decisions = true;
      }
      session_->replay(step);
    }
    out_ << options_.load_path << ": " << session_->steps() << " steps replayed\n";
    if (bot_decisions && !game().is_over())
      out_ << "the log's bots go on from here without re-making their recorded decisions "
              "(name the seats with --seats to have them re-made)\n";
  }

  Stop play() {
    std::size_t actions_taken = 0;
    while (!game().is_over()) {
      if (actions_taken++ >= options_.max_actions) throw Error("the game did not end within --max-actions");
      const Decision d = game().decision();
      const std::vector<Action> actions = game().legal_actions();
      if (actions.empty()) throw Error("seat " + std::to_string(d.seat) + " has no legal action (plugin bug)");
      if (!human(d.seat)) {
        bot_move(d.seat, actions);
        continue;
      }
      checkpoint();
      if (human_move(d, actions) == Stop::Quit) return Stop::Quit;
    }
    return Stop::No;
  }

  // Remembers the decision now asked of a human (once, however many lines it takes).
  void checkpoint() {
    if (!checkpoints_.empty() && checkpoints_.back().steps == session_->steps()) return;
    Checkpoint c;
    c.steps = session_->steps();
    for (const auto& bot : bots_) c.bots.push_back(bot ? bot->clone() : nullptr);
    checkpoints_.push_back(std::move(c));
  }

  void bot_move(int seat, const std::vector<Action>& actions) {
    Bot& bot = *bots_[static_cast<std::size_t>(seat)];
    std::size_t index = 0;
    try {
      index = bot.choose(game(), moves_of(actions));
    } catch (const std::exception& e) {
      fail(seat, "", std::string("the bot failed: ") + e.what());
    }
    if (index >= actions.size()) fail(seat, "", "the bot chose move " + std::to_string(index) + " of " + std::to_string(actions.size()));
    const ApplyResult r = session_->act(actions[index].text);
    if (!r.ok) fail(seat, actions[index].text, r.error, r.failed);
    announce(seat, actions[index].label, r.events);
  }

  // A bot's move that cannot be played, or any move the game fails to carry out, ends the
  // game: repeating it would only fail again.
  [[noreturn]] void fail(int seat, const std::string& move, const std::string& reason, bool failed = false) {
    if (!options_.log_path.empty()) write_log(options_.log_path);
    throw Error(game().player_name(seat) + " (" + seats_[static_cast<std::size_t>(seat)] + ")" +
                (move.empty() ? std::string() : " chose '" + move + "', which " + (failed ? "failed" : "was refused")) +
                ": " + reason + "; the game stops");
  }

  Stop human_move(const Decision& d, const std::vector<Action>& actions) {
    show_board(d);
    show_moves(d, actions);
    for (;;) {
      out_ << input_prompt(d.seat) << std::flush;
      std::string line;
      const LineRead read = read_bounded_line(in_, line, kMaxPlayLine);
      if (read == LineRead::End) return Stop::Quit;
      if (read == LineRead::TooLong) {
        out_ << paint_.alarm("refused") << ": a line holds at most " << kMaxPlayLine << " bytes\n";
        continue;
      }
      const std::string typed = normalise_input(line);
      if (typed.empty()) continue;
      const std::string word = typed.substr(0, typed.find(' '));
      if (typed == "quit" || typed == "q" || typed == "exit") return Stop::Quit;
      if (typed == "help" || typed == "?") {
        show_help(d, actions);
        continue;
      }
      if (typed == "moves" || typed == "list") {
        show_moves(d, actions);
        continue;
      }
      if (typed == "board" || typed == "redraw") {
        show_board(d);
        show_moves(d, actions);
        continue;
      }
      if (typed == "legend" || typed == "key" || typed == "map") {
        show_legend(d, /*always=*/true);
        continue;
      }
      if (typed == "rules") {
        show_rules();
        continue;
      }
      if (typed == "undo") {
        if (undo()) return Stop::No;
        out_ << "nothing to undo: no earlier decision of yours\n";
        continue;
      }
      if (word == "save") {
        // The file name as typed (its case kept): what follows the word.
        const std::size_t start = line.find_first_not_of(" \t");
        const std::size_t name = line.find_first_not_of(" \t", start + 4);
        if (name == std::string::npos) {
          out_ << "save needs a file name: save game.json\n";
          continue;
        }
        std::string path = line.substr(name);
        path.erase(path.find_last_not_of(" \t\r") + 1);
        try {
          write_log(path);
        } catch (const Error& e) {
          out_ << "save failed: " << e.what() << "; the game goes on\n";  // another name may work
        }
        continue;
      }
      std::string move;  // the text to play
      std::string shown;
      if (const auto index = match_action(actions, line)) {
        move = actions[*index].text;
        shown = actions[*index].label;
      } else if (typed.find_first_not_of("0123456789") == std::string::npos) {
        out_ << paint_.alarm("no move " + typed) << ": choose 1-" << actions.size() << "\n";
        continue;
      } else if (game().parse_move(line) || game().parse_move(typed)) {
        // A move of this game that is not on the list: the game says why it is not legal.
        move = shown = game().parse_move(line) ? line : typed;
      } else {
        // Words that read as no move: a move's name with a bad parameter, or no move at all
        // (here it may be a command too).
        std::string reason;
        for (const std::string& text : {line, typed})
          if (reason.empty() && names_a_move(game(), text)) reason = game().unread_reason(text);
        if (reason.empty()) reason = "'" + line + "' is neither a move of this game nor a command (help lists them)";
        refused(d, actions, reason, line);
        continue;
      }
      const ApplyResult r = session_->act(move);
      if (r.ok) {
        announce(d.seat, shown, r.events);
        return Stop::No;
      }
      // A move the game failed to carry out (a broken house rule) fails again at every try.
      if (r.failed) fail(d.seat, move, r.error, /*failed=*/true);
      refused(d, actions, r.error, line);
    }
  }

  // The input line's prompt: the one place that asks for a line.
  std::string input_prompt(int seat) const {
    const std::string whose = humans_.size() == 1 ? "your" : session_->game().player_name(seat) + "'s";
    return paint_.seat(seat, whose + " move") + " (number, text or help): ";
  }

  // How to enter a move, with examples from this decision's own list: the move of the most
  // words, by its number and by its text typed in another case.
  void show_help(const Decision& d, const std::vector<Action>& actions) {
    std::size_t example = 0;
    for (std::size_t i = 0; i < actions.size(); ++i)
      if (split_words(actions[i].text).size() > split_words(actions[example].text).size()) example = i;
    std::string capitals = actions[example].text;
    for (std::size_t i = 0; i < capitals.size(); ++i)
      if (i == 0 || capitals[i - 1] == ' ') capitals[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(capitals[i])));
    out_ << "Enter a move by its number in the list or by the text in [brackets], in any case and spacing\n"
         << "(here '" << example + 1 << "' or '" << capitals << "' for [" << actions[example].text << "]).\n"
         << kCommandHelp;
    show_legend(d, /*always=*/true);
  }

  void show_rules() {
    try {
      run_rules(registry_, session_->setup().game, out_);
    } catch (const Error& e) {
      out_ << paint_.alarm("no rules") << ": " << e.what() << "\n";
    }
  }

  void refused(const Decision& d, const std::vector<Action>& actions, const std::string& reason,
               const std::string& line) {
    out_ << paint_.alarm("refused") << ": " << reason << "\n";
    show_moves(d, actions);
    std::vector<std::string> candidates = kCommands;
    for (const Action& a : actions) candidates.push_back(a.text);
    const std::vector<std::string> near = near_misses(candidates, line);
    if (!near.empty()) {
      out_ << "did you mean";
      for (std::size_t i = 0; i < near.size(); ++i) out_ << (i ? ", " : " ") << "'" << near[i] << "'";
      out_ << "?\n";
    }
  }

  // Back to the human decision before this one, replaying the game from its seed and the
  // moves before it; the bots are as they were then, so they choose again as they did.
  bool undo() {
    if (checkpoints_.size() < 2) return false;
    checkpoints_.pop_back();
    Checkpoint back = std::move(checkpoints_.back());
    checkpoints_.pop_back();
    const std::size_t undone = session_->steps() - back.steps;
    session_ = session_->replayed(registry_, back.steps);
    for (std::size_t s = 0; s < bots_.size(); ++s) bots_[s] = std::move(back.bots[s]);
    out_ << "undone: " << undone << " move" << (undone == 1 ? "" : "s") << " taken back\n";
    return true;
  }

  std::string who(int seat) const {
    const std::string& spec = seats_[static_cast<std::size_t>(seat)];
    const std::string role = spec != "human" ? spec : humans_.size() == 1 ? "you" : "human";
    return paint_.text(session_->game().player_name(seat) + " (" + role + ")");
  }

  void show_board(const Decision& d) {
    out_ << "\n" << paint_.text(game().render(d.seat));
  }

  void show_moves(const Decision& d, const std::vector<Action>& actions) {
    out_ << "\n" << who(d.seat) << " to move: " << paint_.strong(d.prompt) << "\n";
    const std::size_t width = std::to_string(actions.size()).size();
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const std::string number = std::to_string(i + 1);
      out_ << "  " << std::string(width - number.size(), ' ') << paint_.strong(number) << ". " << actions[i].label
           << "   " << paint_.faint("[" + actions[i].text + "]") << "\n";
    }
    show_legend(d, /*always=*/false);
  }

  // The game's legend under the move list: each of its sections (legend_sections.hpp) when it
  // is new or has changed; on request all.
  void show_legend(const Decision& d, bool always) {
    const std::string legend = game().legend(d.seat);
    if (legend.empty()) {
      if (always) out_ << "(this game has no legend for this decision)\n";
      return;
    }
    for (const LegendSection& section : legend_sections(legend)) {
      const auto shown = shown_legend_.find(section.key);
      if (!always && shown != shown_legend_.end() && shown->second == section.text) continue;
      shown_legend_[section.key] = section.text;
      out_ << paint_.faint(section.text);
    }
  }

  // A move and what it produced: the events the human seats (or, bots only, everyone) may read.
  void announce(int seat, const std::string& label, const std::vector<Event>& events) {
    if (options_.quiet) return;
    out_ << who(seat) << ": " << label << "\n";
    const std::string echo = game().player_name(seat) + ": " + label;
    for (const Event& e : events) {
      if (e.text == echo) continue;  // a game's own record of the move: the line above says it
      const bool readable = humans_.empty() || e.audience == kSpectator ||
                            (humans_.size() == 1 && e.audience == humans_.front());
      if (readable) out_ << "    " << paint_.text(e.text) << "\n";
    }
  }

  void finish() {
    const int viewer = humans_.size() == 1 ? humans_.front() : kSpectator;
    out_ << "\n" << paint_.text(game().render(viewer));
    const Outcome o = game().outcome();
    out_ << "\n" << paint_.strong("=== Game over ===") << "\n";
    for (std::size_t s = 0; s < o.scores.size(); ++s) {
      const int seat = static_cast<int>(s);
      const bool won = std::find(o.winners.begin(), o.winners.end(), seat) != o.winners.end();
      out_ << who(seat) << ": " << o.scores[s] << " points" << (won ? paint_.strong("  WINNER") : "");
      if (s < o.breakdown.size() && !o.breakdown[s].empty()) out_ << "  (" << o.breakdown[s] << ")";
      out_ << "\n";
    }
    out_ << session_->steps() << " actions\n";
  }

  void write_log(const std::string& path) {
    write_file(path, json_text(session_->log(), 1) + "\n");
    out_ << "log written to " << path << "\n";
  }

  const PluginRegistry& registry_;
  const PlayOptions& options_;
  std::istream& in_;
  std::ostream& out_;
  std::unique_ptr<Session> session_;
  std::vector<std::string> seats_;
  std::vector<std::unique_ptr<Bot>> bots_;  // null for a human seat
  std::vector<int> humans_;
  std::vector<Checkpoint> checkpoints_;
  Painter paint_{false, {}};
  std::map<std::string, std::string> shown_legend_;  // the last text of each section, by its key
};

}  // namespace

int run_play(const PluginRegistry& registry, const PlayOptions& options, std::istream& in, std::ostream& out) {
  return TerminalPlay(registry, options, in, out).run();
}

}  // namespace tessera::host
