#pragma once
// Market: a display of face-up cards (string ids) in rows of slots, refilled from piles of
// a Deck. Row 0 is the lower row (the one players usually take from); with two rows the
// upper row 1 feeds it. A slot holds a card id or "" when empty.
//
// Refill rules:
//   none        taken slots stay empty; refill() draws nothing and needs no source
//               (fill_all still sets up from a source, if one is given).
//   from_pile   every empty slot is refilled from the source.
//   slide_down  (2+ rows) taking a card from row r, slot i makes the cards above it in
//               column i slide down one row each; the emptied top-row slot is refilled
//               from the source. A lower slot with nothing above it stays empty.
// The source is a Deck component's name plus an ordered list of its piles: a refill draws
// from the first non-empty one. Components hold no pointers, so every call that draws
// takes the Deck (RuleError if its name is not the source's).
//
// Special cards: a draw may turn up a card the game must react to (a scoring card). Calls
// that draw accept `set_aside`, a list of card ids that are never placed: such a card is
// still drawn and reported, the next card is drawn for the same slot, and the caller
// decides where the set-aside card goes. Every drawing call returns all the cards it
// drew, in order, set-aside ones included. When every source pile is empty, the
// remaining slots stay empty.
//
// Setup errors throw DataError; play operations throw RuleError and change nothing.
// Visibility (default Public): viewers who may not see it get null for each occupied slot.
//
// JSON (full form): {"rows":[["a","",..],[..]],"refill":"slide_down",
//                    "source":{"deck":"ships","piles":["p1","p2"]}}
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

class Deck;

enum class Refill { None, FromPile, SlideDown };
std::string_view to_string(Refill r);
Refill refill_from_string(std::string_view text);  // throws DataError

// A slot position; {-1, -1} for "nowhere".
struct SlotPlace {
  int row = -1;
  int slot = -1;
};

class Market : public ComponentOf<Market> {
 public:
  static constexpr std::string_view kKind = "market";

  // DataError unless rows >= 1 and width >= 1, slide_down has 2+ rows, and a refilling
  // rule names a source deck and at least one pile.
  Market(std::string name, int rows, int width, Refill refill, std::string source_deck = "",
         std::vector<std::string> source_piles = {}, int owner = kNobody,
         Visibility visibility = Visibility::Public);

  struct Taken {
    std::string card;                // the card taken
    std::vector<std::string> drawn;  // what the refill drew, in order
  };

  int rows() const { return rows_; }
  int width() const { return width_; }
  Refill refill_rule() const { return refill_; }
  const std::string& source_deck() const { return source_deck_; }
  const std::vector<std::string>& source_piles() const { return source_piles_; }

  // All slots row by row (row 0 first), "" for empty.
  const std::vector<std::string>& slots() const { return slots_; }
  const std::string& at(int row, int slot) const;  // RuleError outside the market
  bool is_empty(int row, int slot) const { return at(row, slot).empty(); }
  int card_count() const;
  std::vector<std::string> cards() const;  // the cards present, row by row
  SlotPlace find(std::string_view card) const;

  // Takes the card of row 0 (take) or of any row (take_at); RuleError if the slot is
  // empty. With slide_down the cards above slide down at once; nothing is drawn.
  std::string take(int slot);
  std::string take_at(int row, int slot);
  // take(slot) followed by refill(source, set_aside).
  Taken take(int slot, Deck& source, const std::vector<std::string>& set_aside = {});

  // The slots refill() would fill now, as positions in slots() order.
  std::vector<SlotPlace> refill_slots() const;
  // Fills the slots of refill_slots() in order from the source (see the header notes).
  std::vector<std::string> refill(Deck& source, const std::vector<std::string>& set_aside = {});
  // Fills every empty slot, whatever the rule (setup): row 0 left to right, then row 1...
  std::vector<std::string> fill_all(Deck& source, const std::vector<std::string>& set_aside = {});
  // Draws one card from the first non-empty source pile; "" if all are empty.
  std::string draw_from_source(Deck& source) const;
  // Puts a card into an empty slot; RuleError if occupied or the card id is "".
  void place(int row, int slot, std::string card);
  // Empties every slot and returns the cards, row by row.
  std::vector<std::string> clear();

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  void resample_hidden(int viewer, Rng& rng) override;
  std::string describe(int viewer) const override;

 private:
  std::size_t flat(int row, int slot) const;  // RuleError outside the market
  void check_source(const Deck& source) const;
  std::vector<std::string> fill(Deck& source, const std::vector<SlotPlace>& targets,
                                const std::vector<std::string>& set_aside);

  int rows_;
  int width_;
  Refill refill_;
  std::string source_deck_;
  std::vector<std::string> source_piles_;
  std::vector<std::string> slots_;  // rows_ * width_, row-major
};

}  // namespace tessera
