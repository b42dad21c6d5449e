#include "json_text.hpp"

namespace tessera::host {

std::string json_text(const nlohmann::json& value, int indent) {
  return value.dump(indent, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace);
}

std::string short_message(const std::string& message) {
  if (message.size() <= kMaxMessageBytes) return message;
  std::size_t cut = kMaxMessageBytes;
  // Step back over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (cut > 0 && (static_cast<unsigned char>(message[cut]) & 0xC0) == 0x80) --cut;
  return message.substr(0, cut) + "...";
}

std::string library_message(const nlohmann::json::exception& e) {
  const std::string text = e.what();
  const std::size_t end = text.find("] ");
  return short_message(text.rfind("[json.exception.", 0) == 0 && end != std::string::npos ? text.substr(end + 2) : text);
}

}  // namespace tessera::host
