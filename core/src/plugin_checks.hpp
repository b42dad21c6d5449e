#pragma once
// Checks that keep a broken plugin file from crashing the host: the file is looked at
// before dlopen (a truncated library makes dlopen's mapping fault with SIGBUS), each
// exported symbol's kind before it is used (reading a function as the variable
// BOOST_DLL_ALIAS exports faults), and as a last guard a whole load can be tried in a child
// process first, so that whatever still crashes takes down the child, not the host.
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace tessera::plugin_checks {

// Why `file` cannot be a shared library for this host, or nullopt when its ELF header,
// program headers, segments and section headers all lie inside the file and it is a
// shared object of this machine's class, byte order and architecture.
std::optional<std::string> elf_problem(const std::filesystem::path& file);

// Why the exported symbol `name` of the library `handle` (from dlopen) is not a variable
// holding a pointer to code of that same library, as BOOST_DLL_ALIAS exports it; nullopt
// when it is. A missing symbol is a problem too.
std::optional<std::string> alias_problem(void* handle, const char* name);

// Runs `attempt` in a child process (fork) and waits at most `limit`. nullopt when the
// child finished (whatever `attempt` threw); otherwise what happened: "crashed (signal 11,
// Segmentation fault)" or "did not finish within 10 s".
std::optional<std::string> failure_in_child(const std::function<void()>& attempt, std::chrono::milliseconds limit);

}  // namespace tessera::plugin_checks
