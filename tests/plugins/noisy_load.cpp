// Linked into a test game that prints to standard output when its library is loaded, as a
// library with a chatty static constructor does: `serve` must keep its protocol stream free
// of such lines (protocol_output.hpp).
#include <cstdio>
#include <iostream>

namespace {

struct Chatter {
  Chatter() {
    std::printf("noisy plugin: printf on load\n");
    std::fflush(stdout);
    std::cout << "noisy plugin: std::cout on load" << std::endl;
  }
};
const Chatter chatter;

}  // namespace
