#pragma once
// Track: a line of spaces 0..length-1 with one marker per seat (score, religion, conquest,
// turn-order tracks). Markers on one space form a stack: a later arrival lies on top, so a
// game can break ties by "who arrived first". Spaces may carry triggers (symbols named by
// an effect) that fire when a marker passes or reaches them.
//
// Movement contract:
// - A marker is on a space 0..length-1 or off the track (kOffTrack, a virtual space just
//   before space 0). move() from off the track by d > 0 enters at space d-1.
// - Moving backward never goes below space 0 (an off-track marker stays off); the steps that
//   could not be taken are reported as `underflow`.
// - End::Stop clamps at the last space and reports the lost forward steps as `overflow`.
//   End::Wrap continues from space 0 and counts laps; total() = laps*length + position is
//   the effective value of a 0..length-1 score track that goes round.
// - Triggers fire in the order the marker crosses their spaces, and in list order on one
//   space. A Pass trigger on space s fires each time a forward move enters s (the boundary
//   in front of s); a Reach trigger fires when a move, forward or backward, ends on s.
//   Backward moves never fire Pass triggers. A move of zero actual steps fires nothing.
// - A marker that moves at least one step goes on top of the stack of its new space.
//
// Triggers are data from YAML; the track only reports which fired (their indices) and the
// game resolves their effects. They are part of the JSON so a state is self-contained.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

class Track : public ComponentOf<Track> {
 public:
  static constexpr std::string_view kKind = "track";
  static constexpr int kOffTrack = -1;
  // Largest |delta| one move may take; larger requests are a RuleError (they can only be bugs,
  // and bounding them keeps every move cheap and free of integer overflow).
  static constexpr int kMaxStep = 1'000'000;

  enum class End { Stop, Wrap };
  enum class When { Reach, Pass };

  struct Trigger {
    int space = 0;
    When when = When::Pass;
    std::string effect;  // the name of the effect the game resolves ("gain_gold")
    std::string params;  // free text for the effect ("1", "gold=1"); "" when none
    bool operator==(const Trigger&) const = default;
  };

  struct MoveResult {
    int from = 0;        // space before the move (kOffTrack if it was off)
    int to = 0;          // space after the move
    int laps = 0;        // laps completed by this move (Wrap; negative when moving back across 0)
    int overflow = 0;    // forward steps lost at the last space (Stop)
    int underflow = 0;   // backward steps lost at space 0 (or off the track)
    std::vector<int> triggered;  // indices into triggers(), in firing order
  };

  // All markers start on space 0, stacked in seat order (seat 0 at the bottom).
  // Throws DataError if length < 1, markers < 0 or a trigger's space is not on the track.
  Track(std::string name, int length, int markers, End end = End::Stop, std::vector<Trigger> triggers = {},
        int owner = kNobody, Visibility visibility = Visibility::Public);

  int length() const { return length_; }
  int markers() const { return static_cast<int>(positions_.size()); }
  End end() const { return end_; }
  const std::vector<Trigger>& triggers() const { return triggers_; }
  // Indices of the triggers on `space`, in list order. Throws RuleError for a space off the track.
  std::vector<int> triggers_at(int space) const;

  // Space of `seat`'s marker, or kOffTrack. Every seat argument throws RuleError if out of range.
  int position(int seat) const;
  bool on_track(int seat) const { return position(seat) != kOffTrack; }
  // Completed laps (always 0 with End::Stop or off the track).
  int laps(int seat) const;
  // laps*length + position; kOffTrack (-1) for a marker off the track.
  int total(int seat) const;

  // Moves `seat`'s marker by `delta` spaces (negative = backward). Throws RuleError if
  // |delta| > kMaxStep or the new total would not fit in an int.
  MoveResult move(int seat, int delta);
  // Moves to `space` (0..length-1) within the current lap, firing triggers as move() does.
  // Throws RuleError for a space off the track.
  MoveResult move_to(int seat, int space);
  // Puts the marker on `space` (or kOffTrack) with `laps` laps, on top of that space's stack,
  // firing nothing. Throws RuleError for a bad space, negative laps, laps with End::Stop, or
  // laps for an off-track marker.
  void place(int seat, int space, int laps = 0);
  // All markers to `space` (or kOffTrack) with 0 laps, stacked in seat order.
  void reset(int space = 0);

  // Seats on `space`, bottom to top. Throws RuleError for a space off the track.
  std::vector<int> stack(int space) const;
  // Height of `seat`'s marker in its stack (0 = bottom); -1 when off the track.
  int stack_rank(int seat) const;
  // Seats from furthest ahead (highest total) to last. On one space the marker lower in the
  // stack (earlier arrival) ranks first when `bottom_first`, the top one otherwise.
  // Off-track markers come last, in seat order.
  std::vector<int> ranking(bool bottom_first = true) const;

  // Full form: {"length","end":"stop"|"wrap","positions":[..],"laps":[..],
  // "stack_order":[..] (each seat's stack_rank; when read, heights are relative: markers on
  // a space stack by increasing value, ties by seat),"triggers":[{"space","when":"pass"|"reach",
  // "effect","params"}]}. Not visible: {"length","markers"}.
  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  // An edit of a track's full form from `before` to `after` (FlowGame::complete_edit): a
  // marker whose position the edit changes and whose stack_order it does not give
  // (`order_given(seat)` false) arrives on top of its new space's stack, as a move puts it
  // (several such: in seat order). A form it cannot read is left as it is (read_json refuses it).
  static void complete_edit(const nlohmann::json& before, nlohmann::json& after,
                            const std::function<bool(std::size_t)>& order_given);
  std::string describe(int viewer) const override;

 private:
  void check_seat(int seat) const;
  void check_space(int space) const;
  MoveResult shift(int seat, std::int64_t delta);

  int length_;
  End end_;
  std::vector<int> positions_;          // per seat: space or kOffTrack
  std::vector<int> laps_;               // per seat
  std::vector<std::int64_t> arrivals_;  // per seat: arrival stamp; higher = later = on top
  std::int64_t next_arrival_ = 0;
  std::vector<Trigger> triggers_;
};

std::string_view to_string(Track::End end);
std::string_view to_string(Track::When when);
Track::End track_end_from_string(std::string_view text);    // throws DataError
Track::When track_when_from_string(std::string_view text);  // throws DataError

}  // namespace tessera
