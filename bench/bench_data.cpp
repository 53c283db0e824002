// bench/bench_data.cpp: deterministic inputs for the benchmark workloads.
#include "bench_data.hpp"

#include <cmath>
#include <map>

namespace cq::bench {
namespace {

// The parameter bands of the three regions; 0.05 clear of t = 0 and t = 1.
constexpr double k_bandLo[3] = {-1.0, 0.05, 1.05};
constexpr double k_bandHi[3] = {-0.05, 0.95, 2.0};

template <Real T>
Vec3<T> Convert(const Vec3d& v) {
  return {{static_cast<T>(v.v[0]), static_cast<T>(v.v[1]), static_cast<T>(v.v[2])}};
}

/// The region Ericson's deferred-division tests give in T arithmetic (what a branchy
/// implementation branches on).
template <Real T>
Region RegionOf(const Vec3<T>& p, const Vec3<T>& a, const Vec3<T>& b) {
  const Vec3<T> d = b - a;
  const T num = Dot(p - a, d);
  if (num <= T(0)) return Region::VertexA;
  return num >= Dot(d, d) ? Region::VertexB : Region::Interior;
}

template <Real T>
QueryPool<T> MakeQueryPool(std::size_t count) {
  QueryPool<T> pool;
  pool.queries.resize(count);
  Random rng(0x5eed0001u + sizeof(T));
  for (Query<T>& q : pool.queries) {
    const Vec3d a = RandomSegmentStart(rng);
    const Vec3d b = RandomSegmentEnd(rng, a);
    const auto region = static_cast<Region>(rng.Below(3));
    q = {Convert<T>(RandomPointInRegion(rng, a, b, region)), Convert<T>(a), Convert<T>(b)};
    ++pool.regionCounts[static_cast<std::size_t>(RegionOf(q.p, q.a, q.b))];
  }
  return pool;
}

template <Real T>
BatchData<T> MakeBatchData(std::size_t count) {
  BatchData<T> data;
  data.count = count;
  // Each array padded to whole pages, then staggered (see BatchData).
  const std::size_t pageValues = 4096 / sizeof(T);
  const std::size_t arrayValues = (count + pageValues - 1) / pageValues * pageValues;
  const std::size_t staggerValues = BatchData<T>::k_arrayStagger / sizeof(T);
  data.storage = AlignedArray<T>(8 * (arrayValues + staggerValues));
  T* next = data.storage.data();
  auto take = [&](int) {
    T* array = next;  // array k starts k * k_arrayStagger bytes into its page
    next += arrayValues + staggerValues;
    return array;
  };
  for (int k = 0; k < 3; ++k) data.coords[static_cast<std::size_t>(k)] = take(k);
  for (int k = 0; k < 3; ++k) data.closest[static_cast<std::size_t>(k)] = take(3 + k);
  data.t = take(6);
  data.distanceSq = take(7);

  Random rng(0x5eed0002u + sizeof(T));
  const Vec3d a{{0.25, -1.5, 2.0}};
  const Vec3d b{{5.5, 2.25, -1.75}};
  data.a = Convert<T>(a);
  data.b = Convert<T>(b);
  // z from 2.0 to -0.0123: B's z is far below |B - A|'s ulp scale, no step from A lands on
  // it; from B, B - step rounds to 2.
  data.aFromB = Convert<T>(a);
  data.bFromB = Convert<T>(Vec3d{{5.5, 2.25, -0.0123}});
  // z from 1 + eps to -(1 + 2 eps) (eps of T): B - A = -(2 + 3 eps) needs a finer ulp than
  // 2's, and every step near it misses B from A and A from B (odd multiples of eps), so in
  // double z is interpolated from both vertices. In float the segment lands with the reach
  // 1 - 2^-24 (FindReach in cq/detail/segment_batch.hpp) and takes the exact loop.
  const double eps = std::numeric_limits<T>::epsilon();
  data.aBoth = Convert<T>(Vec3d{{0.25, -1.5, 1 + eps}});
  data.bBoth = Convert<T>(Vec3d{{5.5, 2.25, -(1 + 2 * eps)}});
  Random segmentRng(0x5eed0003u + sizeof(T));
  for (std::size_t i = 0; i < BatchData<T>::k_randomSegments; ++i) {
    // A and B drawn independently (B = A + d rounded would make B - A exact in double).
    data.randomA.push_back(Convert<T>(RandomSegmentStart(segmentRng)));
    data.randomB.push_back(Convert<T>(RandomSegmentStart(segmentRng)));
  }
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3<T> p = Convert<T>(RandomPointInRegion(rng, a, b, static_cast<Region>(rng.Below(3))));
    for (std::size_t k = 0; k < 3; ++k) data.coords[k][i] = p.v[k];
    for (std::size_t k = 0; k < 3; ++k) data.closest[k][i] = T(0);
    data.t[i] = T(0);
    data.distanceSq[i] = T(0);
  }
  return data;
}

}  // namespace

Vec3d RandomSegmentStart(Random& rng) {
  return {{rng.Uniform(-10, 10), rng.Uniform(-10, 10), rng.Uniform(-10, 10)}};
}

Vec3d RandomSegmentEnd(Random& rng, const Vec3d& a) {
  Vec3d d;
  do {
    d = {{rng.Uniform(-5, 5), rng.Uniform(-5, 5), rng.Uniform(-5, 5)}};
  } while (Dot(d, d) < 0.25);
  return a + d;
}

Vec3d RandomPointInRegion(Random& rng, const Vec3d& a, const Vec3d& b, Region region) {
  const auto r = static_cast<std::size_t>(region);
  const double u = rng.Uniform(k_bandLo[r], k_bandHi[r]);
  const Vec3d d = b - a;
  // A random direction with its component along d removed: moving along it leaves the
  // projection, hence the region, unchanged.
  Vec3d w{{rng.Uniform(-1, 1), rng.Uniform(-1, 1), rng.Uniform(-1, 1)}};
  w = w - (Dot(w, d) / Dot(d, d)) * d;
  const double wLength = std::sqrt(Dot(w, w));
  const double offset = rng.Uniform(0, 3);
  const Vec3d perpendicular = wLength > 1e-9 ? (offset / wLength) * w : Vec3d{};
  return a + u * d + perpendicular;
}

template <Real T>
const QueryPool<T>& SharedQueryPool(std::size_t count) {
  static std::map<std::size_t, QueryPool<T>> pools;
  auto it = pools.find(count);
  if (it == pools.end()) it = pools.emplace(count, MakeQueryPool<T>(count)).first;
  return it->second;
}

template <Real T>
BatchData<T>& SharedBatchData(std::size_t count) {
  static std::map<std::size_t, BatchData<T>> batches;
  auto it = batches.find(count);
  if (it == batches.end()) it = batches.emplace(count, MakeBatchData<T>(count)).first;
  return it->second;
}

template const QueryPool<float>& SharedQueryPool(std::size_t);
template const QueryPool<double>& SharedQueryPool(std::size_t);
template BatchData<float>& SharedBatchData(std::size_t);
template BatchData<double>& SharedBatchData(std::size_t);

}  // namespace cq::bench
