#include "cq/status.hpp"

#include <string>

namespace cq {

const char* FieldName(Field field) {
  switch (field) {
    case Field::None: return "";
    case Field::P: return "p";
    case Field::A: return "a";
    case Field::B: return "b";
    case Field::Normal: return "n";
    case Field::Offset: return "d";
    case Field::Point: return "point";
    case Field::Min: return "min";
    case Field::Max: return "max";
    case Field::Center: return "center";
    case Field::Radius: return "radius";
    case Field::Closest: return "closest";
    case Field::RectMin: return "rect.min";
    case Field::RectMax: return "rect.max";
  }
  return "?";
}

std::string Describe(const QueryError& error) {
  if (error.code != ErrorCode::InvertedBox) return Describe(error, FieldName(error.field));
  const bool rect = error.field == Field::RectMin || error.field == Field::RectMax;
  return Describe(error, rect ? "rect.min/rect.max" : "min/max");
}

std::string Describe(const QueryError& error, std::string_view field) {
  std::string where(field);
  if (error.axis >= 0) where += " coordinate " + std::to_string(error.axis);
  switch (error.code) {
    case ErrorCode::None: return "no error";
    case ErrorCode::NonFinite:
      return where + ": not a finite number (NaN or infinity)";
    case ErrorCode::ZeroNormal:
      return where + ": the plane normal is the zero vector; a plane needs a non-zero normal";
    case ErrorCode::InvertedBox:
      return where + ": min is greater than max (an inverted box; min == max is a valid flat box)";
    case ErrorCode::NegativeRadius:
      return where + ": the radius is negative; it must be zero or more";
    case ErrorCode::Overflow:
      return where + ": the answer lies beyond the floating-point range (its coordinates overflow)";
    case ErrorCode::MissingOutput:
      return where + ": no output array for this coordinate; give an array for every coordinate, or none";
    case ErrorCode::MissingInput:
      return where + ": no input array for this coordinate (a null pointer), and the count of points is not 0";
  }
  return "unknown error";
}

}  // namespace cq
