// closest-floor-probe: where the floor of the batch lies on this host, apart from the
// library. N = 1024 float points (three arrays in, three out, in L1), each loop written
// bare in AVX-512 intrinsics with the same loads and stores as a copy of those bytes:
//   copy          three loads, three stores per 16 points (each output the sum of two
//                 inputs, as closest-bench's copy: a plain one became three memcpy calls);
//   adds_only     the same with additions in place of the arithmetic (three
//                 subtractions, five additions);
//   bare          the closest point with nothing else: three subtractions, a multiply and
//                 two fused multiply-adds for the numerator, a multiply for t, a max and a
//                 min, three fused multiply-adds (no guard, nothing for exact vertices);
//   bare_unroll2  the same, two vectors per step;
//   bare_six      the numerator clamped to [0, |B - A|^2] and no multiply for t;
//   bare_guard    bare with the library's guard (a VRANGE running min and a running sum);
//   bare_masked   bare with masked loads and stores under an all-ones mask register;
//   no_clamp      bare without the max and the min (t unclamped: wrong answers, timing only);
//   int_clamp     bare with the clamp on the bit patterns, two integer operations (for t
//                 in [0, 1] as floats, the order of the patterns as signed integers).
// On the Zen 5 host of 2026-11-29 the bare loop took 1.54x-1.60x the copy, and as much
// without its clamp (README, "The query: Google Benchmark"; bench/HISTORY.md). The arrays are offset from one another so
// that no load and store share their low 12 address bits (4K aliasing made the copy 80 ns
// where it is 44). A program, not a test: `build/bench/closest-floor-probe`.
#include <benchmark/benchmark.h>

#include <cstddef>

#if defined(__AVX512F__) && defined(__AVX512DQ__)
#include <immintrin.h>

namespace {

constexpr int k_n = 1024;
constexpr int k_stride = k_n + 16 * 7;  // floats between arrays: not a multiple of 4 KiB

struct Arrays {
  alignas(64) float buffer[6 * k_stride];
  float* Array(int k) { return buffer + k * k_stride + 16 * k; }
};

Arrays& Data() {
  static Arrays arrays = [] {
    Arrays a{};
    for (int i = 0; i < k_n; ++i) {
      a.Array(0)[i] = 0.01f * float(i);
      a.Array(1)[i] = 1.0f - 0.002f * float(i);
      a.Array(2)[i] = 0.5f;
    }
    return a;
  }();
  return arrays;
}

struct Segment {
  __m512 ax = _mm512_set1_ps(-4), ay = _mm512_set1_ps(-1), az = _mm512_set1_ps(0.5f);
  __m512 sx = _mm512_set1_ps(7), sy = _mm512_set1_ps(2.5f), sz = _mm512_set1_ps(1.25f);
  __m512 inv = _mm512_set1_ps(1 / 56.8125f), den = _mm512_set1_ps(56.8125f);  // |B - A|^2 = 49 + 6.25 + 1.5625
};

// Zero-masked with every lane set, which compiles to the plain instruction: GCC 12 reports
// the plain intrinsics' _mm512_undefined_ps() start as uninitialised (as in the library).
__m512 Max(__m512 a, __m512 b) { return _mm512_maskz_max_ps(__mmask16(0xFFFF), a, b); }
__m512 Min(__m512 a, __m512 b) { return _mm512_maskz_min_ps(__mmask16(0xFFFF), a, b); }
__m512 MinAbs(__m512 a, __m512 b) { return _mm512_maskz_range_ps(__mmask16(0xFFFF), a, b, 0x0A); }

enum class Kind { Copy, AddsOnly, Bare, Six, Guard, Masked, NoClamp, IntClamp };

template <Kind K>
[[gnu::noinline]] void Run(Arrays& d, const Segment& segment, __mmask16 mask, __m512& sink) {
  // A copy in registers: through the reference, every store into the arrays might have
  // changed the segment for all the compiler knows, and it reloaded it every step.
  const Segment s = segment;
  const float* px = d.Array(0);
  const float* py = d.Array(1);
  const float* pz = d.Array(2);
  float* ox = d.Array(3);
  float* oy = d.Array(4);
  float* oz = d.Array(5);
  const __m512 zero = _mm512_setzero_ps();
  const __m512 one = _mm512_set1_ps(1);
  __m512 sum = zero;
  __m512 least = _mm512_set1_ps(1e30f);
  for (int i = 0; i < k_n; i += 16) {
    const bool masked = K == Kind::Masked;
    const __m512 x = masked ? _mm512_maskz_loadu_ps(mask, px + i) : _mm512_load_ps(px + i);
    const __m512 y = masked ? _mm512_maskz_loadu_ps(mask, py + i) : _mm512_load_ps(py + i);
    const __m512 z = masked ? _mm512_maskz_loadu_ps(mask, pz + i) : _mm512_load_ps(pz + i);
    // The copy as closest-bench's: each output a sum of two inputs, so that GCC does not
    // turn the loop into three memcpy calls (it did, and they took 82 ns).
    __m512 cx = _mm512_add_ps(x, z);
    __m512 cy = _mm512_add_ps(y, z);
    __m512 cz = _mm512_add_ps(x, y);
    if constexpr (K == Kind::AddsOnly) {
      const __m512 e = _mm512_add_ps(_mm512_add_ps(_mm512_sub_ps(x, s.ax), _mm512_sub_ps(y, s.ay)),
                                     _mm512_sub_ps(z, s.az));
      cx = _mm512_add_ps(e, s.ax);
      cy = _mm512_add_ps(e, s.ay);
      cz = _mm512_add_ps(e, s.az);
    } else if constexpr (K != Kind::Copy) {
      const __m512 num = _mm512_fmadd_ps(
          _mm512_sub_ps(z, s.az), s.sz,
          _mm512_fmadd_ps(_mm512_sub_ps(y, s.ay), s.sy, _mm512_mul_ps(_mm512_sub_ps(x, s.ax), s.sx)));
      __m512 t;
      if constexpr (K == Kind::Six) {
        t = Min(Max(num, zero), s.den);
      } else if constexpr (K == Kind::NoClamp) {
        t = _mm512_mul_ps(num, s.inv);
      } else if constexpr (K == Kind::IntClamp) {
        const __m512i bits = _mm512_castps_si512(_mm512_mul_ps(num, s.inv));
        t = _mm512_castsi512_ps(_mm512_maskz_min_epi32(
            __mmask16(0xFFFF), _mm512_maskz_max_epi32(__mmask16(0xFFFF), bits, _mm512_setzero_si512()),
            _mm512_castps_si512(one)));
      } else {
        t = Min(Max(_mm512_mul_ps(num, s.inv), zero), one);
      }
      if constexpr (K == Kind::Guard) {
        least = MinAbs(least, num);
        sum = _mm512_add_ps(sum, num);
      }
      cx = _mm512_fmadd_ps(t, s.sx, s.ax);
      cy = _mm512_fmadd_ps(t, s.sy, s.ay);
      cz = _mm512_fmadd_ps(t, s.sz, s.az);
    }
    if (masked) {
      _mm512_mask_storeu_ps(ox + i, mask, cx);
      _mm512_mask_storeu_ps(oy + i, mask, cy);
      _mm512_mask_storeu_ps(oz + i, mask, cz);
    } else {
      _mm512_store_ps(ox + i, cx);
      _mm512_store_ps(oy + i, cy);
      _mm512_store_ps(oz + i, cz);
    }
  }
  sink = _mm512_add_ps(sum, least);
}

/// Bare, two vectors per step.
[[gnu::noinline]] void RunUnroll2(Arrays& d, const Segment& segment) {
  const Segment s = segment;  // in registers (see Run)
  const __m512 zero = _mm512_setzero_ps();
  const __m512 one = _mm512_set1_ps(1);
  for (int i = 0; i < k_n; i += 32) {
    __m512 t[2];
    for (int u = 0; u < 2; ++u) {
      const int j = i + 16 * u;
      const __m512 num = _mm512_fmadd_ps(
          _mm512_sub_ps(_mm512_load_ps(d.Array(2) + j), s.az), s.sz,
          _mm512_fmadd_ps(_mm512_sub_ps(_mm512_load_ps(d.Array(1) + j), s.ay), s.sy,
                          _mm512_mul_ps(_mm512_sub_ps(_mm512_load_ps(d.Array(0) + j), s.ax), s.sx)));
      t[u] = Min(Max(_mm512_mul_ps(num, s.inv), zero), one);
    }
    for (int u = 0; u < 2; ++u) _mm512_store_ps(d.Array(3) + i + 16 * u, _mm512_fmadd_ps(t[u], s.sx, s.ax));
    for (int u = 0; u < 2; ++u) _mm512_store_ps(d.Array(4) + i + 16 * u, _mm512_fmadd_ps(t[u], s.sy, s.ay));
    for (int u = 0; u < 2; ++u) _mm512_store_ps(d.Array(5) + i + 16 * u, _mm512_fmadd_ps(t[u], s.sz, s.az));
  }
}

template <Kind K>
void BM_Floor(benchmark::State& state) {
  Arrays& d = Data();
  const Segment s;
  __mmask16 mask = 0xFFFF;
  benchmark::DoNotOptimize(mask);  // a mask register, not a constant the compiler folds
  __m512 sink = _mm512_setzero_ps();
  for (auto _ : state) {
    Run<K>(d, s, mask, sink);
    benchmark::ClobberMemory();
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * k_n);
}

void BM_FloorUnroll2(benchmark::State& state) {
  Arrays& d = Data();
  const Segment s;
  for (auto _ : state) {
    RunUnroll2(d, s);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * k_n);
}

BENCHMARK(BM_Floor<Kind::Copy>)->Name("BM_Floor/copy/float/1024")->Repetitions(10);
BENCHMARK(BM_Floor<Kind::AddsOnly>)->Name("BM_Floor/adds_only/float/1024")->Repetitions(10);
BENCHMARK(BM_Floor<Kind::Bare>)->Name("BM_Floor/bare/float/1024")->Repetitions(10);
BENCHMARK(BM_FloorUnroll2)->Name("BM_Floor/bare_unroll2/float/1024")->Repetitions(10);
BENCHMARK(BM_Floor<Kind::Six>)->Name("BM_Floor/bare_six/float/1024")->Repetitions(10);
BENCHMARK(BM_Floor<Kind::Guard>)->Name("BM_Floor/bare_guard/float/1024")->Repetitions(10);
BENCHMARK(BM_Floor<Kind::Masked>)->Name("BM_Floor/bare_masked/float/1024")->Repetitions(10);
BENCHMARK(BM_Floor<Kind::NoClamp>)->Name("BM_Floor/no_clamp/float/1024")->Repetitions(10);
BENCHMARK(BM_Floor<Kind::IntClamp>)->Name("BM_Floor/int_clamp/float/1024")->Repetitions(10);

}  // namespace
#endif  // AVX-512: without it the program runs no benchmark (the probe is of an AVX-512 host)

BENCHMARK_MAIN();
