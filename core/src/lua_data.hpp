#pragma once
// ctx:data(name): a game's data file <name>.yaml, with the overlays of the variants in play,
// as a read-only Lua table, so that no script copies the game's data (port links, piece
// limits, phase lists) and a variant's overlay reaches scripts and C++ alike.
//
// Every rules file of the folder (not web.yaml or score.yaml, the host's) is read and merged
// when the runtime is given the folder
// (load_with_overlays), so scripts see the data the game's C++ read as it loaded, whatever
// happens to the files later, and a broken file is an error as the game loads; each file is
// turned into Lua at its first use in a Lua state. Scripts see views: empty tables whose __index, __len and __pairs read
// the table behind them and whose nested tables are views too. Nothing writes into a view
// (assignment and rawset are refused), so nothing a call does carries over to the next
// call or game. pairs() visits keys in the sandbox's fixed order; ipairs() and # work.
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "lua_state.hpp"

namespace tessera::lua {

// Where ctx:data reads: a game's data folder and the variants whose overlays apply.
class GameData {
 public:
  // Reads every <name>.yaml of `data_dir` whose name is a lower-case word of [a-z0-9_], with
  // the overlays of `variants`; throws DataError (file:line:col) for a broken one. These reads
  // are not the game's own (DataReadRecorder::Pause). `data_name` names the folder in
  // messages: "data/<game>".
  GameData(const std::filesystem::path& data_dir, std::string data_name, const std::vector<std::string>& variants);

  // The file <name>.yaml as JSON. Throws DataError for a file the folder lacks, listing
  // those it has.
  const nlohmann::json& file(std::string_view name) const;

 private:
  std::string data_name_;
  std::map<std::string, nlohmann::json, std::less<>> files_;
};

// The registry key of the set of tables rawset refuses (lua_sandbox.cpp makes it).
inline constexpr const char* kFrozenSetKey = "tessera.frozen";

// Pushes the read-only view of data file `name` (made at its first use in this state).
void push_game_data(lua_State* L, const GameData& data, std::string_view name);

}  // namespace tessera::lua
