// std::adjacent_find over a raw [first, last) range: returns the first of two equal
// neighbours, or last (a pointer into one of two objects).
#include <algorithm>

extern "C" const int* adjacent_find_range(const int* first, const int* last) {
  return std::adjacent_find(first, last);
}
