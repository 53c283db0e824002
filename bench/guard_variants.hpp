// bench/guard_variants.hpp: cq's batch loop with a weaker guard, for the benchmark's
// cq_finite_only and cq_unguarded batches.
//
// Defined in guard_variants.cpp, which CMake compiles with the options of the library's
// own core/src/batch.cpp (CQ_BATCH_OPTIONS), so that cq against these prices the guard
// and nothing else.
#pragma once

#include <cstddef>

#include "cq/detail/segment_batch.hpp"
#include "cq/vec.hpp"

namespace cq::bench {

/// What a batch writes per point: the closest point (three arrays, the headline workload,
/// the output every method has) or everything cq's batch offers (the closest point, t and
/// |P - closest|^2: five arrays).
enum class Writes { Closest, All };

/// cq's own batch loop (cq/detail/segment_batch.hpp) with a weaker guard, on the same path
/// as cq::ClosestPointsOnSegment (core/src/batch.cpp): the same checks of A and B, the loop
/// called through a pointer picked per segment, the same blocks, the single query behind
/// a failed block. FiniteOnly ("cq_finite_only") keeps only the check that a batch
/// reporting bad points needs; None ("cq_unguarded") checks nothing, for reference. cq
/// against them prices its guard. Instantiated for FiniteOnly and None, both Writes,
/// float and double.
template <detail::BatchGuard G, Writes W, Real T>
void RunGuardVariant(const Vec3<T>& a, const Vec3<T>& b, const T* x, const T* y, const T* z, std::size_t count,
                     T* cx, T* cy, T* cz, T* tOut, T* distSqOut);

}  // namespace cq::bench
