#pragma once
// Deck: cards (string ids such as "red_1a") in named piles — a draw pile, a discard pile,
// several numbered piles used one after another. Each pile is a vector whose BACK is the
// TOP of the pile: draw takes from the back, put_top appends, index 0 is the bottom card.
//
// Setup calls (add_pile, set_cards) throw DataError; play operations throw RuleError with
// a reason and change nothing when they refuse. Piles are found by name.
//
// Visibility: a face-up pile is seen by everyone. A face-down pile is seen in full only
// by viewers the component is visible to (Public: everyone; Owner: its owner; Hidden:
// nobody but kOmniscient); the others see its size. resample_hidden(viewer) shuffles
// together the cards of every face-down pile the viewer cannot see and deals them back
// keeping each pile's size. Piles with different `group` names are resampled separately
// (default group ""), for a game whose viewer knows which pile a card must be in.
//
// JSON (full form): {"piles":[{"name":"draw","face_up":false,"group":"","cards":["a","b"]},...]}
// ("group" may be omitted on reading). A pile the viewer cannot see is written with
// "size" instead of "cards".
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

struct Pile {
  std::string name;
  std::vector<std::string> cards;  // back() is the top card
  bool face_up = false;
  std::string group;  // resampling group of a face-down pile
};

// Where a card lies: pile name and index from the bottom; {"", -1} when it is nowhere.
struct CardPlace {
  std::string pile;
  int index = -1;
};

class Deck : public ComponentOf<Deck> {
 public:
  static constexpr std::string_view kKind = "deck";

  explicit Deck(std::string name, int owner = kNobody, Visibility visibility = Visibility::Hidden)
      : ComponentOf(std::move(name), owner, visibility) {}

  // Setup. add_pile: DataError if the name is empty or taken. set_cards replaces a pile's
  // cards (given bottom first).
  void add_pile(std::string name, bool face_up = false, std::vector<std::string> cards = {},
                std::string group = "");
  void set_cards(std::string_view pile, std::vector<std::string> cards);
  void set_face_up(std::string_view pile, bool face_up);

  const std::vector<Pile>& piles() const { return piles_; }
  bool has_pile(std::string_view pile) const;
  const Pile& pile(std::string_view pile) const;  // RuleError for an unknown name
  const std::vector<std::string>& cards(std::string_view pile) const { return this->pile(pile).cards; }
  int size(std::string_view pile) const;
  int total_size() const;
  bool empty(std::string_view pile) const { return size(pile) == 0; }
  // The top card; RuleError if the pile is empty.
  const std::string& peek(std::string_view pile) const;
  // Up to n top cards, top first (fewer if the pile is smaller).
  std::vector<std::string> peek(std::string_view pile, int n) const;

  // Drawing takes from the top. RuleError if the pile holds too few cards (then nothing
  // is drawn). draw(pile, n) returns the cards top first.
  std::string draw(std::string_view pile);
  std::vector<std::string> draw(std::string_view pile, int n);
  // The first pile of `piles` (in list order) that holds a card, or "" if all are empty.
  std::string first_nonempty(const std::vector<std::string>& piles) const;
  // Draws from first_nonempty(piles); RuleError if every one is empty.
  std::string draw_from_first_nonempty(const std::vector<std::string>& piles);

  // Putting cards into a pile. put_at: index 0 = bottom, size = top; RuleError outside.
  void put_top(std::string_view pile, std::string card);
  void put_bottom(std::string_view pile, std::string card);
  void put_at(std::string_view pile, int index, std::string card);
  // Inserts at a uniformly random position (any of size+1), i.e. shuffles one card in.
  void insert_random(std::string_view pile, std::string card, Rng& rng);
  void shuffle(std::string_view pile, Rng& rng);
  // Moves every card of `from` onto the top of `to`, keeping their order; returns how
  // many moved. RuleError if from == to.
  int move_all(std::string_view from, std::string_view to);
  // Empties a pile and returns its cards, bottom first.
  std::vector<std::string> take_all(std::string_view pile);

  // Finding cards anywhere in the deck (piles in order, each from the bottom).
  CardPlace find(std::string_view card) const;
  bool contains(std::string_view card) const { return find(card).index >= 0; }
  // Removes the first copy found; RuleError if the card is in no pile.
  void remove(std::string_view card);
  // Removes and returns the card at `index` of `pile`; RuleError if out of range.
  std::string remove_at(std::string_view pile, int index);

  // True when `viewer` may see the order and identity of the cards in face-down piles.
  bool sees_face_down(int viewer) const { return visible_to(viewer); }

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  void resample_hidden(int viewer, Rng& rng) override;
  std::string describe(int viewer) const override;

 private:
  Pile& find_pile(std::string_view pile);

  std::vector<Pile> piles_;
};

}  // namespace tessera
