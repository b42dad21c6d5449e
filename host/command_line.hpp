#pragma once
// The `tessera` command line: every subcommand and option, read by CLI11 into the options
// each command takes (commands.hpp). main() runs the command it names; the fuzz target
// tests/fuzz/fuzz_command_line.cpp parses arbitrary words with it.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "commands.hpp"
#include "conformance.hpp"
#include "host_environment.hpp"
#include "web_server.hpp"

namespace tessera::host {

struct CommandLine {
  CommandLine();
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  CLI::App app{"tessera - a framework for euro board games. Games are plugins loaded at run time."};
  SearchPaths first;  // --plugin-dir, --data-root

  // What the subcommands read; each is set when its subcommand was given.
  std::string game;  // list, info, rules, validate, conformance
  bool list_json = false, info_json = false;
  int validate_games = 0;
  GameChoice schema_choice;
  PlayOptions play_options;
  bool no_color = false;
  SimulateOptions sim_options;
  ArenaOptions arena_options;
  CompareOptions compare_options;
  std::string log_path;  // replay
  GameChoice through_choice;
  NewGameOptions new_game;
  VariantNewOptions variant_new;
  VariantPackOptions variant_pack;
  VariantInstallOptions variant_install;
  std::vector<std::string> conformance_checks_chosen;
  ConformanceOptions conformance_options;
  WebOptions web_options;
  ScenarioOptions scenario_options;  // scenario check|save, validate --scenario  // web_root and state_dir empty: the defaults (host_environment.hpp)

  // The subcommands; *list is true when `list` was given.
  CLI::App *list = nullptr, *info = nullptr, *rules = nullptr, *validate = nullptr, *schema = nullptr,
           *play = nullptr, *simulate = nullptr, *arena = nullptr, *compare = nullptr, *replay = nullptr,
           *playthrough = nullptr, *serve = nullptr, *new_game_cmd = nullptr, *variant_cmd = nullptr, *variant_new_cmd = nullptr,
           *variant_pack_cmd = nullptr, *variant_install_cmd = nullptr, *conformance = nullptr,
           *web = nullptr, *scenario = nullptr, *scenario_check = nullptr, *scenario_save = nullptr;
};

}  // namespace tessera::host
