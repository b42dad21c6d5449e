#pragma once
// Scratch folders for tests: each removed with everything in it at the end of its scope.
// Names carry the process id because ctest runs test cases in parallel processes.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "tessera/plugin_registry.hpp"
#include "support/build_paths.hpp"

namespace tessera::testing {

// A fresh folder under the system temp folder.
struct TempDir {
  explicit TempDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("tessera_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path path;
};

// Writes `text` to `file`, making its folders.
inline void write_file(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

// A data root (data/<id>/, scripts/<id>/) holding a copy of game `id`'s data and scripts
// from the source tree, for a test to add variants, overlays or links to.
struct ScratchGameRoot {
  ScratchGameRoot(const std::string& id, const std::string& name) : dir(name), id(id) {
    const std::filesystem::path source = tessera::testing::kSourceDir;
    std::filesystem::create_directories(dir.path / "data");
    std::filesystem::create_directories(dir.path / "scripts");
    std::filesystem::copy(source / "data" / id, data(), std::filesystem::copy_options::recursive);
    std::filesystem::copy(source / "scripts" / id, scripts(), std::filesystem::copy_options::recursive);
  }
  std::filesystem::path data() const { return dir.path / "data" / id; }
  std::filesystem::path scripts() const { return dir.path / "scripts" / id; }
  // A registry of the build's game plugins whose data comes from this root.
  std::unique_ptr<PluginRegistry> registry() const {
    auto r = std::make_unique<PluginRegistry>(
        std::vector<std::filesystem::path>{tessera::testing::kGamePluginDir},
        std::vector<std::filesystem::path>{dir.path});
    r->scan();
    return r;
  }
  TempDir dir;
  std::string id;
};

// Sets (or, with nullopt, unsets) an environment variable for one scope and restores it.
struct ScopedEnv {
  ScopedEnv(const char* name, const std::optional<std::string>& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) ::setenv(name, value->c_str(), 1);
    else ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1);
    else ::unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace tessera::testing
