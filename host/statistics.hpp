#pragma once
// The statistics of batches of games shared by arena, simulate and compare: intervals of
// proportions and means at 95 %, distributions (median, quartiles), paired differences with
// their p-values, and Holm's correction for many rows compared at once.
#include <cstddef>
#include <utility>
#include <vector>

namespace tessera::host {

inline constexpr double kZ95 = 1.96;  // two-sided 95 % quantile of the normal distribution

struct Interval {
  double low = 0, high = 0;
  bool excludes_zero() const { return low > 0 || high < 0; }
  double width() const { return high - low; }
};

// Wilson score interval of a proportion `successes / n` at 95 %.
Interval wilson(double successes, double n);

// A sample of numbers: mean with its 95 % interval (normal), spread and quantiles.
struct Distribution {
  std::size_t n = 0;
  double mean = 0, stdev = 0;  // stdev: sample standard deviation (n - 1)
  Interval mean_95;
  double min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
};
Distribution describe(std::vector<double> values);

// The two-sided quantile of Student's t distribution with `n - 1` degrees of freedom for a
// confidence `level` (0.95: 2.78 for n = 5, 1.98 for n = 100); the normal one for n > 1000.
double t_quantile(double level, std::size_t n);

// variant[i] - base[i] for paired samples (the same seed and seating i): the mean
// difference with its interval at `level`, mean +- t sd / sqrt(n) (Student's t, n - 1
// degrees of freedom), and the two-sided p-value of "no difference". For 0/1 outcomes it
// is the paired difference of two proportions. `identical`: every pair is equal, so the
// rule cannot have changed this number in these games (p = 1). `significant`: the interval
// excludes 0 (before any correction for many rows; see holm_significant).
struct Difference {
  double mean = 0;
  Interval interval;
  double p_value = 1;
  bool identical = true;
  bool significant = false;
};
Difference paired_difference(const std::vector<double>& base, const std::vector<double>& variant,
                             double level = 0.95);

// Holm's step-down correction: which of the hypotheses with these p-values are rejected
// with a family-wise error rate of `alpha` over all of them.
std::vector<bool> holm_significant(const std::vector<double>& p_values, double alpha = 0.05);

}  // namespace tessera::host
