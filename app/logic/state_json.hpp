// app/logic/state_json.hpp: --dump-state. The lesson, its points, and what the inspector
// shows, as core computed it: numbers as JSON numbers (shortest round-trip form) plus
// the exact texts on screen.
#pragma once

#include <nlohmann/json.hpp>

#include "logic/camera.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

/// A number as JSON: the number, or beyond the double range the string "inf" or "-inf"
/// ("nan" for NaN). nlohmann writes an infinity as null (which read as "no value"), and
/// refuses to read closest-query's 1e999, so a dump with it could not be read back by the
/// tests.
nlohmann::json Number(double v);
/// A point as [x, y], each coordinate as Number writes it (a handle at 1e308 is at an
/// infinite screen pixel: "inf", not null).
nlohmann::json PointJson(const cq::Vec2d& p);

nlohmann::json StateToJson(const Lesson& lesson, const Points& points, const LessonFrame& frame,
                           const Camera& camera);

}  // namespace cq::app
