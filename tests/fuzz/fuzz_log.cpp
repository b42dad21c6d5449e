// libFuzzer target: the log loader, as `tessera replay` and the protocol's `load` use it
// (Session::from_log_text), with the fuzz build's games loaded. Checked: a log is loaded or
// refused with a tessera::Error, never anything else; a loaded log saves as a log that
// loads again to the same state.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "fuzz_support.hpp"
#include "session.hpp"
#include "tessera/error.hpp"

using tessera::fuzz::fail;
using tessera::host::Session;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::unique_ptr<Session> session;
  try {
    session = Session::from_log_text(tessera::fuzz::registry(), text, "fuzz.json");
  } catch (const tessera::Error&) {
    return 0;  // refused with a message: what a bad log must get
  } catch (const std::exception& e) {
    fail(std::string("a log failed with an exception that is not a Tessera error: ") + e.what());
  }
  const nlohmann::json saved = session->log();
  try {
    auto again = Session::from_log(tessera::fuzz::registry(), saved);
    if (again->game().table().to_json() != session->game().table().to_json())
      fail("a loaded log saves as a log that loads to another state");
  } catch (const std::exception& e) {
    fail(std::string("a loaded log saves as a log that does not load: ") + e.what());
  }
  return 0;
}
