// tessera: the host program. Loads game plugins at run time and plays, simulates,
// compares, replays, validates and serves them.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>

#include "command_line.hpp"
#include "commands.hpp"
#include "conformance.hpp"
#include "host_environment.hpp"
#include "json_text.hpp"
#include "progress_meter.hpp"
#include "protocol_output.hpp"
#include "tessera/error.hpp"

using namespace tessera::host;

int main(int argc, char** argv) {
  CommandLine c;
  CLI11_PARSE(c.app, argc, argv);

  try {
    // serve's protocol owns the standard output from before the first plugin is loaded.
    std::unique_ptr<ProtocolOutput> protocol_out;
    if (*c.serve || *c.web) protocol_out = std::make_unique<ProtocolOutput>();
    auto registry = make_default_registry(c.first);
    if (*c.list) return run_list(*registry, std::cout, c.list_json);
    if (*c.info) return run_info(*registry, c.game, std::cout, c.info_json);
    if (*c.rules) return run_rules(*registry, c.game, std::cout);
    if (*c.validate && !c.scenario_options.files.empty()) {
      if (!c.game.empty()) throw tessera::Error("validate: give a game id or --scenario files, not both");
      c.scenario_options.action = "validate";
      return run_scenario(*registry, c.scenario_options, std::cout);
    }
    if (*c.validate && c.game.empty()) throw tessera::Error("validate needs a game id or --scenario FILE");
    if (*c.scenario) {
      c.scenario_options.action = *c.scenario_save ? "save" : "check";
      return run_scenario(*registry, c.scenario_options, std::cout);
    }
    if (*c.validate)
      return run_validate(*registry, c.game, std::cout, c.validate_games,
                          c.validate_games > 0 && progress_wanted() ? &std::cerr : nullptr);
    if (*c.schema) return run_schema(*registry, c.schema_choice, std::cout);
    if (*c.play) {
      if (c.play_options.choice.game.empty() && c.play_options.load_path.empty() &&
          c.play_options.scenario_path.empty())
        throw tessera::Error("play needs a game id, --load LOG or --scenario FILE");
      c.play_options.color = isatty(STDOUT_FILENO) && !c.no_color && std::getenv("NO_COLOR") == nullptr;
      c.play_options.human_default = isatty(STDIN_FILENO);
      return run_play(*registry, c.play_options, std::cin, std::cout);
    }
    if (*c.simulate) {
      c.sim_options.progress = progress_wanted();
      return run_simulate(*registry, c.sim_options, std::cout, std::cerr);
    }
    if (*c.arena) {
      c.arena_options.progress = progress_wanted();
      return run_arena(*registry, c.arena_options, std::cout, std::cerr);
    }
    if (*c.compare) {
      c.compare_options.progress = progress_wanted();
      return run_compare(*registry, c.compare_options, std::cout, std::cerr);
    }
    if (*c.replay) return run_replay(*registry, c.log_path, std::cout);
    if (*c.playthrough) return run_playthrough(*registry, c.through_choice, std::cout);
    if (*c.serve) return run_serve(*registry, std::cin, protocol_out->stream());
    if (*c.web) return run_web(*registry, c.web_options, protocol_out->stream(), std::cerr);
    if (*c.conformance)
      return run_conformance(*registry, c.game, c.conformance_checks_chosen, c.conformance_options, std::cout);
    if (*c.new_game_cmd) return run_new_game(*registry, c.new_game, template_root(program_path()), std::cout);
    if (*c.variant_new_cmd) return run_variant_new(*registry, c.variant_new, std::cout);
    if (*c.variant_pack_cmd) return run_variant_pack(c.variant_pack, std::cout);
    if (*c.variant_install_cmd) return run_variant_install(*registry, c.variant_install, std::cout);
  } catch (const std::exception& e) {
    std::cerr << "error: " << short_message(e.what()) << "\n";
    return 1;
  } catch (...) {
    // A plugin may throw anything; the host still ends with a message and exit code 1.
    std::cerr << "error: an exception that is not a std::exception\n";
    return 1;
  }
  return 0;
}
