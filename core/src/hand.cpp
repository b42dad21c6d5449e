#include "tessera/hand.hpp"

#include <algorithm>

#include "tessera/deck.hpp"
#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"
#include "tessera/rng.hpp"
#include "tessera/table.hpp"

namespace tessera {

using nlohmann::json;

namespace {

std::string where(const Hand& hand) {
  return "hand '" + hand.name() + "'" + (hand.owner() == kNobody ? "" : " of seat " + std::to_string(hand.owner())) +
         ": ";
}

}  // namespace

Hand::Hand(std::string name, int owner, Visibility visibility, int limit)
    : ComponentOf(std::move(name), owner, visibility), limit_(kUnlimited) {
  set_limit(limit);
}

void Hand::set_limit(int limit) {
  if (limit < kUnlimited) throw DataError(where(*this) + "limit must be -1 (none) or at least 0");
  limit_ = limit;
}

bool Hand::would_exceed(int n) const { return limit_ != kUnlimited && size() + n > limit_; }

void Hand::check_index(int index) const {
  if (index < 0 || index >= size())
    throw RuleError(where(*this) + "no card at position " + std::to_string(index) + " (holds " +
                    std::to_string(size()) + ")");
}

const std::string& Hand::card(int index) const {
  check_index(index);
  return cards_[static_cast<std::size_t>(index)];
}

int Hand::index_of(std::string_view card) const {
  auto it = std::find(cards_.begin(), cards_.end(), card);
  return it == cards_.end() ? -1 : static_cast<int>(it - cards_.begin());
}

void Hand::add(std::string card, bool revealed) {
  if (would_exceed(1))
    throw RuleError(where(*this) + "cannot hold more than " + std::to_string(limit_) + " cards");
  cards_.push_back(std::move(card));
  revealed_.push_back(revealed);
}

void Hand::add_all(const std::vector<std::string>& cards) {
  if (would_exceed(static_cast<int>(cards.size())))
    throw RuleError(where(*this) + "cannot take " + std::to_string(cards.size()) + " more cards (holds " +
                    std::to_string(size()) + ", limit " + std::to_string(limit_) + ")");
  cards_.insert(cards_.end(), cards.begin(), cards.end());
  revealed_.resize(cards_.size(), false);
}

void Hand::remove(std::string_view card) {
  int index = index_of(card);
  if (index < 0) throw RuleError(where(*this) + "holds no card '" + std::string(card) + "'");
  remove_at(index);
}

std::string Hand::remove_at(int index) {
  check_index(index);
  std::string card = std::move(cards_[static_cast<std::size_t>(index)]);
  cards_.erase(cards_.begin() + index);
  revealed_.erase(revealed_.begin() + index);
  return card;
}

std::vector<std::string> Hand::take_all() {
  std::vector<std::string> out;
  out.swap(cards_);
  revealed_.clear();
  return out;
}

void Hand::reveal(std::string_view card) {
  for (std::size_t i = 0; i < cards_.size(); ++i)
    if (cards_[i] == card && !revealed_[i]) {
      revealed_[i] = true;
      return;
    }
  throw RuleError(where(*this) + "holds no unrevealed card '" + std::string(card) + "'");
}

void Hand::set_revealed(int index, bool revealed) {
  check_index(index);
  revealed_[static_cast<std::size_t>(index)] = revealed;
}

void Hand::hide_all() { std::fill(revealed_.begin(), revealed_.end(), false); }

bool Hand::is_revealed(int index) const {
  check_index(index);
  return revealed_[static_cast<std::size_t>(index)];
}

std::vector<std::string> Hand::revealed_cards() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < cards_.size(); ++i)
    if (revealed_[i]) out.push_back(cards_[i]);
  return out;
}

int Hand::hidden_count() const { return static_cast<int>(std::count(revealed_.begin(), revealed_.end(), false)); }

bool Hand::sees_card(int viewer, int index) const { return visible_to(viewer) || is_revealed(index); }

void Hand::write_json(json& out, int viewer) const {
  const bool sees = visible_to(viewer);
  out["limit"] = limit_;
  json& cards = out["cards"] = json::array();
  for (std::size_t i = 0; i < cards_.size(); ++i) cards.push_back(sees || revealed_[i] ? json(cards_[i]) : json());
  json& revealed = out["revealed"] = json::array();
  for (bool r : revealed_) revealed.push_back(r);
  if (!sees) out["size"] = cards_.size();
}

void Hand::read_json(const json& in) {
  int limit = json_fields::int_field(in, "limit");
  if (limit < kUnlimited) throw DataError("'limit' must be -1 (none) or at least 0");
  std::vector<std::string> cards = json_fields::strings_field(in, "cards");
  const json& revealed = json_fields::field(in, "revealed");
  if (!revealed.is_array() || revealed.size() != cards.size())
    throw DataError("'revealed' must be an array of " + std::to_string(cards.size()) + " booleans, one per card");
  std::vector<bool> flags;
  flags.reserve(cards.size());
  for (std::size_t i = 0; i < revealed.size(); ++i) {
    if (!revealed[i].is_boolean()) throw DataError("'revealed[" + std::to_string(i) + "]' must be true or false");
    flags.push_back(revealed[i].get<bool>());
  }
  // A saved hand may sit above its limit (the limit only refuses additions), so no check.
  limit_ = limit;
  cards_ = std::move(cards);
  revealed_ = std::move(flags);
}

void Hand::resample_hidden(int viewer, Rng& rng) {
  if (visible_to(viewer)) return;
  std::vector<std::size_t> places;
  std::vector<std::string> unseen;
  for (std::size_t i = 0; i < cards_.size(); ++i)
    if (!revealed_[i]) {
      places.push_back(i);
      unseen.push_back(std::move(cards_[i]));
    }
  // Sorted first: states a viewer cannot tell apart re-deal alike (Game::determinize).
  std::sort(unseen.begin(), unseen.end());
  rng.shuffle(unseen);
  for (std::size_t k = 0; k < places.size(); ++k) cards_[places[k]] = std::move(unseen[k]);
}

std::string Hand::describe(int viewer) const {
  const bool sees = visible_to(viewer);
  std::string out;
  for (std::size_t i = 0; i < cards_.size(); ++i) {
    if (!out.empty()) out += ", ";
    if (sees || revealed_[i])
      out += cards_[i] + (revealed_[i] && sees ? " (shown)" : "");
    else
      out += "?";
  }
  if (out.empty()) out = "no cards";
  if (limit_ != kUnlimited) out += " (" + std::to_string(size()) + " of " + std::to_string(limit_) + ")";
  return out;
}

void resample_hidden_cards(const std::vector<Hand*>& hands, const std::vector<Deck*>& decks, int viewer, Rng& rng) {
  std::vector<std::string> pool;
  for (const Hand* hand : hands)
    if (!hand->visible_to(viewer))
      for (std::size_t i = 0; i < hand->cards_.size(); ++i)
        if (!hand->revealed_[i]) pool.push_back(hand->cards_[i]);
  for (const Deck* deck : decks)
    if (!deck->sees_face_down(viewer))
      for (const Pile& p : deck->piles())
        if (!p.face_up && p.group.empty()) pool.insert(pool.end(), p.cards.begin(), p.cards.end());
  // Sorted first: states a viewer cannot tell apart re-deal alike (Game::determinize).
  std::sort(pool.begin(), pool.end());
  rng.shuffle(pool);

  // Deal back in the same order the places were collected, so sizes are kept.
  std::size_t next = 0;
  for (Hand* hand : hands)
    if (!hand->visible_to(viewer))
      for (std::size_t i = 0; i < hand->cards_.size(); ++i)
        if (!hand->revealed_[i]) hand->cards_[i] = std::move(pool[next++]);
  for (Deck* deck : decks)
    if (!deck->sees_face_down(viewer))
      for (const Pile& p : deck->piles())
        if (!p.face_up && p.group.empty()) {
          std::vector<std::string> cards(pool.begin() + static_cast<std::ptrdiff_t>(next),
                                         pool.begin() + static_cast<std::ptrdiff_t>(next + p.cards.size()));
          next += p.cards.size();
          deck->set_cards(p.name, std::move(cards));
        }
}

void resample_hidden_cards(Table& table, std::string_view hand_name, std::string_view deck_name, int viewer,
                           Rng& rng) {
  std::vector<Hand*> hands;
  for (std::size_t i = 0; i < table.size(); ++i) {
    Component& c = table.at(i);
    if (c.kind() == Hand::kKind && c.name() == hand_name) hands.push_back(static_cast<Hand*>(&c));
  }
  std::vector<Deck*> decks;
  if (!deck_name.empty()) decks.push_back(&table.get<Deck>(deck_name));
  resample_hidden_cards(hands, decks, viewer, rng);
}

}  // namespace tessera
