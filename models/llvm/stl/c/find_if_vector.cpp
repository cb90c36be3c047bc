// std::find_if over a std::vector, as an index: libstdc++'s unrolled search returns
// `first` or `last`, a pointer into one of two objects, turned into an index.
#include <algorithm>
#include <cstddef>
#include <vector>

extern "C" std::ptrdiff_t find_if_vector(const std::vector<int>& v) {
  return std::find_if(v.begin(), v.end(), [](int x) { return x < 0; }) - v.begin();
}
