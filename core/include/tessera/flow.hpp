#pragma once
// Flow: the game's progress as a component of the Table — a stack of frames, each an
// instance of a declared step (a phase, a round, a turn, a pending choice). The top frame
// decides who moves and which moves are legal; the flow engine (flow_game.hpp) pushes and
// pops frames as moves are applied. Frames are plain data, so the stack is copied, saved,
// replayed, redacted and edited like any other component.
//
// JSON (full form), bottom of the stack first; steps and parameters by name:
//   {"frames":[{"step":"round","seat":-1,"status":"running","cursor":1,"moves":0,"params":{}},
//              {"step":"choose","seat":0,"status":"running","cursor":0,"moves":0,"params":{"card":3}}]}
// Visibility: public (who must decide, and on what, is public in every shipped game).
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

inline constexpr int kMaxStepParams = 4;

struct Frame {
  // kNew until the engine has run its on_enter; kDone once it is over, kExited once its
  // on_exit has run (frames that on_exit pushed run before it is popped).
  enum Status : std::uint8_t { kNew = 0, kRunning = 1, kDone = 2, kExited = 3 };
  std::uint16_t step = 0;      // index of the step declaration
  std::int8_t seat = kNobody;  // the seat it is for, or kNobody
  std::uint8_t status = kNew;
  std::int16_t cursor = 0;     // queue: seats served; sequence: children started; loop: rounds
  std::int16_t moves = 0;      // moves made in this frame
  std::array<std::int32_t, kMaxStepParams> p{};

  bool operator==(const Frame&) const = default;
};

// The names the JSON form needs: steps and their parameters, in declaration order.
struct FlowLayout {
  struct Step {
    std::string name;
    std::vector<std::string> params;
  };
  std::vector<Step> steps;
  int step_index(std::string_view name) const;  // -1 when unknown
};

class Flow : public ComponentOf<Flow> {
 public:
  static constexpr std::string_view kKind = "flow";
  static constexpr int kCapacity = 32;

  Flow(std::string name, std::shared_ptr<const FlowLayout> layout);

  int depth() const { return depth_; }
  bool empty() const { return depth_ == 0; }
  Frame& top() { return frames_[static_cast<std::size_t>(depth_ - 1)]; }
  const Frame& top() const { return frames_[static_cast<std::size_t>(depth_ - 1)]; }
  // Frame `i` from the bottom (0) to the top (depth() - 1).
  Frame& at(int i) { return frames_[static_cast<std::size_t>(i)]; }
  const Frame& at(int i) const { return frames_[static_cast<std::size_t>(i)]; }
  // RuleError naming the chain of steps when the stack is full (a reaction loop).
  void push(const Frame& frame);
  void pop() { --depth_; }
  void clear() { depth_ = 0; }
  const FlowLayout& layout() const { return *layout_; }

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  std::string describe(int viewer) const override;

 private:
  std::shared_ptr<const FlowLayout> layout_;
  std::array<Frame, kCapacity> frames_{};
  int depth_ = 0;
};

}  // namespace tessera
