#pragma once
// GraphBoard: a board of named spaces joined by typed, undirected links (provinces with
// land borders, fort spaces on borders, ports by the sea, cities on a route map). Spaces
// carry attributes (text or integer values), an optional capacity, and pieces: stacks of
// (owner seat, piece kind, count).
//
// Contract:
// - Spaces are numbered 0..n-1 in the order they are added; their ids (e.g. "anglona") are
//   the text form for JSON and action texts. Links keep their order of addition. Every
//   space index out of range throws RuleError.
// - Capacity is the most pieces (all owners and kinds together) a space may hold;
//   kUnlimited (-1) for no limit. Pieces that must not count belong elsewhere (an
//   attribute, or a separate space).
// - Piece kinds are non-empty strings; in queries an empty kind matches every kind and
//   kAnyOwner matches every owner (kNobody is a real owner: neutral pieces).
// - Bounded, whoever writes (data, a script, a `set` of the state): a space holds at most
//   kMaxAttributes attributes and kMaxStacks stacks (owner, kind); an attribute key, an
//   attribute text and a piece kind are at most kMaxTextBytes bytes. Going over throws
//   RuleError (DataError naming the JSON path from read_json).
// - Path searches follow links of one type ("" = any type). A path's intermediate spaces
//   must pass `passable`; its last space need not (the caller decides with `endable`),
//   so "may pass through a full space but not end there" is passable = anything,
//   endable = not full. An empty SpaceTest accepts every space.
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

class GraphBoard : public ComponentOf<GraphBoard> {
 public:
  static constexpr std::string_view kKind = "graph_board";
  static constexpr int kNone = -1;
  static constexpr int kUnlimited = -1;
  static constexpr int kAnyOwner = -3;
  static constexpr int kMaxAttributes = 64;
  static constexpr int kMaxStacks = 256;
  static constexpr std::size_t kMaxTextBytes = 256;

  struct Link {
    int a = 0;
    int b = 0;
    std::string type;
    bool operator==(const Link&) const = default;
  };
  struct Pieces {
    int space = 0;
    int owner = kNobody;
    std::string kind;
    int count = 0;
    bool operator==(const Pieces&) const = default;
  };
  using SpaceTest = std::function<bool(int space)>;

  explicit GraphBoard(std::string name, int owner = kNobody, Visibility visibility = Visibility::Public);

  // --- Building the board (from data). Throw DataError on bad data.
  // Adds a space; returns its index. The id must be new and non-empty; capacity >= -1.
  int add_space(std::string id, int capacity = kUnlimited);
  // Links two different spaces; the same pair may be linked once per type.
  void add_link(int a, int b, std::string type);

  int space_count() const { return static_cast<int>(spaces_.size()); }
  int link_count() const { return static_cast<int>(links_.size()); }
  const std::vector<Link>& links() const { return links_; }
  int find(std::string_view id) const;   // kNone if unknown
  int index(std::string_view id) const;  // throws RuleError if unknown
  const std::string& id(int space) const;
  int capacity(int space) const;
  // Throws RuleError if the space already holds more than `capacity` pieces.
  void set_capacity(int space, int capacity);

  // --- Attributes: each key holds either a text or an integer.
  void set_attribute(int space, std::string_view key, std::string value);
  void set_attribute(int space, std::string_view key, int value);
  bool has_attribute(int space, std::string_view key) const;
  // The value, or `fallback` when the key is absent. Throws RuleError if the key holds the
  // other type.
  std::string text(int space, std::string_view key, std::string_view fallback = "") const;
  int number(int space, std::string_view key, int fallback = 0) const;
  std::vector<int> spaces_with(std::string_view key) const;                          // ascending
  std::vector<int> spaces_where(std::string_view key, std::string_view value) const;  // text equal
  std::vector<int> spaces_where(std::string_view key, int value) const;               // number equal

  // --- Adjacency
  // Distinct spaces linked to `space` by a link of `type` ("" = any), in link order.
  std::vector<int> neighbours(int space, std::string_view type = "") const;
  bool adjacent(int a, int b, std::string_view type = "") const;

  // --- Pieces
  int count(int space, int owner = kAnyOwner, std::string_view kind = "") const;
  // Pieces of `owner` and `kind` on the whole board.
  int count_all(int owner = kAnyOwner, std::string_view kind = "") const;
  // Free places left; kUnlimited for a space without capacity.
  int room(int space) const;
  // Adds `count` >= 1 pieces. Throws RuleError if they do not fit, kind is "" or owner < -1.
  void add_pieces(int space, int owner, std::string_view kind, int count = 1);
  // Throws RuleError if the space has fewer than `count` such pieces.
  void remove_pieces(int space, int owner, std::string_view kind, int count = 1);
  // Remove from `from` then add to `to`; all or nothing. Moving to the same space changes
  // nothing (but still needs the pieces to be there).
  void move_pieces(int from, int to, int owner, std::string_view kind, int count = 1);
  // Stacks on `space`, by owner then kind.
  std::vector<Pieces> pieces_at(int space) const;
  // Stacks of `owner` (kAnyOwner = all) and `kind` ("" = all) on the board, by space.
  std::vector<Pieces> pieces_of(int owner, std::string_view kind = "") const;

  // --- Paths
  // Steps from `from` to every space (-1 if unreachable; 0 for `from`).
  std::vector<int> distances(int from, std::string_view type = "", const SpaceTest& passable = {}) const;
  int distance(int from, int to, std::string_view type = "", const SpaceTest& passable = {}) const;
  // A shortest path from..to inclusive (the lowest-numbered route among equals); empty if none.
  std::vector<int> shortest_path(int from, int to, std::string_view type = "", const SpaceTest& passable = {}) const;
  // Spaces other than `from`, at 1..max_steps steps, that pass `endable`; ascending.
  std::vector<int> reachable(int from, int max_steps, std::string_view type = "", const SpaceTest& passable = {},
                             const SpaceTest& endable = {}) const;

  // Full form: {"spaces":[{"id","capacity","attributes":{key: text|int}}],
  //  "links":[{"a","b","type"}] (space ids), "pieces":[{"space","owner","kind","count"}]}.
  // Not visible: {"space_count","link_count"}.
  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  std::string describe(int viewer) const override;

 private:
  struct Space {
    std::string id;
    int capacity = kUnlimited;
  };
  struct Attribute {
    int space = 0;
    std::string key;
    std::string text;
    int number = 0;
    bool is_number = false;
  };
  struct Step {
    int to = 0;
    int link = 0;
  };

  void check_space(int space) const;
  const Attribute* attribute(int space, std::string_view key) const;
  void set_attribute(Attribute value);
  void rebuild_adjacency();
  // BFS over links of `type` that expands only from `from` and passable spaces; fills the
  // step count and the previous space of each reached space.
  void search(int from, std::string_view type, const SpaceTest& passable, std::vector<int>& dist,
              std::vector<int>* previous) const;

  std::vector<Space> spaces_;
  std::vector<int> by_id_;             // space indices sorted by id
  std::vector<Link> links_;
  std::vector<Attribute> attributes_;  // sorted by (space, key)
  std::vector<Pieces> pieces_;         // sorted by (space, owner, kind); counts >= 1
  std::vector<int> adjacency_start_;   // per space, into adjacency_; size spaces+1
  std::vector<Step> adjacency_;        // each link twice, grouped by space, in link order
};

}  // namespace tessera
