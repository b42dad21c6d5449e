#pragma once
// Typed moves. A game declares its moves once (data/<game>/flow.yaml or a variant's Lua):
// a name and up to four typed parameters. A legal move is a small value — the move's
// index in the declarations plus its parameters as integers — so bots and playouts never
// touch text. The text form ("buy 0 2", "adjust 1 up", "choose seat_2") is made from the
// declaration only when asked and parsed back by it; it is what logs and the protocol use.
//
// Parameter types (YAML spelling in brackets):
//   Int     a number in [lo, hi]                       ({int: [0, 5]})
//   Enum    one of a list of names; value = its index  ({enum: [up, down]})
//   Seat    a seat, 0..players-1                       (seat)
//   Index   0..size-1 of a domain the game registers   ({index: dice})
//   Id      an id of a content list the game registers ({id: cards}); text is the id
//   Choice  an option of the deciding effect; value = the option's position, text = its id
//           (choice, or {choice: n} with at most n options, which makes it countable)
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

inline constexpr int kMaxMoveParams = 4;

// Trivial, so that a move generator's buffer costs nothing to set up (MoveSink): make one
// with braces, Move{kind, {a, b}}, and unused parameters are 0; `Move m;` is not set.
struct Move {
  std::uint16_t kind;  // index of the declaration
  std::array<std::int32_t, kMaxMoveParams> p;

  // Field by field: apply() looks a move up in the legal list, and a memcmp call per
  // entry cost more than these few comparisons.
  bool operator==(const Move& other) const {
    if (kind != other.kind) return false;
    for (int i = 0; i < kMaxMoveParams; ++i)
      if (p[i] != other.p[i]) return false;
    return true;
  }
};

struct ParamDecl {
  enum class Type { Int, Enum, Seat, Index, Id, Choice };
  std::string name;
  Type type = Type::Int;
  int lo = 0, hi = 0;               // Int; Choice: hi = the most options (0: no bound)
  std::string domain;               // Index and Id: the registered domain's name
  std::vector<std::string> names;   // Enum: the values; Id: filled from the domain
  int size = 0;                     // Index: filled from the domain
  // Int: the value a trailing parameter takes when its word is left out ({int: [1, 20],
  // default: 1}); the move's text leaves it out then too, so "discard wood" stays a word.
  std::optional<int> fallback;
};

struct MoveDecl {
  std::string name;
  std::vector<ParamDecl> params;
  bool ends_step = false;   // applying it finishes the step that offered it
  std::string doc;          // what it does, for people (`doc:` in flow.yaml); may be empty
  // Names the move had before (`formerly:` in flow.yaml): a text under one of them is refused
  // with this name, and a log written with it replays as this move.
  std::vector<std::string> formerly;
  std::string defined_at;   // "data/<game>/flow.yaml:12:3" or "scripts/<game>/x.lua:4"
};

// The word of one parameter value ("3", "up", "spice_trader"); Choice needs `choice_ids`.
std::string param_text(const ParamDecl& param, std::int32_t value, const std::vector<std::string>* choice_ids);
// The value a word stands for, or nullopt when it is not one (out of range, unknown name).
std::optional<std::int32_t> parse_param(const ParamDecl& param, std::string_view word, int players,
                                        const std::vector<std::string>* choice_ids);
// The number of values a parameter can take (players for a seat), or 0 when unbounded (a
// Choice without a bound).
int param_domain_size(const ParamDecl& param, int players);

}  // namespace tessera
