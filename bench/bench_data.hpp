// bench/bench_data.hpp: the inputs of the two workloads, generated once, deterministically.
//
// Every query point is placed in a chosen Voronoi region of its segment, a third in each
// (vertex A, interior, vertex B), in random order, so that a data-dependent branch on the
// region is a coin toss the predictor cannot learn. Parameters stay 0.05 away from the
// region boundaries (t = 0 and t = 1), so every method agrees on the region.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "cq/vec.hpp"

namespace cq::bench {

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and good enough for test data.
class Random {
 public:
  explicit Random(std::uint64_t seed) : m_state(seed) {}

  std::uint64_t Next() {
    std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  /// Uniform in [lo, hi).
  double Uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(Next() >> 11) * 0x1p-53; }

  /// Uniform in {0, ..., n - 1} (n small: the modulo bias is ~n / 2^64).
  int Below(int n) { return static_cast<int>(Next() % static_cast<std::uint64_t>(n)); }

 private:
  std::uint64_t m_state;
};

enum class Region : int { VertexA = 0, Interior = 1, VertexB = 2 };

/// A random segment: A in [-10, 10]^3, |B - A| between ~0.5 and ~17.
Vec3d RandomSegmentStart(Random& rng);
Vec3d RandomSegmentEnd(Random& rng, const Vec3d& a);

/// A point whose projection onto AB has parameter u, chosen uniformly in the region's
/// band (A: [-1, -0.05], interior: [0.05, 0.95], B: [1.05, 2]), pushed off the carrier
/// line by a random perpendicular of length up to 3.
Vec3d RandomPointInRegion(Random& rng, const Vec3d& a, const Vec3d& b, Region region);

/// One independent query: its own segment and its own point.
template <Real T>
struct Query {
  Vec3<T> p;
  Vec3<T> a;
  Vec3<T> b;
};

/// The independent-query workload: a pool of queries walked in order.
template <Real T>
struct QueryPool {
  std::vector<Query<T>> queries;
  std::array<std::size_t, 3> regionCounts{};  ///< A / interior / B, by Ericson's tests in T
};

/// The pool of `count` queries (built on first use, then shared by every implementation).
template <Real T>
const QueryPool<T>& SharedQueryPool(std::size_t count);

/// 64-byte aligned storage for `count` values (the batch kernels' arrays).
template <Real T>
class AlignedArray {
 public:
  AlignedArray() = default;
  explicit AlignedArray(std::size_t count)
      : m_data(static_cast<T*>(::operator new[](count * sizeof(T), std::align_val_t{64}))) {}

  T* data() const { return m_data.get(); }

 private:
  struct Free {
    void operator()(T* p) const { ::operator delete[](p, std::align_val_t{64}); }
  };
  std::unique_ptr<T, Free> m_data;
};

/// The batch workloads: one segment and `count` points in structure-of-arrays form, plus
/// the output arrays a batch implementation writes (the closest point's coordinates, t and
/// |P - closest|^2). The eight arrays live in one allocation, each starting
/// k_arrayStagger bytes further into its 4 KiB page than the one before: arrays that all
/// start at the same page offset make a load and an older store to a different array look
/// alike to the CPU's 4K-aliasing check, a stall that would slow the copy floor and the
/// kernels alike and measure the allocator rather than the code.
///
/// Three segments: `a`/`b`, whose vertices cq's loop reproduces with its fused
/// multiply-add from A (as for about a third of random segments); `aFromB`/`bFromB`, whose
/// z crosses zero towards a small B, which the loop reaches exactly only from B's side
/// (B + (t - 1) step: one subtraction more per vector); and `aBoth`/`bBoth`, whose z
/// goes from 1 + eps to -(1 + 2 eps), which no step reaches from either side, so that the
/// loop interpolates z from both vertices, (A - t A) + t B (one fused multiply-add more
/// per vector: cq's slowest common variant). The points are placed by regions of the
/// first; the others see a similar mix. And `randomA`/`randomB`: k_randomSegments
/// segments with A and B uniform in [-10, 10]^3, one per call in turn, so that the mix of
/// loop variants and the per-call set-up of ordinary segments are measured too.
template <Real T>
struct BatchData {
  static constexpr std::size_t k_arrayStagger = 5 * 64;

  Vec3<T> a;
  Vec3<T> b;
  Vec3<T> aFromB;
  Vec3<T> bFromB;
  Vec3<T> aBoth;
  Vec3<T> bBoth;
  static constexpr std::size_t k_randomSegments = 256;
  std::vector<Vec3<T>> randomA;
  std::vector<Vec3<T>> randomB;
  std::size_t nextRandom = 0;
  std::size_t count = 0;
  AlignedArray<T> storage;
  std::array<T*, 3> coords{};
  std::array<T*, 3> closest{};
  T* t = nullptr;
  T* distanceSq = nullptr;
};

/// The batch data for `count` points (built on first use, then shared).
template <Real T>
BatchData<T>& SharedBatchData(std::size_t count);

}  // namespace cq::bench
