// app/lessons/lessons.hpp: the lesson classes. One lesson per .cpp file in this folder;
// registry.cpp puts them in the menu order.
#pragma once

#include "logic/lesson.hpp"

namespace cq::app {

/// Shared by the segment, ray and line lessons: points A, B, P and the same
/// project-clamp-evaluate picture; only the clamp differs (linear_lesson.cpp).
class LinearLesson : public Lesson {
 public:
  explicit LinearLesson(cq::LinearKind kind) : m_kind(kind) {}
  std::vector<PointSpec> PointSpecs() const override;
  LessonFrame Evaluate(const Points& points, const WorldRect& view, NumberStyle numbers) const override;
  WorldRect Extent(const Points& points) const override;  ///< the points and the raw foot
  QueryCommand ClosestQueryCommand(const Points& points) const override;
  cq::LinearKind Kind() const { return m_kind; }

 private:
  cq::LinearKind m_kind;
};

class SegmentLesson final : public LinearLesson {
 public:
  SegmentLesson() : LinearLesson(cq::LinearKind::Segment) {}
  std::string_view Id() const override { return "segment"; }
  std::string_view Title() const override { return "Segment"; }
  std::string_view Summary() const override;
  std::vector<Preset> Presets() const override;
};

class RayLesson final : public LinearLesson {
 public:
  RayLesson() : LinearLesson(cq::LinearKind::Ray) {}
  std::string_view Id() const override { return "ray"; }
  std::string_view Title() const override { return "Ray"; }
  std::string_view Summary() const override;
  std::vector<Preset> Presets() const override;
};

class LineLesson final : public LinearLesson {
 public:
  LineLesson() : LinearLesson(cq::LinearKind::Line) {}
  std::string_view Id() const override { return "line"; }
  std::string_view Title() const override { return "Line"; }
  std::string_view Summary() const override;
  std::vector<Preset> Presets() const override;
};

class PlaneLesson final : public Lesson {
 public:
  std::string_view Id() const override { return "plane"; }
  std::string_view Title() const override { return "Plane"; }
  std::string_view Summary() const override;
  std::vector<PointSpec> PointSpecs() const override;
  std::vector<Preset> Presets() const override;
  LessonFrame Evaluate(const Points& points, const WorldRect& view, NumberStyle numbers) const override;
  WorldRect Extent(const Points& points) const override;  ///< the points and the foot
  QueryCommand ClosestQueryCommand(const Points& points) const override;
};

class BoxLesson final : public Lesson {
 public:
  std::string_view Id() const override { return "box"; }
  std::string_view Title() const override { return "Box"; }
  std::string_view Summary() const override;
  std::vector<PointSpec> PointSpecs() const override;
  std::vector<Preset> Presets() const override;
  std::vector<DragHandle> Handles(const Points& points) const override;
  int MoveHandle(Points& points, int handleId, const cq::Vec2d& target) const override;
  void MoveArea(Points& points, int handleId, const WorldRect& area) const override;
  LessonFrame Evaluate(const Points& points, const WorldRect& view, NumberStyle numbers) const override;
  size_t NumberLineCount() const override { return 2; }
  QueryCommand ClosestQueryCommand(const Points& points) const override;

  // Handle ids besides the points' own indices.
  static constexpr int k_cornerBase = 10;  ///< + (sx + 2 sy): sx, sy = 0 for min, 1 for max
  static constexpr int k_body = 20;
};

/// A ball (circle) against a wire: the closest point, then the contact's depth, normal
/// and push-out. Points A, B (the wire), C (the centre) and R (the radius as a vector
/// from C, so moving C keeps the radius exactly).
class ContactLesson final : public Lesson {
 public:
  std::string_view Id() const override { return "contact"; }
  std::string_view Title() const override { return "Contact"; }
  std::string_view Summary() const override;
  std::vector<PointSpec> PointSpecs() const override;
  std::vector<Preset> Presets() const override;
  std::vector<DragHandle> Handles(const Points& points) const override;
  int MoveHandle(Points& points, int handleId, const cq::Vec2d& target) const override;
  LessonFrame Evaluate(const Points& points, const WorldRect& view, NumberStyle numbers) const override;
  WorldRect Extent(const Points& points) const override;  ///< the wire, the ball and the pushed-out ball
  size_t NumberLineCount() const override { return 2; }
  int QueryPointIndex() const override { return 2; }
  QueryCommand ClosestQueryCommand(const Points& points) const override;
};

}  // namespace cq::app
