#pragma once
// RFC 6902 JSON Patch applied to a game's full state as one scenario edit (protocol.md,
// "patch"): the ops are checked strictly and applied one by one to a document, with bounds
// that keep any patch a client sends small work. Session::patch loads the result.
#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tessera/error.hpp"

namespace tessera::host {

// Ops in one patch.
inline constexpr std::size_t kMaxPatchOps = 1'000;
// JSON values (each number, string, array and object counts one) that the `copy` and `move`
// ops of one patch may carry in total: a copy can double the document, so without a bound
// forty ops would fill memory. A whole state of the bundled games holds a few thousand.
inline constexpr std::size_t kMaxPatchCarriedValues = std::size_t{1} << 16;

// A patch that cannot be applied. op() is the index of the failing op in the patch, or
// kWholePatch when every op applied but the state they make is refused.
class PatchError : public DataError {
 public:
  static constexpr int kWholePatch = -1;
  PatchError(int op, const std::string& message) : DataError(message), op_(op) {}
  int op() const { return op_; }

 private:
  int op_;
};

// A place an op of a patch wrote: its "path" (add, replace, copy, remove, move) or "from"
// (move), with "-" (past the end of an array) made the index the value took.
struct PatchWrite {
  int op;
  nlohmann::json::json_pointer at;
};

// Applies `ops` (a JSON array of RFC 6902 operations: add, remove, replace, move, copy,
// test) to `document` in order. Stricter than the RFC: an op holds exactly the members its
// kind takes ("op", "path", and "from" or "value"), never others. Throws PatchError naming
// the op ("ops[2] (test): ...") when an op is malformed or fails, when the patch holds more
// than kMaxPatchOps ops, when its copies and moves carry more than kMaxPatchCarriedValues
// values, or when a value would end up nested more than kMaxJsonDepth deep; `document` is
// then partly patched (patch a copy). Returns the places the ops wrote, in op order.
// `after_op`, when given, sees the document after each op (op index, document).
std::vector<PatchWrite> apply_patch(nlohmann::json& document, const nlohmann::json& ops,
                                    const std::function<void(int, const nlohmann::json&)>& after_op = {});

// "ops[2] (replace /seats/0/hand)": an op as a refusal names it.
std::string op_words(const nlohmann::json& ops, int op);

}  // namespace tessera::host
