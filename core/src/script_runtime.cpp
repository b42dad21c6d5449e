// Temporary: replaced by the Lua runtime.
#include "tessera/script_runtime.hpp"
#include <nlohmann/json.hpp>
namespace tessera {
struct ScriptRuntime::Impl {};
ScriptRuntime::ScriptRuntime(std::filesystem::path, std::string, ScriptLimits) { throw ScriptError("no Lua runtime yet"); }
ScriptRuntime::~ScriptRuntime() = default;
void ScriptRuntime::run_file(const std::string&) {}
void ScriptRuntime::run_variant(const std::string&) {}
bool ScriptRuntime::has_effect(std::string_view) const { return false; }
std::vector<std::string> ScriptRuntime::effect_names() const { return {}; }
EffectId ScriptRuntime::prepare(std::string_view, const nlohmann::json&) { return 0; }
bool ScriptRuntime::has_options(EffectId) const { return false; }
std::vector<EffectChoice> ScriptRuntime::options(EffectId, const Table&, const CallContext&) { return {}; }
void ScriptRuntime::apply(EffectId, Table&, const CallContext&, const std::string&) {}
bool ScriptRuntime::has_hook(std::string_view) const { return false; }
void ScriptRuntime::run_hook(std::string_view, Table&, const CallContext&, const nlohmann::json&) {}
bool ScriptRuntime::keeps(const Table&, const CallContext&, const Action&) { return true; }
void ScriptRuntime::register_function(std::string, NativeFunction) {}
std::vector<std::string> ScriptRuntime::list_variants(const std::filesystem::path&) { return {}; }
}
