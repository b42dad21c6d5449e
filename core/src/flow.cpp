#include "tessera/flow.hpp"

#include <nlohmann/json.hpp>

#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"

namespace tessera {

using nlohmann::json;
using namespace json_fields;

namespace {

constexpr std::array<std::string_view, 4> kStatusNames = {"new", "running", "done", "exited"};

}  // namespace

int FlowLayout::step_index(std::string_view name) const {
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (steps[i].name == name) return static_cast<int>(i);
  return -1;
}

Flow::Flow(std::string name, std::shared_ptr<const FlowLayout> layout)
    : ComponentOf(std::move(name), kNobody, Visibility::Public), layout_(std::move(layout)) {
  if (!layout_) throw DataError("flow '" + this->name() + "' needs its step layout");
}

void Flow::push(const Frame& frame) {
  if (depth_ == kCapacity) {
    std::string chain;
    for (int i = 0; i < depth_; ++i) chain += (i ? " > " : "") + layout_->steps.at(at(i).step).name;
    throw RuleError("the flow is " + std::to_string(kCapacity) + " steps deep (" + chain +
                    "): a step keeps pushing steps");
  }
  frames_[static_cast<std::size_t>(depth_++)] = frame;
}

void Flow::write_json(json& out, int /*viewer*/) const {
  json frames = json::array();
  for (int i = 0; i < depth_; ++i) {
    const Frame& f = at(i);
    const FlowLayout::Step& step = layout_->steps.at(f.step);
    json params = json::object();
    for (std::size_t k = 0; k < step.params.size(); ++k) params[step.params[k]] = f.p[k];
    frames.push_back(json{{"step", step.name},
                          {"seat", f.seat},
                          {"status", kStatusNames.at(f.status)},
                          {"cursor", f.cursor},
                          {"moves", f.moves},
                          {"params", std::move(params)}});
  }
  out["frames"] = std::move(frames);
}

void Flow::read_json(const json& in) {
  const json& frames = field(in, "frames");
  if (!frames.is_array()) throw DataError("flow 'frames' must be an array");
  if (frames.size() > static_cast<std::size_t>(kCapacity))
    throw DataError("flow 'frames' holds at most " + std::to_string(kCapacity) + " frames");
  std::array<Frame, kCapacity> read{};
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const json& f = frames[i];
    const std::string where = "flow frame " + std::to_string(i);
    if (!f.is_object()) throw DataError(where + " must be an object");
    const std::string step_name = string_field(f, "step");
    const int step = layout_->step_index(step_name);
    if (step < 0) throw DataError(where + ": no step named '" + step_name + "'");
    Frame& frame = read[i];
    frame.step = static_cast<std::uint16_t>(step);
    const int seat = int_field(f, "seat");
    if (seat < kNobody || seat > 127) throw DataError(where + ": seat must be -1 or a seat");
    frame.seat = static_cast<std::int8_t>(seat);
    const std::string status = string_field(f, "status");
    std::size_t s = 0;
    while (s < kStatusNames.size() && kStatusNames[s] != status) ++s;
    if (s == kStatusNames.size()) throw DataError(where + ": status must be new, running or done");
    frame.status = static_cast<std::uint8_t>(s);
    const int cursor = int_field(f, "cursor"), moves = int_field(f, "moves");
    if (cursor < 0 || cursor > 30000 || moves < 0 || moves > 30000)
      throw DataError(where + ": cursor and moves must be 0..30000");
    frame.cursor = static_cast<std::int16_t>(cursor);
    frame.moves = static_cast<std::int16_t>(moves);
    const json& params = field(f, "params");
    if (!params.is_object()) throw DataError(where + ": params must be an object");
    const auto& names = layout_->steps[static_cast<std::size_t>(step)].params;
    for (const auto& [key, value] : params.items()) {
      std::size_t k = 0;
      while (k < names.size() && names[k] != key) ++k;
      if (k == names.size()) throw DataError(where + ": step '" + step_name + "' has no parameter '" + key + "'");
      frame.p[k] = as_int(value, where + " parameter '" + key + "'");
    }
  }
  frames_ = read;
  depth_ = static_cast<int>(frames.size());
}

std::string Flow::describe(int /*viewer*/) const {
  std::string out;
  for (int i = 0; i < depth_; ++i) {
    const Frame& f = at(i);
    out += (i ? " > " : "") + layout_->steps.at(f.step).name;
    if (f.seat != kNobody) out += "(seat " + std::to_string(f.seat) + ")";
  }
  return out.empty() ? "(empty)" : out;
}

}  // namespace tessera
