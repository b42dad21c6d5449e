#pragma once
// What `tessera web`'s message handlers share: a request refused with a code, the reading of
// a request's fields, and the error message a browser is sent (sdk/docs/web.md).
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::host {

// A request the web refuses, with one of the protocol's codes or the web's own.
struct WebError : std::runtime_error {
  WebError(std::string code_, const std::string& message_) : std::runtime_error(message_), code(std::move(code_)) {}
  std::string code;
};

// The string field `key` of a request; throws WebError bad_request naming it and `what`.
std::string text_field(const nlohmann::json& request, const char* key, const char* what);
// Throws WebError bad_request for a field of `request` other than `fields`, "cmd" and "id".
void allow_only(const nlohmann::json& request, std::vector<std::string> fields, const std::string& cmd);
// {"type": "error", "code", "message"}, the message cut to a readable length.
nlohmann::json error_message(const std::string& code, const std::string& message);

}  // namespace tessera::host
