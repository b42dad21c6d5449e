#include "tessera/effect_use.hpp"

namespace tessera {

EffectUse read_effect_use(const YamlNode& map, std::string_view effect_key, std::string_view params_key) {
  EffectUse use;
  use.at = map.at(effect_key);
  use.name = use.at.as<std::string>();
  if (const auto params = map.find(params_key); params && !params->is_null()) {
    use.params_at = *params;
    use.params = to_json(*params);
  }
  return use;
}

}  // namespace tessera
