#include "scenario_pointer.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "scenario_source.hpp"
#include "scenario_state.hpp"
#include "tessera/json_fields.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

bool is_index(const std::string& token) {
  return !token.empty() && std::all_of(token.begin(), token.end(), [](unsigned char c) { return std::isdigit(c); });
}

// The position `name` addresses in `list`: an item by its id, a seat by its name, a
// resource of `component` by its name; -1 when it names none.
std::ptrdiff_t position_named(const Game& game, const json& list, const json& component, const std::string& name) {
  if (const std::string by = array_key(list); !by.empty()) {
    const auto item = std::find_if(list.begin(), list.end(), [&](const json& i) { return i[by] == name; });
    return item == list.end() ? -1 : item - list.begin();
  }
  if (list.size() == static_cast<std::size_t>(game.table().players()))
    if (const int seat = seat_named(game, json(name)); seat >= 0) return seat;
  const std::vector<std::string> names = position_names(component);
  const auto at = std::find(names.begin(), names.end(), name);
  return at != names.end() && names.size() == list.size() ? at - names.begin() : -1;
}


}  // namespace

json::json_pointer named_pointer(const Game& game, const json& state, const std::string& pointer) {
  json::json_pointer named;
  try {
    named = json::json_pointer(pointer);
  } catch (const json::exception&) {
    throw DataError("'" + pointer + "' is not a JSON pointer");
  }
  json::json_pointer out;
  const json* node = &state;
  const json* component = &state;  // the innermost object with a "kind": a component
  std::string walked;
  for (std::string token : json_fields::pointer_tokens(named.to_string())) {
    walked += "/" + pointer_token(token);
    if (node->is_array() && !is_index(token)) {
      const std::ptrdiff_t at = position_named(game, *node, *component, token);
      if (at < 0) throw DataError("the state has no '" + walked + "' (no item, seat or resource '" + token + "' there)");
      token = std::to_string(at);
    }
    out /= token;
    if (!state.contains(out)) throw DataError("the state has no '" + walked + "'");
    node = &state.at(out);
    if (node->is_object() && node->contains("kind")) component = node;
  }
  return out;
}

}  // namespace tessera::host
