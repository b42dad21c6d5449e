#include "tessera/table.hpp"

#include <atomic>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace tessera {

using nlohmann::json;

std::uint64_t Component::fresh_stamp() {
  // A block of 2^40 - 1 stamps per thread at a time: no atomic on the hot path, and no clash
  // between threads; a thread that uses up its block takes a new one.
  constexpr std::uint64_t kBlock = std::uint64_t{1} << 40;
  static std::atomic<std::uint64_t> blocks{0};
  // initial-exec: a fixed offset from the thread pointer, no __tls_get_addr call per stamp.
  [[gnu::tls_model("initial-exec")]] thread_local std::uint64_t prefix = 0, count = kBlock - 1;
  if (count == kBlock - 1) {
    prefix = (blocks.fetch_add(1, std::memory_order_relaxed) + 1) * kBlock;
    count = 0;
  }
  return prefix | ++count;
}

std::string_view to_string(Visibility v) {
  switch (v) {
    case Visibility::Public: return "public";
    case Visibility::Owner: return "owner";
    case Visibility::Hidden: return "hidden";
  }
  return "public";
}

Visibility visibility_from_string(std::string_view text) {
  if (text == "public") return Visibility::Public;
  if (text == "owner") return Visibility::Owner;
  if (text == "hidden") return Visibility::Hidden;
  throw DataError("visibility '" + std::string(text) + "': expected public, owner or hidden");
}

Table::Table(const Table& other) : players_(other.players_), rng_(other.rng_) {
  components_.reserve(other.components_.size());
  for (const auto& c : other.components_) components_.push_back(c->clone());
}

Table& Table::operator=(const Table& other) {
  if (this != &other) {
    Table copy(other);
    *this = std::move(copy);
  }
  return *this;
}

std::uint32_t Table::add_component(std::unique_ptr<Component> component) {
  if (journaling_) throw std::logic_error("Table: components may not be added during an undo journal");
  if (component->owner() != kNobody && (component->owner() < 0 || component->owner() >= players_))
    throw DataError("component '" + component->name() + "': owner seat " +
                    std::to_string(component->owner()) + " is not a seat of this table");
  if (find(component->name(), component->owner()))
    throw DataError("component '" + component->name() + "' is added twice");
  components_.push_back(std::move(component));
  return static_cast<std::uint32_t>(components_.size() - 1);
}

const Component* Table::find(std::string_view name, int owner) const {
  for (const auto& c : components_)
    if (c->owner() == owner && c->name() == name) return c.get();
  return nullptr;
}

Component* Table::find(std::string_view name, int owner) {
  for (std::size_t i = 0; i < components_.size(); ++i)
    if (components_[i]->owner() == owner && components_[i]->name() == name) return &touch(i);
  return nullptr;
}

std::uint32_t Table::index_of(std::string_view name, int owner) const {
  for (std::uint32_t i = 0; i < components_.size(); ++i)
    if (components_[i]->owner() == owner && components_[i]->name() == name) return i;
  std::string who = owner == kNobody ? "global" : "seat " + std::to_string(owner);
  throw DataError("no " + who + " component named '" + std::string(name) + "'");
}

json Table::write(int viewer, bool with_rng) const {
  json out = json::object();
  out["players"] = players_;
  if (with_rng) out["rng"] = rng_.save();
  json& global = out["global"] = json::object();
  json& seats = out["seats"] = json::array();
  for (int s = 0; s < players_; ++s) seats.push_back(json::object());
  for (const auto& c : components_) {
    json body = json::object();
    body["kind"] = c->kind();
    body["visibility"] = to_string(c->visibility());
    c->write_json(body, viewer);
    if (c->owner() == kNobody)
      global[c->name()] = std::move(body);
    else
      seats[c->owner()][c->name()] = std::move(body);
  }
  return out;
}

json Table::to_json() const { return write(kOmniscient, /*with_rng=*/true); }
json Table::view(int viewer) const { return write(viewer, /*with_rng=*/false); }

void Table::assign_json(const json& state) {
  if (journaling_) throw std::logic_error("Table: assign_json during an undo journal");
  if (!state.is_object()) throw DataError("state: expected a JSON object");
  if (!state.contains("players") || state["players"] != players_)
    throw DataError("state: 'players' must be " + std::to_string(players_));
  Table next(*this);
  if (!state.contains("rng") || !state["rng"].is_string()) throw DataError("state: 'rng' must be a string");
  next.rng_.restore(state["rng"].get<std::string>());
  const json* global = state.contains("global") ? &state["global"] : nullptr;
  const json* seats = state.contains("seats") ? &state["seats"] : nullptr;
  if (!global || !global->is_object()) throw DataError("state: 'global' must be an object");
  if (!seats || !seats->is_array() || seats->size() != static_cast<std::size_t>(players_))
    throw DataError("state: 'seats' must be an array of " + std::to_string(players_) + " objects");
  std::size_t seen = 0;
  for (auto& c : next.components_) {
    const json& group = c->owner() == kNobody ? *global : (*seats)[c->owner()];
    std::string where = c->owner() == kNobody ? "/global/" + c->name()
                                              : "/seats/" + std::to_string(c->owner()) + "/" + c->name();
    if (!group.is_object() || !group.contains(c->name())) throw DataError("state: missing " + where);
    const json& body = group[c->name()];
    if (!body.is_object() || !body.contains("kind") || !body["kind"].is_string() || body["kind"] != c->kind())
      throw DataError("state: " + where + " must be an object of kind '" + std::string(c->kind()) + "'");
    try {
      c->read_json(body);
      c->restamp();
    } catch (const DataError& e) {
      throw DataError("state: " + where + ": " + e.what());
    } catch (const json::exception& e) {
      throw DataError("state: " + where + ": " + e.what());
    }
    ++seen;
  }
  std::size_t given = global->size();
  for (const auto& s : *seats) given += s.is_object() ? s.size() : 0;
  if (given != seen) throw DataError("state: holds components this game does not have");
  *this = std::move(next);
}

void Table::resample_hidden(int viewer, Rng& rng) {
  for (std::size_t i = 0; i < components_.size(); ++i) touch(i).resample_hidden(viewer, rng);
}

void Table::begin_undo() {
  if (journaling_) throw std::logic_error("Table: an undo journal is already open");
  journaling_ = true;
  saved_.assign(components_.size(), 0);
  rng_before_ = rng_;
}

void Table::save(std::size_t i) {
  journal_.push_back(Saved{i, components_[i]->clone()});
  saved_[i] = 1;
}

void Table::commit_undo() {
  last_.swap(journal_);
  last_rng_ = rng_before_;
  has_last_ = true;
  journal_.clear();
  journaling_ = false;
}

void Table::rollback_undo() {
  for (Saved& s : journal_) components_[s.index] = std::move(s.before);
  rng_ = rng_before_;
  journal_.clear();
  journaling_ = false;
}

bool Table::undo_last() {
  if (journaling_) throw std::logic_error("Table: undo_last during an undo journal");
  if (!has_last_) return false;
  for (Saved& s : last_) components_[s.index] = std::move(s.before);
  rng_ = last_rng_;
  forget_last();
  return true;
}

void Table::forget_last() {
  last_.clear();
  has_last_ = false;
}

bool Table::operator==(const Table& other) const { return to_json() == other.to_json(); }

std::uint64_t Table::hash() const {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a
  for (unsigned char c : to_json().dump()) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string describe_components(const Table& table, int viewer) {
  std::string out;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Component& c = table.at(i);
    if (c.owner() == kNobody) out += c.name() + ": " + c.describe(viewer) + "\n";
  }
  for (int seat = 0; seat < table.players(); ++seat) {
    out += "Seat " + std::to_string(seat) + (seat == viewer ? " (you)" : "") + ":\n";
    for (std::size_t i = 0; i < table.size(); ++i) {
      const Component& c = table.at(i);
      if (c.owner() == seat) out += "  " + c.name() + ": " + c.describe(viewer) + "\n";
    }
  }
  return out;
}

}  // namespace tessera
