// app/logic/format.hpp: how numbers are shown. One place, so the inspector, the canvas
// labels, the number lines and --dump-state's "shown" texts agree character for character.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cq/vec.hpp"

namespace cq::app {

enum class NumberStyle : std::uint8_t {
  Readable,  ///< 6 significant digits (%.6g; a subnormal as its shortest text when that is
             ///< shorter), "-0" shown as "0"; a value of 1 or more that those digits hold
             ///< exactly written out where that takes at most 12 characters (1000000,
             ///< 40000000000; not 1e+06, as the fields write a coordinate)
  Exact,     ///< the shortest text that reads back to the same double
};

std::string FormatNumber(double value, NumberStyle style);

/// "x,y" with each coordinate's shortest text that reads back to the same double: a point
/// as a command line takes it (closest-lab --set P=x,y, closest-query --p=x,y).
std::string CommandLinePoint(const cq::Vec2d& p);

/// Values a shown value must not read as: the ones it is compared with or bounded by (t_raw
/// and the boundaries 0 and 1, d and the radius r, P.x and the box's min.x and max.x).
using Apart = std::vector<double>;

/// FormatNumber's text (FieldNumber's for a coordinate), with more significant digits
/// where it would otherwise read as one of `apart` that it differs from. Readable numbers
/// keep 6 digits, so t_raw = 0.99999990 read "1" in the interior and d = 1.9999999 read
/// "d = 2 < r = 2": now "0.9999999" and "1.9999999". The digits are the fewest at which
/// %.*g writes the two differently, the same count from either side, so a pair compared in
/// a sentence (each passed as the other's `apart`) reads apart too. Exact numbers already
/// do: the round-trip texts of two different doubles differ.
std::string FormatApart(double value, const Apart& apart, NumberStyle style, bool coordinate = false);
/// Points a shown point is compared with: a segment's ends beside its closest point, the
/// box's corners beside its own, C beside C′.
using PointsApart = std::vector<cq::Vec2d>;

/// "(x, y)", each coordinate as its field shows it (FieldNumber): the far preset's
/// closest point read (1e+06, 1e+06) in the values and the steps for (999999.928,
/// 1000000.403), as its fields once did. Each coordinate apart (FormatApart) from the same
/// coordinate of every point in `apart`: the box's closest point (1.99999999999999, 1) read
/// "(2, 1)" beside "inside" and "kept", its x never clamped to max.x = 2; a segment's
/// closest point 1e-14 short of B = (1, 0) read "(1, 0)", B itself, beside "interior".
std::string FormatPoint(const cq::Vec2d& p, NumberStyle style, const PointsApart& apart = {});

/// A value of core's in the inspector: FormatNumber's text, or for an infinity (a t_raw
/// or |P − closest|² that overflows) what it stands for: "> 1.8e308 (beyond the double
/// range)". "inf" read as if the value were infinite.
std::string ValueText(double value, NumberStyle style, const Apart& apart = {});

/// The same after a name in a sentence: " = 0.6", or ", beyond the double range
/// (> 1.8e308)" ("so t = t_raw = inf" became "so t = t_raw, beyond the double range ...").
std::string EqualsText(double value, NumberStyle style, const Apart& apart = {});

/// A number on a number line: a coordinate as its field writes it (FieldNumber: 1000005,
/// not 1e+06), any other value as FormatNumber does.
std::string LineNumber(double value, NumberStyle style, bool coordinate, const Apart& apart = {});

/// A short label for a number line: "t_raw = 0.6" (LineNumber), or "t_raw > 1.8e308" for
/// an infinity. `apart`, here and in ValueText, EqualsText and LineNumber: see FormatApart.
std::string NameEquals(const std::string& name, double value, NumberStyle style, bool coordinate = false,
                       const Apart& apart = {});

/// A coordinate as its editable field shows it. Exact: FormatNumber's exact text. Readable:
/// FormatNumber's readable text where it reads back to the value ("0.0001", as the
/// inspector writes 1e-4, not "1e-04"), else the exact text when it is short (at most 12
/// characters: "1000003", "1000001.5"),
/// else rounded to 6 significant digits or to 3 decimals past the integer part, whichever
/// keeps more ("2.34194", "1000003.235"), never more than 17. With 6 digits alone the
/// "far from the origin" preset showed B = (1e+06, 1e+06) for (1000003, 1000001.5), and a
/// click into the field gave the same: the real value could be neither read nor edited.
std::string FieldNumber(double value, NumberStyle style);

/// FieldNumber's text where `measure` finds it no wider than `width`; else the same value
/// with the most significant digits (16 down to 1, %g: an exponent where it needs one) that
/// fit, the 1-digit text where none does. A field cuts a text that does not fit at its
/// right edge: 8.108108108108109e+299 read "8.108108108108109e", and a P.y of 2.85e+305
/// read 2.8500000000000005 (classroom audit); 8.1081e+299 keeps the exponent in sight.
std::string FittedFieldNumber(double value, NumberStyle style, double width,
                              const std::function<double(const std::string&)>& measure);

}  // namespace cq::app
