// The slow path of the line/ray/segment query: validation, the degenerate segment, and
// scenes whose squares leave the floating-point range. See cq/linear.hpp for the contract.
#include "cq/linear.hpp"

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

template <LinearKind K, Real T, int N>
Checked<LinearResult<T, N>> ClosestPointOnLinearSlow(const Vec<T, N>& pIn, const Vec<T, N>& aIn,
                                                     const Vec<T, N>& bIn) {
  if (auto error = CheckFinite(pIn, Field::P)) return *error;
  if (auto error = CheckFinite(aIn, Field::A)) return *error;
  if (auto error = CheckFinite(bIn, Field::B)) return *error;

  // Pre-scale scenes near the top of the range so that no difference overflows. Only
  // coordinates below 2^-1074 * 2^8 can lose bits here, negligible next to 2^1016.
  const int sceneExponent = PrescaleExponent({MaxAbs(pIn), MaxAbs(aIn), MaxAbs(bIn)});
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
  const int ke = ExponentOf(MaxAbs(e));
  const Vec<T, N> es = ScaleByPowerOfTwo(e, -ke);
  const T numS = Dot(es, ds);
  // numerator = numS 2^(ke+kd), denominator = denS 2^(2kd), so
  // t_raw = (numS / denS) 2^(ke-kd) and numerator >= denominator <=> numS 2^(ke-kd) >= denS.
  const T ratio = numS / denS;  // |ratio| <= 4N: no overflow
  r.numerator = std::scalbn(numS, ke + kd + 2 * sceneExponent);
  r.tRaw = std::scalbn(ratio, ke - kd);

  // t_raw (B - A) = ratio 2^(ke-kd) ds 2^kd = (ratio ds) 2^ke: never forms t_raw alone,
  // which may overflow when the foot itself is perfectly representable (|foot - A| <= |P - A|).
  const Vec<T, N> footScaled = a + ScaleByPowerOfTwo(ratio * ds, ke);
  r.foot = ScaleByPowerOfTwo(footScaled, sceneExponent);

  const bool beforeA = K != LinearKind::Line && numS <= T(0);
  const bool pastB = K == LinearKind::Segment && !beforeA && std::scalbn(numS, ke - kd) >= denS;
  if (beforeA) {
    r.region = LinearRegion::VertexA;
    return finishAtA();
  }
  Vec<T, N> diff;  // p - closest, in pre-scaled units
  if (pastB) {
    r.region = LinearRegion::VertexB;
    r.t = T(1);
    r.closest = bIn;
    diff = p - b;
  } else {
    r.region = LinearRegion::Interior;
    r.t = r.tRaw;
    r.closest = r.foot;
    diff = p - footScaled;
  }
  const ScaledLength<T> dist = ScaledNorm(diff, sceneExponent);
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
