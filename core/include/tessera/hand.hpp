#pragma once
// Hand: the cards (string ids) a seat holds, in order, with an optional limit. Each card
// may be revealed (shown to everyone while staying in the hand), so a partly shown hand
// redacts correctly. An ordered hand owned by nobody also serves as a row of cards of
// which some are turned face up (visibility Hidden, the face-up ones revealed).
//
// Play operations throw RuleError with a reason and change nothing when they refuse.
//
// Visibility (default Owner): viewers the hand is visible to see every card; the others
// see its size and the revealed cards at their positions, hidden ones as null.
//
// Resampling: a hand cannot re-deal itself alone — the cards a viewer does not see came
// from a shared deck and could be any of the cards that viewer has not seen. So
// Hand::resample_hidden only permutes its own unseen cards among its unseen positions
// (which matters for a row whose face-down order is secret), and resample_hidden_cards
// below pools the unseen cards of several hands with a deck's unseen cards and re-deals
// them. A game with hidden hands calls it when it samples an information set.
//
// JSON (full form): {"limit":-1,"cards":["a","b"],"revealed":[false,true]}; a redacted
// view has null for each card the viewer may not see and also "size".
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

class Deck;
class Table;

class Hand : public ComponentOf<Hand> {
 public:
  static constexpr std::string_view kKind = "hand";
  static constexpr int kUnlimited = -1;

  explicit Hand(std::string name, int owner = kNobody, Visibility visibility = Visibility::Owner,
                int limit = kUnlimited);

  int limit() const { return limit_; }
  // DataError for a limit below -1. A hand already over a new limit keeps its cards;
  // only adding is refused.
  void set_limit(int limit);
  // True if adding n more cards would pass the limit.
  bool would_exceed(int n = 1) const;

  int size() const { return static_cast<int>(cards_.size()); }
  bool empty() const { return cards_.empty(); }
  const std::vector<std::string>& cards() const { return cards_; }
  const std::string& card(int index) const;  // RuleError for a bad index
  bool contains(std::string_view card) const { return index_of(card) >= 0; }
  int index_of(std::string_view card) const;  // first copy, or -1

  // Adding appends at the end. RuleError over the limit (add_all adds all or nothing).
  void add(std::string card, bool revealed = false);
  void add_all(const std::vector<std::string>& cards);
  // Removes the first copy of `card`; RuleError if the hand has none.
  void remove(std::string_view card);
  std::string remove_at(int index);
  // Empties the hand and returns its cards in order.
  std::vector<std::string> take_all();

  // Revealing. reveal shows the first unrevealed copy of `card` (RuleError if there is
  // none); set_revealed sets the flag of one position.
  void reveal(std::string_view card);
  void set_revealed(int index, bool revealed);
  void hide_all();
  bool is_revealed(int index) const;
  std::vector<std::string> revealed_cards() const;
  int hidden_count() const;
  // True when `viewer` may see the card at `index` (the hand is visible, or it is revealed).
  bool sees_card(int viewer, int index) const;

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  void resample_hidden(int viewer, Rng& rng) override;
  std::string describe(int viewer) const override;

 private:
  friend void resample_hidden_cards(const std::vector<Hand*>&, const std::vector<Deck*>&, int, Rng&);
  void check_index(int index) const;

  int limit_;
  std::vector<std::string> cards_;
  std::vector<bool> revealed_;  // parallel to cards_
};

// Re-deals what `viewer` cannot see among `hands` and `decks`: the unrevealed cards of
// hands not visible to the viewer, and the cards of the decks' face-down piles of the
// default group "" that the viewer cannot see, are shuffled together and dealt back into
// the same places. Every hand and pile keeps its size and every seen card stays put.
// Piles of other groups are left alone (Deck::resample_hidden handles them).
void resample_hidden_cards(const std::vector<Hand*>& hands, const std::vector<Deck*>& decks, int viewer, Rng& rng);
// The same over a table: every Hand named `hand_name` (global or of any seat) and the
// global Deck `deck_name` ("" for none). DataError if that deck does not exist.
void resample_hidden_cards(Table& table, std::string_view hand_name, std::string_view deck_name, int viewer,
                           Rng& rng);

}  // namespace tessera
