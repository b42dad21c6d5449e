#pragma once
// `serve`'s standard output belongs to the protocol: one JSON line per request. Anything else
// the process prints there (a plugin library's static constructor, printf in game code, a
// library's warning) would corrupt the stream, so the protocol keeps its own copy of the
// standard output and the process's stdout (fd 1: printf, std::cout, puts) goes to stderr.
#include <ext/stdio_filebuf.h>

#include <memory>
#include <ostream>

namespace tessera::host {

class ProtocolOutput {
 public:
  // Duplicates fd 1 for the protocol (closed on exec: child processes never write to it) and
  // points fd 1 at stderr. Call it before any plugin is loaded. Throws Error naming the system's
  // reason when a descriptor cannot be duplicated.
  ProtocolOutput();
  ProtocolOutput(const ProtocolOutput&) = delete;
  ProtocolOutput& operator=(const ProtocolOutput&) = delete;

  // Where protocol lines go: the standard output the process started with.
  std::ostream& stream() { return stream_; }

 private:
  std::unique_ptr<__gnu_cxx::stdio_filebuf<char>> buffer_;
  std::ostream stream_;
};

}  // namespace tessera::host
