#include "stopping_rule.hpp"

#include <algorithm>

namespace tessera::host {

int StoppingRule::looks() const { return std::max(1, (games_max + batch - 1) / std::max(1, batch)); }

double StoppingRule::level(std::size_t rows) const {
  return 1 - alpha / (static_cast<double>(looks()) * static_cast<double>(std::max<std::size_t>(1, rows)));
}

bool StoppingRule::decided(const Difference& difference) const {
  return (difference.interval.excludes_zero() && !difference.identical) ||
         (width > 0 && difference.interval.width() < width);
}

}  // namespace tessera::host
