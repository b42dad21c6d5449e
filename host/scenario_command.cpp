// `tessera scenario check|save` and `tessera validate --scenario` (sdk/docs/scenarios.md).
#include <ostream>

#include "commands.hpp"
#include "file_writer.hpp"
#include "json_limits.hpp"
#include "scenario_check.hpp"
#include "scenario_save.hpp"
#include "scenario_source.hpp"
#include "tessera/yaml_writer.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

std::unique_ptr<Session> start(const PluginRegistry& registry, const ScenarioSource& source) {
  return Session::from_scenario(registry, source);
}

std::string where_it_stands(const Game& game) {
  const Decision d = game.decision();
  if (game.is_over()) return "the game is over";
  return d.seat == kNobody ? "no seat decides" : game.player_name(d.seat) + " decides: " + d.prompt;
}

}  // namespace

std::string scenario_yaml(const json& document) {
  // Field by field, in the order people read them (a JSON object sorts its keys).
  std::string text;
  for (const std::string& field : scenario_fields())
    if (document.contains(field)) text += to_yaml(json{{field, document[field]}});
  return text;
}

int run_scenario(const PluginRegistry& registry, const ScenarioOptions& options, std::ostream& out) {
  if (options.action == "save") {
    auto session = Session::from_log_text(registry, read_bounded_file(options.files.at(0), kMaxLogBytes),
                                          options.files.at(0));
    const std::string text = scenario_yaml(scenario_of(registry, *session));
    if (options.output.empty() || options.output == "-")
      out << text;
    else
      write_file(options.output, text);
    return 0;
  }
  // check and validate: every file, each reported.
  int failed = 0;
  for (const std::string& file : options.files) {
    try {
      const ScenarioSource source = ScenarioSource::from_yaml(load_yaml(file, file));
      auto session = start(registry, source);
      const std::string stands = where_it_stands(session->game());
      const int checks = options.action == "check" ? run_expectations(*session, source) : 0;
      out << file << ": ok (" << session->setup().game << ", " << session->setup().players << " players; " << stands;
      if (options.action == "check") out << "; " << checks << " checks";
      out << ")\n";
    } catch (const Error& e) {
      out << e.what() << "\n";
      ++failed;
    }
  }
  return failed ? 1 : 0;
}

}  // namespace tessera::host
