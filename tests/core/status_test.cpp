// tests/core/status_test.cpp: error reporting (cq/status.hpp) and the enums' spellings.
//
// The spellings are the closest-query tool's JSON vocabulary, so they are pinned here
// one by one.
#include <gtest/gtest.h>

#include <string>

#include "test_support.hpp"

namespace {

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(Status, FieldNames) {
  EXPECT_STREQ(cq::FieldName(cq::Field::None), "");
  EXPECT_STREQ(cq::FieldName(cq::Field::P), "p");
  EXPECT_STREQ(cq::FieldName(cq::Field::A), "a");
  EXPECT_STREQ(cq::FieldName(cq::Field::B), "b");
  EXPECT_STREQ(cq::FieldName(cq::Field::Normal), "n");
  EXPECT_STREQ(cq::FieldName(cq::Field::Offset), "d");
  EXPECT_STREQ(cq::FieldName(cq::Field::Min), "min");
  EXPECT_STREQ(cq::FieldName(cq::Field::Max), "max");
  EXPECT_STREQ(cq::FieldName(cq::Field::Center), "center");
  EXPECT_STREQ(cq::FieldName(cq::Field::Radius), "radius");
  EXPECT_STREQ(cq::FieldName(cq::Field::Closest), "closest");
  EXPECT_STREQ(cq::FieldName(cq::Field::RectMin), "rect.min");
  EXPECT_STREQ(cq::FieldName(cq::Field::RectMax), "rect.max");
}

TEST(Status, DescribeNamesTheFieldAndTheCoordinate) {
  const std::string nonFinite = cq::Describe({cq::ErrorCode::NonFinite, cq::Field::B, 1});
  EXPECT_EQ(nonFinite.rfind("b coordinate 1", 0), 0u) << nonFinite;
  EXPECT_TRUE(Contains(nonFinite, "not a finite number")) << nonFinite;
  const std::string offset = cq::Describe({cq::ErrorCode::NonFinite, cq::Field::Offset, -1});
  EXPECT_EQ(offset.rfind("d:", 0), 0u) << offset;  // a scalar: no coordinate
  const std::string zero = cq::Describe({cq::ErrorCode::ZeroNormal, cq::Field::Normal, -1});
  EXPECT_EQ(zero.rfind("n:", 0), 0u) << zero;
  EXPECT_TRUE(Contains(zero, "zero vector")) << zero;
  const std::string inverted = cq::Describe({cq::ErrorCode::InvertedBox, cq::Field::Min, 2});
  EXPECT_TRUE(Contains(inverted, "min")) << inverted;
  EXPECT_TRUE(Contains(inverted, "coordinate 2")) << inverted;
  const std::string radius = cq::Describe({cq::ErrorCode::NegativeRadius, cq::Field::Radius, -1});
  EXPECT_EQ(radius.rfind("radius", 0), 0u) << radius;
  EXPECT_TRUE(Contains(radius, "negative")) << radius;
  const std::string overflow = cq::Describe({cq::ErrorCode::Overflow, cq::Field::Offset, -1});
  EXPECT_EQ(overflow.rfind("d:", 0), 0u) << overflow;
  EXPECT_TRUE(Contains(overflow, "range")) << overflow;
  const std::string center = cq::Describe({cq::ErrorCode::NonFinite, cq::Field::Center, 0});
  EXPECT_EQ(center.rfind("center coordinate 0", 0), 0u) << center;
  const std::string missing = cq::Describe({cq::ErrorCode::MissingOutput, cq::Field::Closest, 2});
  EXPECT_EQ(missing.rfind("closest coordinate 2", 0), 0u) << missing;
  EXPECT_TRUE(Contains(missing, "every coordinate")) << missing;
}

TEST(Status, DescribeWithTheCallersSpellingOfTheField) {
  // The same sentence, the field named as the caller's user wrote it (closest-query's
  // one-shot form: "--n"; a contact's shape in a JSON line: "shape.n").
  const cq::QueryError zero{cq::ErrorCode::ZeroNormal, cq::Field::Normal, -1};
  EXPECT_EQ(cq::Describe(zero, "--n"), "--n" + cq::Describe(zero).substr(1));
  const cq::QueryError inverted{cq::ErrorCode::InvertedBox, cq::Field::Min, 1};
  EXPECT_EQ(cq::Describe(inverted), "min/max coordinate 1: min is greater than max (an inverted box; min == max is a valid flat box)");
  EXPECT_EQ(cq::Describe(inverted, "--min/--max"),
            "--min/--max coordinate 1: min is greater than max (an inverted box; min == max is a valid flat box)");
  const cq::QueryError nan{cq::ErrorCode::NonFinite, cq::Field::A, 0};
  EXPECT_EQ(cq::Describe(nan, "shape.a"), "shape." + cq::Describe(nan));
}

TEST(Status, CheckedCarriesValueOrError) {
  const cq::Checked<int> value(42);
  EXPECT_TRUE(value.ok());
  EXPECT_TRUE(bool(value));
  EXPECT_EQ(*value, 42);
  EXPECT_EQ(value.error().code, cq::ErrorCode::None);
  const cq::Checked<int> error(cq::QueryError{cq::ErrorCode::ZeroNormal, cq::Field::Normal, -1});
  EXPECT_FALSE(error.ok());
  EXPECT_FALSE(bool(error));
  EXPECT_EQ(error.error().code, cq::ErrorCode::ZeroNormal);
  EXPECT_EQ(error.error().field, cq::Field::Normal);
}

TEST(Status, EnumSpellings) {
  EXPECT_STREQ(cq::ToString(cq::LinearRegion::VertexA), "A");
  EXPECT_STREQ(cq::ToString(cq::LinearRegion::Interior), "interior");
  EXPECT_STREQ(cq::ToString(cq::LinearRegion::VertexB), "B");
  EXPECT_STREQ(cq::ToString(cq::LinearKind::Line), "line");
  EXPECT_STREQ(cq::ToString(cq::LinearKind::Ray), "ray");
  EXPECT_STREQ(cq::ToString(cq::LinearKind::Segment), "segment");
  EXPECT_STREQ(cq::ToString(cq::PlaneRegion::Back), "back");
  EXPECT_STREQ(cq::ToString(cq::PlaneRegion::On), "on");
  EXPECT_STREQ(cq::ToString(cq::PlaneRegion::Front), "front");
  EXPECT_STREQ(cq::ToString(cq::BoxFeature::Inside), "inside");
  EXPECT_STREQ(cq::ToString(cq::BoxFeature::Face), "face");
  EXPECT_STREQ(cq::ToString(cq::BoxFeature::Edge), "edge");
  EXPECT_STREQ(cq::ToString(cq::BoxFeature::Vertex), "vertex");
}

TEST(Status, FeatureFromClampedAxes) {
  // The header's table: 2D 0/1/2 -> inside/edge/vertex, 3D 0/1/2/3 -> inside/face/edge/vertex.
  EXPECT_EQ(cq::FeatureFromClampedAxes<2>(0), cq::BoxFeature::Inside);
  EXPECT_EQ(cq::FeatureFromClampedAxes<2>(1), cq::BoxFeature::Edge);
  EXPECT_EQ(cq::FeatureFromClampedAxes<2>(2), cq::BoxFeature::Vertex);
  EXPECT_EQ(cq::FeatureFromClampedAxes<3>(0), cq::BoxFeature::Inside);
  EXPECT_EQ(cq::FeatureFromClampedAxes<3>(1), cq::BoxFeature::Face);
  EXPECT_EQ(cq::FeatureFromClampedAxes<3>(2), cq::BoxFeature::Edge);
  EXPECT_EQ(cq::FeatureFromClampedAxes<3>(3), cq::BoxFeature::Vertex);
}

}  // namespace
