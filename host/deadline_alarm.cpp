#include "deadline_alarm.hpp"

namespace tessera::host {

DeadlineAlarm::DeadlineAlarm(Clock::time_point at)
    : thread_([this, at](std::stop_token stop) {
        std::unique_lock lock(mutex_);
        // Sleeps until `at`, or until the alarm is destroyed (its stop is requested).
        wake_.wait_until(lock, stop, at, [] { return false; });
        if (!stop.stop_requested()) rung_.store(true, std::memory_order_relaxed);
      }) {}

}  // namespace tessera::host
