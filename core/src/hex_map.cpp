#include "tessera/hex_map.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <tuple>

#include "board_json.hpp"
#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"

namespace tessera {

using nlohmann::json;

namespace {

// Axial offsets of the six neighbours, in Direction order (N, NE, SE, S, SW, NW).
constexpr std::array<std::array<int, 2>, 6> kStep{{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};
constexpr std::array<std::string_view, 2> kCornerDir{"E", "W"};
constexpr std::array<std::string_view, 3> kEdgeDir{"N", "NE", "SE"};
constexpr int kE = 0, kW = 1;
constexpr int kN = 0, kNE = 1, kSE = 2;

struct Key {
  int q, r, d;
  bool operator<(const Key& o) const { return std::tie(q, r, d) < std::tie(o.q, o.r, o.d); }
  bool operator==(const Key&) const = default;
};

// The six corners of hex (q,r), clockwise from the east one, as canonical keys.
std::array<Key, 6> corner_keys(int q, int r) {
  return {{{q, r, kE}, {q + 1, r, kW}, {q - 1, r + 1, kE}, {q, r, kW}, {q - 1, r, kE}, {q + 1, r - 1, kW}}};
}

// The six sides of hex (q,r), clockwise from the north one, as canonical keys.
std::array<Key, 6> edge_keys(int q, int r) {
  return {{{q, r, kN}, {q, r, kNE}, {q, r, kSE}, {q, r + 1, kN}, {q - 1, r + 1, kNE}, {q - 1, r, kSE}}};
}

template <typename Links>
int find_key(const std::vector<Links>& sites, Key key) {
  auto it = std::lower_bound(sites.begin(), sites.end(), key, [](const Links& s, const Key& k) {
    return Key{s.at.q, s.at.r, s.dir} < k;
  });
  if (it == sites.end() || !(Key{it->at.q, it->at.r, it->dir} == key)) return HexMap::kNone;
  return static_cast<int>(it - sites.begin());
}

bool parse_int(std::string_view text, int& out) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// Splits "q,r" (want_dir false) or "q,r,D" into its parts; false when malformed.
bool parse_id(std::string_view text, bool want_dir, int& q, int& r, std::string_view& dir) {
  auto c1 = text.find(',');
  if (c1 == std::string_view::npos) return false;
  auto c2 = text.find(',', c1 + 1);
  if (want_dir != (c2 != std::string_view::npos)) return false;
  std::string_view r_text = want_dir ? text.substr(c1 + 1, c2 - c1 - 1) : text.substr(c1 + 1);
  if (!parse_int(text.substr(0, c1), q) || !parse_int(r_text, r)) return false;
  dir = want_dir ? text.substr(c2 + 1) : std::string_view{};
  return true;
}

// The index of the site with text id `id` among `links` (corners or edges), whose
// direction names are `names`; kNone when malformed or absent.
template <typename Links, std::size_t N>
int find_site(const std::vector<Links>& links, std::string_view id, const std::array<std::string_view, N>& names) {
  int q = 0, r = 0;
  std::string_view dir;
  if (!parse_id(id, true, q, r, dir)) return HexMap::kNone;
  for (int d = 0; d < static_cast<int>(N); ++d)
    if (dir == names[d]) return find_key(links, Key{q, r, d});
  return HexMap::kNone;
}

std::string coord_text(int q, int r) { return std::to_string(q) + "," + std::to_string(r); }

}  // namespace

HexMap::Geometry HexMap::build(const std::vector<Coord>& hexes, const std::string& field) {
  Geometry g;
  const int n = static_cast<int>(hexes.size());
  g.hex_lookup.reserve(n);
  for (int i = 0; i < n; ++i) g.hex_lookup.emplace_back(hexes[i], i);
  std::sort(g.hex_lookup.begin(), g.hex_lookup.end(), [](const auto& a, const auto& b) {
    return std::tie(a.first.q, a.first.r) < std::tie(b.first.q, b.first.r);
  });
  for (std::size_t i = 1; i < g.hex_lookup.size(); ++i)
    if (g.hex_lookup[i].first == g.hex_lookup[i - 1].first)
      throw DataError("'" + board_json::item(field, g.hex_lookup[i].second) + "': hex " +
                      coord_text(g.hex_lookup[i].first.q, g.hex_lookup[i].first.r) + " is given twice");
  auto find = [&](int q, int r) {
    auto it = std::lower_bound(g.hex_lookup.begin(), g.hex_lookup.end(), Coord{q, r}, [](const auto& e, Coord c) {
      return std::tie(e.first.q, e.first.r) < std::tie(c.q, c.r);
    });
    return it != g.hex_lookup.end() && it->first == Coord{q, r} ? it->second : kNone;
  };

  std::vector<Key> ckeys, ekeys;
  for (const Coord& c : hexes) {
    for (const Key& k : corner_keys(c.q, c.r)) ckeys.push_back(k);
    for (const Key& k : edge_keys(c.q, c.r)) ekeys.push_back(k);
  }
  std::sort(ckeys.begin(), ckeys.end());
  ckeys.erase(std::unique(ckeys.begin(), ckeys.end()), ckeys.end());
  std::sort(ekeys.begin(), ekeys.end());
  ekeys.erase(std::unique(ekeys.begin(), ekeys.end()), ekeys.end());
  for (const Key& k : ckeys) {
    CornerLinks c;
    c.at = {k.q, k.r};
    c.dir = static_cast<std::uint8_t>(k.d);
    g.corners.push_back(c);
  }
  for (const Key& k : ekeys) {
    EdgeLinks e;
    e.at = {k.q, k.r};
    e.dir = static_cast<std::uint8_t>(k.d);
    g.edges.push_back(e);
  }

  g.hexes.resize(n);
  for (int i = 0; i < n; ++i) {
    HexLinks& h = g.hexes[i];
    const int q = hexes[i].q, r = hexes[i].r;
    h.at = hexes[i];
    for (int d = 0; d < 6; ++d) {
      h.by_direction[d] = find(q + kStep[d][0], r + kStep[d][1]);
      if (h.by_direction[d] != kNone) h.neighbours[h.neighbour_count++] = h.by_direction[d];
    }
    auto ck = corner_keys(q, r);
    auto ek = edge_keys(q, r);
    for (int k = 0; k < 6; ++k) {
      h.corners[k] = find_key(g.corners, ck[k]);
      h.edges[k] = find_key(g.edges, ek[k]);
    }
  }

  for (EdgeLinks& e : g.edges) {
    const int q = e.at.q, r = e.at.r;
    Key ends[2];
    Coord sides[2];
    if (e.dir == kN) {
      ends[0] = {q - 1, r, kE}, ends[1] = {q + 1, r - 1, kW}, sides[1] = {q, r - 1};
    } else if (e.dir == kNE) {
      ends[0] = {q, r, kE}, ends[1] = {q + 1, r - 1, kW}, sides[1] = {q + 1, r - 1};
    } else {
      ends[0] = {q, r, kE}, ends[1] = {q + 1, r, kW}, sides[1] = {q + 1, r};
    }
    sides[0] = {q, r};
    for (int k = 0; k < 2; ++k) {
      // Both ends exist: each is a corner of whichever of the edge's hexes is on the map.
      e.corners[k] = find_key(g.corners, ends[k]);
      int hex = find(sides[k].q, sides[k].r);
      if (hex != kNone) e.hexes[e.hex_count++] = hex;
    }
  }

  for (int ci = 0; ci < static_cast<int>(g.corners.size()); ++ci) {
    CornerLinks& c = g.corners[ci];
    const int q = c.at.q, r = c.at.r;
    Coord around[3];
    Key sides[3];
    if (c.dir == kE) {
      around[0] = {q, r}, around[1] = {q + 1, r - 1}, around[2] = {q + 1, r};
      sides[0] = {q, r, kNE}, sides[1] = {q, r, kSE}, sides[2] = {q + 1, r, kN};
    } else {
      around[0] = {q, r}, around[1] = {q - 1, r}, around[2] = {q - 1, r + 1};
      sides[0] = {q - 1, r, kSE}, sides[1] = {q - 1, r + 1, kNE}, sides[2] = {q - 1, r + 1, kN};
    }
    for (int k = 0; k < 3; ++k) {
      int hex = find(around[k].q, around[k].r);
      if (hex != kNone) c.hexes[c.hex_count++] = hex;
      int edge = find_key(g.edges, sides[k]);
      if (edge == kNone) continue;
      const EdgeLinks& e = g.edges[edge];
      c.edges[c.edge_count] = edge;
      c.corners[c.edge_count] = e.corners[0] == ci ? e.corners[1] : e.corners[0];
      ++c.edge_count;
    }
  }

  for (int ei = 0; ei < static_cast<int>(g.edges.size()); ++ei) {
    EdgeLinks& e = g.edges[ei];
    for (int end : e.corners) {
      const CornerLinks& c = g.corners[end];
      for (int k = 0; k < c.edge_count; ++k)
        if (c.edges[k] != ei) e.neighbours[e.neighbour_count++] = c.edges[k];
    }
  }
  return g;
}

HexMap::HexMap(std::string name, std::vector<Coord> hexes, int owner, Visibility visibility)
    : ComponentOf(std::move(name), owner, visibility) {
  try {
    geo_ = std::make_shared<const Geometry>(build(hexes, "hexes"));
  } catch (const DataError& e) {
    throw DataError("hex map '" + this->name() + "': " + e.what());
  }
  hexes_.resize(geo_->hexes.size());
  corners_.resize(geo_->corners.size());
  edges_.resize(geo_->edges.size());
}

void HexMap::check_hex(int hex) const {
  if (hex < 0 || hex >= hex_count())
    throw RuleError("hex " + std::to_string(hex) + " is not on hex map '" + name() + "' (" +
                    std::to_string(hex_count()) + " hexes)");
}

void HexMap::check_corner(int corner) const {
  if (corner < 0 || corner >= corner_count())
    throw RuleError("corner " + std::to_string(corner) + " is not on hex map '" + name() + "' (" +
                    std::to_string(corner_count()) + " corners)");
}

void HexMap::check_edge(int edge) const {
  if (edge < 0 || edge >= edge_count())
    throw RuleError("edge " + std::to_string(edge) + " is not on hex map '" + name() + "' (" +
                    std::to_string(edge_count()) + " edges)");
}

// --- Hexes

int HexMap::find_hex(int q, int r) const {
  auto it = std::lower_bound(geo_->hex_lookup.begin(), geo_->hex_lookup.end(), Coord{q, r},
                             [](const auto& e, Coord c) { return std::tie(e.first.q, e.first.r) < std::tie(c.q, c.r); });
  return it != geo_->hex_lookup.end() && it->first == Coord{q, r} ? it->second : kNone;
}

int HexMap::hex_index(std::string_view id) const {
  int q = 0, r = 0;
  std::string_view dir;
  if (!parse_id(id, false, q, r, dir)) throw RuleError("'" + std::string(id) + "' is not a hex id (q,r)");
  int hex = find_hex(q, r);
  if (hex == kNone) throw RuleError("hex " + std::string(id) + " is not on hex map '" + name() + "'");
  return hex;
}

std::string HexMap::hex_id(int hex) const {
  check_hex(hex);
  return coord_text(geo_->hexes[hex].at.q, geo_->hexes[hex].at.r);
}

HexMap::Coord HexMap::coord(int hex) const {
  check_hex(hex);
  return geo_->hexes[hex].at;
}

HexMap::Hex& HexMap::hex(int hex) {
  check_hex(hex);
  return hexes_[hex];
}

const HexMap::Hex& HexMap::hex(int hex) const {
  check_hex(hex);
  return hexes_[hex];
}

int HexMap::neighbour(int hex, int direction) const {
  check_hex(hex);
  if (direction < 0 || direction > 5)
    throw RuleError("hex direction " + std::to_string(direction) + " is not 0..5");
  return geo_->hexes[hex].by_direction[direction];
}

std::span<const int> HexMap::hex_neighbours(int hex) const {
  check_hex(hex);
  return {geo_->hexes[hex].neighbours.data(), geo_->hexes[hex].neighbour_count};
}

std::span<const int> HexMap::hex_corners(int hex) const {
  check_hex(hex);
  return geo_->hexes[hex].corners;
}

std::span<const int> HexMap::hex_edges(int hex) const {
  check_hex(hex);
  return geo_->hexes[hex].edges;
}

int HexMap::hex_distance(Coord a, Coord b) {
  const int dq = a.q - b.q, dr = a.r - b.r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

int HexMap::hex_distance(int a, int b) const { return hex_distance(coord(a), coord(b)); }

// --- Corners

int HexMap::find_corner(std::string_view id) const { return find_site(geo_->corners, id, kCornerDir); }

int HexMap::corner_index(std::string_view id) const {
  int corner = find_corner(id);
  if (corner != kNone) return corner;
  int q = 0, r = 0;
  std::string_view dir;
  if (!parse_id(id, true, q, r, dir) || (dir != "E" && dir != "W"))
    throw RuleError("'" + std::string(id) + "' is not a corner id (q,r,E or q,r,W)");
  throw RuleError("corner " + std::string(id) + " is not on hex map '" + name() + "'");
}

std::string HexMap::corner_id(int corner) const {
  check_corner(corner);
  const CornerLinks& c = geo_->corners[corner];
  return coord_text(c.at.q, c.at.r) + "," + std::string(kCornerDir[c.dir]);
}

HexMap::Site& HexMap::corner(int corner) {
  check_corner(corner);
  return corners_[corner];
}

const HexMap::Site& HexMap::corner(int corner) const {
  check_corner(corner);
  return corners_[corner];
}

std::span<const int> HexMap::corner_hexes(int corner) const {
  check_corner(corner);
  return {geo_->corners[corner].hexes.data(), geo_->corners[corner].hex_count};
}

std::span<const int> HexMap::corner_edges(int corner) const {
  check_corner(corner);
  return {geo_->corners[corner].edges.data(), geo_->corners[corner].edge_count};
}

std::span<const int> HexMap::corner_neighbours(int corner) const {
  check_corner(corner);
  return {geo_->corners[corner].corners.data(), geo_->corners[corner].edge_count};
}

std::vector<int> HexMap::corners_of(int owner) const {
  std::vector<int> out;
  for (int c = 0; c < corner_count(); ++c)
    if (corners_[c].owner == owner) out.push_back(c);
  return out;
}

// --- Edges

int HexMap::find_edge(std::string_view id) const { return find_site(geo_->edges, id, kEdgeDir); }

int HexMap::edge_index(std::string_view id) const {
  int edge = find_edge(id);
  if (edge != kNone) return edge;
  int q = 0, r = 0;
  std::string_view dir;
  if (!parse_id(id, true, q, r, dir) || (dir != "N" && dir != "NE" && dir != "SE"))
    throw RuleError("'" + std::string(id) + "' is not an edge id (q,r,N or q,r,NE or q,r,SE)");
  throw RuleError("edge " + std::string(id) + " is not on hex map '" + name() + "'");
}

std::string HexMap::edge_id(int edge) const {
  check_edge(edge);
  const EdgeLinks& e = geo_->edges[edge];
  return coord_text(e.at.q, e.at.r) + "," + std::string(kEdgeDir[e.dir]);
}

HexMap::Site& HexMap::edge(int edge) {
  check_edge(edge);
  return edges_[edge];
}

const HexMap::Site& HexMap::edge(int edge) const {
  check_edge(edge);
  return edges_[edge];
}

std::span<const int> HexMap::edge_corners(int edge) const {
  check_edge(edge);
  return geo_->edges[edge].corners;
}

std::span<const int> HexMap::edge_hexes(int edge) const {
  check_edge(edge);
  return {geo_->edges[edge].hexes.data(), geo_->edges[edge].hex_count};
}

std::span<const int> HexMap::edge_neighbours(int edge) const {
  check_edge(edge);
  return {geo_->edges[edge].neighbours.data(), geo_->edges[edge].neighbour_count};
}

int HexMap::edge_between(int corner_a, int corner_b) const {
  check_corner(corner_a);
  check_corner(corner_b);
  const CornerLinks& c = geo_->corners[corner_a];
  for (int k = 0; k < c.edge_count; ++k)
    if (c.corners[k] == corner_b) return c.edges[k];
  return kNone;
}

std::vector<int> HexMap::edges_of(int owner) const {
  std::vector<int> out;
  for (int e = 0; e < edge_count(); ++e)
    if (edges_[e].owner == owner) out.push_back(e);
  return out;
}

// --- Distances and roads

int HexMap::corner_distance(int a, int b) const {
  check_corner(a);
  check_corner(b);
  std::vector<int> dist(corner_count(), -1);
  std::vector<int> queue{a};
  dist[a] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    int c = queue[head];
    if (c == b) return dist[c];
    for (int next : corner_neighbours(c))
      if (dist[next] < 0) {
        dist[next] = dist[c] + 1;
        queue.push_back(next);
      }
  }
  return -1;
}

std::vector<int> HexMap::corners_within(int corner, int radius) const {
  check_corner(corner);
  std::vector<int> dist(corner_count(), -1);
  std::vector<int> queue{corner};
  dist[corner] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    int c = queue[head];
    if (dist[c] >= radius) continue;
    for (int next : corner_neighbours(c))
      if (dist[next] < 0) {
        dist[next] = dist[c] + 1;
        queue.push_back(next);
      }
  }
  std::sort(queue.begin(), queue.end());
  return queue;
}

bool HexMap::corner_clear(int corner, int radius) const {
  for (int c : corners_within(corner, radius))
    if (corners_[c].occupied()) return false;
  return true;
}

int HexMap::longest_from(int corner, int owner, std::vector<char>& used) const {
  // Depth-first over unused own edges: trails, not paths, so corners may repeat. The search
  // is exponential in the worst case, which the dozen-odd roads of one player never reach.
  int best = 0;
  const CornerLinks& c = geo_->corners[corner];
  for (int k = 0; k < c.edge_count; ++k) {
    const int e = c.edges[k];
    if (used[e] || edges_[e].owner != owner) continue;
    used[e] = 1;
    const int next = c.corners[k];
    const int there = corners_[next].owner;
    const bool blocked = there != kNobody && there != owner;
    best = std::max(best, 1 + (blocked ? 0 : longest_from(next, owner, used)));
    used[e] = 0;
  }
  return best;
}

int HexMap::longest_path(int owner) const {
  if (owner < 0) throw RuleError("hex_map '" + name() + "': longest_path needs a seat, not " + std::to_string(owner));
  std::vector<char> used(edge_count(), 0);
  int best = 0;
  for (int c = 0; c < corner_count(); ++c) {
    bool touches = false;
    for (int e : corner_edges(c)) touches = touches || edges_[e].owner == owner;
    if (touches) best = std::max(best, longest_from(c, owner, used));
  }
  return best;
}

// --- JSON

void HexMap::write_json(json& out, int viewer) const {
  if (!visible_to(viewer)) {
    out["hex_count"] = hex_count();
    out["corner_count"] = corner_count();
    out["edge_count"] = edge_count();
    return;
  }
  json& hexes = out["hexes"] = json::array();
  for (int h = 0; h < hex_count(); ++h) {
    const Hex& x = hexes_[h];
    hexes.push_back({{"q", geo_->hexes[h].at.q},
                     {"r", geo_->hexes[h].at.r},
                     {"terrain", x.terrain},
                     {"number", x.number},
                     {"piece", x.piece},
                     {"owner", x.owner}});
  }
  json& corners = out["corners"] = json::array();
  for (int c = 0; c < corner_count(); ++c)
    if (corners_[c].occupied())
      corners.push_back({{"id", corner_id(c)}, {"owner", corners_[c].owner}, {"piece", corners_[c].piece}});
  json& edges = out["edges"] = json::array();
  for (int e = 0; e < edge_count(); ++e)
    if (edges_[e].occupied())
      edges.push_back({{"id", edge_id(e)}, {"owner", edges_[e].owner}, {"piece", edges_[e].piece}});
}

void HexMap::read_json(const json& in) {
  const json& hex_list = board_json::array_member(in, "", "hexes");
  std::vector<Coord> coords;
  std::vector<Hex> hexes;
  for (std::size_t i = 0; i < hex_list.size(); ++i) {
    const std::string where = board_json::item("hexes", i);
    const json& h = hex_list[i];
    coords.push_back({board_json::int_member(h, where, "q"), board_json::int_member(h, where, "r")});
    hexes.push_back({board_json::string_member(h, where, "terrain"), board_json::int_member(h, where, "number"),
                     board_json::string_member(h, where, "piece"), board_json::owner_member(h, where, "owner")});
  }
  Geometry geo = build(coords, "hexes");

  // Sites are looked up in the new geometry, so ids are checked against the map being read.
  auto read_sites = [&](std::string_view field, std::size_t count, auto&& find) {
    std::vector<Site> sites(count);
    std::vector<char> seen(count, 0);
    const json& list = board_json::array_member(in, "", field);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = board_json::item(field, i);
      const std::string id = board_json::string_member(list[i], where, "id");
      const int index = find(id);
      if (index == kNone)
        throw DataError("'" + where + ".id': '" + id + "' is not " + (field == "edges" ? "an edge" : "a corner") +
                        " of this map");
      if (seen[index]) throw DataError("'" + where + ".id': '" + id + "' is listed twice");
      seen[index] = 1;
      sites[index] = {board_json::owner_member(list[i], where, "owner"), board_json::string_member(list[i], where, "piece")};
    }
    return sites;
  };
  std::vector<Site> corners = read_sites("corners", geo.corners.size(),
                                         [&](std::string_view id) { return find_site(geo.corners, id, kCornerDir); });
  std::vector<Site> edges = read_sites("edges", geo.edges.size(),
                                       [&](std::string_view id) { return find_site(geo.edges, id, kEdgeDir); });

  geo_ = std::make_shared<const Geometry>(std::move(geo));
  hexes_ = std::move(hexes);
  corners_ = std::move(corners);
  edges_ = std::move(edges);
}

std::string HexMap::describe(int viewer) const {
  if (!visible_to(viewer)) return std::to_string(hex_count()) + " hexes (hidden)";
  std::string out;
  auto line = [&](std::string text) {
    if (!out.empty()) out += "\n";
    out += text;
  };
  auto site_text = [](const Site& s) {
    std::string t = s.piece.empty() ? "owned" : s.piece;
    if (s.owner != kNobody) t += "@" + std::to_string(s.owner);
    return t;
  };
  for (int h = 0; h < hex_count(); ++h) {
    const Hex& x = hexes_[h];
    std::string t = hex_id(h) + " " + (x.terrain.empty() ? "-" : x.terrain);
    if (x.number != 0) t += " " + std::to_string(x.number);
    if (!x.piece.empty()) t += " " + x.piece;
    if (x.owner != kNobody) t += " @" + std::to_string(x.owner);
    line(std::move(t));
  }
  for (int c = 0; c < corner_count(); ++c)
    if (corners_[c].occupied()) line("corner " + corner_id(c) + " " + site_text(corners_[c]));
  for (int e = 0; e < edge_count(); ++e)
    if (edges_[e].occupied()) line("edge " + edge_id(e) + " " + site_text(edges_[e]));
  return out.empty() ? "-" : out;
}

}  // namespace tessera
