#pragma once
// Finding a rules-data record by its id: the position of the first item whose `id` member
// equals `id`, or -1. For the small vectors of cards, tiles and spaces a plugin loads.
#include <string_view>
#include <vector>

namespace tessera {

template <class T>
int index_by_id(const std::vector<T>& items, std::string_view id) {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].id == id) return static_cast<int>(i);
  return -1;
}

}  // namespace tessera
