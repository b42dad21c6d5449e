// C++ calling Lua: loading scripts, effects and hooks, each call one lua_pcall with the
// traceback handler (protected_call) under the call's limits and frame.
#include "tessera/script_runtime.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "script_runtime_impl.hpp"
#include "tessera/error.hpp"
#include "tessera/variant_pack.hpp"
#include "tessera/yaml_reader.hpp"
#include "variant_order.hpp"

namespace tessera {

using nlohmann::json;
using namespace script_detail;

namespace {
constexpr std::size_t kMaxErrorText = 8192;

// std::isspace in the "C" locale, without the locale look-up.
bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// Whether the last choice's id is an earlier one's too: options() may offer dozens (a square
// on a grid, a card in a hand), so ids are compared by hash first.
class RepeatedIds {
 public:
  explicit RepeatedIds(std::size_t count) { hashes_.reserve(count); }
  bool last_repeats(const std::vector<EffectChoice>& choices) {
    const std::string& id = choices.back().id;
    const std::size_t hash = std::hash<std::string_view>{}(id);
    for (std::size_t j = 0; j < hashes_.size(); ++j)
      if (hashes_[j] == hash && choices[choices.size() - 1 - hashes_.size() + j].id == id) return true;
    hashes_.push_back(hash);
    return false;
  }

 private:
  std::vector<std::size_t> hashes_;  // of the ids so far
};

}  // namespace


ScriptRuntime::Impl::Impl(std::filesystem::path script_dir, std::string chunk_root, ScriptLimits limits_)
    : limits(limits_), vm(limits_) {
  sandbox.script_dir = std::move(script_dir);
  sandbox.chunk_root = std::move(chunk_root);
  lua::register_component_bindings(bindings);
  auto body = [this](lua_State* L) {
    lua::build_sandbox(L, sandbox);
    bindings.install(L);
    ctx = lua::create_context(L, bindings, natives, data);
    lua_rawgeti(L, LUA_REGISTRYINDEX, sandbox.env);
    lua_pushlightuserdata(L, this);
    lua_pushcclosure(L, lua::guarded<l_effect>, 1);
    lua_setfield(L, -2, "effect");
    lua_pushlightuserdata(L, this);
    lua_pushcclosure(L, lua::guarded<l_hook>, 1);
    lua_setfield(L, -2, "hook");
    install_flow_functions(L);
  };
  run(nullptr, CallSite{CallSite::What::Start}, body);
}

void ScriptRuntime::Impl::fail(const CallSite& site, int status) {
  lua_State* L = vm.get();
  std::size_t size = 0;
  const char* raw = lua_tolstring(L, -1, &size);
  std::string text = raw ? std::string(raw, size) : std::string("(error object is not a string)");
  lua_pop(L, 1);
  // A memory error carries Lua's fixed "not enough memory" and no traceback: use what the
  // spotter recorded. A spent budget may have been re-raised from a pcall: keep its
  // original position and the traceback of where it finally surfaced.
  if (status == LUA_ERRMEM || vm.memory_failed()) {
    lua_gc(L, LUA_GCCOLLECT);  // give the failed call's garbage back now, not at the next cycle
    text = vm.memory_message()[0] != '\0'
               ? std::string(vm.memory_message())
               : "memory cap of " + std::to_string(vm.memory_cap()) + " bytes exceeded";
  } else if (vm.budget_exhausted()) {
    const auto traceback = text.find("\nstack traceback:");
    text = vm.budget_message() + (traceback == std::string::npos ? std::string() : text.substr(traceback));
  }
  // The last frame is protected_call's C thunk: name the host's call instead.
  const std::string_view thunk = "\n\t[C]: in ?";
  if (text.size() >= thunk.size() && text.compare(text.size() - thunk.size(), thunk.size(), thunk) == 0)
    text.resize(text.size() - thunk.size());
  // A script's error text reaches clients: error(string.rep("x", 1e7)) must not.
  if (text.size() > kMaxErrorText) {
    std::size_t cut = kMaxErrorText;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    text.resize(cut);
    text += " ... (truncated)";
  }
  if (text.find("\nstack traceback:") == std::string::npos) text += "\nstack traceback:";
  text += "\n\t[host]: " + describe(site);
  throw ScriptError(text);
}

bool ScriptRuntime::Impl::defined_by_variant(const CallSite& site) const {
  auto of_variant = [this](const std::string& defined_at) {
    if (defined_at.find("/variants/") != std::string::npos) return true;
    return std::any_of(pack_pages.begin(), pack_pages.end(),
                       [&](const std::string& page) { return defined_at.rfind(page + ":", 0) == 0; });
  };
  switch (site.what) {
    case CallSite::What::Apply: return of_variant(effects.at(static_cast<std::size_t>(site.index)).defined_at);
    case CallSite::What::MoveApply: return of_variant(move_infos.at(static_cast<std::size_t>(site.index)).defined_at);
    case CallSite::What::Event: return of_variant(subscriptions.at(static_cast<std::size_t>(site.index)).defined_at);
    case CallSite::What::Rule: {
      const auto rule = rules.find(site.text);
      return rule != rules.end() && of_variant(rule->second.defined_at);
    }
    case CallSite::What::Hook: {
      const auto& functions = hooks.at(static_cast<std::size_t>(site.index));
      return static_cast<std::size_t>(site.function) < functions.size() &&
             of_variant(functions[static_cast<std::size_t>(site.function)].defined_at);
    }
    default: return false;  // loads and read-only calls write nothing
  }
}

void ScriptRuntime::Impl::check_state_after(const CallSite& site) {
  try {
    state_check->check(state_check->subject);
  } catch (const std::exception& e) {
    throw ScriptError(describe(site) + " left a state the game refuses: " + e.what());
  }
}

void ScriptRuntime::Impl::check_writes(const Table& table, const CallSite& site) {
  try {
    writes.check_noted(table);
  } catch (const DataError& e) {
    throw ScriptError(std::string(e.what()) + "\nstack traceback:\n\t[host]: " + describe(site));
  }
}

std::string ScriptRuntime::Impl::describe(const CallSite& site) const {
  auto effect = [&](const char* what) {
    const Effect& e = effects.at(static_cast<std::size_t>(site.index));
    return std::string(what) + " of effect '" + e.name + "' (defined at " + e.defined_at + ")";
  };
  switch (site.what) {
    case CallSite::What::Start: return "starting the Lua runtime";
    case CallSite::What::Load: return "loading " + std::string(site.text);
    case CallSite::What::Apply: return effect("apply");
    case CallSite::What::Options: return effect("options");
    case CallSite::What::Label: return effect("label");
    case CallSite::What::MoveLegal: return "legal() of move '" + move_infos.at(site.index).name + "' (defined at " + move_infos.at(site.index).defined_at + ")";
    case CallSite::What::MoveApply: return "apply() of move '" + move_infos.at(site.index).name + "' (defined at " + move_infos.at(site.index).defined_at + ")";
    case CallSite::What::MoveLabel: return "label() of move '" + move_infos.at(site.index).name + "' (defined at " + move_infos.at(site.index).defined_at + ")";
    case CallSite::What::MoveExtend:
      return "extend_legal of move '" + move_infos.at(site.index).name + "' (defined at " +
             move_infos.at(site.index).extends.at(site.function) + ")";
    case CallSite::What::MoveFilter:
      return "filter_legal of move '" + move_infos.at(site.index).name + "' (defined at " +
             move_infos.at(site.index).filters.at(site.function) + ")";
    case CallSite::What::Rule: return "rule '" + std::string(site.text) + "'";
    case CallSite::What::Event: {
      const ScriptSubscription& on = subscriptions.at(static_cast<std::size_t>(site.index));
      return "on('" + on.event + "') (defined at " + on.defined_at + ")";
    }
    case CallSite::What::Hook: {
      const auto& functions = hooks.at(static_cast<std::size_t>(site.index));
      std::string out = "hook " + std::string(kHookNames.at(site.index));
      if (static_cast<std::size_t>(site.function) < functions.size())
        out += " (defined at " + functions[site.function].defined_at + ")";
      return out;
    }
  }
  return "";
}

std::shared_ptr<const effect_params::Spec> script_detail::read_params_declaration(lua_State* L, int index,
                                                                                const std::string& effect) {
  if (lua_getfield(L, index, "params") == LUA_TNIL) {
    lua_pop(L, 1);
    return nullptr;
  }
  if (!lua_istable(L, -1)) luaL_error(L, "effect '%s': params must be a table of param names and types", effect.c_str());
  const json declaration = lua::to_json(L, -1);
  lua_pop(L, 1);
  try {
    return std::make_shared<const effect_params::Spec>(effect_params::parse(declaration));
  } catch (const std::invalid_argument& e) {
    luaL_error(L, "effect '%s': %s", effect.c_str(), e.what());
  }
  return nullptr;
}

// effect(name, fn | {params = {...}, apply = fn, options = fn, label = fn})
int ScriptRuntime::Impl::l_effect(lua_State* L) {
  Impl& rt = from_upvalue(L);
  if (rt.vm.frame()) return luaL_error(L, "effect() may only be called while a script loads, not during a call");
  const std::string name(lua::check_string(L, 1));
  luaL_argcheck(L, !name.empty(), 1, "an effect needs a name");
  lua_settop(L, 2);
  if (lua_type(L, 2) == LUA_TFUNCTION) {
    lua_pushvalue(L, 2);  // 3: apply
    lua_pushnil(L);       // 4: no options
    lua_pushnil(L);       // 5: no label
  } else if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, 2) != 0) {
      lua_pop(L, 1);
      const bool known = lua_type(L, -1) == LUA_TSTRING &&
                         (std::string_view(lua_tostring(L, -1)) == "apply" ||
                          std::string_view(lua_tostring(L, -1)) == "options" ||
                          std::string_view(lua_tostring(L, -1)) == "label" ||
                          std::string_view(lua_tostring(L, -1)) == "params");
      if (!known)
        return luaL_error(L, "effect '%s': unknown field %s (expected params, apply and, if it needs a choice, options and label)",
                          name.c_str(), luaL_tolstring(L, -1, nullptr));
    }
    if (lua_getfield(L, 2, "apply") != LUA_TFUNCTION)
      return luaL_error(L, "effect '%s': apply must be a function", name.c_str());
    const int options = lua_getfield(L, 2, "options");
    if (options != LUA_TFUNCTION && options != LUA_TNIL)
      return luaL_error(L, "effect '%s': options must be a function", name.c_str());
    const int label = lua_getfield(L, 2, "label");
    if (label != LUA_TFUNCTION && label != LUA_TNIL)
      return luaL_error(L, "effect '%s': label must be a function", name.c_str());
    if (label == LUA_TFUNCTION && options == LUA_TNIL)
      return luaL_error(L, "effect '%s': a label needs options to label", name.c_str());
  } else {
    return luaL_typeerror(L, 2, "function or table {params = ..., apply = ..., options = ...}");
  }
  Effect effect{name, LUA_NOREF, LUA_NOREF, LUA_NOREF, lua::script_position(L, 1), nullptr, {}};
  if (lua_type(L, 2) == LUA_TTABLE) effect.params = read_params_declaration(L, 2, name);
  effect.declared_at = effect.defined_at;
  const bool has_label = !lua_isnil(L, 5);
  effect.label = luaL_ref(L, LUA_REGISTRYINDEX);  // pops 5
  if (!has_label) effect.label = LUA_NOREF;
  const bool has_options = !lua_isnil(L, 4);
  effect.options = luaL_ref(L, LUA_REGISTRYINDEX);  // pops 4 (LUA_REFNIL for nil)
  if (!has_options) effect.options = LUA_NOREF;
  effect.apply = luaL_ref(L, LUA_REGISTRYINDEX);
  auto slot = rt.effect_slots.find(name);
  if (slot == rt.effect_slots.end()) {
    rt.effects.push_back(std::move(effect));
    rt.effect_slots.emplace(name, static_cast<int>(rt.effects.size() - 1));
  } else {
    Effect& old = rt.effects[static_cast<std::size_t>(slot->second)];
    luaL_unref(L, LUA_REGISTRYINDEX, old.apply);
    luaL_unref(L, LUA_REGISTRYINDEX, old.options);
    luaL_unref(L, LUA_REGISTRYINDEX, old.label);
    if (!effect.params) {  // a replacement that declares nothing reads what the effect it replaces read
      effect.params = std::move(old.params);
      effect.declared_at = std::move(old.declared_at);
    }
    old = std::move(effect);
  }
  return 0;
}

// hook(name, fn)
int ScriptRuntime::Impl::l_hook(lua_State* L) {
  Impl& rt = from_upvalue(L);
  if (rt.vm.frame()) return luaL_error(L, "hook() may only be called while a script loads, not during a call");
  const std::string_view name = lua::check_string(L, 1);
  const int index = hook_index(name);
  if (index < 0)
    return luaL_error(L, "unknown hook '%s' (known hooks: %s)", lua_tostring(L, 1), known_hooks().c_str());
  if (!rt.fired_hooks.empty() &&
      std::find(rt.fired_hooks.begin(), rt.fired_hooks.end(), name) == rt.fired_hooks.end()) {
    std::string fired;
    for (const auto& h : rt.fired_hooks) fired += (fired.empty() ? "" : ", ") + h;
    return luaL_error(L, "this game never fires hook '%s' (it fires: %s)", lua_tostring(L, 1), fired.c_str());
  }
  luaL_checktype(L, 2, LUA_TFUNCTION);
  std::string defined_at = lua::script_position(L, 1);
  lua_settop(L, 2);
  const int function = luaL_ref(L, LUA_REGISTRYINDEX);
  rt.hooks[static_cast<std::size_t>(index)].push_back(HookFunction{function, std::move(defined_at)});
  rt.any_hook = true;
  return 0;
}

void ScriptRuntime::Impl::read_choices(lua_State* L, int effect, std::vector<EffectChoice>& out) const {
  const Effect& e = effects[static_cast<std::size_t>(effect)];
  const int result = lua_gettop(L);
  if (!lua_istable(L, result))
    luaL_error(L, "%s: options() of effect '%s' must return an array of choices, got a %s", e.defined_at.c_str(),
               e.name.c_str(), luaL_typename(L, result));
  const auto count = static_cast<lua_Integer>(lua_rawlen(L, result));
  // The host keeps the choices: their number and sizes are bounded like other texts scripts store.
  if (count > static_cast<lua_Integer>(kMaxChoices))
    luaL_error(L, "%s: options() of effect '%s' offers %d choices, more than %d", e.defined_at.c_str(), e.name.c_str(),
               static_cast<int>(std::min<lua_Integer>(count, INT32_MAX)), static_cast<int>(kMaxChoices));
  out.reserve(out.size() + static_cast<std::size_t>(count));
  RepeatedIds repeated(static_cast<std::size_t>(count));
  for (lua_Integer i = 1; i <= count; ++i) {
    lua_settop(L, result);
    const int type = lua_rawgeti(L, result, i);
    EffectChoice choice;
    // With a label function an unlabelled choice is labelled only when asked (choice_label).
    const bool lazy = e.label != LUA_NOREF;
    if (type == LUA_TSTRING) {
      choice.id = lua_tostring(L, -1);
      if (!lazy) choice.label = choice.id;
    } else if (type == LUA_TTABLE) {
      const int id_type = lua_getfield(L, -1, "id");
      if (id_type == LUA_TNUMBER && lua_isinteger(L, -1))
        choice.id = std::to_string(lua_tointeger(L, -1));
      else if (id_type == LUA_TSTRING)
        choice.id = lua_tostring(L, -1);
      else
        luaL_error(L, "%s: options() of effect '%s': choice %d needs an id (a string or an integer), got a %s",
                   e.defined_at.c_str(), e.name.c_str(), static_cast<int>(i), luaL_typename(L, -1));
      const int label_type = lua_getfield(L, -2, "label");
      if (label_type == LUA_TSTRING)
        choice.label = lua_tostring(L, -1);
      else if (label_type != LUA_TNIL)
        luaL_error(L, "%s: options() of effect '%s': the label of choice %d must be a string, got a %s",
                   e.defined_at.c_str(), e.name.c_str(), static_cast<int>(i), luaL_typename(L, -1));
      else if (!lazy)
        choice.label = choice.id;
    } else {
      luaL_error(L, "%s: options() of effect '%s': choice %d must be a string or a table {id = ..., label = ...}, got a %s",
                 e.defined_at.c_str(), e.name.c_str(), static_cast<int>(i), luaL_typename(L, -1));
    }
    if (choice.id.size() > lua::kMaxStoredText || choice.label.size() > kMaxChoiceLabel)
      luaL_error(L, "%s: options() of effect '%s': choice %d has an id over %d bytes or a label over %d bytes",
                 e.defined_at.c_str(), e.name.c_str(), static_cast<int>(i), static_cast<int>(lua::kMaxStoredText),
                 static_cast<int>(kMaxChoiceLabel));
    const bool blank = choice.id.empty() || std::any_of(choice.id.begin(), choice.id.end(), is_space);
    if (blank)
      luaL_error(L, "%s: options() of effect '%s': id '%s' of choice %d must be non-empty and without spaces",
                 e.defined_at.c_str(), e.name.c_str(), choice.id.c_str(), static_cast<int>(i));
    out.push_back(std::move(choice));
    if (repeated.last_repeats(out))
      luaL_error(L, "%s: options() of effect '%s': id '%s' is offered twice", e.defined_at.c_str(), e.name.c_str(),
                 out.back().id.c_str());
  }
}

namespace {
std::filesystem::path canonical_folder(std::filesystem::path folder) {
  std::error_code ec;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(std::filesystem::absolute(folder, ec), ec);
  return ec ? folder : canonical;
}
std::string without_trailing_slashes(std::string root) {
  while (!root.empty() && root.back() == '/') root.pop_back();
  return root;
}
}  // namespace

ScriptRuntime::ScriptRuntime(std::filesystem::path script_dir, std::string chunk_root, ScriptLimits limits)
    : impl_(std::make_unique<Impl>(canonical_folder(std::move(script_dir)), without_trailing_slashes(std::move(chunk_root)),
                                   limits)) {}

ScriptRuntime::~ScriptRuntime() = default;

ScriptRuntime::Scope::Scope(ScriptRuntime* runtime, StateCheck state_check)
    : runtime_(runtime), state_check_(state_check) {
  if (!runtime_) return;
  runtime_->impl_->vm.begin_scope();
  outer_check_ = runtime_->impl_->state_check;
  if (state_check_.check) runtime_->impl_->state_check = &state_check_;
}

ScriptRuntime::Scope::~Scope() {
  if (!runtime_) return;
  runtime_->impl_->state_check = outer_check_;
  runtime_->impl_->vm.end_scope();
}

void ScriptRuntime::run_file(const std::string& relative_path) {
  const std::filesystem::path path(relative_path);
  bool inside = !relative_path.empty() && path.is_relative();
  for (const auto& part : path)
    if (part == "..") inside = false;
  if (!inside)
    throw ScriptError("run_file('" + relative_path + "'): expected a path inside the script folder");
  impl_->load_file(impl_->sandbox.script_dir, path, impl_->sandbox.chunk_root + "/" + path.generic_string());
}

void ScriptRuntime::Impl::load_file(const std::filesystem::path& folder, const std::filesystem::path& relative,
                                    const std::string& display) {
  lua::ScriptText& text = lua::script_text(sandbox, folder, relative, display);
  auto body = [&](lua_State* L) {
    lua::load_script(L, sandbox, text, display);
    lua_call(L, 0, 0);
  };
  run(nullptr, CallSite{CallSite::What::Load, 0, 0, display}, body);
  loaded.push_back(LoadedFile{folder, relative, display});
}

void ScriptRuntime::use_data(std::filesystem::path data_dir, std::string data_name, std::vector<std::string> variants) {
  impl_->data = std::make_shared<lua::GameData>(data_dir, std::move(data_name), variants);
}

void ScriptRuntime::begin_game() {
  // A fresh state can cost more than a game (sdk/docs/lua-api.md, "Determinism"): only
  // a house rule, which nobody reviewed with the game, pays it.
  if (!impl_->played || !impl_->variant_pages) return;
  if (impl_->depth > 0 || impl_->vm.in_scope())
    throw ScriptError("a game may not start inside a script call or a ScriptRuntime::Scope");
  impl_ = impl_->fresh();
}

std::unique_ptr<ScriptRuntime::Impl> ScriptRuntime::Impl::fresh() const {
  auto next = std::make_unique<Impl>(sandbox.script_dir, sandbox.chunk_root, limits);
  next->sandbox.texts = sandbox.texts;
  next->natives = natives;
  next->data = data;
  next->fired_hooks = fired_hooks;
  next->schema = schema;
  next->writes.use_schema(schema);
  next->pack_pages = pack_pages;
  for (const auto& file : loaded) next->load_file(file.folder, file.relative, file.display);
  next->variant_pages = variant_pages;
  next->prepared_params = prepared_params;
  next->prepared.reserve(prepared.size());
  for (const Prepared& p : prepared) next->prepared.push_back(Prepared{p.effect, LUA_NOREF});
  next->prepared_ids = prepared_ids;
  if (next->definitions() != definitions())
    throw ScriptError("the scripts of " + sandbox.chunk_root +
                      " defined other effects, hooks, moves, steps or rules when run again for a new game");
  return next;
}

std::string ScriptRuntime::Impl::definitions() const {
  std::string out;
  for (const Effect& e : effects) out += e.name + '@' + e.defined_at + '\n';
  for (const auto& functions : hooks) {
    for (const HookFunction& h : functions) out += h.defined_at + ',';
    out += '\n';
  }
  for (const ScriptMove& m : move_infos) {
    out += m.name + '@' + m.defined_at;
    for (const auto* layers : {&m.extends, &m.filters})
      for (const std::string& at : *layers) out += ',' + at;
    out += '\n';
  }
  for (const ScriptStep& st : steps) out += st.name + '@' + st.defined_at + '\n';
  for (const ScriptSubscription& on : subscriptions) out += on.event + '@' + on.defined_at + '\n';
  for (const auto& [name, rule] : rules) out += name + '@' + rule.defined_at + '\n';
  return out;
}

bool ScriptRuntime::runs_variant_pages() const { return impl_->variant_pages; }

void ScriptRuntime::run_variant(const std::string& name) {
  const std::vector<std::string> variants = list_variants(impl_->sandbox.script_dir);
  if (std::find(variants.begin(), variants.end(), name) == variants.end()) {
    std::string known;
    for (const auto& v : variants) known += (known.empty() ? "" : ", ") + v;
    throw ScriptError("unknown variant '" + name + "' (variants in " + impl_->sandbox.chunk_root +
                      "/variants: " + (known.empty() ? "none" : known) + ")");
  }
  run_file("variants/" + name + ".lua");
  impl_->variant_pages = true;
}

bool ScriptRuntime::has_effect(std::string_view name) const {
  return impl_->effect_slots.find(name) != impl_->effect_slots.end();
}

std::vector<std::string> ScriptRuntime::effect_names() const {
  std::vector<std::string> names;
  names.reserve(impl_->effect_slots.size());
  for (const auto& [name, slot] : impl_->effect_slots) names.push_back(name);
  return names;
}

EffectId ScriptRuntime::prepare(std::string_view effect, const json& params) {
  return prepare(EffectUse(std::string(effect), params));
}

namespace {

// The YAML value at `path` below `node`, as far as it goes (a null node stays null).
YamlNode node_at(const YamlNode& node, const std::vector<effect_params::PathStep>& path) {
  YamlNode at = node;
  for (const auto& step : path) {
    std::optional<YamlNode> next;
    if (const auto* key = std::get_if<std::string>(&step)) {
      if (at.is_map()) next = at.find(*key);
    } else if (at.is_list() && std::get<std::size_t>(step) < at.size()) {
      next = at.at(std::get<std::size_t>(step));
    }
    if (!next) break;
    at = *next;
  }
  return at;
}

// "data/g/cards.yaml:3:14: " for a value read from a file, "" for one a plugin made.
std::string mark_of(const YamlNode& node) { return node.line() > 0 ? node.mark() + ": " : std::string(); }

}  // namespace

EffectId ScriptRuntime::prepare(const EffectUse& use, const json& context) {
  const auto slot = impl_->effect_slots.find(use.name);
  if (slot == impl_->effect_slots.end()) {
    std::string message = mark_of(use.at) + "no script in " + impl_->sandbox.chunk_root + " defines effect '" + use.name + "'";
    if (const auto near = nearest_name(use.name, effect_names())) message += " (did you mean '" + *near + "'?)";
    throw DataError(message);
  }
  const Effect& effect = impl_->effects[static_cast<std::size_t>(slot->second)];
  static const effect_params::Spec kNone = effect_params::parse(json::object());
  const effect_params::Spec& declared = effect.params ? *effect.params : kNone;
  if (const auto problem = effect_params::check(declared, use.params)) {
    const YamlNode at = use.params_at.line() > 0 ? node_at(use.params_at, problem->path) : use.at;
    throw DataError(mark_of(at) + "effect '" + use.name + "' (" + effect.declared_at + ") " + problem->message);
  }
  json params = use.params.is_object() ? use.params : json::object();
  for (auto it = context.begin(); context.is_object() && it != context.end(); ++it) {
    const bool declared_too = std::any_of(declared.fields.begin(), declared.fields.end(),
                                          [&](const auto& field) { return field.name == it.key(); });
    if (declared_too)
      throw ScriptError("effect '" + use.name + "' (" + effect.declared_at + ") declares param '" + it.key() +
                        "', which the game gives every use of it: drop it from the declaration");
    params[it.key()] = it.value();
  }
  std::string key(use.name);
  key += '\0';
  key += params.dump(-1, ' ', false, json::error_handler_t::replace);
  if (const auto known = impl_->prepared_ids.find(key); known != impl_->prepared_ids.end()) return known->second;
  const auto id = static_cast<EffectId>(impl_->prepared.size());
  impl_->prepared.push_back(Prepared{slot->second, LUA_NOREF});
  impl_->prepared_params->push_back(std::move(params));
  impl_->prepared_ids.emplace(std::move(key), id);
  return id;
}

bool ScriptRuntime::has_options(EffectId id) const {
  return impl_->effects[static_cast<std::size_t>(impl_->prepared_at(id).effect)].options != LUA_NOREF;
}

std::vector<EffectChoice> ScriptRuntime::options(EffectId id, const Table& table, const CallContext& ctx) {
  const Prepared p = impl_->prepared_at(id);
  const Effect& e = impl_->effects[static_cast<std::size_t>(p.effect)];
  if (e.options == LUA_NOREF)
    throw ScriptError("effect '" + e.name + "' (defined at " + e.defined_at + ") has no options function");
  const lua::CallFrame frame = impl_->frame_for(table, nullptr, ctx, "options()");
  std::vector<EffectChoice> choices;
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->effects[static_cast<std::size_t>(p.effect)].options);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    impl_->push_params(L, id);
    lua_call(L, 2, 1);
    impl_->read_choices(L, p.effect, choices);
  };
  impl_->run(&frame, CallSite{CallSite::What::Options, p.effect}, body);
  return choices;
}

std::string ScriptRuntime::choice_label(EffectId id, const Table& table, const CallContext& ctx,
                                        const EffectChoice& choice) {
  if (!choice.label.empty()) return choice.label;
  const Prepared p = impl_->prepared_at(id);
  const Effect& e = impl_->effects[static_cast<std::size_t>(p.effect)];
  if (e.label == LUA_NOREF) return choice.id;
  const lua::CallFrame frame = impl_->frame_for(table, nullptr, ctx, "label()");
  std::string label;
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, e.label);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    impl_->push_params(L, id);
    lua::push_string(L, choice.id);
    lua_call(L, 3, 1);
    if (lua_type(L, -1) != LUA_TSTRING)
      luaL_error(L, "%s: label() of effect '%s' must return a string for choice '%s', got a %s", e.defined_at.c_str(),
                 e.name.c_str(), choice.id.c_str(), luaL_typename(L, -1));
    label = lua_tostring(L, -1);
    if (label.size() > kMaxChoiceLabel)
      luaL_error(L, "%s: label() of effect '%s' returned over %d bytes", e.defined_at.c_str(), e.name.c_str(),
                 static_cast<int>(kMaxChoiceLabel));
  };
  impl_->run(&frame, CallSite{CallSite::What::Label, p.effect}, body);
  return label.empty() ? choice.id : label;
}

void ScriptRuntime::apply(EffectId id, Table& table, const CallContext& ctx, const std::string& choice) {
  const Prepared p = impl_->prepared_at(id);
  const lua::CallFrame frame = impl_->frame_for(table, &table, ctx, nullptr);
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->effects[static_cast<std::size_t>(p.effect)].apply);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    impl_->push_params(L, id);
    lua::push_string(L, choice);
    lua_call(L, 3, 0);
  };
  impl_->run(&frame, CallSite{CallSite::What::Apply, p.effect}, body);
}

bool ScriptRuntime::has_hook(std::string_view hook) const {
  if (!impl_->any_hook) return false;  // asked on every move: no name look-up when there are none
  const int index = hook_index(hook);
  return index >= 0 && !impl_->hooks[static_cast<std::size_t>(index)].empty();
}

void ScriptRuntime::run_hook(std::string_view hook, Table& table, const CallContext& ctx, const json& arg) {
  const int index = hook_index(hook);
  if (index < 0) throw ScriptError("unknown hook '" + std::string(hook) + "' (known hooks: " + known_hooks() + ")");
  const auto& functions = impl_->hooks[static_cast<std::size_t>(index)];
  for (std::size_t i = 0; i < functions.size(); ++i) {
    const lua::CallFrame frame = impl_->frame_for(table, &table, ctx, nullptr);
    const int function = functions[i].function;
    auto body = [&](lua_State* L) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, function);
      lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
      lua::push_json(L, arg);
      lua_call(L, 2, 0);
    };
    impl_->run(&frame, CallSite{CallSite::What::Hook, index, static_cast<int>(i)}, body);
  }
}

bool ScriptRuntime::keeps(const Table& table, const CallContext& ctx, const Action& action) {
  const auto& filters = impl_->hooks[kLegalFilter];
  for (std::size_t i = 0; i < filters.size(); ++i) {
    const lua::CallFrame frame = impl_->frame_for(table, nullptr, ctx, "legal_filter");
    const int function = filters[i].function;
    bool keep = true;
    auto body = [&](lua_State* L) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, function);
      lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
      lua_createtable(L, 0, 2);
      lua::push_string(L, action.text);
      lua_setfield(L, -2, "text");
      lua::push_string(L, action.label);
      lua_setfield(L, -2, "label");
      lua_call(L, 2, 1);
      const int type = lua_type(L, -1);
      if (type == LUA_TBOOLEAN)
        keep = lua_toboolean(L, -1) != 0;
      else if (type != LUA_TNIL)
        luaL_error(L, "%s: legal_filter must return true, false or nothing, got a %s",
                   impl_->hooks[kLegalFilter][i].defined_at.c_str(), luaL_typename(L, -1));
    };
    impl_->run(&frame, CallSite{CallSite::What::Hook, kLegalFilter, static_cast<int>(i)}, body);
    if (!keep) return false;
  }
  return true;
}

void ScriptRuntime::register_function(std::string name, NativeFunction fn) {
  if (!fn) throw ScriptError("register_function('" + name + "'): the function is empty");
  impl_->natives[std::move(name)] = lua::Native{std::move(fn), nullptr};
}

void ScriptRuntime::register_query(std::string name, NativeQuery fn) {
  if (!fn) throw ScriptError("register_query('" + name + "'): the function is empty");
  impl_->natives[std::move(name)] = lua::Native{nullptr, std::move(fn)};
}

void ScriptRuntime::run_variants(const std::vector<std::string>& names) {
  const Impl& rt = *impl_;
  // What a variant may replace or wrap, each with a text that changes whenever it does: its
  // defining call and its functions.
  auto replaceable = [&rt] {
    std::map<std::string, std::string> out;
    for (const auto& e : rt.effects)
      out["effect '" + e.name + "'"] = e.defined_at + ' ' + std::to_string(e.apply) + ' ' + std::to_string(e.options) +
                                       ' ' + std::to_string(e.label);
    for (std::size_t i = 0; i < rt.move_infos.size(); ++i) {
      // Adding to a legal list and filtering it compose in any order: they clash with nothing.
      const ScriptMove& m = rt.move_infos[i];
      if (m.wrap && !m.has_apply && !m.has_label && !m.has_legal) continue;
      // A wrap's new function may reuse the registry slot of the one it wraps: count the wraps.
      out["move '" + m.name + "'"] = m.defined_at + ' ' + std::to_string(m.wraps) + ' ' +
                                     std::to_string(rt.moves[i].apply) + ' ' + std::to_string(rt.moves[i].label) + ' ' +
                                     std::to_string(rt.moves[i].legal);
    }
    for (const auto& st : rt.steps) out["step '" + st.name + "'"] = st.defined_at;
    for (const auto& [name, rule] : rt.rules) out["rule '" + name + "'"] = rule.defined_at;
    return out;
  };
  const std::vector<std::string> pages = list_variants(impl_->sandbox.script_dir);
  // Who changed what: two variants changing the same thing without a declared order are
  // refused together, whichever would otherwise win in silence (variant_order.hpp).
  std::map<std::string, std::string> changed_by;
  for (const std::string& name : names) {
    const std::map<std::string, std::string> before = replaceable();
    if (std::find(pages.begin(), pages.end(), name) != pages.end()) {
      run_file("variants/" + name + ".lua");
      impl_->variant_pages = true;
    } else if (const auto pack = variant_pack(impl_->sandbox.script_dir, name);
               pack && std::filesystem::exists(*pack / "rules.lua")) {
      // A variant pack's page (variant_pack.hpp), named in messages by its own path.
      const std::string display = (*pack / "rules.lua").string();
      impl_->pack_pages.push_back(display);
      impl_->load_file(*pack, "rules.lua", display);
      impl_->variant_pages = true;
    }
    for (const auto& [what, text] : replaceable()) {
      const auto old = before.find(what);
      if (old != before.end() && old->second == text) continue;
      const auto [other, first] = changed_by.emplace(what, name);
      if (!first && other->second != name &&
          !variants_declared_together(impl_->sandbox.script_dir, other->second, name))
        throw ScriptError("variants '" + other->second + "' and '" + name + "' both replace or wrap " + what + "; " +
                          undeclared_pair_hint(other->second, name));
      other->second = name;
    }
  }
}

void ScriptRuntime::use_schema(std::shared_ptr<const StateSchema> schema) {
  impl_->schema = schema;
  impl_->writes.use_schema(std::move(schema));
}

std::vector<WrittenList> ScriptRuntime::take_written_lists() { return impl_->writes.take_written_lists(); }

bool ScriptRuntime::wrote_content() const { return impl_->writes.wrote_content(); }

std::vector<DerivedWrite> ScriptRuntime::take_derived_writes() { return impl_->writes.take_derived_writes(); }

bool ScriptRuntime::wrote_derived() const { return impl_->writes.wrote_derived(); }

std::size_t ScriptRuntime::memory_used() const { return impl_->vm.memory_used(); }

std::vector<std::string> ScriptRuntime::list_variants(const std::filesystem::path& script_dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(script_dir / "variants", ec), end; !ec && it != end;
       it.increment(ec)) {
    const auto& path = it->path();
    if (path.extension() == ".lua" && it->is_regular_file(ec)) names.push_back(path.stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace tessera
