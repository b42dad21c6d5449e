#pragma once
// Shared set-up of the [lua] tests: a runtime on tests/lua/scripts whose files are named
// "scripts/test/...", a two-seat table (flow, bank per seat, a pile), and a "report"
// native through which scripts hand values back to the test.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tessera/counters.hpp"
#include "tessera/script_runtime.hpp"
#include "support/build_paths.hpp"

namespace lua_test {

inline std::filesystem::path script_dir() { return std::filesystem::path(tessera::testing::kSourceDir) / "tests/lua/scripts"; }

// A component kind that has no Lua methods of its own.
class Pile : public tessera::ComponentOf<Pile> {
 public:
  static constexpr std::string_view kKind = "test_pile";
  explicit Pile(std::string name) : ComponentOf(std::move(name), tessera::kNobody, tessera::Visibility::Public) {}
  void write_json(nlohmann::json& out, int) const override { out["size"] = 0; }
  void read_json(const nlohmann::json&) override {}
  std::string describe(int) const override { return "-"; }
};

struct Harness {
  explicit Harness(tessera::ScriptLimits limits = {})
      : runtime(script_dir(), "scripts/test", limits), table(2, 42) {
    runtime.register_query("report", [this](const tessera::Table&, const tessera::CallContext&,
                                            const tessera::NativeArgs& args) {
      reports.push_back(args[0]);
      return nlohmann::json();
    });
    table.add<tessera::Counters>("flow");
    table.add<tessera::Counters>("bank", 0);
    table.add<tessera::Counters>("bank", 1);
    table.add<Pile>("pile");
  }
  Harness(const Harness&) = delete;
  Harness& operator=(const Harness&) = delete;

  void apply(std::string_view effect, const nlohmann::json& params = nlohmann::json::object(), int seat = 0,
             const std::string& choice = "") {
    tessera::CallContext ctx{seat, &events};
    runtime.apply(runtime.prepare(effect, params), table, ctx, choice);
  }
  std::vector<tessera::EffectChoice> options(std::string_view effect, const nlohmann::json& params = nlohmann::json::object(),
                                             int seat = 0) {
    tessera::CallContext ctx{seat, &events};
    return runtime.options(runtime.prepare(effect, params), table, ctx);
  }
  int coins(int seat) const { return table.get<tessera::Counters>("bank", seat).get("coins"); }

  tessera::ScriptRuntime runtime;
  tessera::Table table;
  std::vector<nlohmann::json> reports;
  std::vector<tessera::Event> events;
};

}  // namespace lua_test
