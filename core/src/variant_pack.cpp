#include "tessera/variant_pack.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>

#include "tessera/error.hpp"
#include "tessera/identifier.hpp"
#include "tessera/yaml_reader.hpp"
#include "variant_order.hpp"

namespace tessera {

namespace {

std::vector<std::string> string_list(const YamlNode& node) {
  std::vector<std::string> out;
  for (const YamlNode& item : node.as_list()) out.push_back(item.as_string());
  return out;
}

struct PackTable {
  std::mutex mutex;
  std::map<std::pair<std::filesystem::path, std::string>, std::filesystem::path> packs;
  std::map<std::pair<std::filesystem::path, std::string>, std::vector<std::string>> declared;
};

// Folders are compared as weakly_canonical paths: the script runtime holds its folder so.
std::pair<std::filesystem::path, std::string> pack_key(const std::filesystem::path& game_folder, const std::string& name) {
  std::error_code ec;
  std::filesystem::path folder = std::filesystem::weakly_canonical(game_folder, ec);
  return {ec ? game_folder : folder, name};
}

PackTable& pack_table() {
  static PackTable table;
  return table;
}

}  // namespace

VariantManifest read_variant_manifest(const std::filesystem::path& pack) {
  const YamlNode root = load_yaml(pack / "variant.yaml", (pack / "variant.yaml").string()).root;
  if (root.kind() != YamlNode::Kind::Map) throw root.error("a variant's manifest is a map (game:, versions:, title:, ...)");
  root.allow_only({"game", "versions", "title", "description", "author", "after"});
  VariantManifest m;
  m.game = root.at("game").as_string();
  if (!is_identifier(m.game)) throw root.at("game").error("game: '" + printable_name(m.game) + "' is not a game id");
  m.versions = string_list(root.at("versions"));
  if (m.versions.empty()) throw root.at("versions").error("versions: name at least one version of the game it fits");
  m.title = root.at("title").as_string();
  if (const auto d = root.find("description")) m.description = d->as_string();
  if (const auto a = root.find("author")) m.author = a->as_string();
  if (const auto after = root.find("after")) {
    m.after = string_list(*after);
    for (const auto& name : m.after)
      if (!is_identifier(name)) throw after->error("after: '" + printable_name(name) + "' is not a variant name");
  }
  return m;
}

bool fits_version(const VariantManifest& manifest, const std::string& version) {
  for (const std::string& fit : manifest.versions) {
    if (fit == version) return true;
    if (fit.size() >= 2 && fit.compare(fit.size() - 2, 2, ".*") == 0) {
      const std::string prefix = fit.substr(0, fit.size() - 1);  // keeps the '.'
      if (version.compare(0, prefix.size(), prefix) == 0) return true;
    }
  }
  return false;
}

void remember_variant_pack(const std::filesystem::path& game_folder, const std::string& name,
                           const std::filesystem::path& pack) {
  PackTable& table = pack_table();
  std::lock_guard<std::mutex> lock(table.mutex);
  table.packs[pack_key(game_folder, name)] = pack;
}

std::optional<std::filesystem::path> variant_pack(const std::filesystem::path& game_folder, const std::string& name) {
  PackTable& table = pack_table();
  std::lock_guard<std::mutex> lock(table.mutex);
  const auto found = table.packs.find(pack_key(game_folder, name));
  if (found == table.packs.end()) return std::nullopt;
  return found->second;
}

void remember_variant_order(const std::filesystem::path& script_folder, const std::string& name,
                            const std::vector<std::string>& declared) {
  PackTable& table = pack_table();
  std::lock_guard<std::mutex> lock(table.mutex);
  table.declared[pack_key(script_folder, name)] = declared;
}

bool variants_declared_together(const std::filesystem::path& script_folder, const std::string& a, const std::string& b) {
  PackTable& table = pack_table();
  std::lock_guard<std::mutex> lock(table.mutex);
  auto names = [&](const std::string& from, const std::string& other) {
    const auto found = table.declared.find(pack_key(script_folder, from));
    return found != table.declared.end() &&
           std::find(found->second.begin(), found->second.end(), other) != found->second.end();
  };
  return names(a, b) || names(b, a);
}

std::string undeclared_pair_hint(const std::string& earlier, const std::string& later) {
  return "they are not played together unless one declares the other (after: [" + earlier + "] in " + later +
         "'s variant.yaml, or a '-- with:' line of a game's variant)";
}

}  // namespace tessera
