#pragma once
// Supply: counted resources (coins, wood, points...) held by the seats and by the general
// supply, the bank. Every unit a seat gains comes from the bank and every unit paid goes
// back to it. A bank stock is limited (a count) or unlimited (kUnlimited).
//
// Caps: each resource may cap how many units one seat holds, with an overflow rule:
//   refuse   a gain or transfer that would pass the cap is a RuleError;
//   discard  the excess goes back to the bank and is reported (Gain::discarded);
//   keep     no cap at all (the cap value is ignored).
// Bank shortage policy (one for every call): a gain takes what the bank has left and
// reports the rest as Gain::missing; bank_has() tells beforehand. Shortage is applied
// first, then the cap.
//
// Setup calls throw DataError; play operations throw RuleError (unknown seat or resource,
// a negative amount, too few units) and change nothing when they refuse.
//
// Visibility (default Public): with Owner, a global supply (owner kNobody) shows each
// seat its own holdings only, and a supply owned by a seat shows everything to that seat
// only; with Hidden nobody sees any seat's holdings. Viewers who may not see a seat's
// holdings get null for them and the seat's total. The bank is always shown.
// resample_hidden(viewer) re-deals the units of the seats the viewer cannot see among
// them, keeping each seat's total and each resource's sum over those seats (what a
// viewer can know from a limited bank), and respecting caps.
//
// JSON (full form): {"resources":[{"id":"wood","bank":-1,"cap":3,"overflow":"discard"}],
//                    "holdings":[[2],[0]]} (one row per seat, one count per resource);
// every view also carries "totals" (one per seat), which reading ignores.
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

enum class Overflow { Refuse, Discard, Keep };
std::string_view to_string(Overflow o);
Overflow overflow_from_string(std::string_view text);  // throws DataError

struct Resource {
  std::string id;
  int bank = -1;  // Supply::kUnlimited or the units left
  int cap = -1;   // Supply::kUnlimited or the most units one seat may hold
  Overflow overflow = Overflow::Keep;
};

// An amount of one resource, as in a cost list.
struct Amount {
  std::string resource;
  int count = 0;
};

// What a gain or transfer did: received + discarded + missing == the amount asked for.
struct Gain {
  int received = 0;   // units now held by the seat
  int discarded = 0;  // units over the cap, returned to the bank
  int missing = 0;    // units the bank did not have
};

class Supply : public ComponentOf<Supply> {
 public:
  static constexpr std::string_view kKind = "supply";
  static constexpr int kUnlimited = -1;

  // DataError if seats < 0.
  Supply(std::string name, int seats, int owner = kNobody, Visibility visibility = Visibility::Public);

  // Setup. add_resource: DataError for an empty or repeated id, bank or cap below -1.
  void add_resource(std::string id, int bank = kUnlimited, int cap = kUnlimited, Overflow overflow = Overflow::Keep);
  void set_bank(std::string_view resource, int bank);                        // DataError below -1
  void set_cap(std::string_view resource, int cap, Overflow overflow);  // DataError below -1

  int seats() const { return seats_; }
  const std::vector<Resource>& resources() const { return resources_; }
  bool has_resource(std::string_view resource) const { return index_of(resource) >= 0; }
  const Resource& resource(std::string_view resource) const;  // RuleError if unknown

  int count(int seat, std::string_view resource) const;
  int bank(std::string_view resource) const;  // kUnlimited or the units left
  // The same by the resource's index in resources(), for hot paths that read every
  // resource of a seat (no look-up by id). RuleError for a bad seat or index.
  int count_at(int seat, int resource) const { return holdings_[cell(seat, checked(resource))]; }
  // Every unit count of `seat`, by resource index (RuleError for a bad seat).
  std::span<const int> holdings(int seat) const { return {holdings_.data() + cell(seat, 0), resources_.size()}; }
  bool bank_has(std::string_view resource, int n) const;
  int total(int seat) const {  // all units of all resources
    int sum = 0;
    for (const int n : holdings(seat)) sum += n;
    return sum;
  }
  // How many more units `seat` may receive before the cap applies; kUnlimited if none.
  int room(int seat, std::string_view resource) const;

  // Gains n units from the bank (see the shortage and cap rules above).
  Gain gain(int seat, std::string_view resource, int n);
  // Pays n units to the bank; RuleError if the seat holds fewer.
  void pay(int seat, std::string_view resource, int n);
  // Moves n units between seats; RuleError if `from` holds fewer or from == to. The cap
  // of `to` applies (discarded units go to the bank).
  Gain transfer(int from, int to, std::string_view resource, int n);
  // gain, pay, transfer and bank by the resource's index in resources(), for hot paths
  // (no look-up by id); RuleError for a bad index, as by id for an unknown one.
  Gain gain_at(int seat, int resource, int n);
  void pay_at(int seat, int resource, int n);
  Gain transfer_at(int from, int to, int resource, int n);
  int bank_at(int resource) const { return resources_[checked(resource)].bank; }
  // Sets a holding directly (setup, scenarios): no bank change, no cap. RuleError if n < 0.
  void set(int seat, std::string_view resource, int n);

  // Cost lists: an amount may repeat a resource; the amounts add up.
  bool can_pay(int seat, const std::vector<Amount>& cost) const;
  // Pays the whole list or nothing: RuleError naming the first resource that is short.
  void pay_all(int seat, const std::vector<Amount>& cost);

  // True when `viewer` may see the holdings of `seat`.
  bool sees_seat(int viewer, int seat) const;

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  void resample_hidden(int viewer, Rng& rng) override;
  std::string describe(int viewer) const override;

 private:
  [[noreturn]] void bad_resource(int resource) const;
  [[noreturn]] void bad_seat(int seat) const;
  int index_of(std::string_view resource) const;
  std::size_t checked(int resource) const {  // RuleError for a bad index
    if (resource < 0 || resource >= static_cast<int>(resources_.size())) bad_resource(resource);
    return static_cast<std::size_t>(resource);
  }
  std::size_t res(std::string_view resource) const;  // RuleError if unknown
  std::size_t cell(int seat, std::size_t r) const {  // RuleError for a bad seat
    if (seat < 0 || seat >= seats_) bad_seat(seat);
    return static_cast<std::size_t>(seat) * resources_.size() + r;
  }
  // Units of resource r that `seat` could hold after receiving `n`, and the excess.
  std::pair<int, int> apply_cap(int seat, std::size_t r, int n, const char* action) const;
  std::vector<int> summed(const std::vector<Amount>& cost) const;  // per resource index

  int seats_;
  std::vector<Resource> resources_;
  std::vector<int> holdings_;  // seats_ * resources_.size(), seat-major
};

}  // namespace tessera
