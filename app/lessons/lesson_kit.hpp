// app/lessons/lesson_kit.hpp: small helpers the lesson files share for filling a
// LessonFrame from core's answers (never for computing geometry).
#pragma once

#include <string>

#include "cq/regions2d.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

/// Adds core's region pieces as fills, toned by `toneOf(regionId)`, the one whose id is
/// `regionOfP` highlighted; and core's boundaries as Boundary strokes.
template <class ToneOf>
void AddRegionMap(LessonFrame& frame, const cq::RegionMap2<double>& map, int regionOfP, ToneOf toneOf) {
  for (int i = 0; i < map.pieceCount; ++i) {
    const auto& piece = map.pieces[size_t(i)];
    frame.regions.push_back({piece.polygon, toneOf(piece.region), piece.region == regionOfP});
  }
  for (int i = 0; i < map.boundaryCount; ++i) {
    const auto& line = map.boundaries[size_t(i)];
    frame.strokes.push_back({line.p0, line.p1, Stroke::Boundary});
  }
}

void AddValue(LessonFrame& frame, std::string label, std::string text, std::string help);

/// Records core's refusal: the error, its description and an inspector line.
void SetError(LessonFrame& frame, const cq::QueryError& error);

/// A number-line view range that shows [lo, hi] and `value` with a margin.
void FitNumberLine(NumberLine& line, double lo, double hi);

}  // namespace cq::app
