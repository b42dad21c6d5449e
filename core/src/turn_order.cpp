#include "tessera/turn_order.hpp"

#include <algorithm>

#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"

namespace tessera {

using nlohmann::json;

namespace {

std::string where(const TurnOrder& turns) { return "turn_order '" + turns.name() + "': "; }

// Shared by the constructors, set_order and read_json; returns the problem or "".
std::string order_problem(const std::vector<int>& order) {
  if (order.empty()) return "the order needs at least one seat";
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] < 0) return "seat " + std::to_string(order[i]) + " is not a seat";
    if (std::find(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(i), order[i]) !=
        order.begin() + static_cast<std::ptrdiff_t>(i))
      return "seat " + std::to_string(order[i]) + " appears twice";
  }
  return "";
}

std::vector<int> first_seats(int players) {
  std::vector<int> order;
  for (int s = 0; s < players; ++s) order.push_back(s);
  return order;
}

}  // namespace

TurnOrder::TurnOrder(std::string name, int players, int owner, Visibility visibility)
    : TurnOrder(std::move(name), first_seats(players), owner, visibility) {}

TurnOrder::TurnOrder(std::string name, std::vector<int> order, int owner, Visibility visibility)
    : ComponentOf(std::move(name), owner, visibility), order_(std::move(order)) {
  std::string problem = order_problem(order_);
  if (!problem.empty()) throw DataError(where(*this) + problem);
  start_ = order_.front();
}

bool TurnOrder::contains(int seat) const { return std::find(order_.begin(), order_.end(), seat) != order_.end(); }

int TurnOrder::position(int seat) const {
  auto it = std::find(order_.begin(), order_.end(), seat);
  if (it == order_.end()) throw RuleError(where(*this) + "seat " + std::to_string(seat) + " is not in the order");
  return static_cast<int>(it - order_.begin());
}

void TurnOrder::set_round(int round) {
  if (round < 0) throw RuleError(where(*this) + "the round cannot be negative");
  round_ = round;
}

void TurnOrder::set_current(int seat) { current_ = position(seat); }

void TurnOrder::set_start_player(int seat) {
  position(seat);
  start_ = seat;
}

bool TurnOrder::advance() {
  const int n = size();
  for (int step = 1; step <= n; ++step) {
    int i = (current_ + step) % n;
    if (!has_passed(order_[static_cast<std::size_t>(i)])) {
      current_ = i;
      return true;
    }
  }
  return false;
}

void TurnOrder::pass(int seat) {
  if (has_passed(seat)) throw RuleError(where(*this) + "seat " + std::to_string(seat) + " has already passed");
  pass_order_.push_back(seat);
}

bool TurnOrder::has_passed(int seat) const {
  position(seat);
  return std::find(pass_order_.begin(), pass_order_.end(), seat) != pass_order_.end();
}

void TurnOrder::new_round(int start) {
  current_ = position(start);
  start_ = start;
  ++round_;
  pass_order_.clear();
}

void TurnOrder::new_round_from_pass_order() {
  std::vector<int> next = pass_order_;
  for (int seat : order_)
    if (std::find(pass_order_.begin(), pass_order_.end(), seat) == pass_order_.end()) next.push_back(seat);
  order_ = std::move(next);
  current_ = 0;
  start_ = order_.front();
  ++round_;
  pass_order_.clear();
}

void TurnOrder::set_order(std::vector<int> order) {
  std::string problem = order_problem(order);
  if (!problem.empty()) throw RuleError(where(*this) + problem);
  const int current_seat = current();
  order_ = std::move(order);
  std::vector<int> passes;
  for (int seat : pass_order_)
    if (contains(seat)) passes.push_back(seat);
  pass_order_ = std::move(passes);
  current_ = contains(current_seat) ? position(current_seat) : 0;
  if (!contains(start_)) start_ = order_.front();
}

int TurnOrder::seat_after(int seat) const {
  return order_[static_cast<std::size_t>((position(seat) + 1) % size())];
}

int TurnOrder::seat_before(int seat) const {
  return order_[static_cast<std::size_t>((position(seat) + size() - 1) % size())];
}

void TurnOrder::write_json(json& out, int viewer) const {
  if (!visible_to(viewer)) {
    out["size"] = order_.size();
    return;
  }
  out["order"] = order_;
  out["current"] = current();
  out["start"] = start_;
  out["round"] = round_;
  out["pass_order"] = pass_order_;
}

void TurnOrder::read_json(const json& in) {
  std::vector<int> order = json_fields::ints_field(in, "order");
  std::string problem = order_problem(order);
  if (!problem.empty()) throw DataError("'order': " + problem);
  auto index_in = [&](int seat) {
    return static_cast<int>(std::find(order.begin(), order.end(), seat) - order.begin());
  };
  const int current_seat = json_fields::int_field(in, "current");
  const int current = index_in(current_seat);
  if (current == static_cast<int>(order.size()))
    throw DataError("'current': seat " + std::to_string(current_seat) + " is not in the order");
  const int start = json_fields::int_field(in, "start");
  if (index_in(start) == static_cast<int>(order.size()))
    throw DataError("'start': seat " + std::to_string(start) + " is not in the order");
  const int round = json_fields::int_field(in, "round");
  if (round < 0) throw DataError("'round' cannot be negative");
  std::vector<int> passes = json_fields::ints_field(in, "pass_order");
  for (std::size_t i = 0; i < passes.size(); ++i) {
    if (index_in(passes[i]) == static_cast<int>(order.size()))
      throw DataError("'pass_order': seat " + std::to_string(passes[i]) + " is not in the order");
    if (std::find(passes.begin(), passes.begin() + static_cast<std::ptrdiff_t>(i), passes[i]) !=
        passes.begin() + static_cast<std::ptrdiff_t>(i))
      throw DataError("'pass_order': seat " + std::to_string(passes[i]) + " appears twice");
  }
  order_ = std::move(order);
  current_ = current;
  start_ = start;
  round_ = round;
  pass_order_ = std::move(passes);
}

std::string TurnOrder::describe(int viewer) const {
  if (!visible_to(viewer)) return std::to_string(order_.size()) + " seats";
  std::string out = "round " + std::to_string(round_) + ": order";
  for (std::size_t i = 0; i < order_.size(); ++i) {
    std::string seat = std::to_string(order_[i]);
    if (static_cast<int>(i) == current_) seat = "[" + seat + "]";
    out += (i == 0 ? " " : ", ") + seat;
  }
  out += "; start " + std::to_string(start_);
  if (!pass_order_.empty()) {
    out += "; passed";
    for (std::size_t i = 0; i < pass_order_.size(); ++i) out += (i == 0 ? " " : ", ") + std::to_string(pass_order_[i]);
  }
  return out;
}

}  // namespace tessera
