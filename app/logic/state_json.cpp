#include "logic/state_json.hpp"

#include <cmath>
#include <type_traits>

namespace cq::app {

nlohmann::json Number(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";  // never from core; said, not hidden as null
  return v;
}

nlohmann::json PointJson(const cq::Vec2d& p) { return nlohmann::json::array({Number(p.x()), Number(p.y())}); }

namespace {

nlohmann::json ResultJson(const CoreResult& result) {
  nlohmann::json j = nlohmann::json::object();
  std::visit(
      [&](const auto& r) {
        using R = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<R, cq::LinearResult<double, 2>>) {
          j["t_raw"] = Number(r.tRaw);
          j["t"] = Number(r.t);
          j["region"] = cq::ToString(r.region);
          j["numerator"] = Number(r.numerator);
          j["denominator"] = Number(r.denominator);
          j["foot"] = PointJson(r.foot);
          j["closest"] = PointJson(r.closest);
          j["distance"] = Number(r.distance);
          j["distance_sq"] = Number(r.distanceSq);
        } else if constexpr (std::is_same_v<R, cq::PlaneResult<double, 2>>) {
          j["signed_distance"] = Number(r.signedDistance);
          j["region"] = cq::ToString(r.region);
          j["closest"] = PointJson(r.closest);
          j["distance"] = Number(r.distance);
          j["distance_sq"] = Number(r.distanceSq);
        } else if constexpr (std::is_same_v<R, cq::BoxResult<double, 2>>) {
          j["region"] = cq::ToString(r.feature);
          j["side"] = nlohmann::json::array({r.side[0], r.side[1]});
          j["region_index"] = r.RegionIndex();
          j["closest"] = PointJson(r.closest);
          j["distance"] = Number(r.distance);
          j["distance_sq"] = Number(r.distanceSq);
        } else if constexpr (std::is_same_v<R, cq::ContactResult<double, 2>>) {
          j["penetrating"] = r.penetrating;
          j["depth"] = Number(r.depth);
          j["distance"] = Number(r.distance);
          j["normal"] = PointJson(r.normal);
          j["closest"] = PointJson(r.closest);
          j["resolved_center"] = PointJson(r.resolvedCenter);
        }
      },
      result);
  return j;
}

}  // namespace

nlohmann::json StateToJson(const Lesson& lesson, const Points& points, const LessonFrame& frame,
                           const Camera& camera) {
  nlohmann::json j;
  j["lesson"] = std::string(lesson.Id());
  nlohmann::json handles = nlohmann::json::object();
  const std::vector<PointSpec> specs = lesson.PointSpecs();
  for (size_t i = 0; i < specs.size(); ++i) handles[specs[i].name] = PointJson(points[i]);
  j["points"] = handles;
  j["values"] = ResultJson(frame.result);
  if (frame.error) j["error"] = frame.errorText;
  nlohmann::json shown = nlohmann::json::array();
  for (const InspectorValue& v : frame.values) shown.push_back({v.label, v.text});
  j["inspector"] = shown;
  j["steps"] = frame.steps;  // project, clamp, evaluate as the sidebar writes them
  j["camera"] = {{"center", PointJson(camera.Center())}, {"zoom", camera.Zoom()}};
  const ScreenRect& view = camera.Viewport();
  j["canvas"] = {{"min", PointJson(view.min)}, {"max", PointJson(view.max)}};
  return j;
}

}  // namespace cq::app
