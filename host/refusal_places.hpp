#pragma once
// Which edit caused a refusal: the places of a state that a refusal's words name, and the
// write (a patch's op, a scenario's entry) that put the value there. Session::patch and the
// scenario loader blame the first write these lead to.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::host {

// Whether `inner` is `outer` or lies inside it, token by token ("/a/1" is not inside "/a/10").
bool lies_within(std::string_view inner, std::string_view outer);
bool lies_within(const nlohmann::json::json_pointer& inner, const nlohmann::json::json_pointer& outer);

// The places of `state` a refusal's message names, in the order it names them: the JSON
// pointers written in it ("state: /global/goods: ..."), cut to the part that is in the
// state, and the components named as the schema names them ("seat 1 hand: ...",
// "market.round must be ...").
std::vector<nlohmann::json::json_pointer> places_named(const std::string& message, const nlohmann::json& state);

// Which of `writes` (in the order they were made) put the value at `place`: the last one it
// lies within (a later write into a part of it only changed that part), else the first one
// inside it (the place is a container the writes changed); -1 when none did.
int writer_of(const std::vector<nlohmann::json::json_pointer>& writes, const nlohmann::json::json_pointer& place);

}  // namespace tessera::host
