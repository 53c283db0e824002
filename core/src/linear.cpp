// The slow path of the line/ray/segment query: validation, the degenerate segment, and
// scenes whose squares leave the floating-point range. See cq/linear.hpp for the contract.
#include "cq/linear.hpp"

#include <algorithm>
#include <climits>

#include "cq/detail/validate.hpp"

namespace cq {

const char* ToString(LinearRegion region) {
  switch (region) {
    case LinearRegion::VertexA: return "A";
    case LinearRegion::Interior: return "interior";
    case LinearRegion::VertexB: return "B";
  }
  return "?";
}

const char* ToString(LinearKind kind) {
  switch (kind) {
    case LinearKind::Line: return "line";
    case LinearKind::Ray: return "ray";
    case LinearKind::Segment: return "segment";
  }
  return "?";
}

namespace detail {
namespace {

/// value * 2^exponent.
template <Real T>
struct ScaledValue {
  T value;
  int exponent;
};

/// u . v as DotFused forms it, at any scale: every product is scaled by the same power
/// of two, chosen from the largest product (not from the largest coordinate of u and of v,
/// which would flush a small coordinate of u whose product with a large one of v is the
/// one that counts: P - A = (-1e200, 1e-150) against B - A = (0, 1e-200) has the numerator
/// 1e-350, all of it from the second products). Scaling by a power of two commutes with
/// rounding, so the value is DotFused's on an unbounded exponent range: the same bits,
/// times 2^exponent, wherever DotFused itself neither under- nor overflows. A product more
/// than ~2^1000 below the largest may lose bits to underflow, which changes the sum only
/// when the larger products cancel exactly.
template <Real T, int N>
ScaledValue<T> ScaledDotFused(const Vec<T, N>& u, const Vec<T, N>& v) {
  int productExponent[N];
  int largest = INT_MIN;
  for (int k = 0; k < N; ++k) {
    const bool nonZero = u.v[k] != T(0) && v.v[k] != T(0);
    productExponent[k] = nonZero ? ExponentOf(std::abs(u.v[k])) + ExponentOf(std::abs(v.v[k])) : INT_MIN;
    largest = std::max(largest, productExponent[k]);
  }
  if (largest == INT_MIN) return {T(0), 0};  // every product is zero
  T us[N];
  T vs[N];
  for (int k = 0; k < N; ++k) {
    if (productExponent[k] == INT_MIN) {
      us[k] = vs[k] = T(0);
      continue;
    }
    // u_k in [1, 2) times the product's distance below the largest (exact unless that is
    // beyond the subnormal range), v_k in [1, 2): us_k vs_k = u_k v_k 2^-largest.
    us[k] = std::scalbn(u.v[k], productExponent[k] - largest - ExponentOf(std::abs(u.v[k])));
    vs[k] = std::scalbn(v.v[k], -ExponentOf(std::abs(v.v[k])));
  }
  return {DotFused(us, vs), largest};
}

}  // namespace

template <LinearKind K, Real T, int N>
Checked<LinearResult<T, N>> ClosestPointOnLinearSlow(const Vec<T, N>& pIn, const Vec<T, N>& aIn,
                                                     const Vec<T, N>& bIn) {
  if (auto error = CheckFinite(pIn, Field::P)) return *error;
  if (auto error = CheckFinite(aIn, Field::A)) return *error;
  if (auto error = CheckFinite(bIn, Field::B)) return *error;

  // The scene as given, or halved where a difference of coordinates overflows (halving
  // is exact but for the last bit of a subnormal coordinate). Not scaled down by more
  // "to be safe": that flushed the subnormal coordinates of a scene that also holds a
  // coordinate near 1e308, and with them the whole answer (A = (0, 1e308),
  // B = (2e-323, 1e308), P = (3e-323, 1e308) read as region A; it is B, at t_raw 1.5).
  const bool halve = !IsFinite(bIn - aIn) || !IsFinite(pIn - aIn);
  const int sceneExponent = halve ? 1 : 0;
  const Vec<T, N> p = ScaleByPowerOfTwo(pIn, -sceneExponent);
  const Vec<T, N> a = ScaleByPowerOfTwo(aIn, -sceneExponent);
  const Vec<T, N> b = ScaleByPowerOfTwo(bIn, -sceneExponent);
  const Vec<T, N> d = b - a;
  const Vec<T, N> e = p - a;

  LinearResult<T, N> r{};
  r.foot = aIn;  // until the projection says otherwise (A == B, P == A)
  auto finishAtA = [&]() {
    r.closest = aIn;  // the input vertex, bit for bit
    r.t = T(0);
    const ScaledLength<T> dist = ScaledNorm(e, sceneExponent);
    r.distance = dist.length;
    r.distanceSq = dist.lengthSq;
    return r;
  };

  if (d == Vec<T, N>{}) {
    // A == B: the shape is the point A. Defined answer: A, t = 0, region A.
    r.region = LinearRegion::VertexA;
    return finishAtA();
  }
  const int kd = ExponentOf(MaxAbs(d));
  const Vec<T, N> ds = ScaleByPowerOfTwo(d, -kd);  // largest coordinate in [1, 2)
  const T denS = Dot(ds, ds);                      // in [1, 4N)
  r.denominator = std::scalbn(denS, 2 * (kd + sceneExponent));

  if (e == Vec<T, N>{}) {
    // P == A: t_raw = 0 exactly; for a segment or ray that is the vertex A (numerator 0).
    r.region = K == LinearKind::Line ? LinearRegion::Interior : LinearRegion::VertexA;
    return finishAtA();
  }
  const ScaledValue<T> num = ScaledDotFused(e, d);
  const T numS = num.value;  // |numS| < 4N
  const int kn = num.exponent;
  // numerator = numS 2^kn, denominator = denS 2^(2kd), so
  // t_raw = (numS / denS) 2^(kn-2kd) and numerator >= denominator <=> numS 2^(kn-2kd) >= denS.
  const T ratio = numS / denS;  // |ratio| < 4N: no overflow
  r.numerator = std::scalbn(numS, kn + 2 * sceneExponent);
  r.tRaw = std::scalbn(ratio, kn - 2 * kd);

  // t_raw (B - A) = ratio 2^(kn-2kd) ds 2^kd = (ratio ds) 2^(kn-kd): never forms t_raw
  // alone, which may overflow when the foot itself is perfectly representable
  // (|foot - A| = |num| / |B - A| <= |P - A|).
  const Vec<T, N> footScaled = a + ScaleByPowerOfTwo(ratio * ds, kn - kd);
  r.foot = ScaleByPowerOfTwo(footScaled, sceneExponent);

  const bool beforeA = K != LinearKind::Line && numS <= T(0);
  const bool pastB = K == LinearKind::Segment && !beforeA && std::scalbn(numS, kn - 2 * kd) >= denS;
  if (beforeA) {
    r.region = LinearRegion::VertexA;
    return finishAtA();
  }
  if (pastB) {
    r.region = LinearRegion::VertexB;
    r.t = T(1);
    r.closest = bIn;
  } else {
    r.region = LinearRegion::Interior;
    r.t = r.tRaw;
    r.closest = r.foot;
  }
  const ScaledLength<T> dist = ScaledDistance(p, pastB ? b : footScaled, sceneExponent);
  r.distance = dist.length;
  r.distanceSq = dist.lengthSq;
  return r;
}

#define CQ_INSTANTIATE_LINEAR(K, T, N)                                                         \
  template Checked<LinearResult<T, N>> ClosestPointOnLinearSlow<K, T, N>(                       \
      const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&);
#define CQ_INSTANTIATE_LINEAR_KINDS(T, N)            \
  CQ_INSTANTIATE_LINEAR(LinearKind::Line, T, N)    \
  CQ_INSTANTIATE_LINEAR(LinearKind::Ray, T, N)     \
  CQ_INSTANTIATE_LINEAR(LinearKind::Segment, T, N)
CQ_INSTANTIATE_LINEAR_KINDS(float, 2)
CQ_INSTANTIATE_LINEAR_KINDS(float, 3)
CQ_INSTANTIATE_LINEAR_KINDS(double, 2)
CQ_INSTANTIATE_LINEAR_KINDS(double, 3)

}  // namespace detail
}  // namespace cq
