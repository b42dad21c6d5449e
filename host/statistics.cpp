#include "statistics.hpp"

#include <algorithm>
#include <cmath>

#include "tessera/error.hpp"

namespace tessera::host {

Interval wilson(double successes, double n) {
  if (n <= 0) return {0, 1};
  const double z = kZ95, p = successes / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

// Linear interpolation between the order statistics (the common "type 7" quantile).
double quantile(const std::vector<double>& sorted, double q) {
  const double at = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(at));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (at - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

}  // namespace

Distribution describe(std::vector<double> values) {
  Distribution d;
  d.n = values.size();
  if (values.empty()) return d;
  std::sort(values.begin(), values.end());
  double sum = 0;
  for (double v : values) sum += v;
  d.mean = sum / static_cast<double>(d.n);
  double squares = 0;
  for (double v : values) squares += (v - d.mean) * (v - d.mean);
  d.stdev = d.n > 1 ? std::sqrt(squares / static_cast<double>(d.n - 1)) : 0;
  const double half = kZ95 * d.stdev / std::sqrt(static_cast<double>(d.n));
  d.mean_95 = {d.mean - half, d.mean + half};
  d.min = values.front();
  d.q1 = quantile(values, 0.25);
  d.median = quantile(values, 0.5);
  d.q3 = quantile(values, 0.75);
  d.max = values.back();
  return d;
}

Difference paired_difference(const std::vector<double>& base, const std::vector<double>& variant) {
  if (base.size() != variant.size()) throw Error("paired samples of different sizes");
  std::vector<double> diff(base.size());
  for (std::size_t i = 0; i < base.size(); ++i) diff[i] = variant[i] - base[i];
  const Distribution d = describe(std::move(diff));
  Difference r;
  r.mean = d.mean;
  r.interval = d.mean_95;
  r.significant = d.n > 1 && r.interval.excludes_zero();
  return r;
}

}  // namespace tessera::host
