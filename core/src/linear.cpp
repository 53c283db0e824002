// The slow path of the line/ray/segment query: validation, the degenerate segment, and
// scenes whose squares leave the floating-point range. See cq/linear.hpp for the contract.
#include "cq/linear.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include "cq/detail/exact_geometry.hpp"
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

/// x 2^exponent for x != 0, or, where that falls below the subnormal range, the smallest
/// subnormal of x's sign: a stand-in that is exact for the one thing such a term can still
/// decide, the direction of a rounding tie of a sum with a term some 2^1000 larger.
template <Real T>
T ScaleOrSticky(T x, int exponent) {
  const T scaled = std::scalbn(x, exponent);
  return scaled != T(0) ? scaled : std::copysign(std::numeric_limits<T>::denorm_min(), x);
}

/// SlowNumerator's fallback where T has no wider type. u . v as DotFused forms it (u0 v0
/// rounded, then one fused multiply-add per further coordinate), on an unbounded exponent range: the same steps, each at the scale of its
/// larger term. At each step the product is u_k v_k = mu mv 2^ep (mu, mv in [1, 2)) and
/// the running sum s = sv 2^se; both are brought to 2^max(ep, se), which commutes with
/// rounding, and a term that falls more than ~2^1000 below the other is kept as a sticky
/// bit of its sign (ScaleOrSticky), all it can still change. So the value is DotFused's,
/// times 2^exponent, bit for bit wherever DotFused itself neither under- nor overflows,
/// and where it would, it is the sum DotFused would form with the exponent unbounded:
/// with P - A = (2^500, 2^500, 2^-500) and B - A = (2^100, -2^100, 2^-500) the first two
/// products cancel exactly and the numerator is 2^-1000, not 0 (an earlier version scaled
/// every product by the largest once, flushed the third, and read region A).
template <Real T, int N>
ScaledValue<T> ScaledDotFused(const Vec<T, N>& u, const Vec<T, N>& v) {
  T sum = T(0);  // the running sum, sum 2^sumExponent; 0 is exact 0 (any exponent)
  int sumExponent = 0;
  for (int k = 0; k < N; ++k) {
    if (u.v[k] == T(0) || v.v[k] == T(0)) continue;  // a zero product leaves the sum as it is
    const int eu = ExponentOf(std::abs(u.v[k]));
    const int ev = ExponentOf(std::abs(v.v[k]));
    const T mu = std::scalbn(u.v[k], -eu);
    const T mv = std::scalbn(v.v[k], -ev);
    const int productExponent = eu + ev;
    if (sum == T(0)) {
      // DotFused's first step is a rounded multiply, later ones a fused multiply-add onto
      // 0: either way the product rounded once.
      sum = mu * mv;
      sumExponent = productExponent;
      continue;
    }
    const int common = std::max(productExponent, sumExponent);
    sum = std::fma(ScaleOrSticky(mu, productExponent - common), mv, ScaleOrSticky(sum, sumExponent - common));
    sumExponent = common;
  }
  return {sum, sum == T(0) ? 0 : sumExponent};
}

/// The numerator (P - A).(B - A) as value * 2^exponent with the value in [1, 2] in
/// magnitude (or 0), for the scene scaled by 2^-sceneExponent (e = P - A, d = B - A of
/// that scene). Where T has a wider type (k_hasWide: float; double with the x87's long
/// double) the exact value for the numbers given, rounded once (ExactDotOfDifferences):
/// A = (0, 0), B = (1e-300, 1e-300), P = (-1e300, 1e300) lies on the perpendicular
/// through A, and the fused sum kept the first product's rounding, 7.8e-17, which over
/// |B - A|^2 = 2e-600 read t_raw = inf, region interior, a closest point 5e283 from A.
/// Elsewhere the fused sum on an unbounded range (an exact sum in double alone would
/// flush a coordinate 2^1000 below the scene's largest: see ExactDifferences).
template <Real T, int N>
ScaledValue<T> SlowNumerator(const Vec<T, N>& pIn, const Vec<T, N>& aIn, const Vec<T, N>& bIn, const Vec<T, N>& e,
                             const Vec<T, N>& d, int sceneExponent) {
  if constexpr (!k_hasWide<T>) {
    return ScaledDotFused(e, d);
  } else {
    const auto wide = ExactDotOfDifferences(pIn, aIn, bIn, aIn);
    if (wide.value == 0) return {T(0), 0};
    const int k = std::ilogb(wide.value);
    return {RoundOnceTo<T>(std::scalbn(wide.value, -k), wide.signOfRest), k + wide.exponent - 2 * sceneExponent};
  }
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
  // The distance to a vertex from the numbers as given, not from the halved scene: halving
  // rounds away the last bit of a subnormal coordinate, and P one subnormal ulp beside A
  // (P_x = 1.799705602880984e-308, A_x = 1.7997056028809845e-308, the other coordinates
  // +-max) read distance 0, and a ball of radius 5e-324 there "penetrated" the wire it
  // just touches (review s34).
  auto finishAtA = [&]() {
    r.closest = aIn;  // the input vertex, bit for bit
    r.t = T(0);
    const ScaledLength<T> dist = ScaledDistance(pIn, aIn);
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

  if (pIn == aIn) {
    // P == A: t_raw = 0 exactly; for a segment or ray that is the vertex A (numerator 0).
    r.region = K == LinearKind::Line ? LinearRegion::Interior : LinearRegion::VertexA;
    return finishAtA();
  }
  const ScaledValue<T> num = SlowNumerator(pIn, aIn, bIn, e, d, sceneExponent);
  const T numS = num.value;  // |numS| < 4N
  const int kn = num.exponent;
  // numerator = numS 2^kn, denominator = denS 2^(2kd), so
  // t_raw = (numS / denS) 2^(kn-2kd) and numerator >= denominator <=> numS 2^(kn-2kd) >= denS.
  const T ratio = numS / denS;  // |ratio| < 4N: no overflow
  r.numerator = std::scalbn(numS, kn + 2 * sceneExponent);
  r.tRaw = std::scalbn(ratio, kn - 2 * kd);

  // The foot, P(t_raw), two ways. Along the line, A + t_raw (B - A): t_raw (B - A) =
  // ratio 2^(kn-2kd) ds 2^kd = (ratio ds) 2^(kn-kd), never forming t_raw alone, which may
  // overflow when the foot itself is perfectly representable (|foot - A| = |num| / |B - A|
  // <= |P - A|). That term alone can overflow where A plus it does not (A near the top of
  // the range, the foot back towards zero): then both are taken at a quarter, exact but
  // for the last bits of a subnormal term, and the foot scaled back by four more.
  // |term| <= |P - A| (Cauchy-Schwarz), so a quarter of it is below 0.45 max per
  // coordinate in 3D: only a foot truly beyond the range overflows then.
  int footExponent = sceneExponent;
  Vec<T, N> footScaled = a + ScaleByPowerOfTwo(ratio * ds, kn - kd);
  if (!IsFinite(footScaled)) {
    footExponent = sceneExponent + 2;
    footScaled = ScaleByPowerOfTwo(a, -2) + ScaleByPowerOfTwo(ratio * ds, kn - kd - 2);
  }
  // Or across it, P - w, w the part of P - A across the line from the exact cross product
  // (ExactAcrossLine; where T has a wider type): the better of the two when |w| is the
  // shorter leg, as each is good to ulps of its own length. A point exactly on the line
  // is then its own foot, and P = (1e300, 5) over the line through (0, 0) and (1e-300, 0)
  // has the foot (1e300, 0) and distance 5 (along the line the foot came an ulp short of
  // 1e300, and |P - foot| read 1.5e284).
  std::optional<AcrossLine<T, N>> across;
  if constexpr (k_hasWide<T>) {
    across = ExactAcrossLine(pIn, aIn, bIn);
    // The legs' exponents only where both are non-zero: ExponentOf(0) is ilogb(0), INT_MIN,
    // and adding to it overflowed (UBSan, P on the perpendicular through A).
    auto acrossIsShorter = [&] {
      const T along = std::abs(ratio) * std::sqrt(denS);
      if (along == T(0) || across->distance == T(0)) return across->distance == T(0);
      return ExponentOf(across->distance) < ExponentOf(along) + kn - kd + sceneExponent;
    };
    // Also where the foot along the line overflows: rounded t_raw can carry A + t_raw (B - A)
    // past the largest double for a foot that is the largest double (a line along an
    // axis, P at the top of the range; fuzz campaign), and across is then the only way.
    const bool alongOverflows = !IsFinite(ScaleByPowerOfTwo(footScaled, footExponent));
    if (across->onLine || (numS != T(0) && acrossIsShorter()) || alongOverflows) {
      const Vec<T, N> footAcross = pIn - across->offset;
      if (IsFinite(footAcross)) {
        footExponent = 0;
        footScaled = footAcross;
      }
    }
  }
  r.foot = ScaleByPowerOfTwo(footScaled, footExponent);

  // The clamp: numerator <= 0 is region A, numerator >= denominator region B. Where the
  // numerator is exact (k_hasWide) the second test is too, as the exact sign of their
  // difference, (P - B).(B - A): comparing the numerator, rounded once, with |B - A|^2,
  // rounded as a sum of rounded squares, put a P exactly on the segment near B at B
  // (distance 1.4e140 for A = (-1e200, 1e200), B = 0, P = (-1e140, 1e140)), and a P past
  // B on its interior (distance 4.9e121 for 1.8e139), where the same scenes with A and B
  // swapped were answered right at the exactly decided A end (review s31).
  const bool beforeA = K != LinearKind::Line && numS <= T(0);
  bool pastB = false;
  if (K == LinearKind::Segment && !beforeA) {
    if constexpr (k_hasWide<T>)
      pastB = ExactDotOfDifferences(pIn, bIn, bIn, aIn).value >= 0;
    else
      pastB = std::scalbn(numS, kn - 2 * kd) >= denS;
  }
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
    // Decided exactly before B, t_raw can still round to just over 1 (1.0000000000000002
    // for P a hair before B): t keeps to the segment's [0, 1].
    r.t = K == LinearKind::Segment ? std::min(r.tRaw, T(1)) : r.tRaw;
    r.closest = r.foot;
    if constexpr (K == LinearKind::Segment) {
      // A segment's foot lies between A and B in every coordinate; rounded at the top of
      // the range it came a few ulps past the largest value and read Overflow (review s35:
      // a foot 3 ulps below max in the halved scene doubled to infinity). Kept in the box
      // of A and B it is never further off, and always finite.
      for (int k = 0; k < N; ++k) {
        const T lo = std::min(aIn.v[k], bIn.v[k]);
        const T hi = std::max(aIn.v[k], bIn.v[k]);
        r.closest.v[k] = std::clamp(r.closest.v[k], lo, hi);
      }
      r.foot = r.closest;
    }
    // A ray's or line's foot can lie beyond the range while P, A and B do not (P near the
    // largest value, off a line that runs out of the range): an answer no number can
    // stand for, reported as the plane's is.
    if (!IsFinite(r.closest)) return QueryError{ErrorCode::Overflow, Field::P, -1};
  }
  if (pastB) {
    const ScaledLength<T> dist = ScaledDistance(pIn, bIn);
    r.distance = dist.length;
    r.distanceSq = dist.lengthSq;
  } else if (across) {
    // Across the line, from the exact cross product: good to a few ulps of itself, where
    // |P - foot| would carry the foot's rounding, ulps of the scene.
    r.distance = across->distance;
    r.distanceSq = ScaledSquare(across->distance, 0);
  } else {
    const ScaledLength<T> dist = ScaledDistance(ScaleByPowerOfTwo(p, sceneExponent - footExponent), footScaled,
                                                footExponent);
    r.distance = dist.length;
    r.distanceSq = dist.lengthSq;
  }
  return r;
}

}  // namespace detail

const char* ToString(ExactProjection projection, LinearKind kind) {
  if (kind == LinearKind::Ray && RegionMatchesProjection(kind, LinearRegion::Interior, projection)) return "after A";
  switch (projection) {
    case ExactProjection::BeforeA: return "before A";
    case ExactProjection::OntoA: return "onto A";
    case ExactProjection::Between: return "between A and B";
    case ExactProjection::OntoB: return "onto B";
    case ExactProjection::PastB: break;
  }
  return "past B";
}

template <Real T, int N>
ExactProjection ProjectExactly(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b, LinearRegion likely) {
  // The exact dot products' signs (detail::ExactDotOfDifferences: exactly 0 only when the
  // exact value is). A == B makes the first one 0: onto A. For A != B, (P - A).(B - A) is
  // (P - B).(B - A) + |B - A|^2, so B's test alone decides a P on or past B.
  const auto along = [&](const Vec<T, N>& v) { return detail::ExactDotOfDifferences(p, v, b, a).value; };
  const auto sideOfB = [](auto fromB) {
    return fromB < 0 ? ExactProjection::Between : fromB == 0 ? ExactProjection::OntoB : ExactProjection::PastB;
  };
  if (likely == LinearRegion::VertexB && !(a == b)) {
    const ExactProjection side = sideOfB(along(b));
    if (side != ExactProjection::Between) return side;
    // Before B: A's test tells between from on or before A (each sum computed once).
  }
  const auto fromA = along(a);
  if (fromA < 0) return ExactProjection::BeforeA;
  if (fromA == 0) return ExactProjection::OntoA;
  if (likely == LinearRegion::VertexB && !(a == b)) return ExactProjection::Between;
  return sideOfB(along(b));
}

bool RegionMatchesProjection(LinearKind kind, LinearRegion region, ExactProjection projection) {
  const bool atOrBeforeA = projection == ExactProjection::BeforeA || projection == ExactProjection::OntoA;
  const bool atOrPastB = projection == ExactProjection::OntoB || projection == ExactProjection::PastB;
  if (kind == LinearKind::Line) return true;
  switch (region) {
    case LinearRegion::VertexA: return atOrBeforeA;
    case LinearRegion::VertexB: return atOrPastB;
    case LinearRegion::Interior: break;
  }
  return kind == LinearKind::Ray ? !atOrBeforeA : projection == ExactProjection::Between;
}

template <Real T, int N>
bool LiesOnLine(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b) {
  if (a == b) return p == a;
  return detail::ExactAcrossLine(p, a, b).onLine;
}

template <Real T, int N>
std::optional<T> ExactFootCoordinate(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b, int k) {
  if constexpr (!detail::k_hasWide<T>) {
    return std::nullopt;
  } else {
    using F = detail::WideOf<T>;
    const std::array<detail::TwoParts<F>, N> u = detail::ExactDifferences(b, a, 0);  // F wide: not scaled
    const std::array<detail::TwoParts<F>, N> v = detail::ExactDifferences(p, a, 0);
    detail::ExactSum<F, 8 * N> den;  // |B - A|^2
    detail::ExactSum<F, 8 * N> num;  // (P - A).(B - A)
    for (std::size_t i = 0; i < std::size_t(N); ++i)
      for (const F x : {u[i].hi, u[i].lo}) {
        for (const F y : {u[i].hi, u[i].lo}) den.AddProduct(x, y);
        for (const F y : {v[i].hi, v[i].lo}) num.AddProduct(x, y);
      }
    // A_k den + num u_k: the foot's coordinate times den.
    detail::ExactSum<F, 2 * 8 * N + 2 * 2 * 8 * N> scaled;
    const std::size_t kk = std::size_t(k);
    for (int i = 0; i < den.Size(); ++i) scaled.AddProduct(F(a.v[kk]), den.Part(i));
    for (int i = 0; i < num.Size(); ++i)
      for (const F y : {u[kk].hi, u[kk].lo}) scaled.AddProduct(num.Part(i), y);
    if (scaled.Sign() == 0) return T(0);
    const T value = static_cast<T>(scaled.Value() / den.Value());
    return value != T(0) ? value : std::copysign(std::numeric_limits<T>::denorm_min(), T(scaled.Sign()));
  }
}

template <Real T, int N>
T ExactNumerator(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b) {
  // The slow path's own numerator (the exact one rounded once where T has a wider type),
  // brought to T's range with a nonzero value below it kept as the least double.
  const detail::ScaledValue<T> numerator = detail::SlowNumerator(p, a, b, p - a, b - a, 0);
  return numerator.value == T(0) ? T(0) : detail::ScaleOrSticky(numerator.value, numerator.exponent);
}

template float ExactNumerator(const Vec<float, 2>&, const Vec<float, 2>&, const Vec<float, 2>&);
template float ExactNumerator(const Vec<float, 3>&, const Vec<float, 3>&, const Vec<float, 3>&);
template double ExactNumerator(const Vec<double, 2>&, const Vec<double, 2>&, const Vec<double, 2>&);
template double ExactNumerator(const Vec<double, 3>&, const Vec<double, 3>&, const Vec<double, 3>&);

template std::optional<float> ExactFootCoordinate(const Vec<float, 2>&, const Vec<float, 2>&, const Vec<float, 2>&, int);
template std::optional<float> ExactFootCoordinate(const Vec<float, 3>&, const Vec<float, 3>&, const Vec<float, 3>&, int);
template std::optional<double> ExactFootCoordinate(const Vec<double, 2>&, const Vec<double, 2>&, const Vec<double, 2>&, int);
template std::optional<double> ExactFootCoordinate(const Vec<double, 3>&, const Vec<double, 3>&, const Vec<double, 3>&, int);

template bool LiesOnLine(const Vec<float, 2>&, const Vec<float, 2>&, const Vec<float, 2>&);
template bool LiesOnLine(const Vec<float, 3>&, const Vec<float, 3>&, const Vec<float, 3>&);
template bool LiesOnLine(const Vec<double, 2>&, const Vec<double, 2>&, const Vec<double, 2>&);
template bool LiesOnLine(const Vec<double, 3>&, const Vec<double, 3>&, const Vec<double, 3>&);

template ExactProjection ProjectExactly(const Vec<float, 2>&, const Vec<float, 2>&, const Vec<float, 2>&, LinearRegion);
template ExactProjection ProjectExactly(const Vec<float, 3>&, const Vec<float, 3>&, const Vec<float, 3>&, LinearRegion);
template ExactProjection ProjectExactly(const Vec<double, 2>&, const Vec<double, 2>&, const Vec<double, 2>&,
                                        LinearRegion);
template ExactProjection ProjectExactly(const Vec<double, 3>&, const Vec<double, 3>&, const Vec<double, 3>&,
                                        LinearRegion);

namespace detail {

template <Real T, int N>
[[gnu::cold, gnu::noinline]] NearLineFoot<T, N> RefineNearLine(LinearKind kind, LinearRegion region, const Vec<T, N>& p,
                                                              const Vec<T, N>& a, const Vec<T, N>& b, Vec<T, N> diff,
                                                              T distSq) {
  if constexpr (k_hasWide<T>) {
    if (region == LinearRegion::Interior) {
      const AcrossLine<T, N> across = ExactAcrossLine(p, a, b);
      Vec<T, N> foot = p - across.offset;  // P itself on the line (offset 0)
      if (IsFinite(foot)) {
        if (kind == LinearKind::Segment)
          for (int k = 0; k < N; ++k)
            foot.v[k] = std::clamp(foot.v[k], std::min(a.v[k], b.v[k]), std::max(a.v[k], b.v[k]));
        return {foot, ScaledSquare(across.distance, 0), across.distance, true};
      }
    }
  }
  if (distSq < Range<T>::k_minSafeSquare) {
    const ScaledLength<T> length = ScaledNorm(diff);
    return {Vec<T, N>{}, length.lengthSq, length.length, false};
  }
  return {Vec<T, N>{}, distSq, std::sqrt(distSq), false};
}

#define CQ_INSTANTIATE_NEAR_LINE(T, N)                                                                             \
  template NearLineFoot<T, N> RefineNearLine(LinearKind, LinearRegion, const Vec<T, N>&, const Vec<T, N>&, \
                                             const Vec<T, N>&, Vec<T, N>, T);
CQ_INSTANTIATE_NEAR_LINE(float, 2)
CQ_INSTANTIATE_NEAR_LINE(float, 3)
CQ_INSTANTIATE_NEAR_LINE(double, 2)
CQ_INSTANTIATE_NEAR_LINE(double, 3)

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

// The tag for this build's MulAdd (linear.hpp): code that includes the headers with the
// other choice finds no definition of its tag and does not link.
#if CQ_MULADD_FUSED
extern const int code_built_with_fma_needs_a_cq_core_built_with_fma = 1;
#else
extern const int code_built_without_fma_needs_a_cq_core_built_without_fma = 1;
#endif

}  // namespace detail
}  // namespace cq
