#include "web_request.hpp"

#include "json_text.hpp"
#include "strict_fields.hpp"
#include "tessera/error.hpp"

namespace tessera::host {

using json = nlohmann::json;

std::string text_field(const json& request, const char* key, const char* what) {
  const auto it = request.find(key);
  if (it == request.end()) throw WebError{"bad_request", std::string("missing \"") + key + "\" (" + what + ")"};
  if (!it->is_string()) throw WebError{"bad_request", std::string("\"") + key + "\" must be " + what};
  return it->get<std::string>();
}

void allow_only(const json& request, std::vector<std::string> fields, const std::string& cmd) {
  fields.insert(fields.end(), {"cmd", "id"});
  try {
    allow_only_fields(request, fields, "a '" + cmd + "' request");
  } catch (const DataError& e) {
    throw WebError{"bad_request", e.what()};
  }
}

json error_message(const std::string& code, const std::string& message) {
  return json{{"type", "error"}, {"code", code}, {"message", short_message(message)}};
}

}  // namespace tessera::host
