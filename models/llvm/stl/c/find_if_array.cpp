// std::find_if over a std::array<int, 64>, as an index: the whole array is
// dereferenceable, so reading past the element found is safe.
#include <algorithm>
#include <array>
#include <cstddef>

extern "C" std::ptrdiff_t find_if_array(const std::array<int, 64>& a) {
  return std::find_if(a.begin(), a.end(), [](int x) { return x < 0; }) - a.begin();
}
