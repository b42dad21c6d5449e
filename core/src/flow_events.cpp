// Game-declared events (flow.yaml `events:`): reading them, checking the scripts'
// subscriptions against them, and announcing one to its subscribers.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "flow_declarations.hpp"
#include "tessera/error.hpp"
#include "tessera/flow_rules.hpp"

namespace tessera {

using nlohmann::json;

void FlowRules::read_event(const std::string& name, const YamlNode& node) {
  EventDecl decl;
  decl.name = name;
  decl.defined_at = node.mark();
  if (name.empty() || name.find(' ') != std::string::npos) throw node.error("an event's name is one word");
  if (!node.is_null()) {
    node.allow_only({"params", "doc"});
    if (const auto params = node.find("params"); params && !params->is_null())
      for (const YamlNode& entry : params->as_list()) {
        decl.params.push_back(read_param(entry));
        if (decl.params.back().type == ParamDecl::Type::Choice)
          throw entry.error("event '" + name + "': a parameter of an event cannot be a choice");
        if (decl.params.back().fallback) throw entry.error("event '" + name + "': a parameter of an event has no default");
      }
    decl.doc = node.optional("doc", "");
  }
  if (decl.params.size() > static_cast<std::size_t>(kMaxMoveParams))
    throw node.error("event '" + name + "' has more than " + std::to_string(kMaxMoveParams) + " parameters");
  events_.push_back(std::move(decl));
}

int FlowRules::event_index(std::string_view name) const {
  for (std::size_t i = 0; i < events_.size(); ++i)
    if (events_[i].name == name) return static_cast<int>(i);
  return -1;
}

int FlowRules::step_event(const StepDecl& s, const std::string& name, std::array<int, kMaxMoveParams>& args) const {
  if (name.empty()) return -1;
  const int e = event_index(name);
  if (e < 0) throw DataError(s.defined_at + ": step '" + s.name + "' announces event '" + name + "', which is not declared");
  const EventDecl& decl = events_[static_cast<std::size_t>(e)];
  for (std::size_t k = 0; k < decl.params.size(); ++k) {
    const std::string& param = decl.params[k].name;
    const auto own = std::find(s.params.begin(), s.params.end(), param);
    if (own != s.params.end()) {
      args[k] = static_cast<int>(own - s.params.begin());
    } else if (param == "seat") {
      args[k] = -1;
    } else {
      throw DataError(s.defined_at + ": step '" + s.name + "' announces event '" + name + "', whose parameter '" + param +
                      "' is neither 'seat' nor a parameter of the step");
    }
  }
  return e;
}

void FlowRules::resolve_subscriptions() {
  subscribers_.assign(events_.size(), {});
  if (!scripts_) return;
  const auto& subscriptions = scripts_->script_subscriptions();
  for (std::size_t i = 0; i < subscriptions.size(); ++i) {
    const int e = event_index(subscriptions[i].event);
    if (e < 0) {
      std::string known;
      for (const EventDecl& d : events_) known += (known.empty() ? "" : ", ") + d.name;
      throw DataError(subscriptions[i].defined_at + ": on: this game never announces event '" + subscriptions[i].event +
                      "' (it announces: " + (known.empty() ? "none" : known) + ")");
    }
    subscribers_[static_cast<std::size_t>(e)].push_back(static_cast<int>(i));
  }
}

void FlowRules::announce_step(FlowContext& ctx, int event, const std::array<int, kMaxMoveParams>& from) const {
  const Frame& f = ctx.frame();
  std::array<int, kMaxMoveParams> args{};
  for (std::size_t k = 0; k < events_[static_cast<std::size_t>(event)].params.size(); ++k)
    args[k] = from[k] < 0 ? f.seat : f.p[static_cast<std::size_t>(from[k])];
  announce(ctx, event, args);
}

void FlowRules::announce(FlowContext& ctx, int event, const std::array<int, kMaxMoveParams>& args) const {
  const EventDecl& decl = events_[static_cast<std::size_t>(event)];
  json what{{"name", decl.name}};
  for (std::size_t k = 0; k < decl.params.size(); ++k) {
    const ParamDecl& p = decl.params[k];
    if (p.type == ParamDecl::Type::Enum || p.type == ParamDecl::Type::Id)
      what[p.name] = param_text(p, args[k], nullptr);
    else
      what[p.name] = args[k];
  }
  const CallContext call{ctx.seat(), ctx.events(), &ctx, this};
  for (int subscription : subscribers_[static_cast<std::size_t>(event)])
    scripts_->run_subscription(static_cast<std::size_t>(subscription), ctx.table(), call, what);
}

}  // namespace tessera
