#include "tessera/market.hpp"

#include <algorithm>

#include "tessera/deck.hpp"
#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"
#include "tessera/rng.hpp"

namespace tessera {

using nlohmann::json;

namespace {

std::string where(const Market& market) { return "market '" + market.name() + "': "; }

// The shape rules shared by the constructor and read_json; returns the problem or "".
std::string shape_problem(int rows, int width, Refill refill, const std::string& deck,
                          const std::vector<std::string>& piles) {
  if (rows < 1) return "a market needs at least one row";
  if (width < 1) return "a market needs at least one slot per row";
  if (refill == Refill::SlideDown && rows < 2) return "slide_down needs at least two rows";
  if (refill != Refill::None && (deck.empty() || piles.empty()))
    return "refill rule " + std::string(to_string(refill)) + " needs a source deck and piles";
  return "";
}

}  // namespace

std::string_view to_string(Refill r) {
  switch (r) {
    case Refill::None: return "none";
    case Refill::FromPile: return "from_pile";
    case Refill::SlideDown: return "slide_down";
  }
  return "none";
}

Refill refill_from_string(std::string_view text) {
  if (text == "none") return Refill::None;
  if (text == "from_pile") return Refill::FromPile;
  if (text == "slide_down") return Refill::SlideDown;
  throw DataError("refill rule '" + std::string(text) + "': expected none, from_pile or slide_down");
}

Market::Market(std::string name, int rows, int width, Refill refill, std::string source_deck,
               std::vector<std::string> source_piles, int owner, Visibility visibility)
    : ComponentOf(std::move(name), owner, visibility),
      rows_(rows),
      width_(width),
      refill_(refill),
      source_deck_(std::move(source_deck)),
      source_piles_(std::move(source_piles)) {
  std::string problem = shape_problem(rows_, width_, refill_, source_deck_, source_piles_);
  if (!problem.empty()) throw DataError(where(*this) + problem);
  slots_.assign(static_cast<std::size_t>(rows_) * static_cast<std::size_t>(width_), "");
}

std::size_t Market::flat(int row, int slot) const {
  if (row < 0 || row >= rows_ || slot < 0 || slot >= width_)
    throw RuleError(where(*this) + "no slot " + std::to_string(slot) + " in row " + std::to_string(row) + " (" +
                    std::to_string(rows_) + " rows of " + std::to_string(width_) + ")");
  return static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(slot);
}

const std::string& Market::at(int row, int slot) const { return slots_[flat(row, slot)]; }

int Market::card_count() const {
  return static_cast<int>(std::count_if(slots_.begin(), slots_.end(), [](const std::string& s) { return !s.empty(); }));
}

std::vector<std::string> Market::cards() const {
  std::vector<std::string> out;
  for (const auto& s : slots_)
    if (!s.empty()) out.push_back(s);
  return out;
}

SlotPlace Market::find(std::string_view card) const {
  if (card.empty()) return {};
  auto it = std::find(slots_.begin(), slots_.end(), card);
  if (it == slots_.end()) return {};
  int index = static_cast<int>(it - slots_.begin());
  return SlotPlace{index / width_, index % width_};
}

std::string Market::take(int slot) { return take_at(0, slot); }

std::string Market::take_at(int row, int slot) {
  std::size_t i = flat(row, slot);
  if (slots_[i].empty())
    throw RuleError(where(*this) + "slot " + std::to_string(slot) + " of row " + std::to_string(row) + " is empty");
  std::string card = std::move(slots_[i]);
  slots_[i].clear();
  if (refill_ == Refill::SlideDown) {
    // The column above the taken card drops one row; the top slot of the column empties.
    for (int r = row; r + 1 < rows_; ++r) slots_[flat(r, slot)] = std::move(slots_[flat(r + 1, slot)]);
    slots_[flat(rows_ - 1, slot)].clear();
  }
  return card;
}

Market::Taken Market::take(int slot, Deck& source, const std::vector<std::string>& set_aside) {
  if (refill_ != Refill::None) check_source(source);
  Taken taken;
  taken.card = take(slot);
  taken.drawn = refill(source, set_aside);
  return taken;
}

std::vector<SlotPlace> Market::refill_slots() const {
  std::vector<SlotPlace> out;
  if (refill_ == Refill::None) return out;
  const int first_row = refill_ == Refill::SlideDown ? rows_ - 1 : 0;
  for (int r = first_row; r < rows_; ++r)
    for (int s = 0; s < width_; ++s)
      if (slots_[flat(r, s)].empty()) out.push_back(SlotPlace{r, s});
  return out;
}

void Market::check_source(const Deck& source) const {
  if (source_deck_.empty()) throw RuleError(where(*this) + "has no source deck");
  if (source.name() != source_deck_)
    throw RuleError(where(*this) + "refills from deck '" + source_deck_ + "', not '" + source.name() + "'");
  // A missing pile is refused before anything has changed.
  for (const auto& pile : source_piles_)
    if (!source.has_pile(pile))
      throw RuleError(where(*this) + "deck '" + source_deck_ + "' has no pile named '" + pile + "'");
}

std::string Market::draw_from_source(Deck& source) const {
  check_source(source);
  std::string pile = source.first_nonempty(source_piles_);
  return pile.empty() ? std::string() : source.draw(pile);
}

std::vector<std::string> Market::fill(Deck& source, const std::vector<SlotPlace>& targets,
                                      const std::vector<std::string>& set_aside) {
  check_source(source);
  std::vector<std::string> drawn;
  for (const SlotPlace& target : targets) {
    for (;;) {
      std::string card = draw_from_source(source);
      if (card.empty()) return drawn;  // the source ran out: the rest stays empty
      drawn.push_back(card);
      if (std::find(set_aside.begin(), set_aside.end(), card) != set_aside.end()) continue;
      slots_[flat(target.row, target.slot)] = std::move(card);
      break;
    }
  }
  return drawn;
}

std::vector<std::string> Market::refill(Deck& source, const std::vector<std::string>& set_aside) {
  if (refill_ == Refill::None) return {};
  return fill(source, refill_slots(), set_aside);
}

std::vector<std::string> Market::fill_all(Deck& source, const std::vector<std::string>& set_aside) {
  std::vector<SlotPlace> targets;
  for (int r = 0; r < rows_; ++r)
    for (int s = 0; s < width_; ++s)
      if (slots_[flat(r, s)].empty()) targets.push_back(SlotPlace{r, s});
  return fill(source, targets, set_aside);
}

void Market::place(int row, int slot, std::string card) {
  std::size_t i = flat(row, slot);
  if (card.empty()) throw RuleError(where(*this) + "cannot place an empty card id");
  if (!slots_[i].empty())
    throw RuleError(where(*this) + "slot " + std::to_string(slot) + " of row " + std::to_string(row) +
                    " already holds '" + slots_[i] + "'");
  slots_[i] = std::move(card);
}

std::vector<std::string> Market::clear() {
  std::vector<std::string> out = cards();
  std::fill(slots_.begin(), slots_.end(), std::string());
  return out;
}

void Market::write_json(json& out, int viewer) const {
  const bool sees = visible_to(viewer);
  json& rows = out["rows"] = json::array();
  for (int r = 0; r < rows_; ++r) {
    json row = json::array();
    for (int s = 0; s < width_; ++s) {
      const std::string& card = slots_[flat(r, s)];
      row.push_back(sees || card.empty() ? json(card) : json());
    }
    rows.push_back(std::move(row));
  }
  out["refill"] = to_string(refill_);
  out["source"] = {{"deck", source_deck_}, {"piles", source_piles_}};
}

void Market::read_json(const json& in) {
  const json& rows = json_fields::field(in, "rows");
  if (!rows.is_array() || rows.empty()) throw DataError("'rows' must be a non-empty array of rows");
  std::vector<std::string> slots;
  std::size_t width = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string at = "rows[" + std::to_string(r) + "]";
    if (!rows[r].is_array() || rows[r].empty()) throw DataError("'" + at + "' must be a non-empty array of slots");
    if (r == 0) width = rows[r].size();
    if (rows[r].size() != width)
      throw DataError("'" + at + "' has " + std::to_string(rows[r].size()) + " slots, row 0 has " +
                      std::to_string(width));
    for (std::size_t s = 0; s < width; ++s)
      slots.push_back(json_fields::as_string(rows[r][s], at + "[" + std::to_string(s) + "]"));
  }
  Refill refill = refill_from_string(json_fields::string_field(in, "refill"));
  const json& source = json_fields::field(in, "source");
  if (!source.is_object()) throw DataError("'source' must be an object with 'deck' and 'piles'");
  std::string deck = json_fields::as_string(json_fields::field(source, "deck"), "source.deck");
  const json& piles_json = json_fields::field(source, "piles");
  if (!piles_json.is_array()) throw DataError("'source.piles' must be an array of pile names");
  std::vector<std::string> piles;
  for (std::size_t i = 0; i < piles_json.size(); ++i)
    piles.push_back(json_fields::as_string(piles_json[i], "source.piles[" + std::to_string(i) + "]"));
  const int row_count = static_cast<int>(rows.size());
  const int width_count = static_cast<int>(width);
  std::string problem = shape_problem(row_count, width_count, refill, deck, piles);
  if (!problem.empty()) throw DataError("'refill'/'source': " + problem);
  rows_ = row_count;
  width_ = width_count;
  refill_ = refill;
  source_deck_ = std::move(deck);
  source_piles_ = std::move(piles);
  slots_ = std::move(slots);
}

void Market::resample_hidden(int viewer, Rng& rng) {
  if (visible_to(viewer)) return;
  // The viewer sees which slots are occupied, not by what.
  std::vector<std::size_t> places;
  std::vector<std::string> unseen;
  for (std::size_t i = 0; i < slots_.size(); ++i)
    if (!slots_[i].empty()) {
      places.push_back(i);
      unseen.push_back(std::move(slots_[i]));
    }
  // Sorted first: states a viewer cannot tell apart re-deal alike (Game::determinize).
  std::sort(unseen.begin(), unseen.end());
  rng.shuffle(unseen);
  for (std::size_t k = 0; k < places.size(); ++k) slots_[places[k]] = std::move(unseen[k]);
}

std::string Market::describe(int viewer) const {
  const bool sees = visible_to(viewer);
  std::string out;
  for (int r = 0; r < rows_; ++r) {
    if (r > 0) out += " / ";
    out += "row " + std::to_string(r) + ":";
    for (int s = 0; s < width_; ++s) {
      const std::string& card = slots_[flat(r, s)];
      out += " " + (card.empty() ? std::string("-") : sees ? card : std::string("?"));
    }
  }
  return out;
}

}  // namespace tessera
