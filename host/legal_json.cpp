#include "legal_json.hpp"

#include <sstream>
#include <string>
#include <vector>

#include "tessera/flow_game.hpp"

namespace tessera::host {

namespace {

const char* type_name(ParamDecl::Type type) {
  switch (type) {
    case ParamDecl::Type::Int: return "int";
    case ParamDecl::Type::Enum: return "enum";
    case ParamDecl::Type::Seat: return "seat";
    case ParamDecl::Type::Index: return "index";
    case ParamDecl::Type::Id: return "id";
    case ParamDecl::Type::Choice: return "choice";
  }
  return "int";
}

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// A choice's word is its option's id, which only the deciding effect knows: it is read off
// the move's text, where the parameters follow the name one word each.
nlohmann::json params_json(const MoveDecl& decl, const Action& action) {
  const std::vector<std::string> words = words_of(action.text);
  nlohmann::json params = nlohmann::json::array();
  for (std::size_t k = 0; k < decl.params.size(); ++k) {
    const ParamDecl& param = decl.params[k];
    const std::int32_t value = action.move.p[k];
    nlohmann::json p{{"name", param.name}, {"type", type_name(param.type)}, {"value", value}};
    if (param.type == ParamDecl::Type::Index || param.type == ParamDecl::Type::Id) p["domain"] = param.domain;
    if (param.type != ParamDecl::Type::Choice)
      p["word"] = param_text(param, value, nullptr);
    else if (k + 1 < words.size())
      p["word"] = words[k + 1];
    params.push_back(std::move(p));
  }
  return params;
}

}  // namespace

nlohmann::json legal_json(const Game& game) {
  const auto* flow = dynamic_cast<const FlowGame*>(&game);
  nlohmann::json out = nlohmann::json::array();
  for (const Action& action : game.legal_actions()) {
    nlohmann::json entry{{"text", action.text}, {"label", action.label}};
    if (flow) {
      const MoveDecl& decl = flow->flow_rules().move(action.move.kind);
      entry["move"] = decl.name;
      entry["params"] = params_json(decl, action);
    }
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace tessera::host
