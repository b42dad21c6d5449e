#pragma once
// TurnOrder: who plays when. The seats in playing (clockwise) order, the seat whose turn
// it is, the start player of the round, the round number, and which seats have passed
// this round in the order they passed.
//
// Rounds: new_round(start) begins the next round from a seat, keeping the order;
// new_round_from_pass_order() makes the order of passing the next round's order. Within a
// round advance() moves to the next seat that has not passed.
//
// Setup errors throw DataError; play operations throw RuleError (a seat not in the
// order, a second pass) and change nothing when they refuse.
//
// Visibility (default Public); a viewer who may not see it gets only the number of seats.
//
// JSON (full form): {"order":[0,1,2],"current":1,"start":0,"round":1,"pass_order":[2]}
// (current and start are seats).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

class TurnOrder : public ComponentOf<TurnOrder> {
 public:
  static constexpr std::string_view kKind = "turn_order";

  // Seats 0..players-1 in order, seat 0 to start, round 1. DataError if players < 1.
  TurnOrder(std::string name, int players, int owner = kNobody, Visibility visibility = Visibility::Public);
  // The given seats in this order, the first to start, round 1. DataError unless the
  // seats are distinct, non-negative and at least one.
  TurnOrder(std::string name, std::vector<int> order, int owner = kNobody,
            Visibility visibility = Visibility::Public);

  const std::vector<int>& order() const { return order_; }
  int size() const { return static_cast<int>(order_.size()); }
  bool contains(int seat) const;
  int position(int seat) const;  // index in order(); RuleError if absent

  int current() const { return order_[static_cast<std::size_t>(current_)]; }
  int current_index() const { return current_; }
  int start_player() const { return start_; }
  int round() const { return round_; }
  void set_round(int round);       // RuleError if negative
  void set_current(int seat);      // RuleError if not in the order
  void set_start_player(int seat);  // RuleError if not in the order

  // Moves to the next seat after the current one, in order and wrapping round, that has
  // not passed (the current seat itself when it is the only one left). Returns false and
  // stays put when every seat has passed.
  bool advance();

  // Passing: records the seat as passed, after those who passed before. It does not
  // move the turn (call advance()). RuleError for a seat not in the order or one that
  // has already passed.
  void pass(int seat);
  bool has_passed(int seat) const;  // RuleError if not in the order
  const std::vector<int>& pass_order() const { return pass_order_; }
  int passed_count() const { return static_cast<int>(pass_order_.size()); }
  bool all_passed() const { return pass_order_.size() == order_.size(); }

  // The next round: round + 1, no one has passed, `start` starts and has the turn.
  // RuleError if `start` is not in the order.
  void new_round(int start);
  // The next round whose order is the pass order: seats that passed, first passer first,
  // then any who did not pass, in their present order. The first of them starts.
  void new_round_from_pass_order();

  // Replaces the order (seats may be dropped or reordered). Passes, the turn and the
  // start player stay with their seats; if a seat is gone, its pass is forgotten and the
  // turn or start falls to the first seat of the new order. RuleError unless the seats
  // are distinct, non-negative and at least one.
  void set_order(std::vector<int> order);

  // The seat after / before `seat` in order, wrapping round (passes are ignored).
  // RuleError if `seat` is not in the order.
  int seat_after(int seat) const;
  int seat_before(int seat) const;
  // The start player's left neighbour: seat_after(start_player()).
  int next_start_player() const { return seat_after(start_); }

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  std::string describe(int viewer) const override;

 private:
  std::vector<int> order_;
  int current_ = 0;  // index into order_
  int start_ = 0;    // a seat
  int round_ = 1;
  std::vector<int> pass_order_;  // seats, first passer first
};

}  // namespace tessera
