#pragma once
// A flag that rises at a point in time, raised by a thread of its own: a search asks it
// before every move it applies, which costs one atomic read where a clock read would cost a
// few per cent of a fast game's move.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace tessera::host {

class DeadlineAlarm {
 public:
  using Clock = std::chrono::steady_clock;
  explicit DeadlineAlarm(Clock::time_point at);
  DeadlineAlarm(const DeadlineAlarm&) = delete;
  DeadlineAlarm& operator=(const DeadlineAlarm&) = delete;
  // True from `at` on (as soon as the alarm's thread runs then). Destroying the alarm stops
  // its thread at once.
  bool rung() const { return rung_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> rung_{false};
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;  // last: it starts once the members it uses exist, and stops first
};

}  // namespace tessera::host
