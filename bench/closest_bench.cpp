// bench/closest_bench.cpp: point-segment closest-point queries, cq against three
// well-known formulations, float3 and double3, in one run.
//
// Two workloads (README, "Benchmark"):
//
//   BM_PointSegment/<impl>/<type>
//       Independent queries: every query has its own segment and point, a third of the
//       points in each Voronoi region, in random order. One iteration is one pass over a
//       pool of 2^17 queries (--pool_size=N to change it): a branchy method then makes
//       ~220K data-dependent branches per pass, far more than the ~64K-branch patterns
//       this CPU memorises (with a pool of 2^15 Ericson's branches are learnt and it runs
//       4x faster than it does on real data). 2^17 queries are 4.5 MiB (float) / 9 MiB
//       (double), read in order from L3; twice that spills the double pool out of a shared
//       32 MiB L3 and memory starts to show in the fast methods. Every method writes its
//       closest points to the same 1024-entry ring, which stays in L1.
//       Reported: ns per query.
//
//   BM_PointSegmentBatch/<impl>/<type>/<N>
//       N points against one segment through a batch call, structure of arrays in, the
//       closest points out (x[], y[], z[]: what the independent workload writes too).
//       N = 1024 lives in L1 (float; double's six arrays are 48 KiB, L2), N = 16M in DRAM.
//       "copy" moves the same bytes (3 values read, 3 written per point) with no
//       arithmetic: the floor. Reported: ns per query, bytes per query, bytes/s.
//
//   BM_PointSegmentBatchAll/<impl>/<type>/<N>
//       The same with every output cq's batch offers: the closest point, t and
//       |P - closest|^2 (3 values read, 5 written; the copy moves as much).
//
// impl: cq (the library: fast path, range guard, exact slow path behind it),
// cq_from_b and cq_from_both (batch only: cq on a segment whose z crosses zero towards a
// small B, which its loop reaches exactly from B's side, and on one that it reaches from
// neither at reach 1, so that the double loop interpolates z from both vertices; in float
// it lands with a reach just below 1 and runs the exact loop), cq_random (batch only: cq
// on 256 random segments, A and B uniform in [-10, 10]^3, a different one per call: the
// mix of loop variants and the per-call set-up of ordinary segments), the same four with
// _prepared (N = 1024 only: cq_prepared, cq_from_b_prepared, cq_from_both_prepared,
// cq_random_prepared: the segments made into cq::PreparedSegment before the timing, as a
// caller does who queries one segment in many batches; what is left is the loop and the
// call), cq_finite_only (the same
// with only the NaN/infinity check every conforming build needs: cq against it is what the
// scale guard costs), cq_unguarded (the fast path with no check at all, for reference),
// ericson, normalize_first, glm (bench/baselines.hpp), clamp_only (a bare branch-free
// clamp: the arithmetic floor of a single query, not a usable method).
//
// After the runs a summary prints every ns/query and the target ratios, read from the
// median of the repetitions, then the same from their minimum (the fastest repetition:
// a busy host only adds time, so it is the steadier figure from run to run). Defaults: 15
// repetitions of >= 0.1 s each, interleaved at random, aggregates only on the console; any
// --benchmark_* flag given overrides them.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <limits>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "baselines.hpp"
#include "bench_data.hpp"
#include "guard_variants.hpp"
#include "cq/batch.hpp"
#include "cq/detail/segment_batch.hpp"
#include "cq/linear.hpp"

namespace cq::bench {
namespace {

constexpr std::size_t k_defaultPoolSize = std::size_t{1} << 17;
constexpr std::size_t k_outRing = 1024;  // a power of two
constexpr std::size_t k_batchL1 = 1024;
constexpr std::size_t k_batchDram = std::size_t{1} << 24;

std::size_t g_poolSize = k_defaultPoolSize;  // --pool_size

template <Real T>
const char* TypeName() {
  return sizeof(T) == sizeof(float) ? "float" : "double";
}

/// Time per query as a counter: benchmark divides value * iterations by the elapsed
/// seconds (a rate) and inverts it, giving seconds per query; the console shows it with an
/// SI prefix ("5.77ns"), the summary converts it to ns.
benchmark::Counter TimePerQuery(std::size_t queriesPerIteration) {
  return benchmark::Counter(static_cast<double>(queriesPerIteration),
                            benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// ---------------------------------------------------------------------------------------
// Independent queries.

/// One pass over the pool. Kept out of line so that every implementation runs in the
/// same loop; restrict so the stores to `out` do not force reloads of the queries. Each
/// query is one call with its own arguments, as an application makes it (GCC does not
/// vectorise across these calls: cq's has the call to its slow path behind a branch, the
/// others branch on the data).
template <class Impl, Real T>
[[gnu::noinline]] void RunQueries(const Query<T>* __restrict queries, std::size_t count, Vec3<T>* __restrict out) {
  for (std::size_t i = 0; i < count; ++i) {
    T t;
    Impl::Closest(queries[i].p, queries[i].a, queries[i].b, t, out[i & (k_outRing - 1)]);
  }
}

template <class Impl, Real T>
void BM_PointSegment(benchmark::State& state) {
  const QueryPool<T>& pool = SharedQueryPool<T>(g_poolSize);
  std::vector<Vec3<T>> out(k_outRing);
  for (auto _ : state) {
    RunQueries<Impl>(pool.queries.data(), pool.queries.size(), out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(pool.queries.size()));
  state.counters["time_per_query"] = TimePerQuery(pool.queries.size());
}

// ---------------------------------------------------------------------------------------
// Batches: N points against one segment.

template <Writes W>
constexpr int k_arraysWritten = W == Writes::Closest ? 3 : 5;

/// A scalar method in a batch loop: structure of arrays in and out, restrict pointers so
/// the compiler is free to vectorise it if it can.
template <class Impl, Writes W, Real T>
[[gnu::noinline]] void RunBatchLoop(const Vec3<T>& a, const Vec3<T>& b, const T* __restrict x, const T* __restrict y,
                                    const T* __restrict z, std::size_t count, T* __restrict cx, T* __restrict cy,
                                    T* __restrict cz, T* __restrict tOut, T* __restrict distSqOut) {
  const Vec3<T> d = b - a;
  const T invDen = T(1) / Dot(d, d);
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3<T> p{{x[i], y[i], z[i]}};
    T t;
    Vec3<T> closest;
    Impl::Closest(p, a, b, t, closest);
    cx[i] = closest.v[0];
    cy[i] = closest.v[1];
    cz[i] = closest.v[2];
    if constexpr (W == Writes::All) {
      // glm returns only the point; its caller recovers t by projecting it.
      if constexpr (!Impl::k_yieldsT) t = Dot(closest - a, d) * invDen;
      const Vec3<T> r = p - closest;
      tOut[i] = t;
      distSqOut[i] = Dot(r, r);
    }
  }
}

/// The copy floor: the bytes a batch moves (three coordinates read, three or five values
/// written per point), in one pass with the same kind of stores. Each output is a sum of
/// two inputs: with a plain cx[i] = x[i], GCC's loop distribution splits the loop into
/// memcpy calls (non-temporal stores in DRAM), which is not a batch's traffic. The
/// additions cost nothing next to the loads and stores.
template <Writes W, Real T>
[[gnu::noinline]] void RunCopy(const T* __restrict x, const T* __restrict y, const T* __restrict z, std::size_t count,
                               T* __restrict cx, T* __restrict cy, T* __restrict cz, T* __restrict tOut,
                               T* __restrict distSqOut) {
  for (std::size_t i = 0; i < count; ++i) {
    cx[i] = x[i] + z[i];
    cy[i] = y[i] + z[i];
    cz[i] = x[i] + y[i];
    if constexpr (W == Writes::All) {
      tOut[i] = x[i] + x[i];
      distSqOut[i] = y[i] + y[i];
    }
  }
}

/// Which segment a cq batch row uses (see BatchData).
enum class Segment { Bench, FromB, FromBoth, Random };

/// cq's batch on one of the segments, through the call with A and B (Prepared = false) or
/// on a PreparedSegment made before the timing (Prepared = true: the set-up is not timed).
template <Segment S, bool Prepared>
struct BatchCq {
  static constexpr const char* k_names[2][4] = {{"cq", "cq_from_b", "cq_from_both", "cq_random"},
                                                {"cq_prepared", "cq_from_b_prepared", "cq_from_both_prepared",
                                                 "cq_random_prepared"}};
  static constexpr const char* k_name = k_names[Prepared][static_cast<int>(S)];
  static constexpr Segment k_segment = S;
  static constexpr bool k_prepared = Prepared;
};

template <class Impl>
constexpr bool k_isCqBatch = false;
template <Segment S, bool Prepared>
constexpr bool k_isCqBatch<BatchCq<S, Prepared>> = true;

/// Every segment of `data` prepared for cq: the benchmark's, from B, from both, then the
/// random ones in order.
template <Real T>
std::vector<PreparedSegment<T, 3>> PrepareSegments(const BatchData<T>& data) {
  std::vector<PreparedSegment<T, 3>> prepared;
  const auto add = [&](const Vec3<T>& a, const Vec3<T>& b) { prepared.push_back(*PrepareSegment(a, b)); };
  add(data.a, data.b);
  add(data.aFromB, data.bFromB);
  add(data.aBoth, data.bBoth);
  for (std::size_t i = 0; i < BatchData<T>::k_randomSegments; ++i) add(data.randomA[i], data.randomB[i]);
  return prepared;
}

struct BatchCqFiniteOnly {
  static constexpr const char* k_name = "cq_finite_only";
};
struct BatchCqUnguarded {
  static constexpr const char* k_name = "cq_unguarded";
};
struct BatchCopy {
  static constexpr const char* k_name = "copy";
};

template <class Impl, Writes W, Real T>
void RunBatch(BatchData<T>& data, [[maybe_unused]] const std::vector<PreparedSegment<T, 3>>& prepared) {
  const T* x = data.coords[0];
  const T* y = data.coords[1];
  const T* z = data.coords[2];
  T* cx = data.closest[0];
  T* cy = data.closest[1];
  T* cz = data.closest[2];
  T* tOut = W == Writes::All ? data.t : nullptr;
  T* distSqOut = W == Writes::All ? data.distanceSq : nullptr;
  if constexpr (k_isCqBatch<Impl>) {
    // The index into `prepared` (PrepareSegments) and the segment's vertices.
    std::size_t i = static_cast<std::size_t>(Impl::k_segment);
    if constexpr (Impl::k_segment == Segment::Random) i += data.nextRandom++ % BatchData<T>::k_randomSegments;
    const PointsSoA<T, 3> points{{x, y, z}, data.count};
    const SegmentBatchOutput<T, 3> out{{cx, cy, cz}, tOut, distSqOut};
    if constexpr (Impl::k_prepared) {
      const auto report = ClosestPointsOnSegment(prepared[i], points, out);
      benchmark::DoNotOptimize(report);
    } else {
      const Vec3<T>* const a[] = {&data.a, &data.aFromB, &data.aBoth};
      const Vec3<T>* const b[] = {&data.b, &data.bFromB, &data.bBoth};
      const bool random = i >= 3;
      const auto report = ClosestPointsOnSegment(random ? data.randomA[i - 3] : *a[i],
                                                 random ? data.randomB[i - 3] : *b[i], points, out);
      benchmark::DoNotOptimize(report);
    }
  } else if constexpr (std::is_same_v<Impl, BatchCqFiniteOnly>) {
    RunGuardVariant<detail::BatchGuard::FiniteOnly, W>(data.a, data.b, x, y, z, data.count, cx, cy, cz, tOut,
                                                       distSqOut);
  } else if constexpr (std::is_same_v<Impl, BatchCqUnguarded>) {
    RunGuardVariant<detail::BatchGuard::None, W>(data.a, data.b, x, y, z, data.count, cx, cy, cz, tOut, distSqOut);
  } else if constexpr (std::is_same_v<Impl, BatchCopy>) {
    RunCopy<W>(x, y, z, data.count, cx, cy, cz, data.t, data.distanceSq);
  } else {
    RunBatchLoop<Impl, W>(data.a, data.b, x, y, z, data.count, cx, cy, cz, data.t, data.distanceSq);
  }
}

template <class Impl, Writes W, Real T>
void BM_PointSegmentBatch(benchmark::State& state, std::size_t count) {
  BatchData<T>& data = SharedBatchData<T>(count);
  const std::vector<PreparedSegment<T, 3>> prepared = PrepareSegments(data);
  for (auto _ : state) {
    RunBatch<Impl, W>(data, prepared);
    benchmark::ClobberMemory();
  }
  // Three coordinates read and three or five values written: what the copy moves too.
  constexpr std::size_t k_bytesPerQuery = (3 + k_arraysWritten<W>)*sizeof(T);
  const auto queries = state.iterations() * static_cast<std::int64_t>(count);
  state.SetItemsProcessed(queries);
  state.SetBytesProcessed(queries * static_cast<std::int64_t>(k_bytesPerQuery));
  state.counters["time_per_query"] = TimePerQuery(count);
  state.counters["bytes_per_query"] = static_cast<double>(k_bytesPerQuery);
}

// ---------------------------------------------------------------------------------------
// Registration.

/// The fastest repetition, reported next to the median: a busy host only ever adds time,
/// so the minimum moves least from run to run (README, "Benchmark").
double MinOf(const std::vector<double>& values) { return *std::min_element(values.begin(), values.end()); }

template <class Impl, Real T>
void RegisterIndependent() {
  const std::string name = std::string("BM_PointSegment/") + Impl::k_name + "/" + TypeName<T>();
  benchmark::RegisterBenchmark(name.c_str(), BM_PointSegment<Impl, T>)
      ->Unit(benchmark::kMicrosecond)
      ->ComputeStatistics("min", MinOf);
}

template <Writes W>
const char* BatchWorkload() {
  return W == Writes::Closest ? "BM_PointSegmentBatch" : "BM_PointSegmentBatchAll";
}

template <class Impl, Writes W, Real T>
void RegisterBatch(std::size_t count) {
  const std::string name =
      std::string(BatchWorkload<W>()) + "/" + Impl::k_name + "/" + TypeName<T>() + "/" + std::to_string(count);
  benchmark::RegisterBenchmark(name.c_str(), BM_PointSegmentBatch<Impl, W, T>, count)
      ->Unit(count > 100000 ? benchmark::kMillisecond : benchmark::kNanosecond)
      ->ComputeStatistics("min", MinOf);
}

template <Real T>
void RegisterAllFor() {
  RegisterIndependent<CqQuery, T>();
  RegisterIndependent<CqFiniteOnly, T>();
  RegisterIndependent<CqUnguarded, T>();
  RegisterIndependent<Ericson, T>();
  RegisterIndependent<NormalizeFirst, T>();
  RegisterIndependent<Glm, T>();
  RegisterIndependent<ClampOnly, T>();
}

template <Writes W, Real T>
void RegisterBatchesFor(std::size_t count) {
  RegisterBatch<BatchCq<Segment::Bench, false>, W, T>(count);
  RegisterBatch<BatchCq<Segment::FromB, false>, W, T>(count);
  RegisterBatch<BatchCq<Segment::FromBoth, false>, W, T>(count);
  RegisterBatch<BatchCq<Segment::Random, false>, W, T>(count);
  // Prepared segments in L1 only: in DRAM a segment's set-up is nothing next to 16M points.
  if (count == k_batchL1) {
    RegisterBatch<BatchCq<Segment::Bench, true>, W, T>(count);
    RegisterBatch<BatchCq<Segment::FromB, true>, W, T>(count);
    RegisterBatch<BatchCq<Segment::FromBoth, true>, W, T>(count);
    RegisterBatch<BatchCq<Segment::Random, true>, W, T>(count);
  }
  RegisterBatch<BatchCqFiniteOnly, W, T>(count);
  RegisterBatch<BatchCqUnguarded, W, T>(count);
  RegisterBatch<Ericson, W, T>(count);
  RegisterBatch<NormalizeFirst, W, T>(count);
  RegisterBatch<Glm, W, T>(count);
  RegisterBatch<BatchCopy, W, T>(count);
}

void RegisterAll() {
  RegisterAllFor<float>();
  RegisterAllFor<double>();
  for (std::size_t count : {k_batchL1, k_batchDram}) {
    RegisterBatchesFor<Writes::Closest, float>(count);
    RegisterBatchesFor<Writes::Closest, double>(count);
  }
  for (std::size_t count : {k_batchL1, k_batchDram}) {
    RegisterBatchesFor<Writes::All, float>(count);
    RegisterBatchesFor<Writes::All, double>(count);
  }
}

template <Real T>
void AddPoolContext() {
  const QueryPool<T>& pool = SharedQueryPool<T>(g_poolSize);
  const double n = static_cast<double>(pool.queries.size());
  char text[160];
  std::snprintf(text, sizeof text, "%zu queries, regions A / interior / B = %.1f / %.1f / %.1f %%", pool.queries.size(),
                100.0 * static_cast<double>(pool.regionCounts[0]) / n,
                100.0 * static_cast<double>(pool.regionCounts[1]) / n,
                100.0 * static_cast<double>(pool.regionCounts[2]) / n);
  benchmark::AddCustomContext(std::string("independent_pool_") + TypeName<T>(), text);
}

/// Which of cq's loop variants the three batch segments take (see BatchData).
template <Real T>
void AddBatchSegmentContext() {
  const BatchData<T>& data = SharedBatchData<T>(k_batchL1);
  // Index: BatchEnds, with Exact split by reach (4: every coordinate from A with a reach
  // below 1, FindReach).
  const char* names[] = {"every coordinate from A", "some coordinates from B or from both vertices",
                         "select B", "select A and B", "every coordinate from A with a reach below 1"};
  const auto index = [](const Vec3<T>& a, const Vec3<T>& b) {
    const auto s = detail::MakeBatchSegment(a, b);
    return s.ends == detail::BatchEnds::Exact && s.reach != T(1) ? 4 : static_cast<int>(s.ends);
  };
  const auto variant = [&](const Vec3<T>& a, const Vec3<T>& b) { return names[index(a, b)]; };
  int counts[5] = {0, 0, 0, 0, 0};
  for (std::size_t i = 0; i < BatchData<T>::k_randomSegments; ++i) ++counts[index(data.randomA[i], data.randomB[i])];
  benchmark::AddCustomContext(std::string("batch_segments_") + TypeName<T>(),
                              std::string("cq: ") + variant(data.a, data.b) +
                                  ", cq_from_b: " + variant(data.aFromB, data.bFromB) +
                                  ", cq_from_both: " + variant(data.aBoth, data.bBoth) + ", cq_random: " +
                                  std::to_string(counts[0]) + " " + names[0] + ", " + std::to_string(counts[4]) +
                                  " " + names[4] + ", " + std::to_string(counts[1]) + " " + names[1] + ", " +
                                  std::to_string(counts[2] + counts[3]) + " with a select");
}

/// The CPU's model name (Linux) and the compiler, so a saved run says where it came from.
void AddMachineContext() {
  if (std::FILE* cpuinfo = std::fopen("/proc/cpuinfo", "r")) {
    char line[256];
    while (std::fgets(line, sizeof line, cpuinfo)) {
      if (std::strncmp(line, "model name", 10) != 0) continue;
      std::string model = std::strchr(line, ':') ? std::strchr(line, ':') + 2 : line;
      while (!model.empty() && (model.back() == '\n' || model.back() == ' ')) model.pop_back();
      benchmark::AddCustomContext("cpu_model", model);
      break;
    }
    std::fclose(cpuinfo);
  }
#if defined(__VERSION__)
  benchmark::AddCustomContext("compiler", __VERSION__);
#endif
}

// ---------------------------------------------------------------------------------------
// The summary: the console output as usual, then every ns/query and the target ratios.

class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      // With repetitions keep the median and the minimum; a single run stands for both.
      int statistic = -1;
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "median") statistic = k_median;
        if (run.aggregate_name == "min") statistic = k_min;
        if (statistic < 0) continue;
      }
      const auto counter = run.counters.find("time_per_query");
      if (counter == run.counters.end()) continue;
      const std::string& name = run.run_name.function_name;
      for (int s = 0; s < k_statistics; ++s) {
        if (statistic >= 0 && statistic != s) continue;
        if (statistic < 0 && m_fromAggregate[s][name]) continue;  // an aggregate wins
        m_nsPerQuery[s][name] = counter->second.value * 1e9;
        m_fromAggregate[s][name] = m_fromAggregate[s][name] || statistic >= 0;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    PrintSummary(GetOutputStream(), k_median);
    if (Repeated(k_min)) PrintSummary(GetOutputStream(), k_min);
  }

 private:
  static constexpr int k_median = 0;
  static constexpr int k_min = 1;
  static constexpr int k_statistics = 2;

  /// Whether `statistic` came from repetitions (an aggregate) for any benchmark.
  bool Repeated(int statistic) const {
    return std::any_of(m_fromAggregate[statistic].begin(), m_fromAggregate[statistic].end(),
                       [](const auto& entry) { return entry.second; });
  }

  double Ns(int statistic, const std::string& name) const {
    const auto it = m_nsPerQuery[statistic].find(name);
    return it == m_nsPerQuery[statistic].end() ? std::numeric_limits<double>::quiet_NaN() : it->second;
  }

  static std::string Format(const char* format, double value) {
    if (value != value) return "-";
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
  }

  void PrintSummary(std::ostream& out, int statistic) const {
    const auto ns = [&](const std::string& name) { return Ns(statistic, name); };
    const char* types[] = {"float", "double"};
    const char* workloads[] = {"BM_PointSegmentBatch", "BM_PointSegmentBatchAll"};
    const char* of = !Repeated(statistic) ? "" : statistic == k_median ? "median" : "minimum";
    out << "\nSummary (ns per query" << (*of ? ", " : "") << of << (*of ? " of the repetitions" : "") << ")\n\n";
    out << "| impl | independent float | independent double | batch 1024 float | batch 1024 double"
           " | batch 16M float | batch 16M double |\n";
    out << "|---|---:|---:|---:|---:|---:|---:|\n";
    for (const char* impl : {"cq", "cq_from_b", "cq_from_both", "cq_random", "cq_prepared", "cq_from_b_prepared",
                             "cq_from_both_prepared", "cq_random_prepared", "cq_finite_only", "cq_unguarded",
                             "ericson", "normalize_first", "glm", "clamp_only", "copy"}) {
      out << "| " << impl;
      for (const char* type : types)
        out << " | " << Format("%.3f", ns(std::string("BM_PointSegment/") + impl + "/" + type));
      for (std::size_t count : {k_batchL1, k_batchDram})
        for (const char* type : types) out << " | " << Format("%.3f", ns(BatchName(workloads[0], impl, type, count)));
      out << " |\n";
    }
    out << "\nBatch writing every output (closest point, t, distanceSq):\n\n";
    out << "| impl | 1024 float | 1024 double | 16M float | 16M double |\n|---|---:|---:|---:|---:|\n";
    for (const char* impl :
         {"cq", "cq_from_b", "cq_from_both", "cq_random", "cq_prepared", "cq_from_b_prepared", "cq_from_both_prepared",
          "cq_random_prepared", "cq_finite_only", "cq_unguarded", "ericson", "normalize_first", "glm", "copy"}) {
      out << "| " << impl;
      for (std::size_t count : {k_batchL1, k_batchDram})
        for (const char* type : types) out << " | " << Format("%.3f", ns(BatchName(workloads[1], impl, type, count)));
      out << " |\n";
    }
    const char* ofEach = !Repeated(statistic) ? "" : statistic == k_median ? ", medians" : ", minima";
    out << "\nTargets (same run" << ofEach << "):\n\n| target | float | double | goal |\n|---|---:|---:|---|\n";
    out << "| independent: fastest other / cq";
    for (const char* type : types) {
      double fastestOther = std::numeric_limits<double>::infinity();
      for (const char* other : {"ericson", "normalize_first", "glm"})
        fastestOther = std::min(fastestOther, ns(std::string("BM_PointSegment/") + other + "/" + type));
      out << " | " << Format("%.2fx", fastestOther / ns(std::string("BM_PointSegment/cq/") + type));
    }
    out << " | >= 3x |\n";
    auto batchRatio = [&](const char* workload, const char* label, const char* impl, const char* baseline,
                          const char* goal) {
      for (std::size_t count : {k_batchL1, k_batchDram}) {
        if (count == k_batchDram && std::strstr(impl, "_prepared")) continue;  // registered in L1 only
        out << "| " << label << (count == k_batchL1 ? " 1024" : " 16M") << ": " << impl << " / " << baseline;
        for (const char* type : types)
          out << " | "
              << Format("%.2fx", ns(BatchName(workload, impl, type, count)) / ns(BatchName(workload, baseline, type, count)));
        out << " | " << (goal ? goal : count == k_batchL1 ? "<= 1.5x" : "<= 1.2x") << " |\n";
      }
    };
    const char* cqRows[] = {"cq",          "cq_from_b",          "cq_from_both",          "cq_random",
                            "cq_prepared", "cq_from_b_prepared", "cq_from_both_prepared", "cq_random_prepared"};
    for (const char* impl : cqRows) batchRatio(workloads[0], "batch", impl, "copy", nullptr);
    for (const char* impl : cqRows) batchRatio(workloads[1], "batch, all outputs,", impl, "copy", nullptr);
    // The scale guard against a build without it (which must still report NaN and
    // infinity), and, for reference, every check against none at all.
    for (const char* baseline : {"cq_finite_only", "cq_unguarded"}) {
      const bool guardOnly = std::strcmp(baseline, "cq_finite_only") == 0;
      const char* what = guardOnly ? "scale guard" : "all checks";
      out << "| " << what << ", independent: cq / " << baseline;
      for (const char* type : types)
        out << " | "
            << Format("%.2fx", ns(std::string("BM_PointSegment/cq/") + type) /
                                   ns(std::string("BM_PointSegment/") + baseline + "/" + type));
      out << " | " << (guardOnly ? "<= 1.10x" : "(reference)") << " |\n";
      const std::string batchLabel = std::string(what) + ", batch";
      const std::string allLabel = std::string(what) + ", batch, all outputs,";
      batchRatio(workloads[0], batchLabel.c_str(), "cq", baseline, guardOnly ? "<= 1.10x" : "(reference)");
      batchRatio(workloads[1], allLabel.c_str(), "cq", baseline, guardOnly ? "<= 1.10x" : "(reference)");
    }
    out << std::flush;
  }

  static std::string BatchName(const char* workload, const char* impl, const char* type, std::size_t count) {
    return std::string(workload) + "/" + impl + "/" + type + "/" + std::to_string(count);
  }

  std::map<std::string, double> m_nsPerQuery[k_statistics];
  std::map<std::string, bool> m_fromAggregate[k_statistics];
};

bool HasFlag(const std::vector<char*>& args, const char* prefix) {
  return std::any_of(args.begin(), args.end(),
                     [&](const char* arg) { return std::strncmp(arg, prefix, std::strlen(prefix)) == 0; });
}

}  // namespace
}  // namespace cq::bench

int main(int argc, char** argv) {
  // Defaults; any flag given on the command line wins. 15 repetitions of >= 0.1 s each,
  // in random order across all benchmarks (a busy host then slows every method's
  // repetitions alike instead of a few methods' whole runs, which moves the ratios; and
  // many short repetitions give each benchmark more chances of a quiet moment, which the
  // minimum keeps), and only their mean/median/stddev/cv/min shown.
  std::vector<char*> args(argv, argv + argc);
  static char minTime[] = "--benchmark_min_time=0.1";
  static char repetitions[] = "--benchmark_repetitions=15";
  static char interleave[] = "--benchmark_enable_random_interleaving=true";
  static char aggregatesOnly[] = "--benchmark_display_aggregates_only=true";
  if (!cq::bench::HasFlag(args, "--benchmark_min_time")) args.push_back(minTime);
  if (!cq::bench::HasFlag(args, "--benchmark_repetitions")) args.push_back(repetitions);
  if (!cq::bench::HasFlag(args, "--benchmark_enable_random_interleaving")) args.push_back(interleave);
  if (!cq::bench::HasFlag(args, "--benchmark_display_aggregates_only") &&
      !cq::bench::HasFlag(args, "--benchmark_report_aggregates_only"))
    args.push_back(aggregatesOnly);
  int count = static_cast<int>(args.size());
  args.push_back(nullptr);

  benchmark::Initialize(&count, args.data());
  // Our own flag, after benchmark has taken its own out of argv.
  for (int i = 1; i < count; ++i) {
    constexpr const char* k_poolFlag = "--pool_size=";
    if (std::strncmp(args[static_cast<std::size_t>(i)], k_poolFlag, std::strlen(k_poolFlag)) != 0) continue;
    const long long value = std::atoll(args[static_cast<std::size_t>(i)] + std::strlen(k_poolFlag));
    if (value < 1) {
      std::fprintf(stderr, "closest-bench: --pool_size wants a positive number of queries\n");
      return 1;
    }
    cq::bench::g_poolSize = static_cast<std::size_t>(value);
    for (int j = i; j < count; ++j) args[static_cast<std::size_t>(j)] = args[static_cast<std::size_t>(j) + 1];
    --count;
    --i;
  }
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  cq::bench::RegisterAll();
  cq::bench::AddPoolContext<float>();
  cq::bench::AddPoolContext<double>();
  cq::bench::AddBatchSegmentContext<float>();
  cq::bench::AddBatchSegmentContext<double>();
  cq::bench::AddMachineContext();
  cq::bench::SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
