// cq/status.hpp: how a query says "no answer, and here is why".
//
// Every query returns Checked<Result>: either the result, or a QueryError naming what was
// wrong and which argument. Invalid input (NaN or infinite coordinates, a zero plane
// normal, an inverted box, a negative radius) is reported, never turned into a number;
// in particular a zero vector is never used to mean "no answer", because the origin is
// a perfectly good closest point.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace cq {

enum class ErrorCode : std::uint8_t {
  None,            ///< not an error
  NonFinite,       ///< a coordinate or scalar is NaN or +-infinity
  ZeroNormal,      ///< a plane normal with every coordinate exactly zero
  InvertedBox,     ///< box min > max on some axis (min == max, a flat box, is valid)
  NegativeRadius,  ///< sphere/circle radius below zero
  Overflow,        ///< the exact answer exists but lies beyond the type's finite range
  MissingOutput,   ///< a batch output given for some coordinates but not all (axis: the first missing)
  MissingInput,    ///< a batch's points with no array (a null pointer) for a coordinate, count > 0
};

/// Which argument of the query the error is about. The names are the ones the
/// closest-query tool uses for its JSON fields (Closest: the batch's output arrays).
/// RectMin, RectMax: the corners of the rectangle a region map (regions2d.hpp) is clipped to.
enum class Field : std::uint8_t {
  None, P, A, B, Normal, Offset, Point, Min, Max, Center, Radius, Closest, RectMin, RectMax
};

struct QueryError {
  ErrorCode code = ErrorCode::None;
  Field field = Field::None;
  int axis = -1;  ///< the coordinate concerned (0 = x, 1 = y, 2 = z), or -1 for all / none
};

/// The JSON field name of an argument: "p", "a", "b", "n", "d", "point" (a plane's point,
/// ClosestPointOnPlaneThroughPoint), "min", "max", "center", "radius", "closest" (empty
/// for Field::None).
const char* FieldName(Field field);

/// One sentence for a person, starting with the field (and the coordinate, if any), e.g.
/// "b coordinate 1: not a finite number (NaN or infinity)".
std::string Describe(const QueryError& error);

/// The same sentence with `where` standing for the field's name (for an inverted box, for
/// "min/max"), so that a caller can name the field as its user wrote it: "--n" on a command
/// line, "shape.n" inside a contact. The axis is added as Describe adds it.
std::string Describe(const QueryError& error, std::string_view where);

/// A query's result or its error. `value()` is valid only when `ok()`.
template <class R>
class Checked {
 public:
  Checked(const R& value) : m_value(value) {}  // NOLINT(google-explicit-constructor)
  Checked(const QueryError& error) : m_value{}, m_error(error) {  // NOLINT
    assert(error.code != ErrorCode::None);
  }
  /// The value returned by make(), constructed in place: no copy of the result, which for
  /// the large results of the fast paths would be read back right after being written.
  template <class Make>
  Checked(std::in_place_t, Make&& make) : m_value(static_cast<Make&&>(make)()) {}

  bool ok() const { return m_error.code == ErrorCode::None; }
  explicit operator bool() const { return ok(); }

  const R& value() const {
    assert(ok());
    return m_value;
  }
  const R& operator*() const { return value(); }
  const R* operator->() const { return &value(); }

  const QueryError& error() const { return m_error; }

 private:
  R m_value;
  QueryError m_error;
};

}  // namespace cq
