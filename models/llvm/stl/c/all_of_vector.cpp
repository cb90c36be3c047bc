// std::all_of over a std::vector: find_if_not(first, last) == last.
#include <algorithm>
#include <vector>

extern "C" bool all_of_vector(const std::vector<int>& v) {
  return std::all_of(v.begin(), v.end(), [](int x) { return x > 0; });
}
