#include "scenario_position.hpp"

#include <deque>

#include "tessera/flow_game.hpp"
#include "tessera/flow_rules.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

std::vector<int> children(const StepDecl& s) {
  switch (s.kind) {
    case StepDecl::Kind::Sequence: return s.steps;
    case StepDecl::Kind::Loop:
    case StepDecl::Kind::Queue: return {s.each};
    default: return {};
  }
}

// The shortest chain of steps from the start step to `target`, both included; empty when
// the start step never pushes it.
std::vector<int> path_to(const FlowRules& rules, int target) {
  std::vector<int> parent(rules.step_count(), -2);
  std::deque<int> queue{rules.root()};
  parent[static_cast<std::size_t>(rules.root())] = -1;
  while (!queue.empty()) {
    const int at = queue.front();
    queue.pop_front();
    if (at == target) break;
    for (int child : children(rules.step(at)))
      if (parent[static_cast<std::size_t>(child)] == -2) {
        parent[static_cast<std::size_t>(child)] = at;
        queue.push_back(child);
      }
  }
  if (parent[static_cast<std::size_t>(target)] == -2) return {};
  std::vector<int> path;
  for (int at = target; at != -1; at = parent[static_cast<std::size_t>(at)]) path.insert(path.begin(), at);
  return path;
}

// The queue cursor after it pushed `seat`: how many seats of its order it has asked.
int queue_cursor(const StepDecl& s, const json& order, int frame_seat, int seat) {
  const std::vector<int> seats = order["order"].get<std::vector<int>>();
  const auto position = [&](int of) {
    for (std::size_t i = 0; i < seats.size(); ++i)
      if (seats[i] == of) return static_cast<int>(i);
    return -1;
  };
  const int n = static_cast<int>(seats.size());
  int start = 0;
  switch (s.from) {
    case StepDecl::From::StartPlayer: start = position(order["start"].get<int>()); break;
    case StepDecl::From::Seat: start = position(frame_seat); break;
    case StepDecl::From::AfterSeat: start = position(frame_seat) + 1; break;
  }
  return ((position(seat) - start) % n + n) % n + 1;
}

}  // namespace

void enter_step(const Game& game, json& state, const ScenarioSource& source, const char* key) {
  const std::string at = std::string("/") + key;
  const auto* flow_game = dynamic_cast<const FlowGame*>(&game);
  if (!flow_game) throw source.error(at, "this game has no flow of named steps");
  const FlowRules& rules = flow_game->flow_rules();
  const json& where = source.document()[key];
  if (!where.is_object()) throw source.error(at, "a map such as {seat: blue, step: main}");
  for (const auto& [field, value] : where.items())
    if (field != "step" && field != "seat" && field != "params")
      throw source.error(at + "/" + field, "unknown field '" + field + "' (step, seat, params)");
  if (!where.contains("step") || !where["step"].is_string()) throw source.error(at, "missing 'step' (a step's name)");
  const std::string step_name = where["step"].get<std::string>();
  const int target = rules.step_index(step_name);
  if (target < 0) {
    std::string names;
    for (std::size_t i = 0; i < rules.step_count(); ++i) names += (i ? ", " : "") + rules.step(static_cast<int>(i)).name;
    throw source.error(at + "/step", "no step '" + step_name + "' (steps: " + names + ")");
  }
  const std::vector<int> path = path_to(rules, target);
  if (path.empty()) throw source.error(at + "/step", "the start step never reaches '" + step_name + "'");
  const StepDecl& decl = rules.step(target);
  int seat = kNobody;
  if (where.contains("seat")) {
    seat = seat_named(game, where["seat"]);
    if (seat < 0) throw source.error(at + "/seat", "'" + where["seat"].dump() + "' is not a seat of this game");
  } else if (std::string(key) == "turn") {
    throw source.error(at, "'turn' names the seat whose turn it is: {seat: ..., step: ...}");
  }
  if (decl.kind == StepDecl::Kind::Seat && seat == kNobody)
    throw source.error(at, "'" + step_name + "' is a seat's step: say whose ({seat: ..., step: " + step_name + "})");

  json& frames = state["global"]["flow"]["frames"];
  // Frames already on the way stay (with their counters), up to the first that differs.
  std::size_t kept = 0;
  while (kept < frames.size() && kept + 1 < path.size() && frames[kept]["step"] == rules.step(path[kept]).name &&
         (seat == kNobody || frames[kept]["seat"] == kNobody || frames[kept]["seat"] == seat))
    ++kept;
  if (kept == 0) kept = 1;  // the start step's frame always stays
  frames.erase(frames.begin() + static_cast<std::ptrdiff_t>(kept), frames.end());
  // The seat is the frames' below the last queue on the way (which pushed it), or below the
  // start step when no queue is (a loop that hands its seat down, as Santa Maria's year).
  std::size_t seated_from = 1;
  for (std::size_t depth = 0; depth + 1 < path.size(); ++depth)
    if (rules.step(path[depth]).kind == StepDecl::Kind::Queue) seated_from = depth + 1;
  for (std::size_t depth = kept; depth < path.size(); ++depth) {
    json& parent = frames[depth - 1];
    const StepDecl& p = rules.step(path[depth - 1]);
    json child = parent;
    child["step"] = rules.step(path[depth]).name;
    child["status"] = "running";
    child["cursor"] = 0;
    child["moves"] = 0;
    json params = json::object();  // a pushed frame keeps its parent's parameters by position
    const StepDecl& c = rules.step(path[depth]);
    std::vector<int> values;
    for (const std::string& name : p.params) values.push_back(parent["params"].value(name, 0));
    for (std::size_t i = 0; i < c.params.size(); ++i) params[c.params[i]] = i < values.size() ? values[i] : 0;
    child["params"] = params;
    if (p.kind == StepDecl::Kind::Sequence) {
      for (std::size_t i = 0; i < p.steps.size(); ++i)
        if (p.steps[i] == path[depth]) parent["cursor"] = static_cast<int>(i) + 1;
    } else if (p.kind == StepDecl::Kind::Loop) {
      parent["cursor"] = std::max(parent["cursor"].get<int>(), 1);
    } else if (p.kind == StepDecl::Kind::Queue && seat != kNobody) {
      const json& order = state["global"][p.over];
      parent["cursor"] = queue_cursor(p, order, parent["seat"].get<int>(), seat);
      if (p.set_current) state["global"][p.over]["current"] = seat;
    }
    if (seat != kNobody && depth >= seated_from) child["seat"] = seat;
    frames.push_back(child);
  }
  json& top = frames.back();
  if (seat != kNobody) top["seat"] = seat;
  top["status"] = "new";
  if (where.contains("params")) {
    if (!where["params"].is_object()) throw source.error(at + "/params", "a map from a parameter's name to a number");
    for (const auto& [name, value] : where["params"].items()) {
      if (!top["params"].contains(name))
        throw source.error(at + "/params/" + name, "'" + step_name + "' has no parameter '" + name + "'");
      if (!value.is_number_integer()) throw source.error(at + "/params/" + name, "a whole number");
      top["params"][name] = value;
    }
  }
}

}  // namespace tessera::host
