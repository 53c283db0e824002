// The lesson table: the one place that lists the lessons, in menu order. An explicit
// table, not static self-registration, which a static library's linker would drop.
#include "lessons/lessons.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

const std::vector<const Lesson*>& LessonTable() {
  static const SegmentLesson segment;
  static const RayLesson ray;
  static const LineLesson line;
  static const PlaneLesson plane;
  static const BoxLesson box;
  static const ContactLesson contact;
  static const std::vector<const Lesson*> table = {&segment, &ray, &line, &plane, &box, &contact};
  return table;
}

}  // namespace cq::app
