// Stand-in (see layout.hpp).
#pragma once
namespace cute {
template <int B, int M, int S> struct Swizzle {};
} // namespace cute
