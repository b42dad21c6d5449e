#include "terminal_paint.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace tessera::host {

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A seat named after a colour is painted in it; other seats take the palette in order.
std::string colour_of(const std::string& name, int seat) {
  static const std::map<std::string, std::string> named{
      {"red", "31"},    {"green", "32"},         {"yellow", "33"},        {"blue", "34"},
      {"purple", "35"}, {"magenta", "35"},       {"cyan", "36"},          {"white", "1;37"},
      {"grey", "90"},   {"gray", "90"},          {"black", "90"},         {"orange", "38;5;208"},
      {"brown", "38;5;130"}, {"pink", "38;5;205"}};
  if (const auto it = named.find(lower(name)); it != named.end()) return it->second;
  static const char* palette[] = {"34", "31", "32", "33", "35", "36"};
  return palette[static_cast<std::size_t>(seat) % std::size(palette)];
}

}  // namespace

Painter::Painter(bool enabled, std::vector<std::string> names) : enabled_(enabled) {
  for (std::size_t s = 0; s < names.size(); ++s) {
    const int seat = static_cast<int>(s);
    colours_.push_back(colour_of(names[s], seat));
    const std::string number = "seat " + std::to_string(seat);
    mentions_.push_back({number, seat});
    if (lower(names[s]) != number && !names[s].empty()) mentions_.push_back({lower(names[s]), seat});
  }
  std::stable_sort(mentions_.begin(), mentions_.end(),
                   [](const Mention& a, const Mention& b) { return a.lower.size() > b.lower.size(); });
}

std::string Painter::wrap(const std::string& code, const std::string& text) const {
  if (!enabled_ || text.empty()) return text;
  return "\x1b[" + code + "m" + text + "\x1b[0m";
}

std::string Painter::seat(int seat, const std::string& text) const {
  if (seat < 0 || static_cast<std::size_t>(seat) >= colours_.size()) return text;
  return wrap(colours_[static_cast<std::size_t>(seat)], text);
}

std::string Painter::strong(const std::string& text) const { return wrap("1", text); }
std::string Painter::faint(const std::string& text) const { return wrap("2", text); }
std::string Painter::alarm(const std::string& text) const { return wrap("1;31", text); }

std::string Painter::text(const std::string& text) const {
  if (!enabled_) return text;
  const std::string low = lower(text);
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const bool at_word_start = i == 0 || !word_char(text[i - 1]);
    bool painted = false;
    if (at_word_start) {
      if (low.compare(i, 5, "(you)") == 0) {
        out += strong(text.substr(i, 5));
        i += 5;
        continue;
      }
      for (const Mention& m : mentions_) {
        const std::size_t end = i + m.lower.size();
        if (low.compare(i, m.lower.size(), m.lower) != 0 || (end < text.size() && word_char(text[end]))) continue;
        out += seat(m.seat, text.substr(i, m.lower.size()));
        i = end;
        painted = true;
        break;
      }
    }
    if (!painted) out += text[i++];
  }
  return out;
}

}  // namespace tessera::host
