#pragma once
// The statistics of batches of games shared by arena, simulate and compare: intervals of
// proportions and means at 95 %, distributions (median, quartiles) and paired differences.
#include <utility>
#include <vector>

namespace tessera::host {

inline constexpr double kZ95 = 1.96;  // two-sided 95 % quantile of the normal distribution

struct Interval {
  double low = 0, high = 0;
  bool excludes_zero() const { return low > 0 || high < 0; }
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

// variant[i] - base[i] for paired samples (the same seed i): the mean difference with its
// 95 % interval, mean +- 1.96 sd / sqrt(n). For 0/1 outcomes it is the paired difference
// of two proportions. `significant` when the interval excludes 0.
struct Difference {
  double mean = 0;
  Interval interval;
  bool significant = false;
};
Difference paired_difference(const std::vector<double>& base, const std::vector<double>& variant);

}  // namespace tessera::host
