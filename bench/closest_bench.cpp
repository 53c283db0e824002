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
//       N points against one segment through a batch call, structure of arrays in, t and
//       |P - closest|^2 out. N = 1024 lives in L1 (float; double is 40 KiB, L2), N = 16M
//       in DRAM. "copy" moves the same bytes (3 values read, 2 written per point) with no
//       arithmetic: the floor. Reported: ns per query, bytes per query, bytes/s.
//
// impl: cq (the library: fast path, range guard, exact slow path behind it),
// cq_finite_only (the same with only the NaN/infinity check every conforming build needs:
// cq against it is what the scale guard costs), cq_unguarded (the fast path with no check
// at all, for reference),
// ericson, normalize_first, glm (bench/baselines.hpp), clamp_only (a bare branch-free
// clamp: the arithmetic floor of a single query, not a usable method).
//
// After the runs a summary prints every ns/query and the target ratios, read from the
// median of the repetitions. Defaults: 5 repetitions of >= 0.3 s each, aggregates only
// on the console (about 80 s); any --benchmark_* flag given overrides them.
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
#include "cq/batch.hpp"
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

/// A scalar method in a batch loop: structure of arrays in, t and |P - closest|^2 out,
/// restrict pointers so the compiler is free to vectorise it if it can.
template <class Impl, Real T>
[[gnu::noinline]] void RunBatchLoop(const Vec3<T>& a, const Vec3<T>& b, const T* __restrict x, const T* __restrict y,
                                    const T* __restrict z, std::size_t count, T* __restrict tOut,
                                    T* __restrict distSqOut) {
  const Vec3<T> d = b - a;
  const T invDen = T(1) / Dot(d, d);
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3<T> p{{x[i], y[i], z[i]}};
    T t;
    Vec3<T> closest;
    Impl::Closest(p, a, b, t, closest);
    // glm returns only the point; its caller recovers t by projecting it.
    if constexpr (!Impl::k_yieldsT) t = Dot(closest - a, d) * invDen;
    const Vec3<T> r = p - closest;
    tOut[i] = t;
    distSqOut[i] = Dot(r, r);
  }
}

/// The copy floor: the bytes cq's batch kernel moves (three coordinates read, two values
/// written per point), in one pass with the same kind of stores. Each output is a sum of
/// two inputs: with a plain t[i] = x[i], GCC's loop distribution splits the loop into a
/// memcpy (non-temporal stores in DRAM) and a second pass, which is not the kernel's
/// traffic. Two additions per point cost nothing next to the loads and stores.
template <Real T>
[[gnu::noinline]] void RunCopy(const T* __restrict x, const T* __restrict y, const T* __restrict z, std::size_t count,
                               T* __restrict tOut, T* __restrict distSqOut) {
  for (std::size_t i = 0; i < count; ++i) {
    tOut[i] = x[i] + z[i];
    distSqOut[i] = y[i] + z[i];
  }
}

/// cq's batch kernel (core/src/batch.cpp, SolveBlock) with the range flags and the block
/// structure dropped: what the batch pays for its guard. The same arithmetic in the same
/// form, including the two spellings of the clamp; keep it in step with SolveBlock.
template <Real T>
[[gnu::noinline]] void RunUnguardedBatch(const Vec3<T>& a, const Vec3<T>& b, const T* __restrict x,
                                         const T* __restrict y, const T* __restrict z, std::size_t count,
                                         T* __restrict tOut, T* __restrict distSqOut) {
  const Vec3<T> d = b - a;
  const T den = detail::DotFused(d.v, d.v);
  const T invDen = T(1) / den;
  const T minusD[3] = {-d.v[0], -d.v[1], -d.v[2]};
  const T* const coords[3] = {x, y, z};
  for (std::size_t i = 0; i < count; ++i) {
    T e[3];
    for (int k = 0; k < 3; ++k) e[k] = coords[k][i] - a.v[k];
    const T num = detail::DotFused(e, d.v);
#if defined(__AVX512F__)
    T t = num * invDen;
    t = num > T(0) ? t : T(0);
#else
    const T lo = num > T(0) ? num : T(0);
    T t = lo * invDen;
    t = t < T(1) ? t : T(1);
#endif
    t = num >= den ? T(1) : t;
    T r[3];
    for (int k = 0; k < 3; ++k) r[k] = detail::MulAdd(t, minusD[k], e[k]);
    tOut[i] = t;
    distSqOut[i] = detail::DotFused(r, r);
  }
}

/// The same kernel with only the flag every conforming build needs: a NaN or infinite
/// point (its squared distance) sends the block to the exact single query. Without the
/// scale guard's numerator flag: cq against this is what the scale guard itself costs.
/// A second copy on purpose: one template for both references, the flag compiled out of
/// one of them, does not vectorise that one under GCC 12 ("control flow in loop").
/// Keep both in step with SolveBlock.
template <Real T>
[[gnu::noinline]] bool RunFiniteOnlyBlock(const Vec3<T>& a, const Vec3<T>& d, T den, T invDen, const T* __restrict x,
                                          const T* __restrict y, const T* __restrict z, std::size_t begin,
                                          std::size_t end, T* __restrict tOut, T* __restrict distSqOut) {
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const T minusD[3] = {-d.v[0], -d.v[1], -d.v[2]};
  const T* const coords[3] = {x, y, z};
  Bits maxDistSqBits = 0;
  for (std::size_t i = begin; i < end; ++i) {
    T e[3];
    for (int k = 0; k < 3; ++k) e[k] = coords[k][i] - a.v[k];
    const T num = detail::DotFused(e, d.v);
#if defined(__AVX512F__)
    T t = num * invDen;
    t = num > T(0) ? t : T(0);
#else
    const T lo = num > T(0) ? num : T(0);
    T t = lo * invDen;
    t = t < T(1) ? t : T(1);
#endif
    t = num >= den ? T(1) : t;
    T r[3];
    for (int k = 0; k < 3; ++k) r[k] = detail::MulAdd(t, minusD[k], e[k]);
    const T distSq = detail::DotFused(r, r);
    tOut[i] = t;
    distSqOut[i] = distSq;
    maxDistSqBits = std::max(maxDistSqBits, std::bit_cast<Bits>(distSq));
  }
  return maxDistSqBits <= std::bit_cast<Bits>(detail::MaxFinite<T>());
}

template <Real T>
void RunFiniteOnlyBatch(const Vec3<T>& a, const Vec3<T>& b, const T* x, const T* y, const T* z, std::size_t count,
                        T* tOut, T* distSqOut) {
  const Vec3<T> d = b - a;
  const T den = detail::DotFused(d.v, d.v);
  const T invDen = T(1) / den;
  constexpr std::size_t k_block = 1024;  // as core/src/batch.cpp
  for (std::size_t begin = 0; begin < count; begin += k_block) {
    const std::size_t end = std::min(count, begin + k_block);
    if (!RunFiniteOnlyBlock(a, d, den, invDen, x, y, z, begin, end, tOut, distSqOut)) [[unlikely]] {
      for (std::size_t i = begin; i < end; ++i) {
        const auto r = ClosestPointOnSegment(Vec3<T>{{x[i], y[i], z[i]}}, a, b);
        tOut[i] = r ? r->t : std::numeric_limits<T>::quiet_NaN();
        distSqOut[i] = r ? r->distanceSq : std::numeric_limits<T>::quiet_NaN();
      }
    }
  }
}

struct BatchCq {
  static constexpr const char* k_name = "cq";
};
struct BatchCqFiniteOnly {
  static constexpr const char* k_name = "cq_finite_only";
};
struct BatchCqUnguarded {
  static constexpr const char* k_name = "cq_unguarded";
};
struct BatchCopy {
  static constexpr const char* k_name = "copy";
};

template <class Impl, Real T>
void RunBatch(BatchData<T>& data) {
  const T* x = data.coords[0];
  const T* y = data.coords[1];
  const T* z = data.coords[2];
  if constexpr (std::is_same_v<Impl, BatchCq>) {
    const auto report = ClosestPointsOnSegment(data.a, data.b, PointsSoA<T, 3>{{x, y, z}, data.count},
                                               SegmentBatchOutput<T>{data.t, data.distanceSq});
    benchmark::DoNotOptimize(report);
  } else if constexpr (std::is_same_v<Impl, BatchCqFiniteOnly>) {
    RunFiniteOnlyBatch(data.a, data.b, x, y, z, data.count, data.t, data.distanceSq);
  } else if constexpr (std::is_same_v<Impl, BatchCqUnguarded>) {
    RunUnguardedBatch(data.a, data.b, x, y, z, data.count, data.t, data.distanceSq);
  } else if constexpr (std::is_same_v<Impl, BatchCopy>) {
    RunCopy(x, y, z, data.count, data.t, data.distanceSq);
  } else {
    RunBatchLoop<Impl>(data.a, data.b, x, y, z, data.count, data.t, data.distanceSq);
  }
}

template <class Impl, Real T>
void BM_PointSegmentBatch(benchmark::State& state, std::size_t count) {
  BatchData<T>& data = SharedBatchData<T>(count);
  for (auto _ : state) {
    RunBatch<Impl>(data);
    benchmark::ClobberMemory();
  }
  // Three coordinates read, t and distanceSq written: what the copy floor moves too.
  constexpr std::size_t k_bytesPerQuery = 5 * sizeof(T);
  const auto queries = state.iterations() * static_cast<std::int64_t>(count);
  state.SetItemsProcessed(queries);
  state.SetBytesProcessed(queries * static_cast<std::int64_t>(k_bytesPerQuery));
  state.counters["time_per_query"] = TimePerQuery(count);
  state.counters["bytes_per_query"] = static_cast<double>(k_bytesPerQuery);
}

// ---------------------------------------------------------------------------------------
// Registration.

template <class Impl, Real T>
void RegisterIndependent() {
  const std::string name = std::string("BM_PointSegment/") + Impl::k_name + "/" + TypeName<T>();
  benchmark::RegisterBenchmark(name.c_str(), BM_PointSegment<Impl, T>)->Unit(benchmark::kMicrosecond);
}

template <class Impl, Real T>
void RegisterBatch(std::size_t count) {
  const std::string name =
      std::string("BM_PointSegmentBatch/") + Impl::k_name + "/" + TypeName<T>() + "/" + std::to_string(count);
  benchmark::RegisterBenchmark(name.c_str(), BM_PointSegmentBatch<Impl, T>, count)
      ->Unit(count > 100000 ? benchmark::kMillisecond : benchmark::kNanosecond);
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

template <Real T>
void RegisterBatchesFor(std::size_t count) {
  RegisterBatch<BatchCq, T>(count);
  RegisterBatch<BatchCqFiniteOnly, T>(count);
  RegisterBatch<BatchCqUnguarded, T>(count);
  RegisterBatch<Ericson, T>(count);
  RegisterBatch<NormalizeFirst, T>(count);
  RegisterBatch<Glm, T>(count);
  RegisterBatch<BatchCopy, T>(count);
}

void RegisterAll() {
  RegisterAllFor<float>();
  RegisterAllFor<double>();
  for (std::size_t count : {k_batchL1, k_batchDram}) {
    RegisterBatchesFor<float>(count);
    RegisterBatchesFor<double>(count);
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
      // With repetitions keep the median; a single run stands for itself.
      const bool isMedian = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Aggregate && !isMedian) continue;
      const auto counter = run.counters.find("time_per_query");
      if (counter == run.counters.end()) continue;
      const std::string& name = run.run_name.function_name;
      if (isMedian || m_nsPerQuery.find(name) == m_nsPerQuery.end() || !m_fromMedian[name])
        m_nsPerQuery[name] = counter->second.value * 1e9;
      m_fromMedian[name] = m_fromMedian[name] || isMedian;
    }
    ConsoleReporter::ReportRuns(runs);
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    PrintSummary(GetOutputStream());
  }

 private:
  double Ns(const std::string& name) const {
    const auto it = m_nsPerQuery.find(name);
    return it == m_nsPerQuery.end() ? std::numeric_limits<double>::quiet_NaN() : it->second;
  }

  static std::string Format(const char* format, double value) {
    if (value != value) return "-";
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
  }

  void PrintSummary(std::ostream& out) const {
    const char* impls[] = {"cq",  "cq_finite_only", "cq_unguarded", "ericson",
                           "normalize_first", "glm", "clamp_only", "copy"};
    const char* types[] = {"float", "double"};
    out << "\nSummary (ns per query" << (m_fromMedian.empty() ? "" : ", median of the repetitions") << ")\n\n";
    out << "| impl | independent float | independent double | batch 1024 float | batch 1024 double"
           " | batch 16M float | batch 16M double |\n";
    out << "|---|---:|---:|---:|---:|---:|---:|\n";
    for (const char* impl : impls) {
      out << "| " << impl;
      for (const char* type : types)
        out << " | " << Format("%.3f", Ns(std::string("BM_PointSegment/") + impl + "/" + type));
      for (std::size_t count : {k_batchL1, k_batchDram})
        for (const char* type : types) out << " | " << Format("%.3f", Ns(BatchName(impl, type, count)));
      out << " |\n";
    }
    out << "\nTargets (same run):\n\n| target | float | double | goal |\n|---|---:|---:|---|\n";
    out << "| independent: fastest other / cq";
    for (const char* type : types) {
      double fastestOther = std::numeric_limits<double>::infinity();
      for (const char* other : {"ericson", "normalize_first", "glm"})
        fastestOther = std::min(fastestOther, Ns(std::string("BM_PointSegment/") + other + "/" + type));
      out << " | " << Format("%.2fx", fastestOther / Ns(std::string("BM_PointSegment/cq/") + type));
    }
    out << " | >= 3x |\n";
    for (std::size_t count : {k_batchL1, k_batchDram}) {
      out << "| batch " << (count == k_batchL1 ? "1024" : "16M") << ": cq / copy";
      for (const char* type : types)
        out << " | " << Format("%.2fx", Ns(BatchName("cq", type, count)) / Ns(BatchName("copy", type, count)));
      out << " | <= " << (count == k_batchL1 ? "1.5x" : "1.2x") << " |\n";
    }
    // The scale guard against a build without it (which must still report NaN and
    // infinity), and, for reference, every check against none at all.
    for (const char* baseline : {"cq_finite_only", "cq_unguarded"}) {
      const char* what = std::strcmp(baseline, "cq_finite_only") == 0 ? "scale guard" : "all checks";
      out << "| " << what << ", independent: cq / " << baseline;
      for (const char* type : types)
        out << " | "
            << Format("%.2fx", Ns(std::string("BM_PointSegment/cq/") + type) /
                                   Ns(std::string("BM_PointSegment/") + baseline + "/" + type));
      out << " | <= 1.10x |\n";
      for (std::size_t count : {k_batchL1, k_batchDram}) {
        out << "| " << what << ", batch " << (count == k_batchL1 ? "1024" : "16M") << ": cq / " << baseline;
        for (const char* type : types)
          out << " | " << Format("%.2fx", Ns(BatchName("cq", type, count)) / Ns(BatchName(baseline, type, count)));
        out << " | <= 1.10x |\n";
      }
    }
    out << std::flush;
  }

  static std::string BatchName(const char* impl, const char* type, std::size_t count) {
    return std::string("BM_PointSegmentBatch/") + impl + "/" + type + "/" + std::to_string(count);
  }

  std::map<std::string, double> m_nsPerQuery;
  std::map<std::string, bool> m_fromMedian;
};

bool HasFlag(const std::vector<char*>& args, const char* prefix) {
  return std::any_of(args.begin(), args.end(),
                     [&](const char* arg) { return std::strncmp(arg, prefix, std::strlen(prefix)) == 0; });
}

}  // namespace
}  // namespace cq::bench

int main(int argc, char** argv) {
  // Defaults for a run of about 80 seconds; any flag given on the command line
  // wins. 5 repetitions of >= 0.3 s each, and only their mean/median/stddev/cv shown.
  std::vector<char*> args(argv, argv + argc);
  static char minTime[] = "--benchmark_min_time=0.3";
  static char repetitions[] = "--benchmark_repetitions=5";
  static char aggregatesOnly[] = "--benchmark_display_aggregates_only=true";
  if (!cq::bench::HasFlag(args, "--benchmark_min_time")) args.push_back(minTime);
  if (!cq::bench::HasFlag(args, "--benchmark_repetitions")) args.push_back(repetitions);
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
  cq::bench::AddMachineContext();
  cq::bench::SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
