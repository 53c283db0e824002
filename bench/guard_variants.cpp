// bench/guard_variants.cpp: see guard_variants.hpp. Compiled with core/src/batch.cpp's
// own options (bench/CMakeLists.txt), so that the loops here are built as the library's.
#include "guard_variants.hpp"

#include <algorithm>
#include <cstddef>

#include "cq/batch.hpp"
#include "cq/detail/validate.hpp"

namespace cq::bench {

template <detail::BatchGuard G, Writes W, Real T>
void RunGuardVariant(const Vec3<T>& a, const Vec3<T>& b, const T* x, const T* y, const T* z, std::size_t count,
                     T* cx, T* cy, T* cz, T* tOut, T* distSqOut) {
  if (detail::CheckFinite(a, Field::A) || detail::CheckFinite(b, Field::B)) return;
  const detail::BatchSegment<T, 3> s = detail::MakeBatchSegment(a, b);
  constexpr bool k_all = W == Writes::All;
  using Loop = bool (*)(const detail::BatchSegment<T, 3>&, const T*, const T*, const T*, std::size_t, std::size_t,
                        T*, T*, T*, T*, T*);
  const Loop loops[] = {
      &detail::SolveBlock<detail::BatchOutputs{true, k_all, k_all, detail::BatchEnds::Exact, G}, T, 3>,
      &detail::SolveBlock<detail::BatchOutputs{true, k_all, k_all, detail::BatchEnds::Mixed, G}, T, 3>,
      &detail::SolveBlock<detail::BatchOutputs{true, k_all, k_all, detail::BatchEnds::SelectB, G}, T, 3>,
      &detail::SolveBlock<detail::BatchOutputs{true, k_all, k_all, detail::BatchEnds::SelectAB, G}, T, 3>};
  const Loop loop = loops[static_cast<int>(s.ends)];
  constexpr std::size_t k_block = 1024;  // as core/src/batch.cpp
  for (std::size_t begin = 0; begin < count; begin += k_block) {
    const std::size_t end = std::min(count, begin + k_block);
    if (!loop(s, x, y, z, begin, end, cx, cy, cz, tOut, distSqOut)) [[unlikely]] {
      const PointsSoA<T, 3> points{{x, y, z}, count};
      const SegmentBatchOutput<T, 3> out{{cx, cy, cz}, tOut, distSqOut};
      for (std::size_t i = begin; i < end; ++i) detail::SolveBySingleQuery(a, b, points, i, out);
    }
  }
}

#define CQ_GUARD_VARIANT(G, W, T)                                                                              \
  template void RunGuardVariant<detail::BatchGuard::G, Writes::W, T>(const Vec3<T>&, const Vec3<T>&, const T*, \
                                                                     const T*, const T*, std::size_t, T*, T*, T*, \
                                                                     T*, T*);
CQ_GUARD_VARIANT(FiniteOnly, Closest, float)
CQ_GUARD_VARIANT(FiniteOnly, All, float)
CQ_GUARD_VARIANT(None, Closest, float)
CQ_GUARD_VARIANT(None, All, float)
CQ_GUARD_VARIANT(FiniteOnly, Closest, double)
CQ_GUARD_VARIANT(FiniteOnly, All, double)
CQ_GUARD_VARIANT(None, Closest, double)
CQ_GUARD_VARIANT(None, All, double)
#undef CQ_GUARD_VARIANT

}  // namespace cq::bench
