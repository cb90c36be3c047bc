// std::all_of over a std::array<int, 64>: libstdc++'s search unrolled by four, with
// byte offsets (the vectorized forms gather every fourth int).
#include <algorithm>
#include <array>

extern "C" bool all_of_array(const std::array<int, 64>& a) {
  return std::all_of(a.begin(), a.end(), [](int x) { return x > 0; });
}
