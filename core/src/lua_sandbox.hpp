#pragma once
// The sandbox scripts run in: one environment table holding only whitelisted functions,
// and the loader of script files (text chunks only, named "scripts/<game>/<file>.lua"; a
// fresh state of the same runtime loads the bytecode those texts compiled to).
//
// Available: assert error ipairs next pairs pcall select tonumber tostring type xpcall
// rawequal rawget rawlen rawset setmetatable getmetatable, string (without dump), table,
// math (without random/randomseed), utf8, and require(name), which only loads
// <script_dir>/<name with dots as folders>.lua. Not available: io, os, debug, package,
// coroutine, load, loadstring, dofile, loadfile, collectgarbage, print.
//
// pcall/xpcall never swallow a limit error (budget or memory): it propagates to the host.
// setmetatable refuses metatables with __gc, so no script code runs outside a call, and
// with __mode (weak tables empty as the collector runs, which no script can predict).
// The environment and the library tables are frozen proxies: scripts add to them while
// they load; during a call assigning a global or a library field is an error. Library
// functions written in C charge their work (lua_library_costs.hpp); pairs, next, tostring,
// string.format and table.sort are deterministic (lua_determinism.hpp).
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lua_state.hpp"

namespace tessera::lua {

// A script file as a runtime read it. Each file is read once, so a game on a fresh state
// runs what the first game ran, whatever happened to the file since; and compiled once:
// a fresh state loads the chunk the text compiled to (with its file name and lines).
struct ScriptText {
  std::string source;
  std::string chunk;  // empty until the text has compiled
};
using ScriptTexts = std::map<std::string, ScriptText, std::less<>>;  // by display name

struct Sandbox {
  std::filesystem::path script_dir;   // absolute and canonical when it exists
  std::string chunk_root;             // how files are named in messages: "scripts/<game>"
  int env = LUA_NOREF;                // registry ref of the environment table
  std::vector<std::string> loading;   // modules being required now, to report cycles
  std::shared_ptr<ScriptTexts> texts = std::make_shared<ScriptTexts>();  // shared by fresh states
};

// Opens the whitelisted libraries and builds the environment (sets sandbox.env). The
// runtime adds its own globals (effect, hook) to it afterwards.
void build_sandbox(lua_State* L, Sandbox& sandbox);

// Pushes the function of a script: `source` loaded as a text chunk named
// "@<display_name>" (bytecode refused) with the sandbox environment as its _ENV.
// Raises a Lua error starting with the file name when the script does not compile.
void load_chunk(lua_State* L, const Sandbox& sandbox, std::string_view source, const std::string& display_name);

// The contents of the script file `relative` of `script_dir`. Throws ScriptError naming
// `display_name` when it is unreadable or leads outside `script_dir` (see file_place.hpp).
std::string read_script(const std::filesystem::path& script_dir, const std::filesystem::path& relative,
                        const std::string& display_name);
// read_script, once per file of the sandbox's texts.
ScriptText& script_text(const Sandbox& sandbox, const std::filesystem::path& relative, const std::string& display_name);
// The same for a file of `folder` other than the sandbox's (a variant pack's page).
ScriptText& script_text(const Sandbox& sandbox, const std::filesystem::path& folder, const std::filesystem::path& relative,
                        const std::string& display_name);
// load_chunk of `text`: its source the first time (keeping the compiled chunk), the chunk after.
void load_script(lua_State* L, const Sandbox& sandbox, ScriptText& text, const std::string& display_name);

}  // namespace tessera::lua
