#pragma once
// The params an effect declares it reads (effect(name, {params = {...}, apply = ...})), and
// the check of one use's params against them (ScriptRuntime::prepare). The Lua form is in
// sdk/docs/lua-api.md, "Declared params":
//   amount = "int"                      -- int, number, string, bool, any
//   amount = {int = {1, 10}}            -- an integer from 1 to 10 ({int = {1}}: at least 1)
//   piece = {enum = {"ship", "fort"}}   -- one of these strings
//   pay = {list = {enum = {...}}}       -- a list of such values
//   gain = {map = {coins = ..., ...}}   -- a map of these keys (each a declaration)
//   max = {int = {1, 9}, optional = true}, verb = {type = "string", optional = true}
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace tessera::effect_params {

struct Field;

struct Spec {
  enum class Type { Any, Int, Number, String, Bool, Enum, List, Map };
  Type type = Type::Any;
  bool optional = false;
  std::optional<std::int64_t> low, high;           // Int
  std::vector<std::string> names;                  // Enum
  std::shared_ptr<const Spec> item;                // List
  std::vector<Field> fields;                       // Map, in name order
};

// One entry of a map's declaration. (A vector of an incomplete type is allowed; a pair of
// one is not, and clang's library checks it.)
struct Field {
  std::string name;
  Spec spec;
};

// The declaration of an effect's params: a map of names to declarations (the JSON form of
// the Lua table; an empty Lua table reads as []). Throws std::invalid_argument saying
// what is wrong ("param 'amount': unknown type 'integer' (...)").
Spec parse(const nlohmann::json& declaration);

// "an integer from 1 to 10", "one of ship, fort", "a list of integers", "a map".
std::string describe(const Spec& spec);

// One step of the way from the params to a value: a map key or a list index.
using PathStep = std::variant<std::string, std::size_t>;

struct Problem {
  std::vector<PathStep> path;  // the value at fault (for a missing key: the map lacking it)
  std::string message;         // "reads no param 'gems' (did you mean 'gem'?)", ...
};

// The first way `params` does not fit `declared` (a Map spec), or nullopt. A null value
// counts as absent.
std::optional<Problem> check(const Spec& declared, const nlohmann::json& params);

// "amount", "gain.coins", "pay[2]".
std::string path_text(const std::vector<PathStep>& path);

}  // namespace tessera::effect_params
