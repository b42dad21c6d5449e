#include "protocol_output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "tessera/error.hpp"

namespace tessera::host {

namespace {

int protocol_descriptor() {
  // Whatever was printed before belongs where it was meant to go.
  std::cout.flush();
  std::fflush(stdout);
  const int fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (fd < 0) throw Error(std::string("serve: cannot keep the standard output for the protocol: ") + std::strerror(errno));
  if (::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    const int reason = errno;
    ::close(fd);
    throw Error(std::string("serve: cannot point the standard output at stderr: ") + std::strerror(reason));
  }
  return fd;
}

}  // namespace

ProtocolOutput::ProtocolOutput()
    : buffer_(std::make_unique<__gnu_cxx::stdio_filebuf<char>>(protocol_descriptor(), std::ios::out)),
      stream_(buffer_.get()) {}

}  // namespace tessera::host
