#include "effect_params.hpp"

#include <algorithm>
#include <stdexcept>

#include "tessera/yaml_reader.hpp"

namespace tessera::effect_params {

using nlohmann::json;

namespace {

constexpr const char* kTypes =
    "int, number, string, bool, any, {int = {lo, hi}}, {enum = {...}}, {list = ...}, {map = {...}}";

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// `name` is the param's path ("gain.coins"); "" for the params themselves.
[[noreturn]] void bad(const std::string& name, const std::string& what) {
  throw std::invalid_argument((name.empty() ? std::string("params") : "param '" + name + "'") + ": " + what);
}

Spec parse_spec(const json& decl, const std::string& name);

Spec parse_fields(const json& decl, const std::string& name) {
  Spec spec;
  spec.type = Spec::Type::Map;
  if (decl.is_array() && decl.empty()) return spec;  // an empty Lua table
  if (!decl.is_object()) bad(name, "expected a table of param names and their types");
  for (auto it = decl.begin(); it != decl.end(); ++it)
    spec.fields.push_back(Field{it.key(), parse_spec(it.value(), name.empty() ? it.key() : name + "." + it.key())});
  return spec;
}

Spec parse_type_name(const std::string& name, const std::string& where) {
  Spec spec;
  if (name == "int") spec.type = Spec::Type::Int;
  else if (name == "number") spec.type = Spec::Type::Number;
  else if (name == "string") spec.type = Spec::Type::String;
  else if (name == "bool") spec.type = Spec::Type::Bool;
  else if (name == "any") spec.type = Spec::Type::Any;
  else bad(where, "unknown type '" + name + "' (types: " + kTypes + ")");
  return spec;
}

std::int64_t bound(const json& v, const std::string& where) {
  if (!v.is_number_integer()) bad(where, "{int = {lo, hi}} takes integers");
  return v.get<std::int64_t>();
}

Spec parse_spec(const json& decl, const std::string& where) {
  if (decl.is_string()) return parse_type_name(decl.get<std::string>(), where);
  if (!decl.is_object()) bad(where, std::string("expected a type (") + kTypes + ")");
  Spec spec;
  int kinds = 0;
  for (auto it = decl.begin(); it != decl.end(); ++it) {
    const std::string& key = it.key();
    const json& v = it.value();
    if (key == "optional") {
      if (!v.is_boolean()) bad(where, "optional must be true or false");
      continue;
    }
    ++kinds;
    if (key == "type") {
      if (!v.is_string()) bad(where, std::string("type must name a type (") + kTypes + ")");
      spec = parse_type_name(v.get<std::string>(), where);
    } else if (key == "int") {
      if (!v.is_array() || v.empty() || v.size() > 2) bad(where, "{int = {lo, hi}} takes one or two integers");
      spec.type = Spec::Type::Int;
      spec.low = bound(v[0], where);
      if (v.size() == 2) spec.high = bound(v[1], where);
      if (spec.high && *spec.high < *spec.low) bad(where, "{int = {lo, hi}} needs lo <= hi");
    } else if (key == "enum") {
      if (!v.is_array() || v.empty()) bad(where, "{enum = {...}} takes a list of strings");
      spec.type = Spec::Type::Enum;
      for (const json& n : v) {
        if (!n.is_string()) bad(where, "{enum = {...}} takes a list of strings");
        spec.names.push_back(n.get<std::string>());
      }
    } else if (key == "list") {
      spec.type = Spec::Type::List;
      spec.item = std::make_shared<const Spec>(parse_spec(v, where + "[]"));
    } else if (key == "map") {
      spec = parse_fields(v, where);
    } else {
      bad(where, "unknown field '" + key + "' (a type is one of " + kTypes + ", with optional = true)");
    }
  }
  if (kinds != 1) bad(where, std::string("expected exactly one type (") + kTypes + "), with optional = true");
  spec.optional = decl.contains("optional") && decl["optional"].get<bool>();
  return spec;
}

std::string plural(const Spec& spec) {
  switch (spec.type) {
    case Spec::Type::Int: return "integers";
    case Spec::Type::Number: return "numbers";
    case Spec::Type::String: return "strings";
    case Spec::Type::Bool: return "booleans";
    case Spec::Type::Enum: return "values of " + joined(spec.names);
    case Spec::Type::List: return "lists";
    case Spec::Type::Map: return "maps";
    case Spec::Type::Any: return "values";
  }
  return "values";
}

bool fits_type(const Spec& spec, const json& v) {
  switch (spec.type) {
    case Spec::Type::Any: return true;
    case Spec::Type::Int: return v.is_number_integer();
    case Spec::Type::Number: return v.is_number();
    case Spec::Type::String: return v.is_string();
    case Spec::Type::Bool: return v.is_boolean();
    case Spec::Type::Enum: return v.is_string();
    case Spec::Type::List: return v.is_array();
    case Spec::Type::Map: return v.is_object() || (v.is_array() && v.empty());
  }
  return false;
}

std::string shown(const json& v) {
  if (v.is_string()) return "'" + v.get<std::string>() + "'";
  if (v.is_array()) return "a list";
  if (v.is_object()) return "a map";
  return v.dump();
}

std::optional<Problem> check_value(const Spec& spec, const json& v, std::vector<PathStep>& path);

std::optional<Problem> check_fields(const Spec& spec, const json& v, std::vector<PathStep>& path) {
  const std::string prefix = path.empty() ? "" : path_text(path) + ".";
  std::vector<std::string> names;
  for (const auto& [name, field] : spec.fields) names.push_back(name);
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) {
      const auto found = std::find(names.begin(), names.end(), it.key());
      if (found == names.end()) {
        path.emplace_back(it.key());
        std::string message = "reads no param '" + prefix + it.key() + "'";
        if (const auto near = nearest_name(it.key(), names)) message += " (did you mean '" + prefix + *near + "'?)";
        else message += names.empty() ? " (it reads none)" : " (it reads: " + joined(names) + ")";
        return Problem{path, message};
      }
    }
  }
  for (const auto& [name, field] : spec.fields) {
    const bool given = v.is_object() && v.contains(name) && !v.at(name).is_null();
    if (!given) {
      if (field.optional) continue;
      return Problem{path, "needs param '" + prefix + name + "' (" + describe(field) + ")"};
    }
    path.emplace_back(name);
    if (auto problem = check_value(field, v.at(name), path)) return problem;
    path.pop_back();
  }
  return std::nullopt;
}

std::optional<Problem> check_value(const Spec& spec, const json& v, std::vector<PathStep>& path) {
  const auto wrong = [&] {
    return Problem{path, "param '" + path_text(path) + "' must be " + describe(spec) + ", got " + shown(v)};
  };
  if (!fits_type(spec, v)) return wrong();
  switch (spec.type) {
    case Spec::Type::Int: {
      const std::int64_t n = v.is_number_unsigned() && v.get<std::uint64_t>() > INT64_MAX ? INT64_MAX : v.get<std::int64_t>();
      if ((spec.low && n < *spec.low) || (spec.high && n > *spec.high)) return wrong();
      return std::nullopt;
    }
    case Spec::Type::Enum:
      if (std::find(spec.names.begin(), spec.names.end(), v.get<std::string>()) == spec.names.end()) return wrong();
      return std::nullopt;
    case Spec::Type::List:
      for (std::size_t i = 0; i < v.size(); ++i) {
        path.emplace_back(i);
        if (auto problem = check_value(*spec.item, v[i], path)) return problem;
        path.pop_back();
      }
      return std::nullopt;
    case Spec::Type::Map: return check_fields(spec, v, path);
    default: return std::nullopt;
  }
}

}  // namespace

Spec parse(const json& declaration) { return parse_fields(declaration, ""); }

std::string describe(const Spec& spec) {
  switch (spec.type) {
    case Spec::Type::Any: return "any value";
    case Spec::Type::Int:
      if (spec.low && spec.high) return "an integer from " + std::to_string(*spec.low) + " to " + std::to_string(*spec.high);
      if (spec.low) return "an integer of at least " + std::to_string(*spec.low);
      return "an integer";
    case Spec::Type::Number: return "a number";
    case Spec::Type::String: return "a string";
    case Spec::Type::Bool: return "true or false";
    case Spec::Type::Enum: return "one of " + joined(spec.names);
    case Spec::Type::List: return "a list of " + plural(*spec.item);
    case Spec::Type::Map: {
      std::vector<std::string> names;
      for (const auto& [name, field] : spec.fields) names.push_back(name);
      return "a map of " + (names.empty() ? std::string("nothing") : joined(names));
    }
  }
  return "any value";
}

std::optional<Problem> check(const Spec& declared, const json& params) {
  std::vector<PathStep> path;
  if (!params.is_null() && !fits_type(declared, params)) return Problem{path, "params must be a map, got " + shown(params)};
  return check_fields(declared, params, path);
}

std::string path_text(const std::vector<PathStep>& path) {
  std::string out;
  for (const PathStep& step : path) {
    if (const auto* key = std::get_if<std::string>(&step)) out += (out.empty() ? "" : ".") + *key;
    else out += "[" + std::to_string(std::get<std::size_t>(step)) + "]";
  }
  return out;
}

}  // namespace tessera::effect_params
