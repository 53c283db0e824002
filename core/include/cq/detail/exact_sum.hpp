// cq/detail/exact_sum.hpp: exact sums of products, for the few decisions that must not
// depend on rounding (which side of a plane, or of a wire, a point lies on).
//
// Error-free transformations (Knuth's TwoSum, the fused multiply-add's product error) and
// Shewchuk's expansions: a sum kept as a list of non-overlapping parts whose sign is
// exactly the sign of the real sum. Used by the slow plane query and by the sphere-wire
// contact, never on a fast path.
#pragma once

#include <cmath>
#include <concepts>
#include <limits>

namespace cq::detail {

/// An exact sum of a few floating-point numbers, kept as a nonoverlapping expansion
/// (Shewchuk 1997): components in increasing magnitude, zeros dropped, each addition
/// exact (TwoSum). No rounding decides anything: the sign of the sum is the sign of its
/// largest component, and it is zero only if every addend cancels exactly.
template <std::floating_point F, int Capacity>
class ExactSum {
 public:
  void Add(F x) {  // Grow-Expansion with zero elimination
    int kept = 0;
    F sum = x;
    for (int i = 0; i < m_size; ++i) {
      const F total = sum + m_parts[i];
      const F virtualPart = total - sum;
      const F error = (sum - (total - virtualPart)) + (m_parts[i] - virtualPart);
      sum = total;
      if (error != F(0)) m_parts[kept++] = error;
    }
    if (sum != F(0)) m_parts[kept++] = sum;
    m_size = kept;
  }
  /// Adds x y exactly: its rounded value and the rounding error (a fused multiply-add),
  /// exact unless the error underflows.
  void AddProduct(F x, F y) {
    const F product = x * y;
    Add(product);
    Add(std::fma(x, y, -product));
  }
  /// The sum rounded to F (to within an ulp: the smaller parts are added first, and
  /// together they are below an ulp of the largest), with the exact sum's sign, and 0
  /// only when the exact sum is 0.
  F Value() const {
    F value = F(0);
    for (int i = 0; i < m_size; ++i) value += m_parts[i];
    return value;
  }
  /// Its components, smallest first: exactly the sum, none overlapping another.
  int Size() const { return m_size; }
  F Part(int i) const { return m_parts[i]; }
  /// The exact sum's sign: -1, 0 or 1 (its largest component's).
  int Sign() const { return m_size == 0 ? 0 : m_parts[m_size - 1] > F(0) ? 1 : -1; }
  /// The sign of the exact sum minus v: on which side of v, a rounding of it, it lies.
  int SignAbove(F v) const {
    ExactSum<F, Capacity + 1> rest;
    for (int i = 0; i < m_size; ++i) rest.Add(m_parts[i]);
    rest.Add(-v);
    return rest.Sign();
  }

 private:
  F m_parts[Capacity];
  int m_size = 0;
};

/// An exact value x rounded once to T (to nearest, ties to even), from v, x rounded to the
/// wider F within an ulp of F (ExactSum::Value), and the sign of x - v (SignAbove). A
/// plain cast rounds twice: where v falls on a midpoint of T, it took the even side even
/// when x lay past the midpoint (a review's slow segment numerator came out
/// -0x1.96fee81b87d2p+880 for an exact -0x1.96fee81b87d2080...p+880). F holds T's
/// midpoints, and no value of F lies strictly between x and v, so a midpoint is the only
/// place the two roundings can differ.
template <std::floating_point T, std::floating_point F>
T RoundOnceTo(F v, int signOfRest) {
  const T t = static_cast<T>(v);
  if (signOfRest == 0 || !std::isfinite(t) || static_cast<F>(t) == v) return t;
  const T other = std::nextafter(t, v > F(t) ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity());
  if (!std::isfinite(other) || (F(t) + F(other)) / F(2) != v) return t;
  return (F(other) > F(t)) == (signOfRest > 0) ? other : t;
}

/// An unevaluated sum hi + lo (|lo| at most half an ulp of hi).
template <std::floating_point F>
struct TwoParts {
  F hi;
  F lo;
};

/// x - y exactly, as hi + lo (Knuth's TwoSum of x and -y), unless hi overflows.
template <std::floating_point F>
TwoParts<F> ExactDifference(F x, F y) {
  const F hi = x - y;
  const F virtualY = x - hi;
  return {hi, (x - (hi + virtualY)) + (virtualY - y)};
}

/// Where long double is at least the x87's (a 64-bit significand, a 15-bit exponent), a
/// product of two doubles splits exactly in it (106 bits: 64 rounded, the error in at
/// most 43 more), and no product of floats or doubles, nor its error, can under- or
/// overflow: sums of such products are then exact in sign at every scale.
/// CQ_TEST_NO_WIDE_LONG_DOUBLE (tests only) takes the other path here too, the one of a
/// platform whose long double is double (MSVC's): the test suite runs both.
#ifdef CQ_TEST_NO_WIDE_LONG_DOUBLE
inline constexpr bool k_extendedIsWide = false;
#else
inline constexpr bool k_extendedIsWide =
    std::numeric_limits<long double>::digits >= 64 && std::numeric_limits<long double>::max_exponent >= 16384;
#endif

/// The type in which sums of products of T are exact at every scale, where there is one:
/// double for float, long double for double where it is wide (see k_extendedIsWide).
template <std::floating_point T>
using WideOf = std::conditional_t<sizeof(T) < sizeof(double), double,
                                  std::conditional_t<k_extendedIsWide, long double, double>>;

/// Whether WideOf<T> is exact at every scale (false only for double where long double is
/// double itself, as on MSVC).
template <std::floating_point T>
inline constexpr bool k_hasWide = sizeof(T) < sizeof(double) || k_extendedIsWide;

}  // namespace cq::detail
