#pragma once
// The readers FlowRules shares between its declarations (flow_rules.cpp): a typed parameter
// of a move or an event, read from YAML and described for `tessera schema`.
#include <string>

#include "tessera/move.hpp"
#include "tessera/yaml_reader.hpp"

namespace tessera {

// One `name: type` entry (seat, choice, {int: [lo, hi]}, {enum: [...]}, {index: d}, {id: d}).
ParamDecl read_param(const YamlNode& entry);
// "<name: 0..5>", "<way: up|down>", "<to: seat>" ...
std::string param_description(const ParamDecl& param);

}  // namespace tessera
