// app/logic/state_json.hpp: --dump-state. The lesson, its points, and what the inspector
// shows, as core computed it: numbers as JSON numbers (shortest round-trip form) plus
// the exact texts on screen.
#pragma once

#include <nlohmann/json.hpp>

#include "logic/camera.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

nlohmann::json StateToJson(const Lesson& lesson, const Points& points, const LessonFrame& frame,
                           const Camera& camera);

}  // namespace cq::app
