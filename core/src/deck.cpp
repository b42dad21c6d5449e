#include "tessera/deck.hpp"

#include <algorithm>

#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"
#include "tessera/rng.hpp"

namespace tessera {

using nlohmann::json;

namespace {

std::string where(const Deck& deck) { return "deck '" + deck.name() + "': "; }

std::string in_quotes(std::string_view text) { return "'" + std::string(text) + "'"; }

}  // namespace

void Deck::add_pile(std::string name, bool face_up, std::vector<std::string> cards, std::string group) {
  if (name.empty()) throw DataError(where(*this) + "a pile needs a name");
  if (has_pile(name)) throw DataError(where(*this) + "pile " + in_quotes(name) + " is added twice");
  piles_.push_back(Pile{std::move(name), std::move(cards), face_up, std::move(group)});
}

void Deck::set_cards(std::string_view pile, std::vector<std::string> cards) {
  if (!has_pile(pile)) throw DataError(where(*this) + "no pile named " + in_quotes(pile));
  find_pile(pile).cards = std::move(cards);
}

void Deck::set_face_up(std::string_view pile, bool face_up) { find_pile(pile).face_up = face_up; }

bool Deck::has_pile(std::string_view pile) const {
  return std::any_of(piles_.begin(), piles_.end(), [&](const Pile& p) { return p.name == pile; });
}

Pile& Deck::find_pile(std::string_view pile) {
  for (auto& p : piles_)
    if (p.name == pile) return p;
  throw RuleError(where(*this) + "no pile named " + in_quotes(pile));
}

const Pile& Deck::pile(std::string_view pile) const { return const_cast<Deck*>(this)->find_pile(pile); }

int Deck::size(std::string_view pile) const { return static_cast<int>(this->pile(pile).cards.size()); }

int Deck::total_size() const {
  std::size_t total = 0;
  for (const auto& p : piles_) total += p.cards.size();
  return static_cast<int>(total);
}

const std::string& Deck::peek(std::string_view pile) const {
  const Pile& p = this->pile(pile);
  if (p.cards.empty()) throw RuleError(where(*this) + "pile " + in_quotes(pile) + " is empty");
  return p.cards.back();
}

std::vector<std::string> Deck::peek(std::string_view pile, int n) const {
  const Pile& p = this->pile(pile);
  std::vector<std::string> out;
  for (auto it = p.cards.rbegin(); it != p.cards.rend() && static_cast<int>(out.size()) < n; ++it)
    out.push_back(*it);
  return out;
}

std::string Deck::draw(std::string_view pile) {
  Pile& p = find_pile(pile);
  if (p.cards.empty()) throw RuleError(where(*this) + "cannot draw from empty pile " + in_quotes(pile));
  std::string card = std::move(p.cards.back());
  p.cards.pop_back();
  return card;
}

std::vector<std::string> Deck::draw(std::string_view pile, int n) {
  Pile& p = find_pile(pile);
  if (n < 0) throw RuleError(where(*this) + "cannot draw " + std::to_string(n) + " cards");
  if (static_cast<std::size_t>(n) > p.cards.size())
    throw RuleError(where(*this) + "cannot draw " + std::to_string(n) + " cards from pile " + in_quotes(pile) +
                    " of " + std::to_string(p.cards.size()));
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    out.push_back(std::move(p.cards.back()));
    p.cards.pop_back();
  }
  return out;
}

std::string Deck::first_nonempty(const std::vector<std::string>& piles) const {
  for (const auto& name : piles)
    if (!pile(name).cards.empty()) return name;
  return "";
}

std::string Deck::draw_from_first_nonempty(const std::vector<std::string>& piles) {
  std::string name = first_nonempty(piles);
  if (name.empty()) {
    std::string list;
    for (const auto& p : piles) list += (list.empty() ? "" : ", ") + p;
    throw RuleError(where(*this) + "every pile of [" + list + "] is empty");
  }
  return draw(name);
}

void Deck::put_top(std::string_view pile, std::string card) { find_pile(pile).cards.push_back(std::move(card)); }

void Deck::put_bottom(std::string_view pile, std::string card) {
  auto& cards = find_pile(pile).cards;
  cards.insert(cards.begin(), std::move(card));
}

void Deck::put_at(std::string_view pile, int index, std::string card) {
  auto& cards = find_pile(pile).cards;
  if (index < 0 || static_cast<std::size_t>(index) > cards.size())
    throw RuleError(where(*this) + "position " + std::to_string(index) + " is outside pile " + in_quotes(pile) +
                    " of " + std::to_string(cards.size()));
  cards.insert(cards.begin() + index, std::move(card));
}

void Deck::insert_random(std::string_view pile, std::string card, Rng& rng) {
  auto& cards = find_pile(pile).cards;
  auto index = static_cast<std::ptrdiff_t>(rng.below(cards.size() + 1));
  cards.insert(cards.begin() + index, std::move(card));
}

void Deck::shuffle(std::string_view pile, Rng& rng) { rng.shuffle(find_pile(pile).cards); }

int Deck::move_all(std::string_view from, std::string_view to) {
  if (from == to) throw RuleError(where(*this) + "cannot move pile " + in_quotes(from) + " onto itself");
  Pile& source = find_pile(from);
  Pile& target = find_pile(to);
  int moved = static_cast<int>(source.cards.size());
  target.cards.insert(target.cards.end(), std::make_move_iterator(source.cards.begin()),
                      std::make_move_iterator(source.cards.end()));
  source.cards.clear();
  return moved;
}

std::vector<std::string> Deck::take_all(std::string_view pile) {
  std::vector<std::string> out;
  out.swap(find_pile(pile).cards);
  return out;
}

CardPlace Deck::find(std::string_view card) const {
  for (const auto& p : piles_)
    for (std::size_t i = 0; i < p.cards.size(); ++i)
      if (p.cards[i] == card) return CardPlace{p.name, static_cast<int>(i)};
  return CardPlace{};
}

void Deck::remove(std::string_view card) {
  CardPlace place = find(card);
  if (place.index < 0) throw RuleError(where(*this) + "card " + in_quotes(card) + " is in no pile");
  auto& cards = find_pile(place.pile).cards;
  cards.erase(cards.begin() + place.index);
}

std::string Deck::remove_at(std::string_view pile, int index) {
  auto& cards = find_pile(pile).cards;
  if (index < 0 || static_cast<std::size_t>(index) >= cards.size())
    throw RuleError(where(*this) + "pile " + in_quotes(pile) + " has no card at " + std::to_string(index));
  std::string card = std::move(cards[static_cast<std::size_t>(index)]);
  cards.erase(cards.begin() + index);
  return card;
}

void Deck::write_json(json& out, int viewer) const {
  const bool sees = sees_face_down(viewer);
  json& piles = out["piles"] = json::array();
  for (const auto& p : piles_) {
    json one = {{"name", p.name}, {"face_up", p.face_up}, {"group", p.group}};
    if (p.face_up || sees)
      one["cards"] = p.cards;
    else
      one["size"] = p.cards.size();
    piles.push_back(std::move(one));
  }
}

void Deck::read_json(const json& in) {
  const json& piles = json_fields::field(in, "piles");
  if (!piles.is_array()) throw DataError("'piles' must be an array of piles");
  std::vector<Pile> next;
  next.reserve(piles.size());
  for (std::size_t i = 0; i < piles.size(); ++i) {
    const json& e = piles[i];
    const std::string at = "piles[" + std::to_string(i) + "]";
    if (!e.is_object()) throw DataError("'" + at + "' must be an object");
    Pile p;
    p.name = json_fields::as_string(json_fields::field(e, "name"), at + ".name");
    if (p.name.empty()) throw DataError("'" + at + ".name' must not be empty");
    for (const auto& q : next)
      if (q.name == p.name) throw DataError("'" + at + ".name': pile '" + p.name + "' appears twice");
    const json& face_up = json_fields::field(e, "face_up");
    if (!face_up.is_boolean()) throw DataError("'" + at + ".face_up' must be true or false");
    p.face_up = face_up.get<bool>();
    if (e.contains("group")) p.group = json_fields::as_string(e["group"], at + ".group");
    const json& cards = json_fields::field(e, "cards");
    if (!cards.is_array()) throw DataError("'" + at + ".cards' must be an array of card ids");
    p.cards.reserve(cards.size());
    for (std::size_t c = 0; c < cards.size(); ++c)
      p.cards.push_back(json_fields::as_string(cards[c], at + ".cards[" + std::to_string(c) + "]"));
    next.push_back(std::move(p));
  }
  piles_ = std::move(next);
}

void Deck::resample_hidden(int viewer, Rng& rng) {
  if (sees_face_down(viewer)) return;
  // Each group is pooled on its own; face-up piles are seen and stay as they are.
  std::vector<bool> done(piles_.size(), false);
  for (std::size_t first = 0; first < piles_.size(); ++first) {
    if (done[first] || piles_[first].face_up) continue;
    std::vector<std::size_t> members;
    std::vector<std::string> pool;
    for (std::size_t i = first; i < piles_.size(); ++i) {
      if (piles_[i].face_up || piles_[i].group != piles_[first].group) continue;
      done[i] = true;
      members.push_back(i);
      for (auto& c : piles_[i].cards) pool.push_back(std::move(c));
    }
    // Sorted first: states a viewer cannot tell apart re-deal alike (Game::determinize).
    std::sort(pool.begin(), pool.end());
    rng.shuffle(pool);
    std::size_t next = 0;
    for (std::size_t i : members)
      for (auto& c : piles_[i].cards) c = std::move(pool[next++]);
  }
}

std::string Deck::describe(int viewer) const {
  if (piles_.empty()) return "no piles";
  const bool sees = sees_face_down(viewer);
  std::string out;
  for (const auto& p : piles_) {
    if (!out.empty()) out += "; ";
    out += p.name + ": ";
    if (p.cards.empty()) {
      out += "empty";
    } else if (p.face_up || sees) {
      // Listed top first, the way a player reads a pile.
      for (auto it = p.cards.rbegin(); it != p.cards.rend(); ++it) out += (it == p.cards.rbegin() ? "" : " ") + *it;
      if (!p.face_up) out += " (face down)";
    } else {
      out += std::to_string(p.cards.size()) + (p.cards.size() == 1 ? " card" : " cards") + " face down";
    }
  }
  return out;
}

}  // namespace tessera
