#pragma once
// SmallBlockPool: the Lua VM's small allocations (tables, strings, closures, handles of at
// most 256 bytes) from free lists by 16-byte size class, carved out of 64 KiB chunks. Effects
// make and drop many small tables per move; a free list serves them in a few instructions
// where malloc and free cost about a hundred each. Blocks go back to their list, never to the
// system, until the pool is destroyed: what it holds is bounded by the VM's peak use.
#include <array>
#include <cstddef>
#include <vector>

namespace tessera::lua {

class SmallBlockPool {
 public:
  static constexpr std::size_t kMaxBlock = 256;

  SmallBlockPool() = default;
  SmallBlockPool(const SmallBlockPool&) = delete;
  SmallBlockPool& operator=(const SmallBlockPool&) = delete;
  ~SmallBlockPool();

  // A block of `size` bytes (1..kMaxBlock); null when the system refuses memory.
  void* allocate(std::size_t size);
  // Takes back a block that allocate(size) gave, with the same size class.
  void release(void* block, std::size_t size);
  // Whether blocks of sizes a and b come from the same list (a resize may keep the block).
  static bool same_class(std::size_t a, std::size_t b) { return class_of(a) == class_of(b); }

 private:
  static constexpr std::size_t kGranule = 16;
  static constexpr std::size_t kChunk = 64 * 1024;
  static std::size_t class_of(std::size_t size) { return (size + kGranule - 1) / kGranule - 1; }

  struct FreeBlock {
    FreeBlock* next;
  };
  std::array<FreeBlock*, kMaxBlock / kGranule> free_{};
  std::vector<void*> chunks_;
  char* bump_ = nullptr;  // the unused end of the newest chunk
  std::size_t left_ = 0;
};

}  // namespace tessera::lua
