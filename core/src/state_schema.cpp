#include "tessera/state_schema.hpp"

#include <nlohmann/json.hpp>

#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"

namespace tessera {

using nlohmann::json;

namespace {

// The ids a component of `kind` holds, from its full JSON form ("" slots of a market are empty).
std::vector<std::string> held_ids(const std::string& kind, const json& c) {
  std::vector<std::string> ids;
  const auto add_all = [&](const json& list) {
    for (const auto& id : list)
      if (id.is_string() && !id.get<std::string>().empty()) ids.push_back(id.get<std::string>());
  };
  if (kind == "deck") {
    for (const auto& pile : c.value("piles", json::array())) add_all(pile.value("cards", json::array()));
  } else if (kind == "hand") {
    add_all(c.value("cards", json::array()));
  } else if (kind == "market") {
    for (const auto& row : c.value("rows", json::array())) add_all(row);
  }
  return ids;
}

}  // namespace

StateSchema::StateSchema(const YamlNode& root) {
  root.allow_only({"components", "per_seat", "invariants"});
  if (const auto node = root.find("components")) read_components(*node, false);
  if (const auto node = root.find("per_seat")) read_components(*node, true);
  if (const auto node = root.find("invariants"); node && !node->is_null()) {
    for (const YamlNode& item : node->as_list()) {
      item.allow_only({"conserved"});
      conserved_.emplace_back(item.required<std::string>("conserved"), item.mark());
    }
  }
}

void StateSchema::read_components(const YamlNode& node, bool per_seat) {
  if (node.is_null()) return;
  for (const auto& [name, decl] : node.as_map()) {
    decl.allow_only({"kind", "holds", "keys", "doc"});
    ComponentDecl c;
    c.name = name;
    c.per_seat = per_seat;
    c.kind = decl.required<std::string>("kind");
    c.holds = decl.optional("holds", "");
    if (!c.holds.empty() && c.kind != "deck" && c.kind != "hand" && c.kind != "market")
      throw decl.at("holds").error("only a deck, a hand or a market holds content ids");
    c.doc = decl.optional("doc", "");
    c.mark = decl.mark();
    if (const auto keys = decl.find("keys")) {
      if (c.kind != "counters") throw keys->error("only counters have keys");
      c.has_keys = true;
      for (const auto& [key, range] : keys->as_map()) {
        Key k;
        k.prefix = !key.empty() && key.back() == '*';
        k.name = k.prefix ? key.substr(0, key.size() - 1) : key;
        if (range.is_scalar() && (range.scalar() == "seat" || range.scalar() == "seat_or_none")) {
          k.range.kind = range.scalar() == "seat" ? Range::Kind::Seat : Range::Kind::SeatOrNone;
        } else {
          const auto bounds = range.as<std::vector<int>>();
          if (bounds.size() != 2 || bounds[0] > bounds[1])
            throw range.error("a key's range is [lo, hi] with lo <= hi, seat or seat_or_none");
          k.range.lo = bounds[0];
          k.range.hi = bounds[1];
        }
        c.keys.push_back(std::move(k));
      }
    }
    components_.push_back(std::move(c));
  }
}

void StateSchema::content(const std::string& name, std::map<std::string, int> copies) {
  contents_[name] = std::move(copies);
}

const std::map<std::string, int>& StateSchema::content_of(const std::string& name, const std::string& mark) const {
  const auto found = contents_.find(name);
  if (found == contents_.end())
    throw DataError(mark + ": the game gives no content list named '" + name + "'");
  return found->second;
}

void StateSchema::check_counters(const ComponentDecl& decl, const json& values, const std::string& where,
                                 int players) const {
  for (const auto& [key, value] : values.items()) {
    const Key* match = nullptr;
    for (const Key& k : decl.keys)
      if (k.prefix ? key.rfind(k.name, 0) == 0 : key == k.name) {
        match = &k;
        break;
      }
    if (!match) {
      std::string known;
      for (const Key& k : decl.keys) known += (known.empty() ? "" : ", ") + k.name + (k.prefix ? "*" : "");
      throw DataError(where + ": no key '" + key + "' (keys: " + (known.empty() ? "none" : known) + ")");
    }
    int lo = match->range.lo, hi = match->range.hi;
    if (match->range.kind != Range::Kind::Fixed) {
      lo = match->range.kind == Range::Kind::Seat ? 0 : -1;
      hi = players - 1;
    }
    const long long v = value.is_number_integer() ? value.get<long long>() : lo - 1LL;
    if (v < lo || v > hi)
      throw DataError(where + "." + key + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", not " +
                      value.dump());
  }
}

void StateSchema::check(const Table& table) const {
  const json state = table.to_json();
  const int players = table.players();
  std::map<std::string, std::map<std::string, int>> held;  // content list -> id -> copies found
  const auto check_one = [&](const ComponentDecl& decl, const json& scope, const std::string& where) {
    if (!scope.contains(decl.name)) throw DataError(where + ": missing (declared at " + decl.mark + ")");
    const json& c = scope[decl.name];
    if (c.value("kind", "") != decl.kind)
      throw DataError(where + ": is a " + c.value("kind", "?") + ", the schema says " + decl.kind);
    if (decl.has_keys) check_counters(decl, c.value("values", json::object()), where, players);
    if (!decl.holds.empty()) {
      const auto& known = content_of(decl.holds, decl.mark);
      for (const std::string& id : held_ids(decl.kind, c)) {
        if (!known.count(id)) throw DataError(where + ": '" + id + "' is not one of the " + decl.holds);
        ++held[decl.holds][id];
      }
    }
  };
  const auto undeclared = [&](const json& scope, bool per_seat, const std::string& where) {
    for (const auto& [name, _] : scope.items()) {
      if (!per_seat && name == "flow") continue;  // the flow engine's own, checked by the engine
      bool declared = false;
      for (const ComponentDecl& d : components_) declared = declared || (d.name == name && d.per_seat == per_seat);
      if (!declared) throw DataError(where + name + ": the schema declares no such component");
    }
  };
  const json& global = state["global"];
  undeclared(global, false, "");
  for (const ComponentDecl& d : components_)
    if (!d.per_seat) check_one(d, global, d.name);
  for (int seat = 0; seat < players; ++seat) {
    const json& scope = state["seats"][static_cast<std::size_t>(seat)];
    const std::string prefix = "seat " + std::to_string(seat) + " ";
    undeclared(scope, true, prefix);
    for (const ComponentDecl& d : components_)
      if (d.per_seat) check_one(d, scope, prefix + d.name);
  }
  for (const auto& [list, mark] : conserved_) {
    const auto& expected = content_of(list, mark);
    const auto& found = held[list];
    for (const auto& [id, copies] : expected) {
      const auto it = found.find(id);
      const int n = it == found.end() ? 0 : it->second;
      if (n != copies)
        throw DataError("the " + list + " are conserved: '" + id + "' is in " + std::to_string(n) + " place(s), the game has " +
                        std::to_string(copies));
    }
  }
}

std::string StateSchema::describe() const {
  std::string out = "components:\n";
  for (const ComponentDecl& c : components_) {
    out += std::string(c.per_seat ? "  (each seat) " : "  ") + c.name + ": " + c.kind;
    if (!c.holds.empty()) out += ", holds " + c.holds;
    if (c.has_keys) {
      out += ", keys:";
      for (const Key& k : c.keys) {
        out += " " + k.name + (k.prefix ? "*" : "") + " ";
        switch (k.range.kind) {
          case Range::Kind::Fixed: out += std::to_string(k.range.lo) + ".." + std::to_string(k.range.hi); break;
          case Range::Kind::Seat: out += "seat"; break;
          case Range::Kind::SeatOrNone: out += "seat or -1"; break;
        }
      }
    }
    if (!c.doc.empty()) out += "  -- " + c.doc;
    out += "\n";
  }
  if (!conserved_.empty()) {
    out += "invariants:\n";
    for (const auto& [list, mark] : conserved_) out += "  each of the " + list + " is in exactly one place\n";
  }
  return out;
}

}  // namespace tessera
