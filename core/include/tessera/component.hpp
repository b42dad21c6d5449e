#pragma once
// Component: one named piece of game state (a track, a deck, a supply...). A Table is a
// list of components; every component can clone itself, write and read its JSON form, and
// redact itself for a viewer according to its visibility.
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

namespace tessera {

class Rng;

// Seats are 0..players-1. These special values stand for "no seat".
inline constexpr int kNobody = -1;      // owner of a global component; decider when the game is over
inline constexpr int kSpectator = -1;   // a viewer who sees public information only
inline constexpr int kOmniscient = -2;  // a viewer who sees everything (saves, full state)

// Who may see a component's contents. What the others see instead (a count, a size)
// is decided by each component kind.
enum class Visibility { Public, Owner, Hidden };

std::string_view to_string(Visibility v);
Visibility visibility_from_string(std::string_view text);  // throws DataError

class Component {
 public:
  Component(std::string name, int owner, Visibility visibility)
      : name_(std::move(name)), owner_(owner), visibility_(visibility), stamp_(fresh_stamp()) {}
  virtual ~Component() = default;

  // The component kind as it appears in JSON and Lua ("track", "deck", ...).
  virtual std::string_view kind() const = 0;
  virtual std::unique_ptr<Component> clone() const = 0;

  // Writes the contents into `out` (an object) as `viewer` may see them. With
  // kOmniscient the result is the full state that read_json accepts.
  virtual void write_json(nlohmann::json& out, int viewer) const = 0;
  // Replaces the contents from the full form. Throws DataError naming the bad field;
  // on a throw the component may be partly changed (Table::assign_json works on a copy).
  virtual void read_json(const nlohmann::json& in) = 0;
  // Re-deals, using `rng`, whatever `viewer` cannot see while keeping what it can see
  // (e.g. reshuffles a face-down pile). Used by information-set sampling and by the
  // hidden-information conformance check. Default: nothing is hidden.
  virtual void resample_hidden(int /*viewer*/, Rng& /*rng*/) {}
  // A short readable text of what `viewer` may see, for the terminal view.
  virtual std::string describe(int viewer) const = 0;

  const std::string& name() const { return name_; }
  int owner() const { return owner_; }
  Visibility visibility() const { return visibility_; }
  // True when `viewer` may see this component's hidden contents.
  bool visible_to(int viewer) const {
    return viewer == kOmniscient || visibility_ == Visibility::Public ||
           (visibility_ == Visibility::Owner && viewer == owner_ && owner_ != kNobody);
  }

  // Which contents this is: every non-const access through a Table (and every state it
  // reads) gives the component a stamp never used before in this process, and a copy keeps
  // its original's stamp. Equal stamps therefore mean equal contents, so a game may cache
  // what it derives from a component (a reading of its board) keyed by the stamp, read in
  // move generators. A writer that keeps a reference after another reader took the stamp
  // would break that: change a component right after taking it from the Table.
  std::uint64_t stamp() const { return stamp_; }
  void restamp() { stamp_ = fresh_stamp(); }

 protected:
  Component(const Component&) = default;
  Component& operator=(const Component&) = default;

 private:
  // Unique across threads: a per-thread prefix and a per-thread count.
  static std::uint64_t fresh_stamp();

  std::string name_;
  int owner_;
  Visibility visibility_;
  std::uint64_t stamp_;
};

// Helper for the boilerplate of each concrete kind: kind() and clone().
template <typename Derived>
class ComponentOf : public Component {
 public:
  using Component::Component;
  std::unique_ptr<Component> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  std::string_view kind() const override { return Derived::kKind; }
};

}  // namespace tessera
