#pragma once
// HexMap: a map of hexagons of any shape, with the corners (intersections, where up to
// three hexes meet) and edges (sides between two hexes) that surround them. Hexes carry a
// terrain, a number (dice number; 0 = none), a piece (e.g. a robber) and an owner; corners
// and edges carry an owner and a piece (settlement, city, road...).
//
// Geometry: hexes are FLAT-TOPPED, in axial coordinates (q, r): q grows to the east (one
// per column), r grows to the south within a column. Neighbour directions, clockwise:
//   N (q,r-1)  NE (q+1,r-1)  SE (q+1,r)  S (q,r+1)  SW (q-1,r+1)  NW (q-1,r)
// Pixel centre for a unit circumradius: x = 1.5*q, y = sqrt(3)*(r + q/2).
//
// Canonical ids (text form for JSON and action texts):
//   hex    "q,r"
//   corner "q,r,E" = east corner of hex (q,r), touching (q,r), (q+1,r-1), (q+1,r);
//          "q,r,W" = west corner of hex (q,r), touching (q,r), (q-1,r), (q-1,r+1).
//   edge   "q,r,N"  = side between (q,r) and (q,r-1),   ends "q-1,r,E" and "q+1,r-1,W";
//          "q,r,NE" = side between (q,r) and (q+1,r-1), ends "q,r,E"   and "q+1,r-1,W";
//          "q,r,SE" = side between (q,r) and (q+1,r),   ends "q,r,E"   and "q+1,r,W".
// Every corner and side of the plane has exactly one such id. The hex (q,r) of an id need
// not be on the map: a corner or edge exists when at least one hex it touches is on the map.
//
// Indices: hexes are numbered in construction order; existing corners and edges get dense
// indices 0..n-1 in sorted order of their ids' (q, r, direction) with E < W and N < NE < SE,
// so the numbering depends only on the set of hexes. Every index argument out of range
// throws RuleError. The spans returned by topology queries stay valid until read_json.
//
// Adjacency: two corners are adjacent when they are the two ends of an existing edge; two
// edges are adjacent when they share a corner.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

class HexMap : public ComponentOf<HexMap> {
 public:
  static constexpr std::string_view kKind = "hex_map";
  static constexpr int kNone = -1;
  enum Direction { kNorth, kNorthEast, kSouthEast, kSouth, kSouthWest, kNorthWest };

  struct Coord {
    int q = 0;
    int r = 0;
    bool operator==(const Coord&) const = default;
  };
  struct Hex {
    std::string terrain;
    int number = 0;      // dice number; 0 = none
    std::string piece;   // "" = none
    int owner = kNobody;
    bool operator==(const Hex&) const = default;
  };
  // The state of a corner or an edge.
  struct Site {
    int owner = kNobody;
    std::string piece;  // "" = none
    bool occupied() const { return owner != kNobody || !piece.empty(); }
    bool operator==(const Site&) const = default;
  };

  // Throws DataError if a coordinate is given twice.
  HexMap(std::string name, std::vector<Coord> hexes, int owner = kNobody, Visibility visibility = Visibility::Public);

  int hex_count() const { return static_cast<int>(hexes_.size()); }
  int corner_count() const { return static_cast<int>(corners_.size()); }
  int edge_count() const { return static_cast<int>(edges_.size()); }

  // --- Hexes
  int find_hex(int q, int r) const;              // kNone if not on the map
  int hex_index(std::string_view id) const;      // "q,r"; throws RuleError if unknown
  std::string hex_id(int hex) const;
  Coord coord(int hex) const;
  Hex& hex(int hex);
  const Hex& hex(int hex) const;
  // Every hex, corner and edge state by index, for a game that reads the whole board per
  // decision (no index check per site; valid until the next read_json).
  std::span<const Hex> hexes() const { return hexes_; }
  std::span<const Site> corner_sites() const { return corners_; }
  std::span<const Site> edge_sites() const { return edges_; }
  int neighbour(int hex, int direction) const;   // kNone if off the map; direction 0..5
  std::span<const int> hex_neighbours(int hex) const;  // hexes on the map, in direction order
  std::span<const int> hex_corners(int hex) const;     // 6, clockwise from the east corner
  std::span<const int> hex_edges(int hex) const;       // 6, clockwise from the north side
  static int hex_distance(Coord a, Coord b);
  int hex_distance(int a, int b) const;

  // --- Corners
  int find_corner(std::string_view id) const;    // kNone if malformed or not on the map
  int corner_index(std::string_view id) const;   // throws RuleError if malformed or unknown
  std::string corner_id(int corner) const;
  Site& corner(int corner);
  const Site& corner(int corner) const;
  std::span<const int> corner_hexes(int corner) const;      // 1..3 hexes on the map
  std::span<const int> corner_edges(int corner) const;      // 2..3 edges
  std::span<const int> corner_neighbours(int corner) const; // the far end of each corner_edges()
  std::vector<int> corners_of(int owner) const;             // ascending

  // --- Edges
  int find_edge(std::string_view id) const;
  int edge_index(std::string_view id) const;     // throws RuleError if malformed or unknown
  std::string edge_id(int edge) const;
  Site& edge(int edge);
  const Site& edge(int edge) const;
  std::span<const int> edge_corners(int edge) const;     // its 2 ends, in the order of the id table
  std::span<const int> edge_hexes(int edge) const;       // 1..2 hexes on the map
  std::span<const int> edge_neighbours(int edge) const;  // 2..4 edges sharing a corner
  int edge_between(int corner_a, int corner_b) const;    // kNone unless adjacent
  std::vector<int> edges_of(int owner) const;            // ascending

  // --- Distances and roads
  // Number of edges on a shortest corner-to-corner path; -1 if unreachable.
  int corner_distance(int a, int b) const;
  // Corners at most `radius` edges from `corner` (itself included), ascending.
  std::vector<int> corners_within(int corner, int radius) const;
  // True when no corner within `radius` (itself included) is occupied: radius 1 is the
  // usual "no building next to another" distance rule.
  bool corner_clear(int corner, int radius = 1) const;
  // Length of the longest trail (no edge used twice; corners may repeat) over edges owned
  // by `owner`. A trail may start or end at, but not pass through, a corner owned by
  // another seat. 0 when the owner has no edge. `owner` must be a seat (>= 0): the free
  // edges (owner kNobody) form a trail search that grows exponentially with the board.
  int longest_path(int owner) const;

  // Full form: {"hexes":[{"q","r","terrain","number","piece","owner"}],
  //  "corners":[{"id","owner","piece"}], "edges":[{"id","owner","piece"}]} where corners and
  // edges list only occupied sites (ascending index). read_json rebuilds the geometry from
  // "hexes". Not visible: {"hex_count","corner_count","edge_count"}.
  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  std::string describe(int viewer) const override;

 private:
  // Geometry: immutable after construction; rebuilt only by read_json.
  struct HexLinks {
    Coord at;
    std::array<int, 6> by_direction{};  // neighbour hex or kNone
    std::array<int, 6> neighbours{};    // present neighbours, first `neighbour_count`
    std::array<int, 6> corners{};
    std::array<int, 6> edges{};
    std::uint8_t neighbour_count = 0;
  };
  struct CornerLinks {
    Coord at;
    std::uint8_t dir = 0;  // 0 = E, 1 = W
    std::uint8_t hex_count = 0;
    std::uint8_t edge_count = 0;
    std::array<int, 3> hexes{};
    std::array<int, 3> edges{};
    std::array<int, 3> corners{};
  };
  struct EdgeLinks {
    Coord at;
    std::uint8_t dir = 0;  // 0 = N, 1 = NE, 2 = SE
    std::uint8_t hex_count = 0;
    std::uint8_t neighbour_count = 0;
    std::array<int, 2> corners{};
    std::array<int, 2> hexes{};
    std::array<int, 4> neighbours{};
  };
  struct Geometry {
    std::vector<HexLinks> hexes;
    std::vector<CornerLinks> corners;              // sorted by (q, r, dir)
    std::vector<EdgeLinks> edges;                  // sorted by (q, r, dir)
    std::vector<std::pair<Coord, int>> hex_lookup;  // sorted by (q, r)
  };

  // Builds the corners and edges around `hexes`; throws DataError naming `field` on a
  // repeated coordinate.
  static Geometry build(const std::vector<Coord>& hexes, const std::string& field);
  void check_hex(int hex) const;
  void check_corner(int corner) const;
  void check_edge(int edge) const;
  int longest_from(int corner, int owner, std::vector<char>& used) const;

  // Shared by copies: a clone copies the pieces, not the topology (read_json makes a new one).
  std::shared_ptr<const Geometry> geo_;
  std::vector<Hex> hexes_;
  std::vector<Site> corners_;
  std::vector<Site> edges_;
};

}  // namespace tessera
