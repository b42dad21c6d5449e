#include <catch2/catch.hpp>

#include <cstring>
#include <set>
#include <vector>

#include "small_block_pool.hpp"

using tessera::lua::SmallBlockPool;

TEST_CASE("The small-block pool reuses a released block for its size class only", "[lua]") {
  SmallBlockPool pool;
  void* a = pool.allocate(24);
  void* b = pool.allocate(24);
  REQUIRE(a != nullptr);
  REQUIRE(b != nullptr);
  CHECK(a != b);
  pool.release(a, 24);
  CHECK(pool.allocate(100) != a);  // another class: a stays on its list
  CHECK(pool.allocate(17) == a);   // 17 and 24 share the 32-byte class
  CHECK(SmallBlockPool::same_class(17, 32));
  CHECK_FALSE(SmallBlockPool::same_class(32, 33));
}

TEST_CASE("The small-block pool hands out distinct, writable blocks across many chunks", "[lua]") {
  SmallBlockPool pool;
  std::vector<unsigned char*> blocks;
  for (int i = 0; i < 5000; ++i) {  // 5000 x 256 bytes: about 20 chunks of 64 KiB
    auto* block = static_cast<unsigned char*>(pool.allocate(SmallBlockPool::kMaxBlock));
    REQUIRE(block != nullptr);
    std::memset(block, i & 0xff, SmallBlockPool::kMaxBlock);
    blocks.push_back(block);
  }
  CHECK(std::set<unsigned char*>(blocks.begin(), blocks.end()).size() == blocks.size());
  for (int i = 0; i < 5000; ++i) {
    CHECK(blocks[static_cast<std::size_t>(i)][0] == (i & 0xff));
    CHECK(blocks[static_cast<std::size_t>(i)][SmallBlockPool::kMaxBlock - 1] == (i & 0xff));
  }
}
