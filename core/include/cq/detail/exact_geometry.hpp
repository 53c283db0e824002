// cq/detail/exact_geometry.hpp: dot and cross products of coordinate differences, summed
// exactly (cq/detail/exact_sum.hpp) and rounded once. For the slow paths, where a few
// ulps of the scene are not good enough: which side of a wire a centre is on, how far a
// point is from a line 1e-300 long, whether a point lies exactly on the perpendicular
// through a segment's end. Never on a fast path.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <limits>

#include "cq/detail/exact_sum.hpp"
#include "cq/detail/scale.hpp"
#include "cq/vec.hpp"

namespace cq::detail {

/// from - to for finite points, or, where that overflows, the difference of the halves
/// (halving is exact, so the direction is kept).
template <Real T, int N>
Vec<T, N> DifferenceOrHalves(const Vec<T, N>& from, const Vec<T, N>& to) {
  const Vec<T, N> diff = from - to;
  return IsFinite(diff) ? diff : T(0.5) * from - T(0.5) * to;
}

/// x - y exactly for every coordinate, as hi + lo parts in F = WideOf<T>. Where F is wider
/// than T (float; double with the x87's long double) the numbers are used as given. Where
/// it is not (double elsewhere), x and y are first scaled by the power of two of their
/// scene (`sceneExponent`: no difference overflows; only a coordinate some 2^1000 below
/// the scene's largest loses bits), and the difference vector then by its own largest
/// part's, so that products of parts of two such vectors stay clear of underflow unless a
/// vector's own coordinates span more than ~2^500. Scaling a vector by a power of two
/// changes no sign of a dot or cross product, and no direction.
/// `ownExponent`, when given, receives the power of two of that second scaling (0 where
/// there is none): the true difference is the parts times 2^(sceneExponent + own).
template <Real T, int N>
std::array<TwoParts<WideOf<T>>, N> ExactDifferences(const Vec<T, N>& x, const Vec<T, N>& y, int sceneExponent,
                                                    int* ownExponent = nullptr) {
  using F = WideOf<T>;
  std::array<TwoParts<F>, N> d;
  for (int k = 0; k < N; ++k)
    d[std::size_t(k)] =
        ExactDifference(F(std::scalbn(x.v[k], -sceneExponent)), F(std::scalbn(y.v[k], -sceneExponent)));
  int e = 0;
  if constexpr (!k_hasWide<T>) {
    F largest = F(0);
    for (const TwoParts<F>& part : d) largest = std::max(largest, std::abs(part.hi));
    if (largest != F(0)) {
      e = std::ilogb(largest);
      for (TwoParts<F>& part : d) part = {std::scalbn(part.hi, -e), std::scalbn(part.lo, -e)};
    }
  }
  if (ownExponent) *ownExponent = e;
  return d;
}

/// |v| for a vector held in F, without under- or overflow in the squares.
template <std::floating_point F, std::size_t N>
F WideNorm(const std::array<F, N>& v) {
  F largest = F(0);
  for (const F x : v) largest = std::max(largest, std::abs(x));
  if (largest == F(0)) return F(0);
  const int k = std::ilogb(largest);
  F sum = F(0);
  for (const F x : v) sum += std::scalbn(x, -k) * std::scalbn(x, -k);
  return std::scalbn(std::sqrt(sum), k);
}

/// The power of two ExactDifferences scales a scene by: 0 where F is wider than T, else
/// the exponent of the largest coordinate of the points (0 for a scene of zeros).
template <Real T, int N>
int SceneExponent(std::initializer_list<const Vec<T, N>*> points) {
  if constexpr (k_hasWide<T>) {
    return 0;
  } else {
    T largest = T(0);
    for (const Vec<T, N>* point : points) largest = std::max(largest, MaxAbs(*point));
    return largest == T(0) ? 0 : ExponentOf(largest);
  }
}

/// (u x v) for the exact u = B - A and v = C - A, one coordinate of it (the one whose
/// other two axes are i and j), as an exact sum: each difference
/// split exactly into hi + lo, each of the eight products of parts split into its
/// rounded value and its error. Exact in sign, and 0 only when the exact value is,
/// wherever F holds every product and its error (k_hasWide: always).
template <std::floating_point F>
ExactSum<F, 16> ExactCrossSum(const TwoParts<F>& ui, const TwoParts<F>& uj, const TwoParts<F>& vi,
                              const TwoParts<F>& vj) {
  ExactSum<F, 16> sum;
  for (const F x : {ui.hi, ui.lo})
    for (const F y : {vj.hi, vj.lo}) sum.AddProduct(x, y);
  for (const F x : {uj.hi, uj.lo})
    for (const F y : {vi.hi, vi.lo}) sum.AddProduct(-x, y);
  return sum;
}

/// ExactCrossSum rounded once to F.
template <std::floating_point F>
F ExactCrossCoordinate(const TwoParts<F>& ui, const TwoParts<F>& uj, const TwoParts<F>& vi, const TwoParts<F>& vj) {
  return ExactCrossSum(ui, uj, vi, vj).Value();
}

/// A value of F times 2^exponent.
template <std::floating_point F>
struct ScaledWide {
  F value;
  int exponent;
  int signOfRest = 0;  ///< the sign of the exact value minus value (for RoundOnceTo)
};

/// (x - y).(b - a) for the numbers given: the exact sum of every product of the exact
/// differences' parts, rounded once to F (times 2^exponent), exactly 0 only when the exact
/// value is, wherever F holds every product and its error (k_hasWide: always; else see
/// ExactDifferences for the one limit).
template <Real T, int N>
ScaledWide<WideOf<T>> ExactDotOfDifferences(const Vec<T, N>& x, const Vec<T, N>& y, const Vec<T, N>& b,
                                            const Vec<T, N>& a) {
  using F = WideOf<T>;
  const int scene = SceneExponent<T, N>({&x, &y, &b, &a});
  int ev = 0;
  int eu = 0;
  const std::array<TwoParts<F>, N> v = ExactDifferences(x, y, scene, &ev);
  const std::array<TwoParts<F>, N> u = ExactDifferences(b, a, scene, &eu);
  ExactSum<F, 8 * N> sum;
  for (std::size_t k = 0; k < std::size_t(N); ++k)
    for (const F xv : {v[k].hi, v[k].lo})
      for (const F yu : {u[k].hi, u[k].lo}) sum.AddProduct(xv, yu);
  const F value = sum.Value();
  return {value, 2 * scene + ev + eu, sum.SignAbove(value)};
}

/// The sign of |x - y| - r for finite points and a finite r >= 0 (-1, 0 or 1), decided on
/// |x - y|^2 - r^2 summed exactly: each difference split into hi + lo, each square and
/// r^2 into products and their errors. Whether a ball of radius r about x reaches y (a
/// touching ball at a box's corner: C = (31904559, 769676040), r = 770337009, where the
/// rounded sqrt of the rounded squares read 770337008.9999999, sunk in by an ulp: audit).
/// Exact wherever F holds every product and its error (k_hasWide: always). Where it does
/// not (double where long double is double), the differences are taken as they are (the
/// scene is scaled only where one overflows) and then scaled by the largest: a difference
/// more than ~2^500 below the largest, or an r that far below |x - y|, can underflow in
/// its square, which moves the sum by less than an ulp of |x - y|^2 and may read 0 for a
/// value that is not (callers keep the rounded distance unless it is within ulps of r).
template <Real T, int N>
int SignOfDistanceMinus(const Vec<T, N>& x, const Vec<T, N>& y, T r) {
  using F = WideOf<T>;
  // Not scaled by the scene unless a difference overflows: x = (1e300, 1e-300) and y =
  // (1e300, 0) scaled by 2^-996 lost the 1e-300 to underflow, and read as touching a ball
  // of radius 0 (review of 2026-11-29).
  int scene = 0;
  int own = 0;
  std::array<TwoParts<F>, N> d = ExactDifferences(x, y, scene, &own);
  if (std::any_of(d.begin(), d.end(), [](const TwoParts<F>& part) { return !std::isfinite(part.hi); })) {
    scene = SceneExponent<T, N>({&x, &y});
    d = ExactDifferences(x, y, scene, &own);
  }
  // |x - y|^2 is the parts' squares times 2^(2 (scene + own)): r is brought to that scale.
  const F rScaled = std::scalbn(F(r), -(scene + own));
  // Scaled by its largest part (no wider F), |x - y| is below 2 sqrt(3) < 4: an r above
  // that is beyond it, and r^2 might overflow.
  if constexpr (!k_hasWide<T>)
    if (rScaled > F(4)) return -1;
  ExactSum<F, 6 * N + 2> sum;
  for (const TwoParts<F>& part : d) {
    sum.AddProduct(part.hi, part.hi);
    sum.AddProduct(F(2) * part.hi, part.lo);
    sum.AddProduct(part.lo, part.lo);
  }
  sum.AddProduct(-rScaled, rScaled);
  return sum.Sign();
}

/// The sign of |x| - r |y| (-1, 0 or 1) for r >= 0 and vectors x, y whose coordinates are
/// exact sums, decided on |x|^2 - r^2 |y|^2 summed exactly: every product of two parts
/// split into its rounded value and its error. Exact wherever F holds every product and
/// its error (k_hasWide: always; callers keep their rounded value where it is not).
template <std::floating_point F, int CX, std::size_t NX, int CY, std::size_t NY>
int SignOfNormMinusScaledNorm(const std::array<ExactSum<F, CX>, NX>& x, F r, const std::array<ExactSum<F, CY>, NY>& y) {
  constexpr int k_ySquareTerms = 2 * int(NY) * CY * CY;
  ExactSum<F, k_ySquareTerms> ySquare;
  for (const ExactSum<F, CY>& yk : y)
    for (int i = 0; i < yk.Size(); ++i)
      for (int j = 0; j < yk.Size(); ++j) ySquare.AddProduct(yk.Part(i), yk.Part(j));
  ExactSum<F, 2> rSquare;
  rSquare.AddProduct(r, r);
  ExactSum<F, 2 * int(NX) * CX * CX + 2 * 2 * k_ySquareTerms> sum;
  for (const ExactSum<F, CX>& xk : x)
    for (int i = 0; i < xk.Size(); ++i)
      for (int j = 0; j < xk.Size(); ++j) sum.AddProduct(xk.Part(i), xk.Part(j));
  for (int i = 0; i < rSquare.Size(); ++i)
    for (int j = 0; j < ySquare.Size(); ++j) sum.AddProduct(-rSquare.Part(i), ySquare.Part(j));
  return sum.Sign();
}

/// The sign of s - r (-1, 0 or 1) for the signed distance s = (n.c - d) / |n| of c from
/// the plane n.x = d (n != 0, every number finite) and r >= 0, exactly, where F is wide
/// (k_hasWide). A rounded s within an ulp of r can be on its other side (a ball sunk into
/// a plane by less than half an ulp read as touching, where the same face of a box read
/// sunk in: review). Only where F is wide: the callers test k_hasWide first (0 otherwise,
/// which would read as touching).
template <Real T, int N>
int SignOfPlaneDistanceMinus(const Vec<T, N>& c, const Vec<T, N>& n, T d, T r) {
  if constexpr (!k_hasWide<T>) {
    return 0;
  } else {
    using F = WideOf<T>;
    std::array<ExactSum<F, 2 * N + 1>, 1> w;  // n.c - d
    std::array<ExactSum<F, 1>, N> normal;
    for (int k = 0; k < N; ++k) {
      w[0].AddProduct(F(n[k]), F(c[k]));
      normal[std::size_t(k)].Add(F(n[k]));
    }
    w[0].Add(-F(d));
    if (w[0].Sign() <= 0) return w[0].Sign() == 0 && r == T(0) ? 0 : -1;  // s <= 0 <= r
    return SignOfNormMinusScaledNorm(w, F(r), normal);
  }
}

/// The sign of (the distance of p from the line through a and b) - r (-1, 0 or 1), for
/// a != b and r >= 0, exactly, where F is wide (k_hasWide): |(b - a) x (p - a)|^2
/// against r^2 |b - a|^2, every difference split into hi + lo and every product of parts
/// kept. The distance ExactAcrossLine rounds can be on the other side of r (a centre
/// 2 - 9.3e-17 from a wire read d = r = 2, touching: words audit). Only where F is wide,
/// as SignOfPlaneDistanceMinus.
template <Real T, int N>
int SignOfLineDistanceMinus(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b, T r) {
  if constexpr (!k_hasWide<T>) {
    return 0;
  } else {
    using F = WideOf<T>;
    const std::array<TwoParts<F>, N> u = ExactDifferences(b, a, 0);  // F wide: not scaled
    const std::array<TwoParts<F>, N> v = ExactDifferences(p, a, 0);
    const auto cross = [&](std::size_t i, std::size_t j) { return ExactCrossSum(u[i], u[j], v[i], v[j]); };
    std::array<ExactSum<F, 2>, N> along;
    for (std::size_t k = 0; k < std::size_t(N); ++k) {
      along[k].Add(u[k].hi);
      along[k].Add(u[k].lo);
    }
    if constexpr (N == 2) {
      return SignOfNormMinusScaledNorm(std::array<ExactSum<F, 16>, 1>{cross(0, 1)}, F(r), along);
    } else {
      return SignOfNormMinusScaledNorm(std::array<ExactSum<F, 16>, 3>{cross(1, 2), cross(2, 0), cross(0, 1)}, F(r),
                                       along);
    }
  }
}

/// Where a point P lies across the line through A and B (A != B), from the exact
/// (B - A) x (P - A) of the numbers given.
template <Real T, int N>
struct AcrossLine {
  bool onLine;          ///< P lies exactly on the line (direction unset, distance 0)
  Vec<T, N> direction;  ///< unit, perpendicular to the line, from the line towards P
  T distance;           ///< |(B - A) x (P - A)| / |B - A|, good to a few ulps of itself
  Vec<T, N> offset;     ///< P - foot: the part of P - A across the line, rounded from F (0 when onLine)
};

/// The part of P - A across the line AB (A != B), from the exact (B - A) x (P - A). Not
/// from P - Q for a rounded closest point Q: that difference is Q's rounding when P is on
/// or a hair off the line, and can point anywhere (even along the line), and |P - Q| is
/// good only to ulps of the scene (P = (1, 1e-20) over the line through (-4, 0) and
/// (2, 0) has Q = (1.0000000000000002, 0); P = (1e300, 5) over the line through (0, 0)
/// and (1e-300, 0) had Q one ulp off 1e300 and read distance 1.5e284, not 5). Nor from
/// the rounded differences P - A and B - A: their rounding moves the line by up to an ulp,
/// which for a point that close decides the side (P = (-0.24, -0.4) lies 7.5e-18 left of
/// A = (0.4, -0.8), B = (-0.4, -0.3), and the rounded differences put it on the right).
/// onLine is true exactly when P lies on the line, wherever F holds every product and
/// its error (k_hasWide: always; else see ExactDifferences for the one limit).
template <Real T, int N>
AcrossLine<T, N> ExactAcrossLine(const Vec<T, N>& pIn, const Vec<T, N>& aIn, const Vec<T, N>& bIn) {
  using F = WideOf<T>;
  AcrossLine<T, N> r{true, Vec<T, N>{}, T(0), Vec<T, N>{}};
  const int scene = SceneExponent<T, N>({&pIn, &aIn, &bIn});
  int eu = 0;
  int ev = 0;
  const std::array<TwoParts<F>, N> u = ExactDifferences(bIn, aIn, scene, &eu);  // B - A
  const std::array<TwoParts<F>, N> v = ExactDifferences(pIn, aIn, scene, &ev);  // P - A
  // The cross product is the true one over 2^(2 scene + eu + ev), |B - A| over
  // 2^(scene + eu): their quotient is the distance over 2^(scene + ev).
  std::array<F, N> uWide;
  for (std::size_t k = 0; k < std::size_t(N); ++k) uWide[k] = u[k].hi + u[k].lo;
  const F length = WideNorm(uWide);
  auto toDistance = [&](F crossLength) { return static_cast<T>(std::scalbn(crossLength / length, scene + ev)); };
  // The offset: a vector over 2^(2 scene + eu + ev) |B - A| (the cross product's scale
  // times |B - A|'s) divided by |B - A|^2 (over 2^(2 scene + 2 eu)), and brought to T.
  const F lengthSq = length * length;
  auto toOffset = [&](const std::array<F, N>& part) {
    Vec<T, N> offset;
    for (std::size_t k = 0; k < std::size_t(N); ++k)
      offset.v[k] = static_cast<T>(std::scalbn(part[k] / lengthSq, scene + ev));
    return offset;
  };
  if constexpr (N == 2) {
    const F side = ExactCrossCoordinate(u[0], u[1], v[0], v[1]);  // > 0: P left of AB
    if (side == F(0)) return r;
    const Vec<T, 2> left = PerpLeft(NormalizeNonZero(DifferenceOrHalves(bIn, aIn)));
    r.direction = side > F(0) ? left : -left;
    r.distance = toDistance(std::abs(side));
    r.offset = toOffset({-side * uWide[1], side * uWide[0]});  // side times B - A turned left
  } else {
    // w = (B - A) x (P - A), each coordinate within an ulp of the exact one and exactly 0
    // where that is; then w x (B - A) = |B - A|^2 (P - A) - ((P - A).(B - A)) (B - A),
    // the part of P - A across the line. w is perpendicular to B - A (to an ulp), so that
    // cross product does not cancel: its direction is good to a few ulps.
    const std::array<F, 3> w = {ExactCrossCoordinate(u[1], u[2], v[1], v[2]),
                                ExactCrossCoordinate(u[2], u[0], v[2], v[0]),
                                ExactCrossCoordinate(u[0], u[1], v[0], v[1])};
    if (w[0] == F(0) && w[1] == F(0) && w[2] == F(0)) return r;
    const std::array<F, 3> across = {w[1] * uWide[2] - w[2] * uWide[1], w[2] * uWide[0] - w[0] * uWide[2],
                                     w[0] * uWide[1] - w[1] * uWide[0]};
    // To T with the largest coordinate in [1, 2) (F's range is wider), then unit length.
    // (Zero only where F is double and w is so small that its products underflow: too
    // close to tell from on the line, so reported on it, never with a zero direction.)
    const F largest = std::max({std::abs(across[0]), std::abs(across[1]), std::abs(across[2])});
    if (largest == F(0)) return r;
    const int k = std::ilogb(largest);
    Vec<T, 3> direction;
    for (int i = 0; i < 3; ++i) direction.v[i] = static_cast<T>(std::scalbn(across[i], -k));
    r.direction = NormalizeNonZero(direction);
    r.distance = toDistance(WideNorm(w));
    r.offset = toOffset(across);
  }
  r.onLine = false;
  return r;
}

}  // namespace cq::detail
