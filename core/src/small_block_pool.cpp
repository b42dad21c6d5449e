#include "small_block_pool.hpp"

#include <cstdlib>

namespace tessera::lua {

SmallBlockPool::~SmallBlockPool() {
  for (void* chunk : chunks_) std::free(chunk);
}

void* SmallBlockPool::allocate(std::size_t size) {
  const std::size_t c = class_of(size);
  if (FreeBlock* block = free_[c]) {
    free_[c] = block->next;
    return block;
  }
  const std::size_t bytes = (c + 1) * kGranule;
  if (left_ < bytes) {
    void* chunk = std::malloc(kChunk);
    if (!chunk) return nullptr;
    chunks_.push_back(chunk);
    bump_ = static_cast<char*>(chunk);
    left_ = kChunk;  // the old chunk's tail (under 256 bytes) is left unused
  }
  void* block = bump_;
  bump_ += bytes;
  left_ -= bytes;
  return block;
}

void SmallBlockPool::release(void* block, std::size_t size) {
  const std::size_t c = class_of(size);
  free_[c] = new (block) FreeBlock{free_[c]};
}

}  // namespace tessera::lua
