#include "tessera/track.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>

#include "board_json.hpp"
#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"

namespace tessera {

using nlohmann::json;

std::string_view to_string(Track::End end) { return end == Track::End::Wrap ? "wrap" : "stop"; }
std::string_view to_string(Track::When when) { return when == Track::When::Reach ? "reach" : "pass"; }

Track::End track_end_from_string(std::string_view text) {
  if (text == "stop") return Track::End::Stop;
  if (text == "wrap") return Track::End::Wrap;
  throw DataError("track end '" + std::string(text) + "': expected stop or wrap");
}

Track::When track_when_from_string(std::string_view text) {
  if (text == "pass") return Track::When::Pass;
  if (text == "reach") return Track::When::Reach;
  throw DataError("trigger when '" + std::string(text) + "': expected pass or reach");
}

namespace {
void check_triggers(const std::vector<Track::Trigger>& triggers, int length) {
  for (std::size_t i = 0; i < triggers.size(); ++i) {
    const Track::Trigger& t = triggers[i];
    std::string where = board_json::item("triggers", i);
    if (t.space < 0 || t.space >= length)
      throw DataError("'" + where + ".space' " + std::to_string(t.space) + " is not on the track (0.." +
                      std::to_string(length - 1) + ")");
    if (t.effect.empty()) throw DataError("'" + where + ".effect' must not be empty");
  }
}
}  // namespace

Track::Track(std::string name, int length, int markers, End end, std::vector<Trigger> triggers, int owner,
             Visibility visibility)
    : ComponentOf(std::move(name), owner, visibility), length_(length), end_(end), triggers_(std::move(triggers)) {
  if (length < 1) throw DataError("track '" + this->name() + "': length must be at least 1");
  if (markers < 0) throw DataError("track '" + this->name() + "': markers must not be negative");
  check_triggers(triggers_, length_);
  positions_.assign(markers, 0);
  laps_.assign(markers, 0);
  arrivals_.assign(markers, 0);
  reset(0);
}

void Track::check_seat(int seat) const {
  if (seat < 0 || seat >= markers())
    throw RuleError("track '" + name() + "' has no marker for seat " + std::to_string(seat));
}

void Track::check_space(int space) const {
  if (space < 0 || space >= length_)
    throw RuleError("space " + std::to_string(space) + " is not on track '" + name() + "' (0.." +
                    std::to_string(length_ - 1) + ")");
}

std::vector<int> Track::triggers_at(int space) const {
  check_space(space);
  std::vector<int> out;
  for (std::size_t i = 0; i < triggers_.size(); ++i)
    if (triggers_[i].space == space) out.push_back(static_cast<int>(i));
  return out;
}

int Track::position(int seat) const {
  check_seat(seat);
  return positions_[seat];
}

int Track::laps(int seat) const {
  check_seat(seat);
  return laps_[seat];
}

int Track::total(int seat) const {
  check_seat(seat);
  return positions_[seat] == kOffTrack ? kOffTrack : laps_[seat] * length_ + positions_[seat];
}

Track::MoveResult Track::move(int seat, int delta) {
  check_seat(seat);
  if (delta > kMaxStep || delta < -kMaxStep)
    throw RuleError("track '" + name() + "': a move of " + std::to_string(delta) + " spaces is too large");
  return shift(seat, delta);
}

Track::MoveResult Track::move_to(int seat, int space) {
  check_seat(seat);
  check_space(space);
  // Off the track counts as the virtual space -1, so entering space s takes s+1 steps.
  return shift(seat, positions_[seat] == kOffTrack ? space + 1 : space - positions_[seat]);
}

Track::MoveResult Track::shift(int seat, std::int64_t delta) {
  MoveResult result;
  const int from = positions_[seat];
  result.from = result.to = from;
  const std::int64_t current = from == kOffTrack ? -1 : std::int64_t{laps_[seat]} * length_ + from;
  std::int64_t target = current + delta;
  if (delta < 0) {
    if (from == kOffTrack) {  // backward never leaves the virtual space before 0
      result.underflow = static_cast<int>(-delta);
      return result;
    }
    if (target < 0) {
      result.underflow = static_cast<int>(-target);
      target = 0;
    }
  }
  if (end_ == End::Stop && target > length_ - 1) {
    result.overflow = static_cast<int>(target - (length_ - 1));
    target = length_ - 1;
  }
  if (target > INT_MAX)
    throw RuleError("track '" + name() + "': seat " + std::to_string(seat) + "'s total would overflow");
  if (target == current) return result;

  const int to = static_cast<int>(target % length_);
  if (!triggers_.empty()) {
    if (target > current) {
      for (std::int64_t t = current + 1; t <= target; ++t) {
        const int space = static_cast<int>(t % length_);
        for (std::size_t i = 0; i < triggers_.size(); ++i)
          if (triggers_[i].space == space && (triggers_[i].when == When::Pass || t == target))
            result.triggered.push_back(static_cast<int>(i));
      }
    } else {
      for (std::size_t i = 0; i < triggers_.size(); ++i)
        if (triggers_[i].space == to && triggers_[i].when == When::Reach)
          result.triggered.push_back(static_cast<int>(i));
    }
  }
  const int new_laps = static_cast<int>(target / length_);
  result.laps = new_laps - (from == kOffTrack ? 0 : laps_[seat]);
  result.to = to;
  positions_[seat] = to;
  laps_[seat] = new_laps;
  arrivals_[seat] = next_arrival_++;
  return result;
}

void Track::place(int seat, int space, int laps) {
  check_seat(seat);
  if (space != kOffTrack) check_space(space);
  if (laps < 0) throw RuleError("track '" + name() + "': laps must not be negative");
  if (laps > 0 && end_ == End::Stop) throw RuleError("track '" + name() + "' does not wrap, so it has no laps");
  if (laps > 0 && space == kOffTrack) throw RuleError("track '" + name() + "': a marker off the track has no laps");
  if (std::int64_t{laps} * length_ + space > INT_MAX)
    throw RuleError("track '" + name() + "': seat " + std::to_string(seat) + "'s total would overflow");
  positions_[seat] = space;
  laps_[seat] = laps;
  arrivals_[seat] = next_arrival_++;
}

void Track::reset(int space) {
  if (space != kOffTrack) check_space(space);
  for (int seat = 0; seat < markers(); ++seat) {
    positions_[seat] = space;
    laps_[seat] = 0;
    arrivals_[seat] = seat;
  }
  next_arrival_ = markers();
}

std::vector<int> Track::stack(int space) const {
  check_space(space);
  std::vector<int> out;
  for (int seat = 0; seat < markers(); ++seat)
    if (positions_[seat] == space) out.push_back(seat);
  std::sort(out.begin(), out.end(), [&](int a, int b) { return arrivals_[a] < arrivals_[b]; });
  return out;
}

int Track::stack_rank(int seat) const {
  check_seat(seat);
  if (positions_[seat] == kOffTrack) return -1;
  int rank = 0;
  for (int other = 0; other < markers(); ++other)
    if (positions_[other] == positions_[seat] && arrivals_[other] < arrivals_[seat]) ++rank;
  return rank;
}

std::vector<int> Track::ranking(bool bottom_first) const {
  std::vector<int> out(markers());
  for (int seat = 0; seat < markers(); ++seat) out[seat] = seat;
  auto key_total = [&](int seat) {
    return positions_[seat] == kOffTrack ? std::int64_t{-1} : std::int64_t{laps_[seat]} * length_ + positions_[seat];
  };
  std::stable_sort(out.begin(), out.end(), [&](int a, int b) {
    std::int64_t ta = key_total(a), tb = key_total(b);
    if (ta != tb) return ta > tb;
    if (ta == -1) return false;  // both off the track: keep seat order
    return bottom_first ? arrivals_[a] < arrivals_[b] : arrivals_[a] > arrivals_[b];
  });
  return out;
}

void Track::write_json(json& out, int viewer) const {
  out["length"] = length_;
  if (!visible_to(viewer)) {
    out["markers"] = markers();
    return;
  }
  out["end"] = to_string(end_);
  out["positions"] = positions_;
  out["laps"] = laps_;
  std::vector<int> order(markers());
  for (int seat = 0; seat < markers(); ++seat) order[seat] = stack_rank(seat);
  out["stack_order"] = order;
  json& triggers = out["triggers"] = json::array();
  for (const Trigger& t : triggers_)
    triggers.push_back({{"space", t.space}, {"when", to_string(t.when)}, {"effect", t.effect}, {"params", t.params}});
}

void Track::read_json(const json& in) {
  const int length = json_fields::int_field(in, "length");
  if (length < 1) throw DataError("'length' must be at least 1");
  const End end = track_end_from_string(json_fields::string_field(in, "end"));
  std::vector<int> positions = json_fields::ints_field(in, "positions");
  std::vector<int> laps = json_fields::ints_field(in, "laps");
  std::vector<int> order = json_fields::ints_field(in, "stack_order");
  const std::size_t n = positions.size();
  if (laps.size() != n) throw DataError("'laps' must have one entry per marker (" + std::to_string(n) + ")");
  if (order.size() != n) throw DataError("'stack_order' must have one entry per marker (" + std::to_string(n) + ")");
  for (std::size_t seat = 0; seat < n; ++seat) {
    std::string at = "[" + std::to_string(seat) + "]";
    if (positions[seat] < kOffTrack || positions[seat] >= length)
      throw DataError("'positions" + at + "' " + std::to_string(positions[seat]) + " is not on the track (-1.." +
                      std::to_string(length - 1) + ")");
    if (laps[seat] < 0) throw DataError("'laps" + at + "' must not be negative");
    if (laps[seat] > 0 && (end == End::Stop || positions[seat] == kOffTrack))
      throw DataError("'laps" + at + "' must be 0 for a track that stops or a marker off the track");
    if (std::int64_t{laps[seat]} * length + positions[seat] > INT_MAX)
      throw DataError("'laps" + at + "' is too large");
  }
  // Heights are relative: markers on one space stack by increasing stack_order, ties by
  // seat. An edit that moves a marker by its position alone puts it on top (complete_edit).
  const json& list = board_json::array_member(in, "", "triggers");
  std::vector<Trigger> triggers;
  triggers.reserve(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string where = board_json::item("triggers", i);
    Trigger t;
    t.space = board_json::int_member(list[i], where, "space");
    try {
      t.when = track_when_from_string(board_json::string_member(list[i], where, "when"));
    } catch (const DataError& e) {
      throw DataError("'" + where + ".when': " + e.what());
    }
    t.effect = board_json::string_member(list[i], where, "effect");
    t.params = board_json::string_member(list[i], where, "params");
    triggers.push_back(std::move(t));
  }
  check_triggers(triggers, length);

  length_ = length;
  end_ = end;
  positions_ = std::move(positions);
  laps_ = std::move(laps);
  std::vector<std::size_t> by_height(n);
  for (std::size_t seat = 0; seat < n; ++seat) by_height[seat] = seat;
  std::stable_sort(by_height.begin(), by_height.end(),
                   [&](std::size_t a, std::size_t b) { return order[a] < order[b]; });
  arrivals_.assign(n, -1);
  for (std::size_t i = 0; i < n; ++i)
    if (positions_[by_height[i]] != kOffTrack) arrivals_[by_height[i]] = static_cast<std::int64_t>(i);
  next_arrival_ = static_cast<std::int64_t>(n);
  triggers_ = std::move(triggers);
}

void Track::complete_edit(const json& before, json& after, const std::function<bool(std::size_t)>& order_given) {
  auto ints = [](const json& body, const char* key) -> const json* {
    if (!body.is_object() || !body.contains(key) || !body[key].is_array()) return nullptr;
    for (const json& v : body[key])
      if (!v.is_number_integer()) return nullptr;
    return &body[key];
  };
  const json *was_at = ints(before, "positions"), *at = ints(after, "positions"), *order = ints(after, "stack_order");
  if (!was_at || !at || !order) return;
  const std::size_t n = at->size();
  if (was_at->size() != n || order->size() != n) return;
  std::int64_t top = 0;
  for (const json& v : *order) top = std::max(top, v.get<std::int64_t>());
  json& heights = after["stack_order"];
  for (std::size_t seat = 0; seat < n; ++seat)
    if ((*at)[seat] != (*was_at)[seat] && !order_given(seat) && top < INT_MAX)
      heights[seat] = ++top;
}

std::string Track::describe(int viewer) const {
  std::string out = "0.." + std::to_string(length_ - 1) + " " + std::string(to_string(end_));
  if (!visible_to(viewer)) return out + " (hidden)";
  for (int space = 0; space < length_; ++space) {
    std::vector<int> seats = stack(space);
    if (seats.empty()) continue;
    out += "; " + std::to_string(space) + ":";
    for (int seat : seats) {
      out += " " + std::to_string(seat);
      if (laps_[seat] > 0) out += "(lap " + std::to_string(laps_[seat]) + ")";
    }
  }
  std::string off;
  for (int seat = 0; seat < markers(); ++seat)
    if (positions_[seat] == kOffTrack) off += " " + std::to_string(seat);
  if (!off.empty()) out += "; off:" + off;
  return out;
}

}  // namespace tessera
