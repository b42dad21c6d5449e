#include "statistics.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>

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

double t_quantile(double level, std::size_t n) {
  const double tail = (1 - level) / 2;
  if (n > 1000 || n < 2) return boost::math::quantile(boost::math::complement(boost::math::normal(), tail));
  return boost::math::quantile(boost::math::complement(boost::math::students_t(static_cast<double>(n - 1)), tail));
}

Difference paired_difference(const std::vector<double>& base, const std::vector<double>& variant, double level) {
  if (base.size() != variant.size()) throw Error("paired samples of different sizes");
  std::vector<double> diff(base.size());
  for (std::size_t i = 0; i < base.size(); ++i) diff[i] = variant[i] - base[i];
  Difference r;
  r.identical = std::all_of(diff.begin(), diff.end(), [](double d) { return d == 0; });
  const Distribution d = describe(std::move(diff));
  r.mean = d.mean;
  if (d.n < 2) return r;
  const double standard_error = d.stdev / std::sqrt(static_cast<double>(d.n));
  const double half = t_quantile(level, d.n) * standard_error;
  r.interval = {d.mean - half, d.mean + half};
  if (standard_error > 0) {
    const double t = std::abs(d.mean) / standard_error;
    r.p_value = d.n > 1000 ? 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), t))
                           : 2 * boost::math::cdf(boost::math::complement(
                                     boost::math::students_t(static_cast<double>(d.n - 1)), t));
  } else {
    // Every pair differs by the same amount: certain when that amount is not 0.
    r.p_value = d.mean == 0 ? 1 : 0;
  }
  r.significant = r.interval.excludes_zero() || (standard_error == 0 && d.mean != 0);
  return r;
}

std::vector<bool> holm_significant(const std::vector<double>& p_values, double alpha) {
  std::vector<std::size_t> order(p_values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
  std::vector<bool> rejected(p_values.size(), false);
  const std::size_t m = p_values.size();
  for (std::size_t k = 0; k < m; ++k) {
    // The k-th smallest p-value faces alpha / (m - k); the first that fails stops the rest.
    if (p_values[order[k]] > alpha / static_cast<double>(m - k)) break;
    rejected[order[k]] = true;
  }
  return rejected;
}

}  // namespace tessera::host
