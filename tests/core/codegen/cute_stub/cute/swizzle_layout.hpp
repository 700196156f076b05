// Stand-in (see layout.hpp).
#pragma once
#include <cute/layout.hpp>
#include <cute/swizzle.hpp>
namespace cute {
template <class A, class B> struct ComposedLayout {};
template <int B, int M, int S, class L>
ComposedLayout<Swizzle<B, M, S>, L> composition(Swizzle<B, M, S>, L);
} // namespace cute
