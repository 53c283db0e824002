#include "logic/state_json.hpp"

#include <type_traits>

namespace cq::app {
namespace {

nlohmann::json PointJson(const cq::Vec2d& p) { return nlohmann::json::array({p.x(), p.y()}); }

nlohmann::json ResultJson(const CoreResult& result) {
  nlohmann::json j = nlohmann::json::object();
  std::visit(
      [&](const auto& r) {
        using R = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<R, cq::LinearResult<double, 2>>) {
          j["t_raw"] = r.tRaw;
          j["t"] = r.t;
          j["region"] = cq::ToString(r.region);
          j["numerator"] = r.numerator;
          j["denominator"] = r.denominator;
          j["foot"] = PointJson(r.foot);
          j["closest"] = PointJson(r.closest);
          j["distance"] = r.distance;
          j["distance_sq"] = r.distanceSq;
        } else if constexpr (std::is_same_v<R, cq::PlaneResult<double, 2>>) {
          j["signed_distance"] = r.signedDistance;
          j["region"] = cq::ToString(r.region);
          j["closest"] = PointJson(r.closest);
          j["distance"] = r.distance;
          j["distance_sq"] = r.distanceSq;
        } else if constexpr (std::is_same_v<R, cq::BoxResult<double, 2>>) {
          j["region"] = cq::ToString(r.feature);
          j["side"] = nlohmann::json::array({r.side[0], r.side[1]});
          j["region_index"] = r.RegionIndex();
          j["closest"] = PointJson(r.closest);
          j["distance"] = r.distance;
          j["distance_sq"] = r.distanceSq;
        } else if constexpr (std::is_same_v<R, cq::ContactResult<double, 2>>) {
          j["penetrating"] = r.penetrating;
          j["depth"] = r.depth;
          j["distance"] = r.distance;
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
  j["camera"] = {{"center", PointJson(camera.Center())}, {"zoom", camera.Zoom()}};
  const ScreenRect& view = camera.Viewport();
  j["canvas"] = {{"min", PointJson(view.min)}, {"max", PointJson(view.max)}};
  return j;
}

}  // namespace cq::app
