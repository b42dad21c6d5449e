#include "tessera/move.hpp"

#include <charconv>

namespace tessera {

namespace {

std::optional<std::int32_t> parse_int(std::string_view word) {
  std::int32_t value = 0;
  const char* end = word.data() + word.size();
  const auto [ptr, ec] = std::from_chars(word.data(), end, value);
  if (ec != std::errc() || ptr != end || word.empty()) return std::nullopt;
  return value;
}

std::optional<std::int32_t> index_of(const std::vector<std::string>& names, std::string_view word) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == word) return static_cast<std::int32_t>(i);
  return std::nullopt;
}

}  // namespace

std::string param_text(const ParamDecl& param, std::int32_t value, const std::vector<std::string>* choice_ids) {
  using Type = ParamDecl::Type;
  switch (param.type) {
    case Type::Enum:
    case Type::Id:
      if (value >= 0 && static_cast<std::size_t>(value) < param.names.size())
        return param.names[static_cast<std::size_t>(value)];
      break;
    case Type::Choice:
      if (choice_ids && value >= 0 && static_cast<std::size_t>(value) < choice_ids->size())
        return (*choice_ids)[static_cast<std::size_t>(value)];
      break;
    case Type::Int:
    case Type::Seat:
    case Type::Index:
      break;
  }
  return std::to_string(value);
}

std::optional<std::int32_t> parse_param(const ParamDecl& param, std::string_view word, int players,
                                        const std::vector<std::string>* choice_ids) {
  using Type = ParamDecl::Type;
  switch (param.type) {
    case Type::Enum:
    case Type::Id: return index_of(param.names, word);
    case Type::Choice: return choice_ids ? index_of(*choice_ids, word) : std::nullopt;
    case Type::Int:
    case Type::Seat:
    case Type::Index: break;
  }
  const auto value = parse_int(word);
  if (!value) return std::nullopt;
  const int size = param_domain_size(param, players);
  const int lo = param.type == Type::Int ? param.lo : 0;
  if (*value < lo || *value >= lo + size) return std::nullopt;
  return value;
}

int param_domain_size(const ParamDecl& param, int players) {
  using Type = ParamDecl::Type;
  switch (param.type) {
    case Type::Int: return param.hi - param.lo + 1;
    case Type::Enum:
    case Type::Id: return static_cast<int>(param.names.size());
    case Type::Seat: return players;
    case Type::Index: return param.size;
    case Type::Choice: return param.hi;
  }
  return 0;
}

}  // namespace tessera
