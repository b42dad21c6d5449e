#include "tessera/supply.hpp"

#include <algorithm>

#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"
#include "tessera/rng.hpp"

namespace tessera {

using nlohmann::json;

namespace {

std::string where(const Supply& supply) { return "supply '" + supply.name() + "': "; }

bool capped(const Resource& r) { return r.cap != Supply::kUnlimited && r.overflow != Overflow::Keep; }

}  // namespace

std::string_view to_string(Overflow o) {
  switch (o) {
    case Overflow::Refuse: return "refuse";
    case Overflow::Discard: return "discard";
    case Overflow::Keep: return "keep";
  }
  return "keep";
}

Overflow overflow_from_string(std::string_view text) {
  if (text == "refuse") return Overflow::Refuse;
  if (text == "discard") return Overflow::Discard;
  if (text == "keep") return Overflow::Keep;
  throw DataError("overflow rule '" + std::string(text) + "': expected refuse, discard or keep");
}

Supply::Supply(std::string name, int seats, int owner, Visibility visibility)
    : ComponentOf(std::move(name), owner, visibility), seats_(seats) {
  if (seats < 0) throw DataError(where(*this) + "seats must not be negative");
}

void Supply::add_resource(std::string id, int bank, int cap, Overflow overflow) {
  if (id.empty()) throw DataError(where(*this) + "a resource needs an id");
  if (has_resource(id)) throw DataError(where(*this) + "resource '" + id + "' is added twice");
  if (bank < kUnlimited) throw DataError(where(*this) + "bank of '" + id + "' must be -1 (unlimited) or a count");
  if (cap < kUnlimited) throw DataError(where(*this) + "cap of '" + id + "' must be -1 (none) or a count");
  // Holdings are seat-major: widen every seat's row by one zero.
  const std::size_t old_width = resources_.size();
  std::vector<int> next;
  next.reserve(static_cast<std::size_t>(seats_) * (old_width + 1));
  for (int s = 0; s < seats_; ++s) {
    auto row = holdings_.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(s) * old_width);
    next.insert(next.end(), row, row + static_cast<std::ptrdiff_t>(old_width));
    next.push_back(0);
  }
  holdings_ = std::move(next);
  resources_.push_back(Resource{std::move(id), bank, cap, overflow});
}

void Supply::set_bank(std::string_view resource, int bank) {
  if (!has_resource(resource)) throw DataError(where(*this) + "no resource '" + std::string(resource) + "'");
  if (bank < kUnlimited) throw DataError(where(*this) + "bank must be -1 (unlimited) or a count");
  resources_[res(resource)].bank = bank;
}

void Supply::set_cap(std::string_view resource, int cap, Overflow overflow) {
  if (!has_resource(resource)) throw DataError(where(*this) + "no resource '" + std::string(resource) + "'");
  if (cap < kUnlimited) throw DataError(where(*this) + "cap must be -1 (none) or a count");
  Resource& r = resources_[res(resource)];
  r.cap = cap;
  r.overflow = overflow;
}

int Supply::index_of(std::string_view resource) const {
  for (std::size_t i = 0; i < resources_.size(); ++i)
    if (resources_[i].id == resource) return static_cast<int>(i);
  return -1;
}

std::size_t Supply::res(std::string_view resource) const {
  int i = index_of(resource);
  if (i < 0) throw RuleError(where(*this) + "no resource '" + std::string(resource) + "'");
  return static_cast<std::size_t>(i);
}

const Resource& Supply::resource(std::string_view resource) const { return resources_[res(resource)]; }

int Supply::count(int seat, std::string_view resource) const { return holdings_[cell(seat, res(resource))]; }

void Supply::bad_resource(int resource) const {
  throw RuleError(where(*this) + "no resource " + std::to_string(resource));
}

void Supply::bad_seat(int seat) const {
  throw RuleError(where(*this) + "no seat " + std::to_string(seat) + " (" + std::to_string(seats_) + " seats)");
}

int Supply::bank(std::string_view resource) const { return resources_[res(resource)].bank; }

bool Supply::bank_has(std::string_view resource, int n) const {
  int b = bank(resource);
  return b == kUnlimited || b >= n;
}

int Supply::room(int seat, std::string_view resource) const {
  std::size_t r = res(resource);
  int held = holdings_[cell(seat, r)];
  if (!capped(resources_[r])) return kUnlimited;
  return std::max(0, resources_[r].cap - held);
}

std::pair<int, int> Supply::apply_cap(int seat, std::size_t r, int n, const char* action) const {
  const Resource& resource = resources_[r];
  int held = holdings_[cell(seat, r)];
  if (!capped(resource) || held + n <= resource.cap) return {n, 0};
  if (resource.overflow == Overflow::Refuse)
    throw RuleError(where(*this) + "seat " + std::to_string(seat) + " cannot " + action + " " + std::to_string(n) +
                    " " + resource.id + ": holds " + std::to_string(held) + " of at most " +
                    std::to_string(resource.cap));
  int kept = std::max(0, resource.cap - held);
  return {kept, n - kept};
}

Gain Supply::gain(int seat, std::string_view resource, int n) { return gain_at(seat, static_cast<int>(res(resource)), n); }

Gain Supply::gain_at(int seat, int resource, int n) {
  const std::size_t r = checked(resource);
  std::size_t c = cell(seat, r);
  if (n < 0) throw RuleError(where(*this) + "cannot gain a negative amount");
  Resource& stock = resources_[r];
  const int available = stock.bank == kUnlimited ? n : std::min(n, stock.bank);
  auto [kept, excess] = apply_cap(seat, r, available, "gain");
  // Discarded units never leave the bank, so only the kept ones are taken from it.
  if (stock.bank != kUnlimited) stock.bank -= kept;
  holdings_[c] += kept;
  return Gain{kept, excess, n - available};
}

void Supply::pay(int seat, std::string_view resource, int n) { pay_at(seat, static_cast<int>(res(resource)), n); }

void Supply::pay_at(int seat, int resource, int n) {
  const std::size_t r = checked(resource);
  std::size_t c = cell(seat, r);
  if (n < 0) throw RuleError(where(*this) + "cannot pay a negative amount");
  if (holdings_[c] < n)
    throw RuleError(where(*this) + "seat " + std::to_string(seat) + " has " + std::to_string(holdings_[c]) + " " +
                    resources_[r].id + ", needs " + std::to_string(n));
  holdings_[c] -= n;
  if (resources_[r].bank != kUnlimited) resources_[r].bank += n;
}

Gain Supply::transfer(int from, int to, std::string_view resource, int n) {
  return transfer_at(from, to, static_cast<int>(res(resource)), n);
}

Gain Supply::transfer_at(int from, int to, int resource, int n) {
  const std::size_t r = checked(resource);
  std::size_t source = cell(from, r);
  std::size_t target = cell(to, r);
  if (from == to) throw RuleError(where(*this) + "cannot transfer from a seat to itself");
  if (n < 0) throw RuleError(where(*this) + "cannot transfer a negative amount");
  if (holdings_[source] < n)
    throw RuleError(where(*this) + "seat " + std::to_string(from) + " has " + std::to_string(holdings_[source]) +
                    " " + resources_[r].id + ", needs " + std::to_string(n));
  auto [kept, excess] = apply_cap(to, r, n, "receive");
  holdings_[source] -= n;
  holdings_[target] += kept;
  if (resources_[r].bank != kUnlimited) resources_[r].bank += excess;
  return Gain{kept, excess, 0};
}

void Supply::set(int seat, std::string_view resource, int n) {
  std::size_t c = cell(seat, res(resource));
  if (n < 0) throw RuleError(where(*this) + "a holding cannot be negative");
  holdings_[c] = n;
}

std::vector<int> Supply::summed(const std::vector<Amount>& cost) const {
  std::vector<int> need(resources_.size(), 0);
  for (const auto& a : cost) {
    if (a.count < 0) throw RuleError(where(*this) + "a cost of " + a.resource + " cannot be negative");
    need[res(a.resource)] += a.count;
  }
  return need;
}

bool Supply::can_pay(int seat, const std::vector<Amount>& cost) const {
  std::vector<int> need = summed(cost);
  for (std::size_t r = 0; r < need.size(); ++r)
    if (holdings_[cell(seat, r)] < need[r]) return false;
  return true;
}

void Supply::pay_all(int seat, const std::vector<Amount>& cost) {
  std::vector<int> need = summed(cost);
  for (std::size_t r = 0; r < need.size(); ++r)
    if (holdings_[cell(seat, r)] < need[r])
      throw RuleError(where(*this) + "seat " + std::to_string(seat) + " has " +
                      std::to_string(holdings_[cell(seat, r)]) + " " + resources_[r].id + ", needs " +
                      std::to_string(need[r]));
  for (std::size_t r = 0; r < need.size(); ++r) {
    holdings_[cell(seat, r)] -= need[r];
    if (resources_[r].bank != kUnlimited) resources_[r].bank += need[r];
  }
}

bool Supply::sees_seat(int viewer, int seat) const {
  if (viewer == kOmniscient || visibility() == Visibility::Public) return true;
  if (visibility() == Visibility::Hidden) return false;
  return owner() == kNobody ? viewer == seat && seat >= 0 : visible_to(viewer);
}

void Supply::write_json(json& out, int viewer) const {
  json& resources = out["resources"] = json::array();
  for (const auto& r : resources_)
    resources.push_back({{"id", r.id}, {"bank", r.bank}, {"cap", r.cap}, {"overflow", to_string(r.overflow)}});
  json& holdings = out["holdings"] = json::array();
  json& totals = out["totals"] = json::array();
  for (int s = 0; s < seats_; ++s) {
    if (sees_seat(viewer, s)) {
      json row = json::array();
      for (std::size_t r = 0; r < resources_.size(); ++r) row.push_back(holdings_[cell(s, r)]);
      holdings.push_back(std::move(row));
    } else {
      holdings.push_back(nullptr);
    }
    totals.push_back(total(s));
  }
}

void Supply::read_json(const json& in) {
  const json& resources = json_fields::field(in, "resources");
  if (!resources.is_array()) throw DataError("'resources' must be an array of resources");
  std::vector<Resource> next;
  for (std::size_t i = 0; i < resources.size(); ++i) {
    const json& e = resources[i];
    const std::string at = "resources[" + std::to_string(i) + "]";
    if (!e.is_object()) throw DataError("'" + at + "' must be an object");
    Resource r;
    r.id = json_fields::as_string(json_fields::field(e, "id"), at + ".id");
    if (r.id.empty()) throw DataError("'" + at + ".id' must not be empty");
    for (const auto& other : next)
      if (other.id == r.id) throw DataError("'" + at + ".id': resource '" + r.id + "' appears twice");
    r.bank = json_fields::as_int(json_fields::field(e, "bank"), at + ".bank");
    if (r.bank < kUnlimited) throw DataError("'" + at + ".bank' must be -1 (unlimited) or a count");
    r.cap = json_fields::as_int(json_fields::field(e, "cap"), at + ".cap");
    if (r.cap < kUnlimited) throw DataError("'" + at + ".cap' must be -1 (none) or a count");
    try {
      r.overflow = overflow_from_string(json_fields::as_string(json_fields::field(e, "overflow"), at + ".overflow"));
    } catch (const DataError& error) {
      throw DataError("'" + at + ".overflow': " + error.what());
    }
    next.push_back(std::move(r));
  }
  const json& holdings = json_fields::field(in, "holdings");
  if (!holdings.is_array()) throw DataError("'holdings' must be an array with one row per seat");
  std::vector<int> cells;
  cells.reserve(holdings.size() * next.size());
  for (std::size_t s = 0; s < holdings.size(); ++s) {
    const std::string at = "holdings[" + std::to_string(s) + "]";
    if (!holdings[s].is_array() || holdings[s].size() != next.size())
      throw DataError("'" + at + "' must be an array of " + std::to_string(next.size()) + " counts");
    for (std::size_t r = 0; r < next.size(); ++r) {
      int n = json_fields::as_int(holdings[s][r], at + "[" + std::to_string(r) + "]");
      if (n < 0) throw DataError("'" + at + "[" + std::to_string(r) + "]' must not be negative");
      cells.push_back(n);
    }
  }
  seats_ = static_cast<int>(holdings.size());
  resources_ = std::move(next);
  holdings_ = std::move(cells);
}

void Supply::resample_hidden(int viewer, Rng& rng) {
  std::vector<int> hidden;
  for (int s = 0; s < seats_; ++s)
    if (!sees_seat(viewer, s)) hidden.push_back(s);
  // With one hidden seat its total and the per-resource sums fix every count.
  if (hidden.size() < 2) return;
  std::vector<std::size_t> units;  // one resource index per unit
  std::vector<int> totals;
  for (int s : hidden) {
    for (std::size_t r = 0; r < resources_.size(); ++r)
      units.insert(units.end(), static_cast<std::size_t>(holdings_[cell(s, r)]), r);
    totals.push_back(total(s));
  }
  // Rejection keeps the deal uniform among those that respect the caps; after a bounded
  // number of tries the true deal (always valid) stays.
  constexpr int kTries = 32;
  // Sorted first: states a viewer cannot tell apart re-deal alike (Game::determinize).
  std::sort(units.begin(), units.end());
  std::vector<int> dealt(hidden.size() * resources_.size());
  for (int attempt = 0; attempt < kTries; ++attempt) {
    rng.shuffle(units);
    std::fill(dealt.begin(), dealt.end(), 0);
    std::size_t next = 0;
    bool fits = true;
    for (std::size_t k = 0; k < hidden.size() && fits; ++k)
      for (int u = 0; u < totals[k]; ++u) {
        std::size_t r = units[next++];
        int& n = dealt[k * resources_.size() + r];
        ++n;
        if (capped(resources_[r]) && n > resources_[r].cap) fits = false;
      }
    if (!fits) continue;
    for (std::size_t k = 0; k < hidden.size(); ++k)
      for (std::size_t r = 0; r < resources_.size(); ++r)
        holdings_[cell(hidden[k], r)] = dealt[k * resources_.size() + r];
    return;
  }
}

std::string Supply::describe(int viewer) const {
  std::string out = "bank:";
  for (const auto& r : resources_)
    out += " " + r.id + " " + (r.bank == kUnlimited ? std::string("unlimited") : std::to_string(r.bank)) +
           (&r == &resources_.back() ? "" : ",");
  if (resources_.empty()) out += " -";
  for (int s = 0; s < seats_; ++s) {
    out += " | seat " + std::to_string(s) + ":";
    if (!sees_seat(viewer, s)) {
      out += " " + std::to_string(total(s)) + " in total";
      continue;
    }
    std::string items;
    for (std::size_t r = 0; r < resources_.size(); ++r)
      if (holdings_[cell(s, r)] > 0)
        items += (items.empty() ? " " : ", ") + resources_[r].id + " " + std::to_string(holdings_[cell(s, r)]);
    out += items.empty() ? " -" : items;
  }
  return out;
}

}  // namespace tessera
