// FlowRules: reading the declarations, resolving them against natives and scripts, and the
// calls the flow engine makes through them.
#include "tessera/flow_rules.hpp"

#include <algorithm>
#include <iterator>
#include <nlohmann/json.hpp>

#include "tessera/error.hpp"
#include "tessera/game.hpp"
#include "tessera/identifier.hpp"
#include "tessera/script_runtime.hpp"
#include "tessera/yaml_reader.hpp"
#include "flow_declarations.hpp"

namespace tessera {

using nlohmann::json;

namespace {

constexpr std::array<std::pair<std::string_view, StepDecl::Kind>, 5> kKinds = {{{"seat", StepDecl::Kind::Seat},
                                                                                 {"auto", StepDecl::Kind::Auto},
                                                                                 {"sequence", StepDecl::Kind::Sequence},
                                                                                 {"loop", StepDecl::Kind::Loop},
                                                                                 {"queue", StepDecl::Kind::Queue}}};

std::string_view kind_name(StepDecl::Kind kind) {
  for (const auto& [name, k] : kKinds)
    if (k == kind) return name;
  return "?";
}

}  // namespace

ParamDecl read_param(const YamlNode& entry) {
  if (!entry.is_map() || entry.size() != 1)
    throw entry.error("a parameter is one 'name: type' entry (type: seat, choice, {int: [lo, hi]}, "
                      "{enum: [names]}, {index: domain} or {id: domain})");
  const auto [name, type] = entry.as_map().front();
  ParamDecl p;
  p.name = name;
  if (type.is_scalar()) {
    if (type.scalar() == "seat") p.type = ParamDecl::Type::Seat;
    else if (type.scalar() == "choice") p.type = ParamDecl::Type::Choice;
    else throw type.error("unknown parameter type '" + type.scalar() + "' (seat, choice, int, enum, index, id)");
    return p;
  }
  type.allow_only({"int", "enum", "index", "id", "choice", "default"});
  const auto fallback = type.find("default");
  if (type.size() != (fallback ? 2u : 1u))
    throw type.error("a parameter type has one key: int, enum, index, id or choice (an int may add a default)");
  const auto [key, value] = type.as_map().front().first == "default" ? type.as_map().back() : type.as_map().front();
  if (key == "choice") {
    p.type = ParamDecl::Type::Choice;
    p.hi = value.as_int();
    if (p.hi < 1) throw value.error("choice needs the largest number of options, at least 1");
  } else if (key == "int") {
    const auto range = value.as<std::vector<int>>();
    if (range.size() != 2 || range[0] > range[1]) throw value.error("int needs [lo, hi] with lo <= hi");
    p.type = ParamDecl::Type::Int;
    p.lo = range[0];
    p.hi = range[1];
    if (fallback) {
      p.fallback = fallback->as_int();
      if (*p.fallback < p.lo || *p.fallback > p.hi) throw fallback->error("the default must lie in [lo, hi]");
    }
  } else if (key == "enum") {
    p.type = ParamDecl::Type::Enum;
    p.names = value.as<std::vector<std::string>>();
    if (p.names.empty()) throw value.error("enum needs at least one name");
  } else {
    p.type = key == "index" ? ParamDecl::Type::Index : ParamDecl::Type::Id;
    p.domain = value.as_string();
  }
  if (fallback && p.type != ParamDecl::Type::Int) throw fallback->error("only an int parameter may have a default");
  return p;
}

std::string param_description(const ParamDecl& p) {
  std::string out = "<" + p.name + ": ";
  switch (p.type) {
    case ParamDecl::Type::Int:
      out += std::to_string(p.lo) + ".." + std::to_string(p.hi);
      if (p.fallback) out += ", default " + std::to_string(*p.fallback);
      break;
    case ParamDecl::Type::Enum: {
      std::string names;
      for (const auto& n : p.names) names += (names.empty() ? "" : "|") + n;
      out += names;
      break;
    }
    case ParamDecl::Type::Seat: out += "seat"; break;
    case ParamDecl::Type::Index: out += "0.." + std::to_string(p.size - 1) + " (" + p.domain + ")"; break;
    case ParamDecl::Type::Id: out += "an id of " + p.domain; break;
    case ParamDecl::Type::Choice:
      out += "an option id" + (p.hi > 0 ? " (at most " + std::to_string(p.hi) + " options)" : std::string());
      break;
  }
  return out + ">";
}

namespace {

// A declaration a script made, as a YamlNode, so that one reader serves YAML and Lua.
YamlNode node_of(const json& decl, const std::string& defined_at) {
  return parse_yaml(decl.dump(), defined_at).root;
}

// Keeps the first of each move, in order: a house rule that adds a move the game already
// offers leaves one of it. Sorted, not pairwise: a script's list may hold 100,000 values.
void drop_repeats(std::vector<Move>& list) {
  if (list.size() < 2) return;
  std::vector<std::uint32_t> order(list.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto less = [&](std::uint32_t a, std::uint32_t b) { return list[a].p < list[b].p || (list[a].p == list[b].p && a < b); };
  std::sort(order.begin(), order.end(), less);
  std::vector<bool> repeat(list.size(), false);
  for (std::size_t i = 1; i < order.size(); ++i) repeat[order[i]] = list[order[i]] == list[order[i - 1]];
  std::size_t kept = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (!repeat[i]) list[kept++] = list[i];
  list.resize(kept);
}

std::vector<std::string> names_of(const YamlNode& node, std::string_view key) {
  const auto value = node.find(key);
  if (!value || value->is_null()) return {};
  return value->as<std::vector<std::string>>();
}

// flags: {param: [bit0, bit1, ...]}: names of a parameter's bits, read by scripts as booleans.
void read_step_flags(StepDecl& s, const YamlNode& node) {
  s.flags.assign(s.params.size(), {});
  const auto flags = node.find("flags");
  if (!flags || flags->is_null()) return;
  if (!flags->is_map()) throw flags->error("flags is a map from a parameter's name to the names of its bits, bit 0 first");
  std::vector<std::string> taken = s.params;
  for (const char* field : {"name", "seat", "cursor", "moves"}) taken.emplace_back(field);
  for (const auto& [param, bits] : flags->as_map()) {
    const auto it = std::find(s.params.begin(), s.params.end(), param);
    if (it == s.params.end()) throw bits.error("step '" + s.name + "' has no parameter '" + param + "'");
    const auto names = bits.as<std::vector<std::string>>();
    if (names.size() > 30) throw bits.error("a parameter holds at most 30 named flags");
    for (std::size_t b = 0; b < names.size(); ++b) {
      if (!is_identifier(names[b])) throw bits.at(b).error("a flag is named by a lower-case identifier");
      if (std::find(taken.begin(), taken.end(), names[b]) != taken.end())
        throw bits.at(b).error("step '" + s.name + "' already has a field named '" + names[b] + "'");
      taken.push_back(names[b]);
    }
    s.flags[static_cast<std::size_t>(it - s.params.begin())] = names;
  }
}

}  // namespace

void FlowRules::expect_flags(std::string_view step, std::string_view param,
                             std::initializer_list<std::pair<std::string_view, int>> flags) const {
  const int index = step_index(step);
  const std::vector<std::string>* names = nullptr;
  if (index >= 0) {
    const StepDecl& s = steps_[static_cast<std::size_t>(index)];
    const auto at = std::find(s.params.begin(), s.params.end(), param);
    if (at != s.params.end()) names = &s.flags[static_cast<std::size_t>(at - s.params.begin())];
  }
  for (const auto& [flag, mask] : flags) {
    const auto it = names ? std::find(names->begin(), names->end(), flag) : std::vector<std::string>::const_iterator{};
    if (!names || it == names->end())
      throw DataError("flow.yaml: step '" + std::string(step) + "' declares no flag '" + std::string(flag) +
                      "' of its parameter '" + std::string(param) + "' (flags: {" + std::string(param) + ": [...]})");
    if (const int named = 1 << (it - names->begin()); named != mask)
      throw DataError("flow.yaml: step '" + std::string(step) + "' names bit " + std::to_string(named) + " '" +
                      std::string(flag) + "'; the game sets that flag as bit " + std::to_string(mask));
  }
}

Frame& FlowContext::enclosing(int step) {
  for (int i = frame_ - 1; i >= 0; --i)
    if (flow_.at(i).step == step) return flow_.at(i);
  // A step index the game looked up by a name its flow lacks is -1: named as such.
  const std::string name = step >= 0 && static_cast<std::size_t>(step) < rules_.step_count()
                               ? "'" + rules_.step(step).name + "'"
                               : "#" + std::to_string(step) + " (not in flow.yaml)";
  throw RuleError("no frame of step " + name + " encloses step '" + rules_.step(frame().step).name + "'");
}

const FlowGame* CallContext::game() const {
  if (flow) return flow->owner();
  return view ? view->owner : nullptr;
}

void FlowContext::push(int step, int seat, std::initializer_list<int> params) {
  Frame frame;
  frame.step = static_cast<std::uint16_t>(step);
  frame.seat = static_cast<std::int8_t>(seat);
  std::size_t k = 0;
  for (int v : params)
    if (k < frame.p.size()) frame.p[k++] = v;
  flow_.push(frame);
}

FlowRules::FlowRules(const YamlNode& flow) {
  flow.allow_only({"start", "hooks", "moves", "steps", "events", "search"});
  root_name_ = flow.required<std::string>("start");
  if (const auto search = flow.find("search"); search && !search->is_null()) {
    search->allow_only({"rollout_depth"});
    const YamlNode depth = search->at("rollout_depth");
    rollout_depth_ = depth.as_int();
    if (rollout_depth_ < 1 || rollout_depth_ > kMaxRolloutDepth)
      throw depth.error("'rollout_depth' must be from 1 to " + std::to_string(kMaxRolloutDepth));
  }
  fired_hooks_ = names_of(flow, "hooks");
  for (const char* always : {"on_action", "legal_filter"})
    if (std::find(fired_hooks_.begin(), fired_hooks_.end(), always) == fired_hooks_.end())
      fired_hooks_.push_back(always);
  if (const auto moves = flow.find("moves"))
    for (const auto& [name, node] : moves->as_map()) read_move(name, node);
  if (const auto events = flow.find("events"); events && !events->is_null())
    for (const auto& [name, node] : events->as_map()) read_event(name, node);
  for (const auto& [name, node] : flow.at("steps").as_map()) read_step(name, node);
}

void FlowRules::read_move(const std::string& name, const YamlNode& node) {
  MoveDecl decl;
  decl.name = name;
  decl.defined_at = node.mark();
  if (!node.is_null()) {
    node.allow_only({"params", "ends_step", "steps", "doc", "formerly"});
    if (const auto params = node.find("params"); params && !params->is_null())
      for (const YamlNode& entry : params->as_list()) decl.params.push_back(read_param(entry));
    decl.ends_step = node.optional<bool>("ends_step", false);
    decl.doc = node.optional("doc", "");
    decl.formerly = names_of(node, "formerly");
    for (const std::string& former : decl.formerly)
      if (former.empty() || former.find(' ') != std::string::npos || former == name)
        throw node.error("move '" + name + "': a former name is one word other than the move's own, not '" + former + "'");
  }
  if (decl.params.size() > static_cast<std::size_t>(kMaxMoveParams))
    throw node.error("move '" + name + "' has more than " + std::to_string(kMaxMoveParams) + " parameters");
  for (std::size_t k = 1; k < decl.params.size(); ++k)
    if (decl.params[k - 1].fallback && !decl.params[k].fallback)
      throw node.error("move '" + name + "': only trailing parameters may have a default (after '" +
                       decl.params[k - 1].name + "', '" + decl.params[k].name + "' has none)");
  if (name.empty() || name.find(' ') != std::string::npos) throw node.error("a move's name is one word");
  const int known = move_index(name);
  if (known >= 0) {
    MoveDecl& old = moves_[static_cast<std::size_t>(known)];
    if (decl.params.empty()) decl.params = old.params;
    if (decl.doc.empty()) decl.doc = old.doc;
    if (decl.formerly.empty()) decl.formerly = old.formerly;
    old = std::move(decl);
    return;
  }
  moves_.push_back(std::move(decl));
  impls_.emplace_back();
}

void FlowRules::read_step(const std::string& name, const YamlNode& node) {
  node.allow_only({"kind", "params", "params_doc", "moves", "generate", "max_moves", "steps", "each", "over", "from",
                   "set_current", "on_enter", "on_exit", "done_when", "until", "who", "prompt", "doc", "announce", "flags"});
  StepDecl s;
  s.name = name;
  s.defined_at = node.mark();
  const YamlNode kind = node.at("kind");
  const std::string kind_text = kind.as_string();
  const auto found = std::find_if(kKinds.begin(), kKinds.end(), [&](const auto& k) { return k.first == kind_text; });
  if (found == kKinds.end()) throw kind.error("unknown step kind '" + kind_text + "' (seat, auto, sequence, loop, queue)");
  s.kind = found->second;
  s.params = names_of(node, "params");
  if (s.params.size() > static_cast<std::size_t>(kMaxStepParams))
    throw node.error("step '" + name + "' has more than " + std::to_string(kMaxStepParams) + " parameters");
  // What each parameter means, for `tessera schema` and scenario writers: packed flags, counts.
  s.params_doc.assign(s.params.size(), "");
  if (const auto docs = node.find("params_doc"); docs && !docs->is_null()) {
    if (!docs->is_map()) throw docs->error("params_doc is a map from a parameter's name to what it means");
    for (const auto& [param, text] : docs->as_map()) {
      const auto it = std::find(s.params.begin(), s.params.end(), param);
      if (it == s.params.end()) throw text.error("step '" + name + "' has no parameter '" + param + "'");
      s.params_doc[static_cast<std::size_t>(it - s.params.begin())] = text.as_string();
    }
  }
  read_step_flags(s, node);
  s.generate = node.optional("generate", "");
  s.max_moves = node.optional_at_least("max_moves", 0, 0);
  s.over = node.optional("over", "");
  if (const auto from = node.find("from")) {
    const std::string text = from->as_string();
    if (text == "start_player") s.from = StepDecl::From::StartPlayer;
    else if (text == "seat") s.from = StepDecl::From::Seat;
    else if (text == "after_seat") s.from = StepDecl::From::AfterSeat;
    else throw from->error("'from' is start_player, seat or after_seat");
  }
  s.set_current = node.optional<bool>("set_current", true);
  s.on_enter = node.optional("on_enter", "");
  s.on_exit = node.optional("on_exit", "");
  s.done_when = node.optional("done_when", "");
  s.until = node.optional("until", "");
  s.who = node.optional("who", "");
  s.prompt = node.optional("prompt", "");
  if (const auto announce = node.find("announce"); announce && !announce->is_null()) {
    announce->allow_only({"enter", "exit"});
    s.announce_enter = announce->optional("enter", "");
    s.announce_exit = announce->optional("exit", "");
  }
  const auto need = [&](bool ok, const char* what) {
    if (!ok) throw node.error("a " + kind_text + " step " + what);
  };
  std::vector<std::string> moves = names_of(node, "moves"), children = names_of(node, "steps");
  std::string each = node.optional("each", "");
  switch (s.kind) {
    case StepDecl::Kind::Seat: need(!moves.empty(), "needs 'moves'"); break;
    case StepDecl::Kind::Sequence: need(!children.empty(), "needs 'steps'"); break;
    case StepDecl::Kind::Loop: need(!each.empty() && !s.until.empty(), "needs 'each' and 'until'"); break;
    case StepDecl::Kind::Queue: need(!each.empty() && !s.over.empty(), "needs 'each' and 'over'"); break;
    case StepDecl::Kind::Auto: break;
  }
  if (s.kind != StepDecl::Kind::Seat) need(moves.empty() && s.generate.empty() && s.max_moves == 0, "has no moves");
  if (s.kind != StepDecl::Kind::Queue) need(!node.has("from") && !node.has("set_current"), "has no 'from' or 'set_current'");
  const int known = step_index(name);
  if (known >= 0) {
    steps_[static_cast<std::size_t>(known)] = std::move(s);
    step_move_names_[static_cast<std::size_t>(known)] = std::move(moves);
    step_child_names_[static_cast<std::size_t>(known)] = std::move(children);
    step_each_names_[static_cast<std::size_t>(known)] = std::move(each);
    return;
  }
  steps_.push_back(std::move(s));
  step_move_names_.push_back(std::move(moves));
  step_child_names_.push_back(std::move(children));
  step_each_names_.push_back(std::move(each));
}

void FlowRules::domain(std::string name, int size) { domain_sizes_[std::move(name)] = size; }
void FlowRules::domain(std::string name, std::vector<std::string> ids) { domain_ids_[std::move(name)] = std::move(ids); }

void FlowRules::native_move(std::string_view name, NativeMove move) {
  const int k = move_index(name);
  if (k < 0) throw DataError("native move '" + std::string(name) + "': flow.yaml declares no such move");
  if (!move.apply) throw DataError("native move '" + std::string(name) + "' needs an apply function");
  impls_[static_cast<std::size_t>(k)].native = std::move(move);
}
void FlowRules::native_hook(std::string name, NativeHook hook) { hooks_[std::move(name)] = std::move(hook); }
void FlowRules::native_predicate(std::string name, NativePredicate p) { predicates_[std::move(name)] = std::move(p); }
void FlowRules::native_seat_predicate(std::string name, NativeSeatPredicate p) {
  seat_predicates_[std::move(name)] = std::move(p);
}
void FlowRules::native_generator(std::string name, NativeGenerator g) { generators_[std::move(name)] = std::move(g); }
void FlowRules::native_prompt(std::string step, NativePrompt prompt) { prompts_[std::move(step)] = std::move(prompt); }

int FlowRules::step_index(std::string_view name) const {
  for (std::size_t i = 0; i < steps_.size(); ++i)
    if (steps_[i].name == name) return static_cast<int>(i);
  return -1;
}

int FlowRules::move_index(std::string_view name) const {
  for (std::size_t i = 0; i < moves_.size(); ++i)
    if (moves_[i].name == name) return static_cast<int>(i);
  return -1;
}

int FlowRules::renamed_move(std::string_view former) const {
  for (std::size_t i = 0; i < moves_.size(); ++i)
    if (std::find(moves_[i].formerly.begin(), moves_[i].formerly.end(), former) != moves_[i].formerly.end())
      return static_cast<int>(i);
  return -1;
}

void FlowRules::build(ScriptRuntime* scripts) {
  scripts_ = scripts;
  if (scripts) {
    const auto& lua_moves = scripts->script_moves();
    for (std::size_t i = 0; i < lua_moves.size(); ++i) {
      const ScriptMove& m = lua_moves[i];
      int k = move_index(m.name);
      if (m.wrap) {
        if (k < 0 || !impls_[static_cast<std::size_t>(k)].native.apply)
          throw DataError(m.defined_at + ": " + m.declared_by + ": the game has no move named '" + m.name + "' to " +
                          (m.declared_by == "wrap_move" ? "wrap" : m.declared_by == "extend_legal" ? "extend" : "filter"));
      } else {
        read_move(m.name, node_of(m.decl, m.defined_at));
        k = move_index(m.name);
        moves_[static_cast<std::size_t>(k)].defined_at = m.defined_at;
        if (m.decl.contains("steps"))
          for (const auto& step : m.decl["steps"]) {
            const int s = step.is_string() ? step_index(step.get<std::string>()) : -1;
            if (s < 0) throw DataError(m.defined_at + ": move '" + m.name + "': no step named " + step.dump());
            auto& names = step_move_names_[static_cast<std::size_t>(s)];
            if (std::find(names.begin(), names.end(), m.name) == names.end()) names.push_back(m.name);
          }
      }
      MoveImpl& impl = impls_[static_cast<std::size_t>(k)];
      impl.lua = static_cast<int>(i);
      impl.lua_apply = m.has_apply;
      impl.lua_legal = m.has_legal;
      impl.layered = !m.extends.empty() || !m.filters.empty();
    }
    for (const ScriptStep& s : scripts->script_steps()) read_step(s.name, node_of(s.decl, s.defined_at));
    // The bases that wrap_move hands to scripts.
    for (std::size_t k = 0; k < moves_.size(); ++k) {
      if (!impls_[k].native.apply) continue;
      const int kind = static_cast<int>(k);
      scripts->register_function("move:" + moves_[k].name, [this, kind](Table&, const CallContext& c, const NativeArgs& a) {
        if (!c.flow || a.size() != 1) throw RuleError("the base of a wrapped move takes (ctx, move)");
        impls_[static_cast<std::size_t>(kind)].native.apply(*c.flow, move_from_json(kind, a[0], c.flow->table()));
        return json();
      });
      scripts->register_query("legal:" + moves_[k].name, [this, kind](const Table&, const CallContext& c, const NativeArgs& a) {
        if (!c.view || a.size() != 0) throw RuleError("the base of a wrapped legal takes (ctx, step)");
        std::vector<Move> list;
        native_legal(*c.view, kind, list);
        json out = json::array();
        for (const Move& m : list) out.push_back(move_json(*c.view, m));
        return out;
      });
      scripts->register_query("label:" + moves_[k].name, [this, kind](const Table& t, const CallContext& c, const NativeArgs& a) {
        if (!c.view || a.size() != 1) throw RuleError("the base of a wrapped label takes (ctx, move)");
        const Move m = move_from_json(kind, a[0], t);
        const MoveImpl& impl = impls_[static_cast<std::size_t>(kind)];
        return json(impl.native.label ? impl.native.label(*c.view, m) : move_text(*c.view, m));
      });
    }
  }
  resolve();
  built_ = true;
}

void FlowRules::resolve() {
  const auto step_named = [&](const std::string& name, const StepDecl& from) {
    const int s = step_index(name);
    if (s < 0) throw DataError(from.defined_at + ": step '" + from.name + "' names step '" + name + "', which is not declared");
    return s;
  };
  root_ = step_index(root_name_);
  if (root_ < 0) throw DataError("flow: the start step '" + root_name_ + "' is not declared");
  // A former name stands for one move: it is no move's name now and no other move's former name.
  for (const MoveDecl& m : moves_)
    for (const std::string& former : m.formerly) {
      if (move_index(former) >= 0)
        throw DataError(m.defined_at + ": move '" + m.name + "': former name '" + former + "' is the name of a move");
      const int owner = renamed_move(former);
      if (moves_[static_cast<std::size_t>(owner)].name != m.name)
        throw DataError(m.defined_at + ": move '" + m.name + "': former name '" + former + "' is also a former name of '" +
                        moves_[static_cast<std::size_t>(owner)].name + "'");
    }
  calls_.assign(steps_.size(), StepCalls{});
  const auto callable = [&](const std::string& name, const StepDecl& s, const char* what, auto& natives) {
    using Pointer = const typename std::decay_t<decltype(natives)>::mapped_type*;
    if (name.empty()) return Pointer{nullptr};
    if (const auto native = natives.find(name); native != natives.end()) return Pointer{&native->second};
    if (scripts_ && scripts_->has_rule(name)) return Pointer{nullptr};
    throw DataError(s.defined_at + ": step '" + s.name + "': " + what + " '" + name +
                    "' is neither a native of the game nor a rule() of its scripts");
  };
  for (std::size_t i = 0; i < steps_.size(); ++i) {
    StepDecl& s = steps_[i];
    s.moves.clear();
    for (const auto& name : step_move_names_[i]) {
      const int k = move_index(name);
      if (k < 0) throw DataError(s.defined_at + ": step '" + s.name + "' offers move '" + name + "', which is not declared");
      if (std::find(s.moves.begin(), s.moves.end(), k) != s.moves.end())
        throw DataError(s.defined_at + ": step '" + s.name + "' offers move '" + name + "' twice");
      s.moves.push_back(k);
    }
    s.steps.clear();
    for (const auto& name : step_child_names_[i]) s.steps.push_back(step_named(name, s));
    s.each = step_each_names_[i].empty() ? -1 : step_named(step_each_names_[i], s);
    StepCalls& c = calls_[i];
    c.on_enter = callable(s.on_enter, s, "on_enter", hooks_);
    c.on_exit = callable(s.on_exit, s, "on_exit", hooks_);
    c.done_when = callable(s.done_when, s, "done_when", predicates_);
    c.until = callable(s.until, s, "until", predicates_);
    c.who = callable(s.who, s, "who", seat_predicates_);
    if (!s.generate.empty()) {
      const auto g = generators_.find(s.generate);
      if (g == generators_.end())
        throw DataError(s.defined_at + ": step '" + s.name + "': no native generator '" + s.generate + "'");
      c.generate = &g->second;
    }
    if (const auto p = prompts_.find(s.name); p != prompts_.end()) c.prompt = &p->second;
    c.enter_event = step_event(s, s.announce_enter, c.enter_args);
    c.exit_event = step_event(s, s.announce_exit, c.exit_args);
    for (int k : s.moves) {
      const MoveImpl& impl = impls_[static_cast<std::size_t>(k)];
      const bool generated = this->generated(k);
      if (impl.scripted_legal()) {
        // The move's legal list is made as a unit, wherever the game's C++ would have made it.
        c.offering.push_back(k);
        if (generated && c.generate) c.taken.push_back(k);
        continue;
      }
      if (generated && !c.generate)
        throw DataError(s.defined_at + ": step '" + s.name + "' offers move '" + moves_[static_cast<std::size_t>(k)].name +
                        "', which has parameters or is generated but has no legal() of its own, and the step has no "
                        "generator");
      if (!generated) c.offering.push_back(k);
    }
  }
  for (std::size_t k = 0; k < moves_.size(); ++k) {
    MoveDecl& m = moves_[k];
    if (!impls_[k].native.apply && impls_[k].lua < 0)
      throw DataError(m.defined_at + ": move '" + m.name + "' has no implementation (no native and no move() in Lua)");
    for (ParamDecl& p : m.params) {
      resolve_domain(p, m.defined_at + ": move '" + m.name + "'");
      if (p.type == ParamDecl::Type::Choice && !impls_[k].native.choices)
        throw DataError(m.defined_at + ": move '" + m.name + "': a choice parameter needs the game's native choices()");
    }
  }
  for (EventDecl& e : events_)
    for (ParamDecl& p : e.params) resolve_domain(p, e.defined_at + ": event '" + e.name + "'");
  resolve_subscriptions();
  auto layout = std::make_shared<FlowLayout>();
  for (const StepDecl& s : steps_) layout->steps.push_back({s.name, s.params});
  layout_ = std::move(layout);
}

void FlowRules::resolve_domain(ParamDecl& p, const std::string& owner) const {
  if (p.type == ParamDecl::Type::Index) {
    const auto d = domain_sizes_.find(p.domain);
    if (d == domain_sizes_.end()) throw DataError(owner + ": no index domain '" + p.domain + "'");
    p.size = d->second;
  } else if (p.type == ParamDecl::Type::Id) {
    const auto d = domain_ids_.find(p.domain);
    if (d == domain_ids_.end()) throw DataError(owner + ": no id domain '" + p.domain + "'");
    p.names = d->second;
  }
}

Move FlowRules::move_from_json(int kind, const json& item, const Table& table) const {
  const MoveDecl& decl = moves_[static_cast<std::size_t>(kind)];
  Move m{static_cast<std::uint16_t>(kind), {}};
  for (std::size_t k = 0; k < decl.params.size(); ++k) {
    const ParamDecl& p = decl.params[k];
    const json* value = nullptr;
    if (item.is_array() && k < item.size()) value = &item[k];
    if (item.is_object() && item.contains(p.name)) value = &item[p.name];
    if (!value && p.fallback) {
      m.p[k] = *p.fallback;
      continue;
    }
    if (!value) throw RuleError("move '" + decl.name + "' needs its parameter '" + p.name + "'");
    std::optional<std::int32_t> v;
    if (value->is_number_integer() && p.type != ParamDecl::Type::Choice)
      v = parse_param(p, std::to_string(value->get<long long>()), table.players(), nullptr);
    else if (value->is_string() && p.type != ParamDecl::Type::Choice)
      v = parse_param(p, value->get<std::string>(), table.players(), nullptr);
    else if (value->is_number_integer())
      v = static_cast<std::int32_t>(value->get<long long>());
    if (!v) throw RuleError("move '" + decl.name + "': " + value->dump() + " is no value of parameter '" + p.name + "'");
    m.p[k] = *v;
  }
  return m;
}

json FlowRules::frame_json(const Frame& frame) const {
  const StepDecl& s = steps_[frame.step];
  json out{{"name", s.name}, {"seat", frame.seat}, {"cursor", frame.cursor}, {"moves", frame.moves}};
  for (std::size_t k = 0; k < s.params.size(); ++k) {
    out[s.params[k]] = frame.p[k];
    for (std::size_t b = 0; b < s.flags[k].size(); ++b) out[s.flags[k][b]] = ((frame.p[k] >> b) & 1) != 0;
  }
  return out;
}

json FlowRules::move_json(const FlowView& view, const Move& move) const {
  const MoveDecl& decl = moves_[move.kind];
  json out{{"name", decl.name}};
  std::vector<std::string> ids;
  for (std::size_t k = 0; k < decl.params.size(); ++k) {
    const ParamDecl& p = decl.params[k];
    switch (p.type) {
      case ParamDecl::Type::Enum:
      case ParamDecl::Type::Id: out[p.name] = param_text(p, move.p[k], nullptr); break;
      case ParamDecl::Type::Choice:
        if (ids.empty()) ids = choice_ids(view, move.kind);
        out[p.name] = move.p[k];
        out[p.name + "_id"] = param_text(p, move.p[k], &ids);
        break;
      default: out[p.name] = move.p[k];
    }
  }
  return out;
}

std::vector<std::string> FlowRules::choice_ids(const FlowView& view, int kind) const {
  const MoveImpl& impl = impls_[static_cast<std::size_t>(kind)];
  return impl.native.choices ? impl.native.choices(view) : std::vector<std::string>{};
}

bool FlowRules::generated(int kind) const {
  const MoveImpl& impl = impls_[static_cast<std::size_t>(kind)];
  const bool own_legal = impl.native.legal && !impl.native.generated;
  const bool always = moves_[static_cast<std::size_t>(kind)].params.empty() && !impl.native.generated;
  return !own_legal && !always;
}

void FlowRules::native_legal(const FlowView& view, int kind, std::vector<Move>& out) const {
  const MoveImpl& impl = impls_[static_cast<std::size_t>(kind)];
  const StepCalls& c = calls_[view.frame.step];
  if (generated(kind)) {
    if (!c.generate) return;
    std::vector<Move> all;
    {
      MoveSink sink(all);
      (*c.generate)(view, sink);
    }
    std::copy_if(all.begin(), all.end(), std::back_inserter(out), [kind](const Move& m) { return m.kind == kind; });
  } else if (impl.native.legal) {
    MoveSink sink(out);
    impl.native.legal(view, sink);
  } else if (moves_[static_cast<std::size_t>(kind)].params.empty()) {
    out.push_back(Move{static_cast<std::uint16_t>(kind), {}});
  }
}

void FlowRules::scripted_legal(const FlowView& view, int kind, MoveSink& sink) const {
  const MoveImpl& impl = impls_[static_cast<std::size_t>(kind)];
  const MoveDecl& decl = moves_[static_cast<std::size_t>(kind)];
  const ScriptMove& script = scripts_->script_moves()[static_cast<std::size_t>(impl.lua)];
  const CallContext ctx{view.frame.seat, nullptr, nullptr, this, &view};
  const json step = frame_json(view.frame);
  std::vector<Move> list;
  const auto add_all = [&](const json& offered, const std::string& what) {
    if (offered.is_boolean()) {
      if (offered.get<bool>()) list.push_back(Move{static_cast<std::uint16_t>(kind), {}});
      return;
    }
    if (!offered.is_array() && !offered.is_object())
      throw ScriptError(what + " of move '" + decl.name + "' must return true, false or a list of moves");
    for (const json& item : offered) {
      try {
        list.push_back(move_from_json(kind, item, view.table));
      } catch (const RuleError& e) {
        throw ScriptError(what + " of move '" + decl.name + "' offers " + item.dump() + ": " + e.what());
      }
    }
  };
  if (impl.lua_legal) {
    add_all(scripts_->move_legal(impl.lua, view.table, ctx, step), script.defined_at + ": legal()");
  } else {
    native_legal(view, kind, list);
  }
  for (std::size_t i = 0; i < script.extends.size(); ++i)
    add_all(scripts_->move_extend(impl.lua, i, view.table, ctx, step), script.extends[i] + ": extend_legal");
  drop_repeats(list);
  for (const Move& m : list) {
    bool keep = true;
    if (!script.filters.empty()) {
      const json args = move_json(view, m);
      for (std::size_t i = 0; keep && i < script.filters.size(); ++i)
        keep = scripts_->move_filter(impl.lua, i, view.table, ctx, args, step);
    }
    if (keep) sink.add(m);
  }
}

void FlowRules::legal_moves(const FlowView& view, std::vector<Move>& out) const {
  out.clear();
  const StepCalls& c = calls_[view.frame.step];
  MoveSink sink(out);
  if (c.generate) (*c.generate)(view, sink);
  if (!c.taken.empty()) {
    sink.flush();
    std::erase_if(out, [&](const Move& m) { return std::find(c.taken.begin(), c.taken.end(), m.kind) != c.taken.end(); });
  }
  for (int k : c.offering) {
    const MoveImpl& impl = impls_[static_cast<std::size_t>(k)];
    if (impl.scripted_legal()) {
      scripted_legal(view, k, sink);
    } else if (impl.native.legal) {
      impl.native.legal(view, sink);
    } else if (moves_[static_cast<std::size_t>(k)].params.empty()) {
      sink.add(k);
    }
  }
}

void FlowRules::apply_move(FlowContext& ctx, const Move& move) const {
  const MoveImpl& impl = impls_[move.kind];
  if (impl.lua >= 0 && impl.lua_apply) {
    CallContext call{ctx.seat(), ctx.events(), &ctx, this};
    scripts_->move_apply(impl.lua, ctx.table(), call, move_json(ctx.view(), move), frame_json(ctx.frame()));
  } else {
    impl.native.apply(ctx, move);
  }
}

std::string FlowRules::move_text(const FlowView& view, const Move& move) const {
  const MoveDecl& decl = moves_[move.kind];
  std::string text = decl.name;
  std::vector<std::string> ids;
  std::size_t shown = decl.params.size();  // trailing defaults are left out
  while (shown > 0 && decl.params[shown - 1].fallback == move.p[shown - 1]) --shown;
  for (std::size_t k = 0; k < shown; ++k) {
    if (decl.params[k].type == ParamDecl::Type::Choice && ids.empty()) ids = choice_ids(view, move.kind);
    text += ' ';
    text += param_text(decl.params[k], move.p[k], &ids);
  }
  return text;
}

std::string FlowRules::move_label(const FlowView& view, const Move& move) const {
  const MoveImpl& impl = impls_[move.kind];
  if (impl.lua >= 0 && scripts_->script_moves()[static_cast<std::size_t>(impl.lua)].has_label) {
    const CallContext ctx{view.frame.seat, nullptr, nullptr, this, &view};
    return scripts_->move_label(impl.lua, view.table, ctx, move_json(view, move), frame_json(view.frame));
  }
  if (impl.native.label) return impl.native.label(view, move);
  return move_text(view, move);
}

std::optional<Move> FlowRules::parse_move(const FlowView& view, std::string_view text) const {
  const std::vector<std::string> words = split_words(std::string(text));
  if (words.empty()) return std::nullopt;
  const int kind = move_index(words[0]);
  if (kind < 0) return std::nullopt;
  const MoveDecl& decl = moves_[static_cast<std::size_t>(kind)];
  std::size_t required = decl.params.size();
  while (required > 0 && decl.params[required - 1].fallback) --required;
  if (words.size() < required + 1 || words.size() > decl.params.size() + 1) return std::nullopt;
  Move m{static_cast<std::uint16_t>(kind), {}};
  for (std::size_t k = words.size() - 1; k < decl.params.size(); ++k) m.p[k] = *decl.params[k].fallback;
  std::vector<std::string> ids;
  for (std::size_t k = 0; k + 1 < words.size(); ++k) {
    if (decl.params[k].type == ParamDecl::Type::Choice && ids.empty()) ids = choice_ids(view, kind);
    const auto v = tessera::parse_param(decl.params[k], words[k + 1], view.table.players(), &ids);
    if (!v) return std::nullopt;
    m.p[k] = *v;
  }
  return m;
}

std::string FlowRules::prompt(const FlowView& view) const {
  if (const NativePrompt* p = calls_[view.frame.step].prompt) return (*p)(view);
  const StepDecl& s = steps_[view.frame.step];
  return s.prompt.empty() ? s.name : s.prompt;
}

void FlowRules::call_hook(const std::string& name, const NativeHook* native, FlowContext& ctx) const {
  if (name.empty()) return;
  if (native) return (*native)(ctx);
  CallContext call{ctx.seat(), ctx.events(), &ctx, this};
  scripts_->run_rule(name, ctx.table(), call, frame_json(ctx.frame()));
}

bool FlowRules::test(const std::string& name, const NativePredicate* native, const FlowView& view) const {
  if (native) return (*native)(view);
  const CallContext call{view.frame.seat, nullptr, nullptr, this, &view};
  return scripts_->test_rule(name, view.table, call, frame_json(view.frame));
}

void FlowRules::on_enter(FlowContext& ctx) const {
  const Frame& f = ctx.frame();
  const StepCalls& c = calls_[f.step];
  call_hook(steps_[f.step].on_enter, c.on_enter, ctx);
  if (c.enter_event >= 0 && listened(c.enter_event)) announce_step(ctx, c.enter_event, c.enter_args);
}

void FlowRules::on_exit(FlowContext& ctx) const {
  const Frame& f = ctx.frame();
  const StepCalls& c = calls_[f.step];
  if (c.exit_event >= 0 && listened(c.exit_event)) announce_step(ctx, c.exit_event, c.exit_args);
  call_hook(steps_[f.step].on_exit, c.on_exit, ctx);
}

bool FlowRules::done_when(const FlowView& view) const {
  const StepDecl& s = steps_[view.frame.step];
  return !s.done_when.empty() && test(s.done_when, calls_[view.frame.step].done_when, view);
}

bool FlowRules::until(const FlowView& view) const {
  return test(steps_[view.frame.step].until, calls_[view.frame.step].until, view);
}

bool FlowRules::who(const FlowView& view, int seat) const {
  const StepDecl& s = steps_[view.frame.step];
  if (s.who.empty()) return true;
  if (const NativeSeatPredicate* native = calls_[view.frame.step].who) return (*native)(view, seat);
  json step = frame_json(view.frame);
  step["candidate"] = seat;
  const CallContext call{seat, nullptr, nullptr, this, &view};
  return scripts_->test_rule(s.who, view.table, call, step);
}

int FlowRules::flat_size(int players) const {
  int total = 0;
  for (const MoveDecl& m : moves_) {
    int product = 1;
    for (const ParamDecl& p : m.params) {
      const int size = param_domain_size(p, players);
      if (size <= 0) return 0;
      product *= size;
    }
    total += product;
  }
  return total;
}

int FlowRules::flat_id(const Move& move, int players) const {
  int offset = 0;
  for (std::size_t k = 0; k < moves_.size(); ++k) {
    const MoveDecl& m = moves_[k];
    int id = 0, product = 1;
    for (std::size_t i = m.params.size(); i-- > 0;) {
      const int size = param_domain_size(m.params[i], players);
      if (size <= 0) return -1;
      const int lo = m.params[i].type == ParamDecl::Type::Int ? m.params[i].lo : 0;
      if (k == move.kind) id += (move.p[i] - lo) * product;
      product *= size;
    }
    if (k == move.kind) return offset + id;
    offset += product;
  }
  return -1;
}

std::string FlowRules::describe() const {
  std::string out = "flow: starts with step '" + root_name_ + "'\nhooks fired:";
  for (const auto& h : fired_hooks_) out += " " + h;
  out += "\nsteps (a frame of the flow is {step, seat, status, cursor, moves, params}; its cursor counts, in a "
         "sequence, the steps it has pushed; in a loop, the rounds it has begun; in a queue, the seats it has "
         "asked; moves counts a seat step's moves):\n";
  for (const StepDecl& s : steps_) {
    out += "  " + s.name + " (" + std::string(kind_name(s.kind)) + ")";
    if (!s.params.empty()) {
      out += " params:";
      for (const auto& p : s.params) out += " " + p;
    }
    if (!s.moves.empty()) {
      out += " moves:";
      for (int k : s.moves) out += " " + moves_[static_cast<std::size_t>(k)].name;
    }
    if (!s.steps.empty()) {
      out += " steps:";
      for (int c : s.steps) out += " " + steps_[static_cast<std::size_t>(c)].name;
    }
    if (s.each >= 0) out += " each: " + steps_[static_cast<std::size_t>(s.each)].name;
    if (!s.over.empty()) out += " over: " + s.over;
    out += "\n";
    for (std::size_t k = 0; k < s.params.size(); ++k) {
      if (!s.params_doc[k].empty()) out += "    " + s.params[k] + ": " + s.params_doc[k] + "\n";
      if (s.flags[k].empty()) continue;
      out += "    " + s.params[k] + " names its bits (bit 0 first; scripts read each as a boolean):";
      for (const auto& flag : s.flags[k]) out += " " + flag;
      out += "\n";
    }
  }
  out += "moves:\n";
  for (const MoveDecl& m : moves_) {
    out += "  " + m.name;
    for (const ParamDecl& p : m.params) out += " " + param_description(p);
    if (m.ends_step) out += " (ends the step)";
    for (std::size_t f = 0; f < m.formerly.size(); ++f) out += (f == 0 ? " (formerly " : ", ") + m.formerly[f];
    if (!m.formerly.empty()) out += ")";
    out += "  [" + m.defined_at + "]\n";
  }
  out += "events (a house rule subscribes with on(name, fn)):\n";
  for (const EventDecl& e : events_) {
    out += "  " + e.name;
    for (const ParamDecl& p : e.params) out += " " + param_description(p);
    out += "  [" + e.defined_at + "]\n";
    if (!e.doc.empty()) out += "    " + e.doc + "\n";
  }
  return out;
}

}  // namespace tessera
