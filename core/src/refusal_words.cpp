#include "refusal_words.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "tessera/action.hpp"
#include "tessera/yaml_reader.hpp"  // edit_distance, nearest_name

namespace tessera {

namespace {

// A reason names a few moves or values, not a whole list: the protocol cuts a message at
// 600 bytes, and a person reads the list `play` shows again.
constexpr std::size_t kNamesShown = 8;
constexpr std::size_t kNearestShown = 3;

std::string joined(const std::vector<std::string>& words, std::size_t limit = kNamesShown) {
  std::string out;
  for (std::size_t i = 0; i < words.size() && i < limit; ++i) out += (i ? ", " : "") + words[i];
  if (words.size() > limit) out += ", ... (" + std::to_string(words.size()) + " in all)";
  return out;
}

std::string in_quotes(std::string_view text) { return "'" + std::string(text) + "'"; }

bool offers(const StepDecl& step, int kind) {
  return step.kind == StepDecl::Kind::Seat && std::find(step.moves.begin(), step.moves.end(), kind) != step.moves.end();
}

std::vector<Move> legal_of_kind(const FlowGame& game, int kind) {
  std::vector<Move> out;
  for (const Move& m : game.moves())
    if (m.kind == kind) out.push_back(m);
  return out;
}

std::vector<std::string> texts(const FlowGame& game, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(game.move_text(m));
  return out;
}

// "red's decision 'Trade and build' (moves: trade, build_road, end)"
std::string decision_words(const FlowGame& game, const Frame& frame) {
  const std::string prompt = game.flow_rules().prompt(FlowView{game.table(), frame, &game});
  return game.player_name(frame.seat) + "'s decision " + in_quotes(prompt);
}

// What the values of a parameter are, as a person types them.
std::string values_of(const ParamDecl& p, int players) {
  switch (p.type) {
    case ParamDecl::Type::Int: return "a number from " + std::to_string(p.lo) + " to " + std::to_string(p.hi);
    case ParamDecl::Type::Enum: return "one of " + joined(p.names);
    case ParamDecl::Type::Seat: return "a seat number from 0 to " + std::to_string(players - 1);
    case ParamDecl::Type::Index:
      return p.size > 0 ? "a number from 0 to " + std::to_string(p.size - 1) + " (of " + p.domain + ")"
                        : "a number of " + p.domain + " (there are none)";
    case ParamDecl::Type::Id: return "an id of " + p.domain + ": " + joined(p.names);
    case ParamDecl::Type::Choice: return "the id of a choice the decision offers";
  }
  return "a value of its kind";
}

// A domain's name for one of its items, as a person says it: "edges" -> "edge",
// "card_types" -> "card type", "hexes" -> "hex".
std::string singular(std::string name) {
  std::replace(name.begin(), name.end(), '_', ' ');
  const auto ends = [&](std::string_view tail) {
    return name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
  };
  if (ends("ies")) return name.substr(0, name.size() - 3) + "y";
  if (ends("xes") || ends("ches") || ends("shes") || ends("sses")) return name.substr(0, name.size() - 2);
  if (ends("s") && !ends("ss")) return name.substr(0, name.size() - 1);
  return name;
}

// The word a parameter does not read, as what it was meant to name: "unknown edge '9,9,N'"
// for an id, the word itself for a number; with the nearest name when one is close.
std::string bad_word(const ParamDecl& p, const std::string& word, const std::vector<std::string>& choice_ids) {
  using Type = ParamDecl::Type;
  std::string out = p.type == Type::Id ? "unknown " + singular(p.domain) + " " + in_quotes(word) : in_quotes(word);
  const std::vector<std::string>* names =
      p.type == Type::Choice ? &choice_ids : (p.type == Type::Enum || p.type == Type::Id ? &p.names : nullptr);
  if (names)
    if (const auto near = nearest_name(word, *names)) out += " (did you mean " + in_quotes(*near) + "?)";
  return out;
}

// "'a', 'b' or 'c'"
std::string quoted_or(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + in_quotes(words[i]);
  return out;
}

// "; legal now: fortify 3, fortify 7" or "; none is legal now"
std::string legal_now(const FlowGame& game, int kind) {
  const std::vector<Move> legal = legal_of_kind(game, kind);
  if (legal.empty()) return "; no " + game.flow_rules().move(kind).name + " move is legal now";
  return "; legal now: " + joined(texts(game, legal), kNearestShown);
}

}  // namespace

std::string moves_on_offer(const Game& game) {
  std::vector<Move> moves;
  game.legal_moves(moves);
  std::vector<std::string> words;
  for (const Move& m : moves) {
    const std::string text = game.move_text(m);
    const std::string word = text.substr(0, text.find(' '));
    if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
  }
  return words.empty() ? "none" : joined(words);
}

std::string respelled_reason(const Game& game, std::string_view text, const std::string& canonical) {
  std::vector<Move> moves;
  game.legal_moves(moves);
  std::vector<std::string> legal;
  for (const Move& m : moves) legal.push_back(game.move_text(m));
  const bool is_legal = std::find(legal.begin(), legal.end(), canonical) != legal.end();
  // The move it spells when that is legal; else the legal texts close to what was typed,
  // nearest first.
  std::vector<std::string> near;
  if (is_legal) near.push_back(canonical);
  std::vector<std::pair<std::size_t, std::string>> close;
  const std::size_t allowed = std::max<std::size_t>(2, text.size() / 2);
  if (!is_legal)
    for (const std::string& t : legal)
      if (const std::size_t d = edit_distance(text, t); d <= allowed) close.emplace_back(d, t);
  std::stable_sort(close.begin(), close.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < close.size() && i < kNearestShown; ++i) near.push_back(close[i].second);
  std::string out = in_quotes(text) + " is not a move's text: each move has one, and this one is written " +
                    in_quotes(canonical) + (is_legal ? "" : ", which is not a legal move now");
  if (!near.empty()) out += "; did you mean " + quoted_or(near) + "?";
  return out;
}

std::string not_legal_reason(const FlowGame& game, const Flow& flow, const Move& move) {
  const FlowRules& rules = game.flow_rules();
  const std::string name = rules.move(move.kind).name;
  const Frame& top = flow.top();
  const std::string decision = decision_words(game, top) + " (moves: " + moves_on_offer(game) + ")";
  if (!offers(rules.step(top.step), move.kind)) {
    // A step further down the stack that offers it goes on once this decision is over.
    for (int i = flow.depth() - 2; i >= 0; --i) {
      const Frame& below = flow.at(i);
      if (!offers(rules.step(below.step), move.kind)) continue;
      const std::string later = decision_words(game, below);
      if (below.seat != top.seat) return "it is " + decision + "; " + name + " belongs to " + later + ", after it";
      return decision + " comes first; " + name + " belongs to " + later + ", after it";
    }
    return "it is " + decision + ", which offers no " + name;
  }
  std::vector<Move> same = legal_of_kind(game, move.kind);
  if (same.empty()) return decision + " offers " + name + ", but no " + name + " move is legal now";
  // Nearest first: fewest parameters that differ, then the smallest differences.
  const auto distance = [&](const Move& m) {
    std::pair<int, long long> d{0, 0};
    for (int k = 0; k < kMaxMoveParams; ++k) {
      if (m.p[k] == move.p[k]) continue;
      ++d.first;
      d.second += std::llabs(static_cast<long long>(m.p[k]) - move.p[k]);
    }
    return d;
  };
  std::stable_sort(same.begin(), same.end(), [&](const Move& a, const Move& b) { return distance(a) < distance(b); });
  const std::size_t count = same.size();
  if (same.size() > kNearestShown) same.resize(kNearestShown);
  return "the legal " + name + " moves nearest to it are " + joined(texts(game, same)) +
         (count > same.size() ? " (" + std::to_string(count) + " in all)" : "");
}

std::string unread_move_reason(const FlowGame& game, std::string_view text) {
  if (game.is_over()) return {};
  const std::vector<std::string> words = split_words(std::string(text));
  if (words.empty()) return {};
  const FlowRules& rules = game.flow_rules();
  const int kind = rules.move_index(words[0]);
  if (const int now = rules.renamed_move(words[0]); kind < 0 && now >= 0) {
    std::string renamed = rules.move(now).name;
    for (std::size_t k = 1; k < words.size(); ++k) renamed += " " + words[k];
    return in_quotes(text) + " uses " + in_quotes(words[0]) + ", the former name of the move " +
           in_quotes(rules.move(now).name) + " (did you mean " + in_quotes(renamed) + "?)";
  }
  if (kind < 0) {
    std::vector<std::string> names;
    for (std::size_t k = 0; k < rules.move_count(); ++k) names.push_back(rules.move(static_cast<int>(k)).name);
    std::string out = in_quotes(text) + " names no move of this game";
    if (const auto near = nearest_name(words[0], names)) out += " (did you mean " + in_quotes(*near) + "?)";
    return out + " (moves now: " + moves_on_offer(game) + ")";
  }
  const MoveDecl& decl = rules.move(kind);
  const int players = game.table().players();
  std::string form = decl.name;
  for (const ParamDecl& p : decl.params) form += " <" + p.name + ">";
  std::size_t required = decl.params.size();
  while (required > 0 && decl.params[required - 1].fallback) --required;
  const std::string head = in_quotes(text) + " is the move " + decl.name;
  const std::size_t given = words.size() - 1;
  if (given < required || given > decl.params.size())
    return head + " with " + (given < required ? "too few" : "too many") + " words: it is typed " + form +
           legal_now(game, kind);
  // A choice's ids are those the decision offers: the words of its legal moves.
  std::vector<std::vector<std::string>> offered_words;
  for (const std::string& t : texts(game, legal_of_kind(game, kind))) offered_words.push_back(split_words(t));
  for (std::size_t k = 0; k < given; ++k) {
    const ParamDecl& p = decl.params[k];
    std::vector<std::string> ids;
    if (p.type == ParamDecl::Type::Choice)
      for (const auto& w : offered_words)
        if (w.size() > k + 1 && std::find(ids.begin(), ids.end(), w[k + 1]) == ids.end()) ids.push_back(w[k + 1]);
    if (parse_param(p, words[k + 1], players, &ids)) continue;
    return head + " with a bad <" + p.name + ">: " + bad_word(p, words[k + 1], ids) + "; it must be " +
           values_of(p, players) + legal_now(game, kind);
  }
  return {};
}

}  // namespace tessera
