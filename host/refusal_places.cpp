#include "refusal_places.hpp"

#include <algorithm>
#include <cctype>

namespace tessera::host {

using nlohmann::json;

namespace {

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `word` occurs in `text` at `at` as a whole name, followed by one of `after`.
bool name_at(const std::string& text, std::size_t at, const std::string& word, const std::string& after) {
  if (at > 0 && is_name_char(text[at - 1])) return false;
  const std::size_t end = at + word.size();
  return end == text.size() || after.find(text[end]) != std::string::npos;
}

// Where `word` first occurs in `text` as a whole name followed by one of `after`, or npos.
std::size_t name_in(const std::string& text, const std::string& word, const std::string& after) {
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    if (name_at(text, at, word, after)) return at;
  return std::string::npos;
}

// The longest part of `pointer` that names a value of `state`.
json::json_pointer in_state(json::json_pointer pointer, const json& state) {
  while (!pointer.empty()) {
    try {
      if (state.contains(pointer)) return pointer;
    } catch (const json::exception&) {
      // a token an array cannot take ("x" under an array): its parent may still be there
    }
    pointer.pop_back();
  }
  return pointer;
}

// The tokens of a field as components word it: "holdings[0][1]" -> holdings, 0, 1;
// "resources[2].bank" -> resources, 2, bank.
std::vector<std::string> field_tokens(const std::string& field) {
  std::vector<std::string> tokens;
  std::string token;
  for (char c : field) {
    if (c == '.' || c == '[' || c == ']') {
      if (!token.empty()) tokens.push_back(token);
      token.clear();
    } else {
      token += c;
    }
  }
  if (!token.empty()) tokens.push_back(token);
  return tokens;
}

}  // namespace

bool lies_within(std::string_view inner, std::string_view outer) {
  return inner.substr(0, outer.size()) == outer && (inner.size() == outer.size() || inner[outer.size()] == '/');
}

bool lies_within(const json::json_pointer& inner, const json::json_pointer& outer) {
  return lies_within(inner.to_string(), outer.to_string());
}

std::vector<json::json_pointer> places_named(const std::string& message, const json& state) {
  std::vector<std::pair<std::size_t, json::json_pointer>> found;  // where in the message, place
  // Pointers: from "/global/", "/seats/" or "/rng" to a blank, a quote or a separator.
  for (const char* root : {"/global/", "/seats/", "/rng"})
    for (std::size_t at = message.find(root); at != std::string::npos; at = message.find(root, at + 1)) {
      const std::size_t end = message.find_first_of(" \t\n'\",;:()[]", at);
      try {
        json::json_pointer pointer(message.substr(at, end - at));
        // A component's own words go on from its pointer: "/global/goods: 'holdings[0][1]' ...".
        if (end != std::string::npos && message.compare(end, 3, ": '") == 0)
          if (const std::size_t close = message.find('\'', end + 3); close != std::string::npos)
            for (const std::string& token : field_tokens(message.substr(end + 3, close - end - 3))) pointer /= token;
        const json::json_pointer place = in_state(pointer, state);
        if (!place.empty()) found.emplace_back(at, place);
      } catch (const json::exception&) {
        // not a pointer after all (a "/" in prose)
      }
    }
  // Components as the schema names them: "seat 1 hand" for a seat's, "market:" or
  // "market.round" for a global one (a bare word may be prose).
  if (state.contains("global") && state["global"].is_object())
    for (const auto& [name, body] : state["global"].items()) {
      (void)body;
      if (const std::size_t at = name_in(message, name, ":."); at != std::string::npos)
        found.emplace_back(at, json::json_pointer("/global") / name);
    }
  if (state.contains("seats") && state["seats"].is_array())
    for (std::size_t seat = 0; seat < state["seats"].size(); ++seat) {
      if (!state["seats"][seat].is_object()) continue;
      for (const auto& [name, body] : state["seats"][seat].items()) {
        (void)body;
        const std::string words = "seat " + std::to_string(seat) + " " + name;
        if (const std::size_t at = name_in(message, words, ":. ,;)'"); at != std::string::npos)
          found.emplace_back(at, json::json_pointer("/seats") / seat / name);
      }
    }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<json::json_pointer> places;
  for (auto& [at, place] : found) places.push_back(std::move(place));
  return places;
}

int writer_of(const std::vector<json::json_pointer>& writes, const json::json_pointer& place) {
  for (std::size_t i = writes.size(); i-- > 0;)
    if (lies_within(place, writes[i])) return static_cast<int>(i);
  for (std::size_t i = 0; i < writes.size(); ++i)
    if (lies_within(writes[i], place)) return static_cast<int>(i);
  return -1;
}

}  // namespace tessera::host
