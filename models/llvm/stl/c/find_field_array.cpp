// std::ranges::find with a member projection over a std::array of structs, as an
// index: every struct's second field, 8 bytes apart (the forms gather it).
#include <algorithm>
#include <array>
#include <cstddef>
#include <ranges>

struct Point {
  int x, y;
};

extern "C" std::ptrdiff_t find_field_array(const std::array<Point, 32>& a, int k) {
  return std::ranges::find(a, k, &Point::y) - a.begin();
}
