// std::adjacent_find over a std::array<int, 64>, as an index.
#include <algorithm>
#include <array>
#include <cstddef>

extern "C" std::ptrdiff_t adjacent_find_array(const std::array<int, 64>& a) {
  return std::adjacent_find(a.begin(), a.end()) - a.begin();
}
