// A stand-in for CUTLASS's cute/layout.hpp with the same template arities,
// so check_cute_export.py can compile `export --format cute` without CUTLASS:
// it checks the C++ is well formed, not CuTe's semantics (the round trip
// through the CuTe reader checks those).
#pragma once
namespace cute {
template <long long N> struct Int {};
template <class... T> struct Shape {};
template <class... T> struct Stride {};
template <class S, class D> struct Layout {};
} // namespace cute
