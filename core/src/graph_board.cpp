#include "tessera/graph_board.hpp"

#include <algorithm>
#include <climits>
#include <iterator>
#include <tuple>

#include "board_json.hpp"
#include "tessera/error.hpp"

namespace tessera {

using nlohmann::json;

namespace {
bool matches(const GraphBoard::Pieces& p, int owner, std::string_view kind) {
  return (owner == GraphBoard::kAnyOwner || p.owner == owner) && (kind.empty() || p.kind == kind);
}

bool before(const GraphBoard::Pieces& p, int space, int owner, std::string_view kind) {
  return std::tie(p.space, p.owner) < std::tie(space, owner) ||
         (p.space == space && p.owner == owner && std::string_view(p.kind) < kind);
}

std::string plural(int count, const char* word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}
// How many entries of `list` (sorted by space) belong to `space`, counted both ways from
// `at`, where a new entry of that space would go.
template <typename List>
std::ptrdiff_t entries_of_space(const List& list, typename List::const_iterator at, int space) {
  const auto other = [space](const auto& entry) { return entry.space != space; };
  const auto first = std::find_if(std::make_reverse_iterator(at), list.rend(), other).base();
  return std::find_if(at, list.end(), other) - first;
}

}  // namespace

GraphBoard::GraphBoard(std::string name, int owner, Visibility visibility)
    : ComponentOf(std::move(name), owner, visibility) {
  adjacency_start_.assign(1, 0);
}

// --- Building

int GraphBoard::add_space(std::string id, int capacity) {
  if (id.empty()) throw DataError("graph board '" + name() + "': a space id must not be empty");
  if (find(id) != kNone) throw DataError("graph board '" + name() + "': space '" + id + "' is added twice");
  if (capacity < kUnlimited)
    throw DataError("graph board '" + name() + "': space '" + id + "' has capacity " + std::to_string(capacity));
  const int space = space_count();
  spaces_.push_back({std::move(id), capacity});
  auto pos = std::lower_bound(by_id_.begin(), by_id_.end(), spaces_.back().id,
                              [&](int s, const std::string& key) { return spaces_[s].id < key; });
  by_id_.insert(pos, space);
  rebuild_adjacency();
  return space;
}

void GraphBoard::add_link(int a, int b, std::string type) {
  if (a < 0 || a >= space_count() || b < 0 || b >= space_count())
    throw DataError("graph board '" + name() + "': a link joins space " + std::to_string(a) + " and " +
                    std::to_string(b) + ", but there are " + plural(space_count(), "space"));
  if (a == b) throw DataError("graph board '" + name() + "': space '" + spaces_[a].id + "' cannot be linked to itself");
  for (const Link& l : links_)
    if (l.type == type && ((l.a == a && l.b == b) || (l.a == b && l.b == a)))
      throw DataError("graph board '" + name() + "': '" + spaces_[a].id + "' and '" + spaces_[b].id +
                      "' are linked twice by '" + type + "'");
  links_.push_back({a, b, std::move(type)});
  rebuild_adjacency();
}

void GraphBoard::rebuild_adjacency() {
  // Counting sort of both link directions by space keeps each space's steps in link order.
  adjacency_start_.assign(spaces_.size() + 1, 0);
  for (const Link& l : links_) {
    ++adjacency_start_[l.a + 1];
    ++adjacency_start_[l.b + 1];
  }
  for (std::size_t s = 1; s < adjacency_start_.size(); ++s) adjacency_start_[s] += adjacency_start_[s - 1];
  adjacency_.assign(links_.size() * 2, {});
  std::vector<int> fill(adjacency_start_.begin(), adjacency_start_.end() - 1);
  for (int i = 0; i < link_count(); ++i) {
    adjacency_[fill[links_[i].a]++] = {links_[i].b, i};
    adjacency_[fill[links_[i].b]++] = {links_[i].a, i};
  }
}

void GraphBoard::check_space(int space) const {
  if (space < 0 || space >= space_count())
    throw RuleError("space " + std::to_string(space) + " is not on graph board '" + name() + "' (" +
                    plural(space_count(), "space") + ")");
}

int GraphBoard::find(std::string_view id) const {
  auto it = std::lower_bound(by_id_.begin(), by_id_.end(), id,
                             [&](int s, std::string_view key) { return spaces_[s].id < key; });
  return it != by_id_.end() && spaces_[*it].id == id ? *it : kNone;
}

int GraphBoard::index(std::string_view id) const {
  int space = find(id);
  if (space == kNone) throw RuleError("graph board '" + name() + "' has no space '" + std::string(id) + "'");
  return space;
}

const std::string& GraphBoard::id(int space) const {
  check_space(space);
  return spaces_[space].id;
}

int GraphBoard::capacity(int space) const {
  check_space(space);
  return spaces_[space].capacity;
}

void GraphBoard::set_capacity(int space, int capacity) {
  check_space(space);
  if (capacity < kUnlimited) throw RuleError("capacity " + std::to_string(capacity) + " must be -1 or more");
  if (capacity != kUnlimited && count(space) > capacity)
    throw RuleError("space '" + spaces_[space].id + "' already holds " + plural(count(space), "piece") +
                    ", more than " + std::to_string(capacity));
  spaces_[space].capacity = capacity;
}

// --- Attributes

const GraphBoard::Attribute* GraphBoard::attribute(int space, std::string_view key) const {
  check_space(space);
  auto it = std::lower_bound(attributes_.begin(), attributes_.end(), 0, [&](const Attribute& a, int) {
    return a.space < space || (a.space == space && std::string_view(a.key) < key);
  });
  return it != attributes_.end() && it->space == space && it->key == key ? &*it : nullptr;
}

void GraphBoard::set_attribute(Attribute value) {
  check_space(value.space);
  if (value.key.empty()) throw RuleError("an attribute key must not be empty");
  if (value.key.size() > kMaxTextBytes || value.text.size() > kMaxTextBytes)
    throw RuleError("an attribute key or text of a board space is at most " + std::to_string(kMaxTextBytes) +
                    " bytes, got " + std::to_string(std::max(value.key.size(), value.text.size())));
  auto it = std::lower_bound(attributes_.begin(), attributes_.end(), value, [](const Attribute& a, const Attribute& b) {
    return std::tie(a.space, a.key) < std::tie(b.space, b.key);
  });
  if (it != attributes_.end() && it->space == value.space && it->key == value.key) {
    *it = std::move(value);
    return;
  }
  if (entries_of_space(attributes_, it, value.space) >= kMaxAttributes)
    throw RuleError("space '" + spaces_[value.space].id + "' already has " + std::to_string(kMaxAttributes) +
                    " attributes, the most a space may have; cannot add '" + value.key + "'");
  attributes_.insert(it, std::move(value));
}

void GraphBoard::set_attribute(int space, std::string_view key, std::string value) {
  set_attribute(Attribute{space, std::string(key), std::move(value), 0, false});
}

void GraphBoard::set_attribute(int space, std::string_view key, int value) {
  set_attribute(Attribute{space, std::string(key), "", value, true});
}

bool GraphBoard::has_attribute(int space, std::string_view key) const { return attribute(space, key) != nullptr; }

std::string GraphBoard::text(int space, std::string_view key, std::string_view fallback) const {
  const Attribute* a = attribute(space, key);
  if (!a) return std::string(fallback);
  if (a->is_number)
    throw RuleError("attribute '" + std::string(key) + "' of space '" + spaces_[space].id + "' is a number, not a text");
  return a->text;
}

int GraphBoard::number(int space, std::string_view key, int fallback) const {
  const Attribute* a = attribute(space, key);
  if (!a) return fallback;
  if (!a->is_number)
    throw RuleError("attribute '" + std::string(key) + "' of space '" + spaces_[space].id + "' is a text, not a number");
  return a->number;
}

std::vector<int> GraphBoard::spaces_with(std::string_view key) const {
  std::vector<int> out;
  for (const Attribute& a : attributes_)
    if (a.key == key) out.push_back(a.space);
  return out;
}

std::vector<int> GraphBoard::spaces_where(std::string_view key, std::string_view value) const {
  std::vector<int> out;
  for (const Attribute& a : attributes_)
    if (a.key == key && !a.is_number && a.text == value) out.push_back(a.space);
  return out;
}

std::vector<int> GraphBoard::spaces_where(std::string_view key, int value) const {
  std::vector<int> out;
  for (const Attribute& a : attributes_)
    if (a.key == key && a.is_number && a.number == value) out.push_back(a.space);
  return out;
}

// --- Adjacency

std::vector<int> GraphBoard::neighbours(int space, std::string_view type) const {
  check_space(space);
  std::vector<int> out;
  for (int i = adjacency_start_[space]; i < adjacency_start_[space + 1]; ++i) {
    const Step& step = adjacency_[i];
    if ((type.empty() || links_[step.link].type == type) && std::find(out.begin(), out.end(), step.to) == out.end())
      out.push_back(step.to);
  }
  return out;
}

bool GraphBoard::adjacent(int a, int b, std::string_view type) const {
  check_space(b);
  for (int n : neighbours(a, type))
    if (n == b) return true;
  return false;
}

// --- Pieces

int GraphBoard::count(int space, int owner, std::string_view kind) const {
  check_space(space);
  auto it = std::lower_bound(pieces_.begin(), pieces_.end(), space, [](const Pieces& p, int s) { return p.space < s; });
  int total = 0;
  for (; it != pieces_.end() && it->space == space; ++it)
    if (matches(*it, owner, kind)) total += it->count;
  return total;
}

int GraphBoard::count_all(int owner, std::string_view kind) const {
  int total = 0;
  for (const Pieces& p : pieces_)
    if (matches(p, owner, kind)) total += p.count;
  return total;
}

int GraphBoard::room(int space) const {
  check_space(space);
  return spaces_[space].capacity == kUnlimited ? kUnlimited : spaces_[space].capacity - count(space);
}

void GraphBoard::add_pieces(int space, int owner, std::string_view kind, int count) {
  check_space(space);
  if (kind.empty()) throw RuleError("a piece kind must not be empty");
  if (kind.size() > kMaxTextBytes)
    throw RuleError("a piece kind is at most " + std::to_string(kMaxTextBytes) + " bytes, got " +
                    std::to_string(kind.size()));
  if (owner < kNobody) throw RuleError("piece owner " + std::to_string(owner) + " is not a seat or -1");
  if (count < 1) throw RuleError("cannot add " + std::to_string(count) + " pieces");
  const int free = room(space);
  if (free != kUnlimited && count > free)
    throw RuleError("space '" + spaces_[space].id + "' has room for " + plural(free, "more piece") + ", not " +
                    std::to_string(count));
  auto it = std::lower_bound(pieces_.begin(), pieces_.end(), 0,
                             [&](const Pieces& p, int) { return before(p, space, owner, kind); });
  if (it != pieces_.end() && it->space == space && it->owner == owner && it->kind == kind) {
    if (it->count > INT_MAX - count) throw RuleError("too many pieces on space '" + spaces_[space].id + "'");
    it->count += count;
  } else {
    if (entries_of_space(pieces_, it, space) >= kMaxStacks)
      throw RuleError("space '" + spaces_[space].id + "' already holds " + std::to_string(kMaxStacks) +
                      " stacks of pieces (owner and kind), the most a space may hold");
    pieces_.insert(it, Pieces{space, owner, std::string(kind), count});
  }
}

void GraphBoard::remove_pieces(int space, int owner, std::string_view kind, int count) {
  check_space(space);
  if (kind.empty()) throw RuleError("a piece kind must not be empty");
  if (count < 1) throw RuleError("cannot remove " + std::to_string(count) + " pieces");
  auto it = std::lower_bound(pieces_.begin(), pieces_.end(), 0,
                             [&](const Pieces& p, int) { return before(p, space, owner, kind); });
  const bool found = it != pieces_.end() && it->space == space && it->owner == owner && it->kind == kind;
  const int there = found ? it->count : 0;
  if (there < count)
    throw RuleError("space '" + spaces_[space].id + "' holds " + std::to_string(there) + " " + std::string(kind) +
                    " of " + (owner == kNobody ? std::string("nobody") : "seat " + std::to_string(owner)) + ", not " +
                    std::to_string(count));
  it->count -= count;
  if (it->count == 0) pieces_.erase(it);
}

void GraphBoard::move_pieces(int from, int to, int owner, std::string_view kind, int count) {
  check_space(to);
  if (from == to) {
    remove_pieces(from, owner, kind, count);  // checks the pieces are there...
    add_pieces(from, owner, kind, count);     // ...and puts them back, which always fits
    return;
  }
  remove_pieces(from, owner, kind, count);
  try {
    add_pieces(to, owner, kind, count);
  } catch (const RuleError&) {
    add_pieces(from, owner, kind, count);  // undo: those pieces came from there, so they fit back
    throw;
  }
}

std::vector<GraphBoard::Pieces> GraphBoard::pieces_at(int space) const {
  check_space(space);
  std::vector<Pieces> out;
  for (const Pieces& p : pieces_)
    if (p.space == space) out.push_back(p);
  return out;
}

std::vector<GraphBoard::Pieces> GraphBoard::pieces_of(int owner, std::string_view kind) const {
  std::vector<Pieces> out;
  for (const Pieces& p : pieces_)
    if (matches(p, owner, kind)) out.push_back(p);
  return out;
}

// --- Paths

void GraphBoard::search(int from, std::string_view type, const SpaceTest& passable, std::vector<int>& dist,
                        std::vector<int>* previous) const {
  check_space(from);
  dist.assign(spaces_.size(), -1);
  if (previous) previous->assign(spaces_.size(), kNone);
  std::vector<int> queue{from};
  dist[from] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int at = queue[head];
    if (at != from && passable && !passable(at)) continue;  // may end here, not go on
    for (int i = adjacency_start_[at]; i < adjacency_start_[at + 1]; ++i) {
      const Step& step = adjacency_[i];
      if (dist[step.to] >= 0 || (!type.empty() && links_[step.link].type != type)) continue;
      dist[step.to] = dist[at] + 1;
      if (previous) (*previous)[step.to] = at;
      queue.push_back(step.to);
    }
  }
}

std::vector<int> GraphBoard::distances(int from, std::string_view type, const SpaceTest& passable) const {
  std::vector<int> dist;
  search(from, type, passable, dist, nullptr);
  return dist;
}

int GraphBoard::distance(int from, int to, std::string_view type, const SpaceTest& passable) const {
  check_space(to);
  return distances(from, type, passable)[to];
}

std::vector<int> GraphBoard::shortest_path(int from, int to, std::string_view type, const SpaceTest& passable) const {
  check_space(to);
  std::vector<int> dist, previous;
  search(from, type, passable, dist, &previous);
  std::vector<int> path;
  if (dist[to] < 0) return path;
  for (int at = to; at != kNone; at = previous[at]) path.push_back(at);
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<int> GraphBoard::reachable(int from, int max_steps, std::string_view type, const SpaceTest& passable,
                                       const SpaceTest& endable) const {
  std::vector<int> dist;
  search(from, type, passable, dist, nullptr);
  std::vector<int> out;
  for (int s = 0; s < space_count(); ++s)
    if (s != from && dist[s] >= 1 && dist[s] <= max_steps && (!endable || endable(s))) out.push_back(s);
  return out;
}

// --- JSON

void GraphBoard::write_json(json& out, int viewer) const {
  if (!visible_to(viewer)) {
    out["space_count"] = space_count();
    out["link_count"] = link_count();
    return;
  }
  json& spaces = out["spaces"] = json::array();
  for (int s = 0; s < space_count(); ++s) {
    json attributes = json::object();
    for (const Attribute& a : attributes_)
      if (a.space == s) attributes[a.key] = a.is_number ? json(a.number) : json(a.text);
    spaces.push_back({{"id", spaces_[s].id}, {"capacity", spaces_[s].capacity}, {"attributes", std::move(attributes)}});
  }
  json& links = out["links"] = json::array();
  for (const Link& l : links_) links.push_back({{"a", spaces_[l.a].id}, {"b", spaces_[l.b].id}, {"type", l.type}});
  json& pieces = out["pieces"] = json::array();
  for (const Pieces& p : pieces_)
    pieces.push_back({{"space", spaces_[p.space].id}, {"owner", p.owner}, {"kind", p.kind}, {"count", p.count}});
}

void GraphBoard::read_json(const json& in) {
  // Built into a fresh board with the same checks as add_space/add_link, then swapped in;
  // their DataErrors are re-labelled with the JSON path.
  GraphBoard next(name(), owner(), visibility());
  const json& spaces = board_json::array_member(in, "", "spaces");
  for (std::size_t i = 0; i < spaces.size(); ++i) {
    const std::string where = board_json::item("spaces", i);
    const std::string id = board_json::string_member(spaces[i], where, "id");
    const int capacity = board_json::int_member(spaces[i], where, "capacity");
    if (id.empty()) throw DataError("'" + where + ".id' must not be empty");
    if (next.find(id) != kNone) throw DataError("'" + where + ".id': space '" + id + "' is given twice");
    if (capacity < kUnlimited) throw DataError("'" + where + ".capacity' must be -1 or more");
    const int s = next.add_space(id, capacity);
    const json& attributes = board_json::member(spaces[i], where, "attributes");
    if (!attributes.is_object()) throw DataError("'" + where + ".attributes' must be an object");
    for (auto it = attributes.begin(); it != attributes.end(); ++it) {
      const std::string key = where + ".attributes." + it.key();
      if (it.key().empty()) throw DataError("'" + where + ".attributes' has an empty key");
      if (!it.value().is_string() && !it.value().is_number_integer())
        throw DataError("'" + key + "' must be a string or an integer");
      try {
        if (it.value().is_string())
          next.set_attribute(s, it.key(), it.value().get<std::string>());
        else
          next.set_attribute(s, it.key(), it.value().get<int>());
      } catch (const RuleError& e) {
        throw DataError("'" + key + "': " + e.what());
      }
    }
  }
  auto space_of = [&](const json& object, const std::string& where, std::string_view key) {
    const std::string id = board_json::string_member(object, where, key);
    const int s = next.find(id);
    if (s == kNone) throw DataError("'" + board_json::join(where, key) + "': no space '" + id + "'");
    return s;
  };
  const json& links = board_json::array_member(in, "", "links");
  for (std::size_t i = 0; i < links.size(); ++i) {
    const std::string where = board_json::item("links", i);
    const int a = space_of(links[i], where, "a");
    const int b = space_of(links[i], where, "b");
    std::string type = board_json::string_member(links[i], where, "type");
    try {
      next.add_link(a, b, std::move(type));
    } catch (const DataError& e) {
      throw DataError("'" + where + "': " + e.what());
    }
  }
  const json& pieces = board_json::array_member(in, "", "pieces");
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const std::string where = board_json::item("pieces", i);
    const int s = space_of(pieces[i], where, "space");
    const int owner = board_json::owner_member(pieces[i], where, "owner");
    const std::string kind = board_json::string_member(pieces[i], where, "kind");
    const int count = board_json::int_member(pieces[i], where, "count");
    if (kind.empty()) throw DataError("'" + where + ".kind' must not be empty");
    if (count < 1) throw DataError("'" + where + ".count' must be at least 1");
    if (next.count(s, owner, kind) > 0)
      throw DataError("'" + where + "': " + kind + " of owner " + std::to_string(owner) + " on '" + next.id(s) +
                      "' is listed twice");
    const int free = next.room(s);
    if (free != kUnlimited && count > free)
      throw DataError("'" + where + "': space '" + next.id(s) + "' would hold more than its capacity " +
                      std::to_string(next.capacity(s)));
    try {
      next.add_pieces(s, owner, kind, count);
    } catch (const RuleError& e) {
      throw DataError("'" + where + "': " + e.what());
    }
  }
  spaces_ = std::move(next.spaces_);
  by_id_ = std::move(next.by_id_);
  links_ = std::move(next.links_);
  attributes_ = std::move(next.attributes_);
  pieces_ = std::move(next.pieces_);
  adjacency_start_ = std::move(next.adjacency_start_);
  adjacency_ = std::move(next.adjacency_);
}

std::string GraphBoard::describe(int viewer) const {
  std::string out = plural(space_count(), "space") + ", " + plural(link_count(), "link");
  if (!visible_to(viewer)) return out + " (hidden)";
  int last = kNone;
  for (const Pieces& p : pieces_) {
    if (p.space != last) {
      out += "\n" + spaces_[p.space].id;
      if (spaces_[p.space].capacity != kUnlimited)
        out += " (" + std::to_string(count(p.space)) + "/" + std::to_string(spaces_[p.space].capacity) + ")";
      out += ":";
      last = p.space;
    } else {
      out += ",";
    }
    out += " " + std::to_string(p.count) + " " + p.kind;
    if (p.owner != kNobody) out += "@" + std::to_string(p.owner);
  }
  return out;
}

}  // namespace tessera
