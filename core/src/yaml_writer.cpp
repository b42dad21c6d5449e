#include "tessera/yaml_writer.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "tessera/yaml_reader.hpp"

namespace tessera {
namespace {

using nlohmann::json;

bool is_plain(const json& v) { return !v.is_object() && !v.is_array(); }

// Whether the project's reader reads `text`, written plain, back as this string (and not a
// number, true, null, ...).
bool reads_back(const std::string& text) {
  if (text.empty()) return false;
  try {
    YAML::Emitter plain;
    plain << YAML::BeginSeq << text << YAML::EndSeq;
    const json back = to_json(parse_yaml(plain.c_str(), "text").root);
    return back.is_array() && back.size() == 1 && back[0] == text;
  } catch (const std::exception&) {
    return false;
  }
}

void emit(YAML::Emitter& out, const json& v) {
  switch (v.type()) {
    case json::value_t::object:
      out << YAML::BeginMap;
      for (const auto& [key, item] : v.items()) {
        out << YAML::Key;
        if (!reads_back(key)) out << YAML::DoubleQuoted;
        out << key << YAML::Value;
        emit(out, item);
      }
      out << YAML::EndMap;
      return;
    case json::value_t::array: {
      const bool flat = std::all_of(v.begin(), v.end(), is_plain);
      out << (flat ? YAML::Flow : YAML::Block) << YAML::BeginSeq;
      for (const json& item : v) emit(out, item);
      out << YAML::EndSeq;
      return;
    }
    case json::value_t::string:
      if (!reads_back(v.get_ref<const std::string&>())) out << YAML::DoubleQuoted;
      out << v.get_ref<const std::string&>();
      return;
    case json::value_t::boolean: out << v.get<bool>(); return;
    case json::value_t::number_integer: out << v.get<std::int64_t>(); return;
    case json::value_t::number_unsigned: out << v.get<std::uint64_t>(); return;
    case json::value_t::number_float: out << v.get<double>(); return;
    default: out << YAML::Null; return;
  }
}

}  // namespace

std::string to_yaml(const json& value) {
  YAML::Emitter out;
  out.SetIndent(2);
  emit(out, value);
  return std::string(out.c_str()) + "\n";
}

}  // namespace tessera
