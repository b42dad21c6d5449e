#pragma once
// Colours for `tessera play`: each seat keeps one colour wherever the terminal names it
// (the view, the move announcements, what a move produced), and "(you)" stands out. ANSI
// escapes, or the text unchanged when colours are off (not a terminal, --no-color, NO_COLOR).
#include <string>
#include <vector>

namespace tessera::host {

class Painter {
 public:
  // names[s]: the name the game gives seat s (Game::player_name), painted in its colour
  // together with "Seat s". A name that is a colour word ("blue") gets that colour.
  Painter(bool enabled, std::vector<std::string> names);

  bool enabled() const { return enabled_; }
  std::string seat(int seat, const std::string& text) const;  // in the seat's colour
  std::string strong(const std::string& text) const;          // bold
  std::string faint(const std::string& text) const;           // dim
  std::string alarm(const std::string& text) const;           // bold red: refusals, errors
  // `text` with every whole-word, case-insensitive mention of a seat ("Seat 2", "seat 2",
  // its name) in that seat's colour and "(you)" in bold.
  std::string text(const std::string& text) const;

 private:
  std::string wrap(const std::string& code, const std::string& text) const;

  struct Mention {
    std::string lower;  // what is looked for, lower-case
    int seat;
  };
  bool enabled_;
  std::vector<std::string> colours_;  // SGR parameters per seat
  std::vector<Mention> mentions_;     // longest first
};

}  // namespace tessera::host
