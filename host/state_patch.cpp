#include "state_patch.hpp"

#include <algorithm>

#include "json_limits.hpp"
#include "json_text.hpp"
#include "strict_fields.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

// A short excerpt of a value for a message.
std::string excerpt(const json& value) {
  std::string text = json_text(value);
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  return text;
}

json::json_pointer pointer_of(const json& op, const char* member, const std::string& label) {
  const auto it = op.find(member);
  if (it == op.end() || !it->is_string())
    throw PatchError(0, label + "needs \"" + member + "\", a JSON pointer such as \"/global/score/positions/0\"");
  try {
    return json::json_pointer(it->get<std::string>());
  } catch (const json::exception& e) {
    throw PatchError(0, label + "bad JSON pointer '" + short_message(it->get<std::string>()) + "' in \"" + member +
                            "\": " + library_message(e));
  }
}

// How many arrays and objects hold the value a JSON pointer names (its reference tokens).
int tokens_of(const std::string& pointer) { return static_cast<int>(std::count(pointer.begin(), pointer.end(), '/')); }

// `pointer` with a last token "-" made the index past the end of its array in `document`.
json::json_pointer resolved(const json& document, const json::json_pointer& pointer) {
  if (pointer.empty() || pointer.back() != "-") return pointer;
  const json::json_pointer parent = pointer.parent_pointer();
  if (!document.contains(parent) || !document.at(parent).is_array()) return pointer;
  return parent / document.at(parent).size();
}

// Applies op `index` of a patch; `carried` counts the values its copies and moves carried;
// the places it writes go to `writes`.
void apply_op(json& document, const json& op, int index, std::size_t& carried, std::vector<PatchWrite>& writes) {
  std::string label = "patch: ops[" + std::to_string(index) + "]: ";
  if (!op.is_object()) throw PatchError(index, label + "an op is a JSON object with \"op\" and \"path\"");
  const auto kind_it = op.find("op");
  static const std::vector<std::string> kinds{"add", "remove", "replace", "move", "copy", "test"};
  if (kind_it == op.end() || !kind_it->is_string() ||
      std::find(kinds.begin(), kinds.end(), kind_it->get<std::string>()) == kinds.end())
    throw PatchError(index, label + "\"op\" must be one of add, remove, replace, move, copy, test");
  const std::string kind = kind_it->get<std::string>();
  label = "patch: ops[" + std::to_string(index) + "] (" + kind + "): ";
  const bool takes_from = kind == "move" || kind == "copy";
  const bool takes_value = kind == "add" || kind == "replace" || kind == "test";
  try {
    allow_only_fields(op, takes_from ? std::vector<std::string>{"op", "path", "from"}
                          : takes_value ? std::vector<std::string>{"op", "path", "value"}
                                        : std::vector<std::string>{"op", "path"},
                      "a '" + kind + "' op");
  } catch (const DataError& e) {
    throw PatchError(index, label + e.what());
  }
  try {
    const json::json_pointer path = pointer_of(op, "path", label);
    if (takes_value && !op.contains("value")) throw PatchError(index, label + "needs \"value\"");
    JsonSize moved;
    if (takes_from) {
      const json::json_pointer from = pointer_of(op, "from", label);
      if (!document.contains(from))
        throw PatchError(index, label + "\"from\" '" + short_message(op["from"].get<std::string>()) +
                                    "' is not in the state");
      moved = json_size(document.at(from));
      carried += moved.values;
      if (carried > kMaxPatchCarriedValues)
        throw PatchError(index, label + "the copies and moves of one patch carry more than " +
                                    std::to_string(kMaxPatchCarriedValues) + " values");
    }
    if (kind == "test") {
      if (!document.contains(path))
        throw PatchError(index, label + "'" + short_message(op["path"].get<std::string>()) + "' is not in the state");
      if (document.at(path) != op["value"])
        throw PatchError(index, label + "the value at '" + short_message(op["path"].get<std::string>()) + "' is " +
                                    excerpt(document.at(path)) + ", not " + excerpt(op["value"]));
      return;
    }
    if (kind != "remove") {
      const int depth = tokens_of(op["path"].get<std::string>()) + (takes_value ? json_size(op["value"]).depth : moved.depth);
      if (depth > kMaxJsonDepth)
        throw PatchError(index, label + "the value would be nested " + std::to_string(depth) +
                                    " arrays and objects deep, more than the " + std::to_string(kMaxJsonDepth) +
                                    " a state may");
    }
    if (takes_from && kind == "move") writes.push_back({index, pointer_of(op, "from", label)});
    writes.push_back({index, resolved(document, path)});
    document.patch_inplace(json::array({op}));
  } catch (const PatchError& e) {
    throw PatchError(index, e.what());  // pointer_of does not know the index
  } catch (const json::exception& e) {
    throw PatchError(index, label + library_message(e));
  }
}

}  // namespace

std::string op_words(const json& ops, int op) {
  std::string words = "ops[" + std::to_string(op) + "]";
  if (op < 0 || static_cast<std::size_t>(op) >= ops.size() || !ops[static_cast<std::size_t>(op)].is_object()) return words;
  const json& o = ops[static_cast<std::size_t>(op)];
  if (o.contains("op") && o["op"].is_string() && o.contains("path") && o["path"].is_string())
    words += " (" + o["op"].get<std::string>() + " " + short_message(o["path"].get<std::string>()) + ")";
  return words;
}

std::vector<PatchWrite> apply_patch(json& document, const json& ops,
                                    const std::function<void(int, const json&)>& after_op) {
  if (!ops.is_array()) throw PatchError(PatchError::kWholePatch, "patch: \"ops\" must be an array of JSON Patch ops");
  if (ops.size() > kMaxPatchOps)
    throw PatchError(PatchError::kWholePatch, "patch: " + std::to_string(ops.size()) + " ops, more than the " +
                                                  std::to_string(kMaxPatchOps) + " one patch may hold");
  std::size_t carried = 0;
  std::vector<PatchWrite> writes;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    apply_op(document, ops[i], static_cast<int>(i), carried, writes);
    if (after_op) after_op(static_cast<int>(i), document);
  }
  return writes;
}

}  // namespace tessera::host
