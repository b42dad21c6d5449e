#include "tessera/rng.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "tessera/error.hpp"

namespace tessera {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

void Rng::reseed(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t bound) {
  if (bound == 0) throw Error("Rng::below: bound must be positive");
  // Multiply-shift with rejection of the biased low range.
  unsigned __int128 m = static_cast<unsigned __int128>(next()) * bound;
  auto low = static_cast<std::uint64_t>(m);
  if (low < bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(next()) * bound;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

int Rng::take_fixed(int lo, int hi, const std::vector<int>* faces) {
  const int value = fixed_.front();
  const bool is_face = faces ? std::find(faces->begin(), faces->end(), value) != faces->end() : lo <= value && value <= hi;
  if (!is_face) {
    std::string shown;
    if (faces)
      for (int f : *faces) shown += (shown.empty() ? "" : ",") + std::to_string(f);
    else
      shown = std::to_string(lo) + ".." + std::to_string(hi);
    throw RuleError("the scenario's next roll " + std::to_string(value) + " is not a face of the die rolled (" +
                    shown + ")");
  }
  fixed_.erase(fixed_.begin());
  return value;
}

std::string Rng::save() const {
  char buf[4 * 17 + 1];
  std::snprintf(buf, sizeof buf, "%016llx:%016llx:%016llx:%016llx",
                static_cast<unsigned long long>(s_[0]), static_cast<unsigned long long>(s_[1]),
                static_cast<unsigned long long>(s_[2]), static_cast<unsigned long long>(s_[3]));
  std::string text = buf;
  for (std::size_t i = 0; i < fixed_.size(); ++i) text += (i == 0 ? "+" : ",") + std::to_string(fixed_[i]);
  return text;
}

void Rng::restore(const std::string& full_text) {
  const std::size_t plus = full_text.find('+');
  const std::string text = full_text.substr(0, plus);
  std::vector<int> fixed;
  if (plus != std::string::npos) {
    std::istringstream rolls(full_text.substr(plus + 1));
    std::string roll;
    while (std::getline(rolls, roll, ',')) {
      if (roll.empty() || roll.size() > 4 || roll.find_first_not_of("0123456789") != std::string::npos)
        throw DataError("rng state '" + full_text + "': the fixed rolls after '+' are ','-separated numbers");
      fixed.push_back(std::stoi(roll));
    }
    if (fixed.empty() || full_text.back() == ',')
      throw DataError("rng state '" + full_text + "': the fixed rolls after '+' are ','-separated numbers");
  }
  std::array<std::uint64_t, 4> words{};
  std::istringstream in(text);
  std::string part;
  std::size_t i = 0;
  while (std::getline(in, part, ':')) {
    if (i >= 4 || part.empty() || part.size() > 16 ||
        part.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
      throw DataError("rng state '" + text + "': expected four ':'-separated hex words");
    words[i++] = std::stoull(part, nullptr, 16);
  }
  if (i != 4) throw DataError("rng state '" + text + "': expected four ':'-separated hex words");
  if (words == std::array<std::uint64_t, 4>{}) throw DataError("rng state must not be all zero");
  s_ = words;
  fixed_ = std::move(fixed);
}

}  // namespace tessera
