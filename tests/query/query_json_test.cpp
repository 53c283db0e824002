// The JSON-lines mode, one line at a time: every output field of every query kind in 2D
// and 3D against hand-computed values, the number format, and every kind of bad line.
//
// Expected values are compared with EXPECT_EQ (exact) wherever IEEE arithmetic makes the
// hand-computed value exact (small integers, 0.6 = 15 / 25 correctly rounded, sqrt of
// an exact square); the few others state their tolerance.
#include "query/query_json.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ios>
#include <sstream>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "query/json_text.hpp"
#include "query_test_support.hpp"

namespace cq::query::test {
namespace {

using Json = nlohmann::ordered_json;

std::vector<std::string> Keys(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.push_back(key);
  return keys;
}

// ---- segment, ray, line -----------------------------------------------------------------

TEST(QueryJsonSegment, SeedExampleExactText) {
  // The issue's example: P projects to t = 0.6, closest (3, 0, 0), distance 2. The whole
  // line is compared, which pins the field order and the number format too.
  const LineAnswer answer = AnswerJsonLine(R"({"query":"segment","a":[0,0,0],"b":[5,0,0],"p":[3,0,-2]})");
  EXPECT_TRUE(answer.ok);
  EXPECT_EQ(answer.text,
            R"({"point":[3,0,0],"distance":2,"distance_sq":4,"t_raw":0.6,"t":0.6,"region":"interior"})");
}

TEST(QueryJsonSegment, APointOnTheSegmentIsItsOwnClosestPointAtDistanceZero) {
  // The rounded foot A + t_raw (B - A) of P = (0, 0) on (-4, 0)-(2, 0) is -2.2e-16 off P;
  // the tool takes it across the line (cq::NearLine::Across), as the app does. The same for
  // a ray and a line, and in 3D along a slanted segment.
  for (const char* query : {"segment", "ray", "line"}) {
    const Json j = AnswerOf(std::string(R"({"query":")") + query + R"(","a":[-4,0],"b":[2,0],"p":[0,0]})");
    EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0})) << query;
    EXPECT_EQ(j["distance"].get<double>(), 0) << query;
    EXPECT_EQ(j["region"], "interior") << query;
  }
  const Json j = AnswerOf(R"({"query":"segment","a":[-0.3,-0.1,0.7],"b":[0.6,0.2,-1.4],"p":[0,0,0]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(j["distance"].get<double>(), 0);
}

TEST(QueryJsonSegment, BeforeAClampsToA2D) {
  const Json j = AnswerOf(R"({"query":"segment","a":[0,0],"b":[5,0],"p":[-3,4]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  EXPECT_EQ(j["distance_sq"].get<double>(), 25);
  EXPECT_EQ(j["t_raw"].get<double>(), -0.6);  // -15 / 25
  EXPECT_EQ(j["t"].get<double>(), 0);
  EXPECT_EQ(j["region"], "A");
  EXPECT_EQ(Keys(j), (std::vector<std::string>{"point", "distance", "distance_sq", "t_raw", "t", "region"}));
}

TEST(QueryJsonSegment, BeyondBClampsToB2D) {
  // d = (2, 0), e = (5, 4): t_raw = 10 / 4 = 2.5; closest B = (3, 1), P - B = (3, 4).
  const Json j = AnswerOf(R"({"query":"segment","a":[1,1],"b":[3,1],"p":[6,5]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{3, 1}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  EXPECT_EQ(j["distance_sq"].get<double>(), 25);
  EXPECT_EQ(j["t_raw"].get<double>(), 2.5);
  EXPECT_EQ(j["t"].get<double>(), 1);
  EXPECT_EQ(j["region"], "B");
}

TEST(QueryJsonSegment, BeyondBClampsToB3D) {
  // d = (0, 0, 2), e = (0, 3, 6): t_raw = 12 / 4 = 3; closest B = (0, 0, 2), P - B = (0, 3, 4).
  const Json j = AnswerOf(R"({"query":"segment","a":[0,0,0],"b":[0,0,2],"p":[0,3,6]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0, 2}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  EXPECT_EQ(j["distance_sq"].get<double>(), 25);
  EXPECT_EQ(j["t_raw"].get<double>(), 3);
  EXPECT_EQ(j["t"].get<double>(), 1);
  EXPECT_EQ(j["region"], "B");
}

TEST(QueryJsonSegment, DegenerateSegmentAnswersA) {
  // Core's documented answer for A == B: the point A, t_raw = t = 0, region A.
  const Json j = AnswerOf(R"({"query":"segment","a":[1,2],"b":[1,2],"p":[4,6]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{1, 2}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  EXPECT_EQ(j["t_raw"].get<double>(), 0);
  EXPECT_EQ(j["t"].get<double>(), 0);
  EXPECT_EQ(j["region"], "A");
}

TEST(QueryJsonRay, BehindStartClampsToA2D) {
  // d = (1, 0), e = (-3, 4): t_raw = -3, clamped to 0; closest A = (1, 1).
  const Json j = AnswerOf(R"({"query":"ray","a":[1,1],"b":[2,1],"p":[-2,5]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{1, 1}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  EXPECT_EQ(j["distance_sq"].get<double>(), 25);
  EXPECT_EQ(j["t_raw"].get<double>(), -3);
  EXPECT_EQ(j["t"].get<double>(), 0);
  EXPECT_EQ(j["region"], "A");
}

TEST(QueryJsonRay, BeyondBStaysInterior3D) {
  // A ray does not stop at B: t = t_raw = 10.
  const Json j = AnswerOf(R"({"query":"ray","a":[0,0,0],"b":[1,0,0],"p":[10,3,4]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{10, 0, 0}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  EXPECT_EQ(j["distance_sq"].get<double>(), 25);
  EXPECT_EQ(j["t_raw"].get<double>(), 10);
  EXPECT_EQ(j["t"].get<double>(), 10);
  EXPECT_EQ(j["region"], "interior");
}

TEST(QueryJsonLine, NegativeTIsNotClamped2D) {
  const Json j = AnswerOf(R"({"query":"line","a":[0,0],"b":[2,0],"p":[-4,3]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{-4, 0}));
  EXPECT_EQ(j["distance"].get<double>(), 3);
  EXPECT_EQ(j["distance_sq"].get<double>(), 9);
  EXPECT_EQ(j["t_raw"].get<double>(), -2);
  EXPECT_EQ(j["t"].get<double>(), -2);
  EXPECT_EQ(j["region"], "interior");
}

TEST(QueryJsonLine, NegativeTIsNotClamped3D) {
  // d = (0, 0, 2), e = (3, 4, -4): t_raw = -8 / 4 = -2; foot (1, 1, -3), P - foot = (3, 4, 0).
  const Json j = AnswerOf(R"({"query":"line","a":[1,1,1],"b":[1,1,3],"p":[4,5,-3]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{1, 1, -3}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  EXPECT_EQ(j["distance_sq"].get<double>(), 25);
  EXPECT_EQ(j["t_raw"].get<double>(), -2);
  EXPECT_EQ(j["t"].get<double>(), -2);
  EXPECT_EQ(j["region"], "interior");
}

// ---- plane -------------------------------------------------------------------------------

TEST(QueryJsonPlane, FrontWithNonUnitNormal3D) {
  // 2z = 2 is the plane z = 1: w = 10 - 2 = 8, s = 8 / 2 = 4, closest = P - (8 / 4) n.
  const Json j = AnswerOf(R"({"query":"plane","n":[0,0,2],"d":2,"p":[3,4,5]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{3, 4, 1}));
  EXPECT_EQ(j["distance"].get<double>(), 4);
  EXPECT_EQ(j["distance_sq"].get<double>(), 16);
  EXPECT_EQ(j["signed_distance"].get<double>(), 4);
  EXPECT_EQ(j["region"], "front");
  EXPECT_EQ(Keys(j), (std::vector<std::string>{"point", "distance", "distance_sq", "signed_distance", "region"}));
}

TEST(QueryJsonPlane, Back2D) {
  // 2y = 2 is the line y = 1: w = -6 - 2 = -8, s = -4, closest = P + 2 n = (3, 1).
  const Json j = AnswerOf(R"({"query":"plane","n":[0,2],"d":2,"p":[3,-3]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{3, 1}));
  EXPECT_EQ(j["distance"].get<double>(), 4);
  EXPECT_EQ(j["distance_sq"].get<double>(), 16);
  EXPECT_EQ(j["signed_distance"].get<double>(), -4);
  EXPECT_EQ(j["region"], "back");
}

TEST(QueryJsonPlane, SlantedNormal2D) {
  // 3x + 4y = 5, |n| = 5: the origin is 1 behind it; the foot is (0.6, 0.8) to within the
  // rounding of 0.2 * 3 and 0.2 * 4 (one ulp).
  const Json j = AnswerOf(R"({"query":"plane","n":[3,4],"d":5,"p":[0,0]})");
  const std::vector<double> point = Numbers(j["point"]);
  EXPECT_NEAR(point[0], 0.6, 1e-15);
  EXPECT_NEAR(point[1], 0.8, 1e-15);
  EXPECT_EQ(j["signed_distance"].get<double>(), -1);
  EXPECT_EQ(j["distance"].get<double>(), 1);
  EXPECT_EQ(j["region"], "back");
}

TEST(QueryJsonPlane, PointOnPlaneIsItsOwnAnswer3D) {
  const Json j = AnswerOf(R"({"query":"plane","n":[1,1,1],"d":3,"p":[1,1,1]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{1, 1, 1}));
  EXPECT_EQ(j["distance"].get<double>(), 0);
  EXPECT_EQ(j["signed_distance"].get<double>(), 0);
  EXPECT_EQ(j["region"], "on");
}

// ---- aabb --------------------------------------------------------------------------------

// A point-sized ball behind a plane by less than the smallest double is sunk in, as the
// plane query's "back" says (it read not penetrating: -0 < 0 is false; tool audit).
TEST(QueryJsonContact, PointSizedBallJustBehindAPlaneIsSunkIn) {
  const LineAnswer back = AnswerJsonLine(R"({"query":"plane","n":[2,0],"d":5e-324,"p":[0,1]})");
  EXPECT_EQ(back.text, R"({"point":[0,1],"distance":0,"distance_sq":0,"signed_distance":-0.0,"region":"back"})");
  const LineAnswer contact = AnswerJsonLine(
      R"({"query":"contact","center":[0,1],"radius":0,"shape":{"query":"plane","n":[2,0],"d":5e-324}})");
  EXPECT_TRUE(contact.ok);
  EXPECT_EQ(contact.text, R"({"penetrating":true,"depth":5e-324,"normal":[1,0],"resolved_center":[5e-324,1],)"
                          R"("distance":-5e-324,"point":[0,1]})");
}

TEST(QueryJsonAabb, Edge2D) {
  const LineAnswer answer = AnswerJsonLine(R"({"query":"aabb","min":[0,0],"max":[1,1],"p":[2,0.5]})");
  EXPECT_EQ(answer.text, R"({"point":[1,0.5],"distance":1,"distance_sq":1,"region":"edge","side":[1,0]})");
}

TEST(QueryJsonAabb, Vertex2D) {
  const Json j = AnswerOf(R"({"query":"aabb","min":[0,0],"max":[1,1],"p":[-1,-1]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0}));
  EXPECT_EQ(j["distance"].get<double>(), std::sqrt(2.0));
  EXPECT_EQ(j["distance_sq"].get<double>(), 2);
  EXPECT_EQ(j["region"], "vertex");
  EXPECT_EQ(j["side"].get<std::vector<int>>(), (std::vector<int>{-1, -1}));
}

TEST(QueryJsonAabb, Inside2D) {
  const Json j = AnswerOf(R"({"query":"aabb","min":[0,0],"max":[1,1],"p":[0.5,0.25]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0.5, 0.25}));
  EXPECT_EQ(j["distance"].get<double>(), 0);
  EXPECT_EQ(j["distance_sq"].get<double>(), 0);
  EXPECT_EQ(j["region"], "inside");
  EXPECT_EQ(j["side"].get<std::vector<int>>(), (std::vector<int>{0, 0}));
}

TEST(QueryJsonAabb, Face3D) {
  const Json j = AnswerOf(R"({"query":"aabb","min":[0,0,0],"max":[2,2,2],"p":[1,1,5]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{1, 1, 2}));
  EXPECT_EQ(j["distance"].get<double>(), 3);
  EXPECT_EQ(j["distance_sq"].get<double>(), 9);
  EXPECT_EQ(j["region"], "face");
  EXPECT_EQ(j["side"].get<std::vector<int>>(), (std::vector<int>{0, 0, 1}));
  EXPECT_EQ(Keys(j), (std::vector<std::string>{"point", "distance", "distance_sq", "region", "side"}));
}

TEST(QueryJsonAabb, Edge3D) {
  const Json j = AnswerOf(R"({"query":"aabb","min":[0,0,0],"max":[2,2,2],"p":[3,1,-4]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{2, 1, 0}));
  EXPECT_EQ(j["distance"].get<double>(), std::sqrt(17.0));
  EXPECT_EQ(j["distance_sq"].get<double>(), 17);
  EXPECT_EQ(j["region"], "edge");
  EXPECT_EQ(j["side"].get<std::vector<int>>(), (std::vector<int>{1, 0, -1}));
}

TEST(QueryJsonAabb, Vertex3D) {
  const Json j = AnswerOf(R"({"query":"aabb","min":[0,0,0],"max":[2,2,2],"p":[-3,6,-2]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 2, 0}));
  EXPECT_EQ(j["distance"].get<double>(), std::sqrt(29.0));
  EXPECT_EQ(j["distance_sq"].get<double>(), 29);
  EXPECT_EQ(j["region"], "vertex");
  EXPECT_EQ(j["side"].get<std::vector<int>>(), (std::vector<int>{-1, 1, -1}));
}

TEST(QueryJsonAabb, Inside3D) {
  const Json j = AnswerOf(R"({"query":"aabb","min":[0,0,0],"max":[2,2,2],"p":[1,0.5,2]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{1, 0.5, 2}));
  EXPECT_EQ(j["distance"].get<double>(), 0);
  EXPECT_EQ(j["region"], "inside");  // on the boundary counts as inside the closed box
  EXPECT_EQ(j["side"].get<std::vector<int>>(), (std::vector<int>{0, 0, 0}));
}

// ---- contact -----------------------------------------------------------------------------

TEST(QueryJsonContact, CircleSunkIntoPlane2D) {
  const LineAnswer answer = AnswerJsonLine(
      R"({"query":"contact","center":[0,0.5],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0}})");
  EXPECT_TRUE(answer.ok);
  EXPECT_EQ(answer.text,
            R"({"penetrating":true,"depth":0.5,"normal":[0,1],"resolved_center":[0,1],"distance":0.5,"point":[0,0]})");
}

TEST(QueryJsonContact, SphereBehindPlaneIsPushedOutAlongNormal3D) {
  // The plane's back is solid: a centre 1 behind it sinks r - s = 0.5 - (-1) = 1.5 deep.
  const Json j = AnswerOf(
      R"({"query":"contact","center":[0,0,-1],"radius":0.5,"shape":{"query":"plane","n":[0,0,2],"d":0}})");
  EXPECT_TRUE(j["penetrating"].get<bool>());
  EXPECT_EQ(j["depth"].get<double>(), 1.5);
  EXPECT_EQ(Numbers(j["normal"]), (std::vector<double>{0, 0, 1}));
  EXPECT_EQ(Numbers(j["resolved_center"]), (std::vector<double>{0, 0, 0.5}));
  EXPECT_EQ(j["distance"].get<double>(), -1);
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(Keys(j), (std::vector<std::string>{"penetrating", "depth", "normal", "resolved_center", "distance", "point"}));
}

TEST(QueryJsonContact, SphereClearOfSegmentKeepsItsCentre3D) {
  const Json j = AnswerOf(
      R"({"query":"contact","center":[0,3,4],"radius":1,"shape":{"query":"segment","a":[-1,0,0],"b":[1,0,0]}})");
  EXPECT_FALSE(j["penetrating"].get<bool>());
  EXPECT_EQ(j["depth"].get<double>(), 0);
  const std::vector<double> normal = Numbers(j["normal"]);
  // (0, 3, 4) / 5, to within the rounding of one normalisation.
  EXPECT_EQ(normal[0], 0);
  EXPECT_NEAR(normal[1], 0.6, 1e-15);
  EXPECT_NEAR(normal[2], 0.8, 1e-15);
  EXPECT_EQ(Numbers(j["resolved_center"]), (std::vector<double>{0, 3, 4}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0, 0}));
}

// A circle exactly touching a box's corner (31904559^2 + 769676040^2 = 770337009^2) read
// "penetrating":true, "depth":1.1920928955078125e-07, "distance":770337008.9999999 (audit).
TEST(QueryJsonContact, ACircleExactlyTouchingACornerIsNotPenetrating) {
  const LineAnswer answer = AnswerJsonLine(
      R"({"query":"contact","center":[31904559,769676040],"radius":770337009,"shape":{"query":"aabb","min":[0,0],"max":[0,0]}})");
  EXPECT_TRUE(answer.ok);
  EXPECT_EQ(answer.text.rfind(R"({"penetrating":false,"depth":0,)", 0), 0u) << answer.text;
  EXPECT_NE(answer.text.find(R"("distance":770337009,)"), std::string::npos) << answer.text;
}

TEST(QueryJsonContact, CircleOnSegment2D) {
  const Json j = AnswerOf(
      R"({"query":"contact","center":[0.5,0.25],"radius":0.5,"shape":{"query":"segment","a":[0,0],"b":[1,0]}})");
  EXPECT_TRUE(j["penetrating"].get<bool>());
  EXPECT_EQ(j["depth"].get<double>(), 0.25);
  EXPECT_EQ(Numbers(j["normal"]), (std::vector<double>{0, 1}));
  EXPECT_EQ(Numbers(j["resolved_center"]), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(j["distance"].get<double>(), 0.25);
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0.5, 0}));
}

TEST(QueryJsonContact, CircleInsideBoxLeavesThroughNearestFace2D) {
  // Faces x-, x+ and y- are all 0.5 away: ties go to x- (core's documented order).
  const Json j = AnswerOf(
      R"({"query":"contact","center":[0.5,0.5],"radius":0.25,"shape":{"query":"aabb","min":[0,0],"max":[1,2]}})");
  EXPECT_TRUE(j["penetrating"].get<bool>());
  EXPECT_EQ(j["depth"].get<double>(), 0.75);
  EXPECT_EQ(Numbers(j["normal"]), (std::vector<double>{-1, 0}));
  EXPECT_EQ(Numbers(j["resolved_center"]), (std::vector<double>{-0.25, 0.5}));
  EXPECT_EQ(j["distance"].get<double>(), -0.5);
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0.5}));
}

TEST(QueryJsonContact, TouchingBoxIsNotPenetrating3D) {
  const Json j = AnswerOf(
      R"({"query":"contact","center":[2,0.5,0.5],"radius":1,"shape":{"query":"aabb","min":[0,0,0],"max":[1,1,1]}})");
  EXPECT_FALSE(j["penetrating"].get<bool>());
  EXPECT_EQ(j["depth"].get<double>(), 0);
  EXPECT_EQ(Numbers(j["normal"]), (std::vector<double>{1, 0, 0}));
  EXPECT_EQ(Numbers(j["resolved_center"]), (std::vector<double>{2, 0.5, 0.5}));
  EXPECT_EQ(j["distance"].get<double>(), 1);
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{1, 0.5, 0.5}));
}

// ---- the origin is an answer like any other -------------------------------------------

TEST(QueryJsonOrigin, ClosestPointAtOriginIsARealAnswer) {
  // Regression guard: a zero vector must never be taken to mean "no answer".
  Json j = AnswerOf(R"({"query":"segment","a":[-1,-1],"b":[1,1],"p":[-1,1]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0}));
  EXPECT_EQ(j["t"].get<double>(), 0.5);
  EXPECT_EQ(j["distance"].get<double>(), std::sqrt(2.0));
  j = AnswerOf(R"({"query":"plane","n":[0,1,0],"d":0,"p":[0,5,0]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(j["distance"].get<double>(), 5);
  j = AnswerOf(R"({"query":"aabb","min":[-1,-1,-1],"max":[1,1,1],"p":[0,0,0]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(j["region"], "inside");
}

// ---- numbers -----------------------------------------------------------------------------

TEST(QueryJsonNumbers, ShortestTextReadsBackToTheSameDouble) {
  // A deterministic spread of doubles over the whole range: every bit pattern's exponent,
  // random mantissas, plus the awkward ones (0.1, 1/3, the subnormal minimum, max).
  std::vector<double> values = {0.1, 1.0 / 3.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                                0.6, 1e21, 1e-7, 9007199254740993.0, 1152921504606846976.0, 123456789012345680000.0};
  unsigned long long state = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;  // Knuth's MMIX LCG
    double value;
    std::memcpy(&value, &state, sizeof value);  // any bit pattern: all exponents, both signs
    if (std::isfinite(value)) values.push_back(value);
  }
  for (double value : values) {
    for (double signedValue : {value, -value}) {
      const std::string text = FormatJsonNumber(signedValue);
      EXPECT_EQ(std::strtod(text.c_str(), nullptr), signedValue) << text;
      // nlohmann (what a C++ consumer of the tool would use) reads it back too.
      EXPECT_EQ(nlohmann::json::parse(text).get<double>(), signedValue) << text;
    }
  }
}

TEST(QueryJsonNumbers, InputCoordinatesComeBackBitForBit) {
  // A point inside a huge box is its own closest point: what goes in as shortest text
  // must come out as the same text, so nothing is lost reading or writing.
  unsigned long long state = 12345;
  for (int i = 0; i < 2000; ++i) {
    double p[3];
    for (double& coordinate : p) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      coordinate = std::ldexp(static_cast<double>(state >> 11) / 9007199254740992.0 - 0.5, int(state % 400) - 200);
    }
    const std::string line = R"({"query":"aabb","min":[-1e300,-1e300,-1e300],"max":[1e300,1e300,1e300],"p":[)" +
                             FormatJsonNumber(p[0]) + "," + FormatJsonNumber(p[1]) + "," + FormatJsonNumber(p[2]) + "]}";
    const Json j = AnswerOf(line);
    EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{p[0], p[1], p[2]})) << line;
  }
}

TEST(QueryJsonNumbers, NegativeZeroKeepsItsSign) {
  // "-0" would read back as the integer 0 in nlohmann and Python; "-0.0" keeps the sign.
  EXPECT_EQ(FormatJsonNumber(-0.0), "-0.0");
  EXPECT_EQ(FormatJsonNumber(0.0), "0");
  EXPECT_TRUE(std::signbit(nlohmann::json::parse(FormatJsonNumber(-0.0)).get<double>()));
}

TEST(QueryJsonNumbers, InfinityIsPrintedAs1e999) {
  EXPECT_EQ(FormatJsonNumber(INFINITY), "1e999");
  EXPECT_EQ(FormatJsonNumber(-INFINITY), "-1e999");
  EXPECT_EQ(std::strtod("1e999", nullptr), INFINITY);
  EXPECT_EQ(std::strtod("-1e999", nullptr), -INFINITY);
  // What --help says about nlohmann 3.11: it refuses the overflow (error 406) rather than
  // reading infinity. If an upgrade changes that, --help and the README must change too.
  EXPECT_THROW({ const Json parsed = Json::parse("1e999"); }, nlohmann::json::out_of_range);
}

TEST(QueryJsonNumbers, OverflowingTRawAndDistanceSqPrint1e999) {
  // Core's documented overflow: a point 1e300 away projecting onto a 1e-300 segment has
  // t_raw = 1e600 (+inf), yet t is exactly 1 (clamped on the numerator) and the distance
  // is finite; distance_sq = 1e600 overflows too.
  const LineAnswer answer = AnswerJsonLine(R"({"query":"segment","a":[0,0,0],"b":[1e-300,0,0],"p":[1e300,0,0]})");
  ASSERT_TRUE(answer.ok) << answer.text;
  EXPECT_EQ(answer.text,
            R"({"point":[1e-300,0,0],"distance":1e+300,"distance_sq":1e999,"t_raw":1e999,"t":1,"region":"B"})");
  // The same on the other side: t_raw = -1e600.
  const LineAnswer behind = AnswerJsonLine(R"({"query":"ray","a":[0,0],"b":[1e-300,0],"p":[-1e300,0]})");
  ASSERT_TRUE(behind.ok) << behind.text;
  EXPECT_NE(behind.text.find(R"("t_raw":-1e999)"), std::string::npos) << behind.text;
  EXPECT_NE(behind.text.find(R"("distance_sq":1e999)"), std::string::npos) << behind.text;
  EXPECT_NE(behind.text.find(R"("distance":1e+300)"), std::string::npos) << behind.text;
  // A line does not clamp, so its t overflows with t_raw.
  const LineAnswer lineText = AnswerJsonLine(R"({"query":"line","a":[0,0],"b":[1e-300,0],"p":[1e300,5]})");
  EXPECT_NE(lineText.text.find(R"("t_raw":1e999,"t":1e999)"), std::string::npos) << lineText.text;
  // Points at opposite ends of the range are ~3.4e308 apart: the distance itself overflows.
  const LineAnswer far = AnswerJsonLine(R"({"query":"aabb","min":[1.7e308,0],"max":[1.7e308,0],"p":[-1.7e308,0]})");
  EXPECT_EQ(far.text, R"({"point":[1.7e+308,0],"distance":1e999,"distance_sq":1e999,"region":"edge","side":[-1,0]})");
}

// A mutation run found QuoteJsonString's edges untested: DEL (0x7F) is a control character
// and is escaped like the others; it was passed through raw.
TEST(QueryJsonText, DelIsEscapedLikeTheOtherControlCharacters) {
  EXPECT_EQ(QuoteJsonString("a\x7f~"), "\"a\\u007f~\"");
  EXPECT_EQ(QuoteJsonString("\x1f~"), "\"\\u001f~\"");
}

// A mutation run found the UTF-8 check's bounds untested: E0 followed by 80..9F is an
// overlong form, and F4 followed by 90..BF is above U+10FFFF; each byte becomes U+FFFD.
// The first valid (U+0800) and the last (U+10FFFF) are kept as they are.
TEST(QueryJsonText, OverlongAndOutOfRangeUtf8BecomeReplacementCharacters) {
  EXPECT_EQ(QuoteJsonString("\xE0\x9F\xBF"), "\"\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(QuoteJsonString("\xE0\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(QuoteJsonString("\xE0\xA0\x80"), "\"\xE0\xA0\x80\"");
  EXPECT_EQ(QuoteJsonString("\xF4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(QuoteJsonString("\xF4\xBF\xBF\xBF"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(QuoteJsonString("\xF4\x8F\xBF\xBF"), "\"\xF4\x8F\xBF\xBF\"");
}

// A mutation run found TruncateForEcho's edges untested: a text of exactly the limit is
// kept whole, with no "..."; a longer one is cut at a character boundary, never inside a
// character (which would leave a stray lead byte for the quoting to turn into U+FFFD).
TEST(QueryJsonText, EchoIsCutOnlyPastTheLimitAndBetweenCharacters) {
  const std::string forty(k_maxNameBytes, 'x');
  EXPECT_EQ(TruncateForEcho(forty, k_maxNameBytes), forty);
  EXPECT_EQ(TruncateForEcho(forty + "y", k_maxNameBytes), forty + "...");
  // "é" (C3 A9) over bytes 40 and 41, and U+1F600 (F0 9F 98 80) over bytes 39 to 42.
  EXPECT_EQ(TruncateForEcho(std::string(39, 'x') + "\xC3\xA9z", k_maxNameBytes), std::string(39, 'x') + "...");
  EXPECT_EQ(TruncateForEcho(std::string(38, 'x') + "\xF0\x9F\x98\x80", k_maxNameBytes), std::string(38, 'x') + "...");
}

TEST(QueryJsonNumbers, NanResultBecomesAnErrorNamingTheField) {
  // Core promises never to answer NaN for valid input; if it ever did, the line must say
  // so rather than print a number that is not one.
  Answer answer;
  answer.kind = QueryKind::Segment;
  answer.dim = 2;
  answer.tRaw = NAN;
  answer.region = "interior";
  const Outcome<std::string> text = FormatAnswerJson(answer);
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.error().find("t_raw"), std::string::npos) << text.error();
}

// ---- bad lines ---------------------------------------------------------------------------

struct BadLine {
  const char* line;
  const char* expected;  ///< a part of the message: the field's name and the reason
};

// Every kind of bad line the issue lists, each with the words its message must contain.
const BadLine k_badLines[] = {
    {"", "empty line"},
    {"   \t", "empty line"},
    {"not json", "not valid JSON"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1])", "not valid JSON"},
    {R"([1,2,3])", "expected a JSON object"},
    {R"("segment")", "expected a JSON object"},
    {R"(42)", "expected a JSON object"},
    {R"(null)", "expected a JSON object"},
    {R"({"a":[0,0],"b":[1,0],"p":[0,1]})", "query: missing field"},
    {R"({"query":7,"a":[0,0],"b":[1,0],"p":[0,1]})", "query: expected a string"},
    {R"({"query":"segmnet","a":[0,0],"b":[1,0],"p":[0,1]})", "query: unknown query \"segmnet\" (did you mean \"segment\"?)"},
    {R"({"query":"circle","a":[0,0],"b":[1,0],"p":[0,1]})", "query: unknown query \"circle\""},
    {R"({"query":"box","min":[0,0],"max":[1,1],"p":[2,2]})", "query: unknown query \"box\" (did you mean \"aabb\"?)"},
    {R"({"query":"segment","a":[0,0],"b":[1,0]})", "p: missing field"},
    {R"({"query":"plane","n":[0,1],"p":[0,1]})", "d: missing field"},
    {R"({"query":"aabb","min":[0,0],"p":[0,1]})", "max: missing field"},
    {R"({"query":"contact","center":[0,0],"shape":{"query":"plane","n":[0,1],"d":0}})", "radius: missing field"},
    {R"({"query":"contact","center":[0,0],"radius":1})", "shape: missing field"},
    {R"({"query":"segment","a":[0,0,0],"b":[1,0,0],"p":[0,1]})",
     "a has 3 numbers but p has 2: all arrays of one line must have the same length"},
    {R"({"query":"aabb","min":[0,0],"max":[1,1,1],"p":[0,1]})", "min has 2 numbers but max has 3"},
    {R"({"query":"contact","center":[0,0,0],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0}})",
     "center has 3 numbers but shape.n has 2"},
    {R"({"query":"segment","a":[0],"b":[1,0],"p":[0,1]})", "a: expected an array of 2 or 3 numbers, got 1 element"},
    {R"({"query":"segment","a":[0,0,0,0],"b":[1,0],"p":[0,1]})", "a: expected an array of 2 or 3 numbers, got 4 elements"},
    {R"({"query":"segment","a":[],"b":[1,0],"p":[0,1]})", "a: expected an array of 2 or 3 numbers, got 0 elements"},
    {R"({"query":"segment","a":[0,0],"b":"1,0","p":[0,1]})", "b: expected an array of 2 or 3 numbers, got a string"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":{"x":0}})", "p: expected an array of 2 or 3 numbers, got an object"},
    {R"({"query":"segment","a":[0,0],"b":[1,"0"],"p":[0,1]})", "b coordinate 1: expected a number, got a string"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[null,1]})", "p coordinate 0: expected a number, got null"},
    {R"({"query":"segment","a":[0,true],"b":[1,0],"p":[0,1]})", "a coordinate 1: expected a number, got a boolean"},
    {R"({"query":"plane","n":[0,1],"d":[0],"p":[0,1]})", "d: expected a number, got an array"},
    {R"({"query":"contact","center":[0,0],"radius":"1","shape":{"query":"plane","n":[0,1],"d":0}})",
     "radius: expected a number, got a string"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"pp":[0,1]})", "unknown field \"pp\" (a typo? did you mean \"p\"?)"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1],"x":1})", "unknown field \"x\"; a segment query takes query, a, b, p"},
    {R"({"query":"plane","normal":[0,1],"d":0,"p":[0,1]})", "unknown field \"normal\" (a typo? did you mean \"n\"?)"},
    {R"({"query":"contact","centre":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0}})",
     "unknown field \"centre\" (a typo? did you mean \"center\"?)"},
    {R"({"query":"contact","p":[0,0],"center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0}})",
     "p: a contact query has no \"p\""},
    {R"({"query":"segment","a":[0,0],"a":[1,0],"p":[0,1]})", "a: the field appears twice"},
    {R"({"query":"plane","n":[0,0,0],"d":1,"p":[1,2,3]})", "n: the plane normal is the zero vector"},
    {R"({"query":"plane","n":[0,0],"d":1,"p":[1,2]})", "n: the plane normal is the zero vector"},
    {R"({"query":"aabb","min":[0,2],"max":[1,1],"p":[0,1]})", "min/max coordinate 1: min is greater than max"},
    {R"({"query":"aabb","min":[0,0,5],"max":[1,1,1],"p":[0,1,0]})", "min/max coordinate 2: min is greater than max"},
    {R"({"query":"contact","center":[0,0],"radius":-1,"shape":{"query":"plane","n":[0,1],"d":0}})",
     "radius: the radius is negative"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,NaN]})", "p coordinate 1: not valid JSON: NaN and Infinity"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,nan]})", "p coordinate 1: not valid JSON: NaN and Infinity"},
    {R"({"query":"segment","a":[Infinity,0],"b":[1,0],"p":[0,1]})", "a coordinate 0: not valid JSON: NaN and Infinity"},
    {R"({"query":"segment","a":[0,0],"b":[1,-Infinity],"p":[0,1]})", "b coordinate 1: not valid JSON: NaN and Infinity"},
    {R"({"query":"plane","n":[0,1],"d":NaN,"p":[0,1]})", "d: not valid JSON: NaN and Infinity"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1e999]})", "p coordinate 1: 1e999 is not a finite number"},
    {R"({"query":"segment","a":[-1e999,0],"b":[1,0],"p":[0,1]})", "a coordinate 0: -1e999 is not a finite number"},
    {R"({"query":"contact","center":[0,0],"radius":1e999,"shape":{"query":"plane","n":[0,1],"d":0}})",
     "radius: 1e999 is not a finite number"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1e999],"d":0}})",
     "shape.n coordinate 1: 1e999 is not a finite number"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":"plane"})", "shape: expected an object"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"n":[0,1],"d":0}})", "shape.query: missing field"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"ray","a":[0,1],"b":[1,1]}})",
     "shape.query: a contact shape is a segment, plane or aabb, not a ray"},
    // A line and a contact too (a mutation run found only the ray checked: a line shape was
    // then answered as the segment through its two points).
    {R"({"query":"contact","center":[0,1],"radius":2,"shape":{"query":"line","a":[0,0],"b":[1,0]}})",
     "shape.query: a contact shape is a segment, plane or aabb, not a line"},
    {R"({"query":"contact","center":[0,1],"radius":2,"shape":{"query":"contact","center":[0,0],"radius":1}})",
     "shape.query: a contact shape is a segment, plane or aabb, not a contact"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,0],"d":0}})",
     "shape.n: the plane normal is the zero vector"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"aabb","min":[2,0],"max":[1,1]}})",
     "shape.min/max coordinate 0: min is greater than max"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"segment","a":[0,0],"b":[1,0],"p":[0,1]}})",
     "shape.p: a contact shape has no \"p\""},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"segment","a":[0,0]}})", "shape.b: missing field"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0,"q":1}})",
     "unknown field \"shape.q\""},
    // A shape's unknown field is named before a missing sphere field (the one-shot form
    // needs that order for its misspelt --radus; see OneShot).
    {R"({"query":"contact","center":[0,0],"shape":{"query":"plane","n":[0,1],"d":0,"radius":1}})",
     "unknown field \"shape.radius\"; a plane shape takes n, d"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1]} {"query":"segment"})", "not valid JSON"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1],})", "not valid JSON"},
    // An answer beyond the range names what put it there: here the centre's distance to
    // the plane (-1.5e308 to 1.5e308) overflows, not the radius.
    {R"({"query":"contact","center":[-1.5e308,0],"radius":1,"shape":{"query":"plane","n":[1,0],"d":1.5e308}})",
     "center: the answer lies beyond the floating-point range"},
    {R"({"query":"contact","center":[-1e308,0],"radius":1.7e308,"shape":{"query":"plane","n":[1,0],"d":0}})",
     "radius: the answer lies beyond the floating-point range"},
    // A ray's or line's closest point beyond the range (printed as 1e999 before): p.
    {R"({"query":"line","a":[0,0],"b":[1,0.5],"p":[1.7e308,1.7e308]})",
     "p: the answer lies beyond the floating-point range"},
    {R"({"query":"ray","a":[0,0],"b":[1,0.5],"p":[1.7e308,1.7e308]})",
     "p: the answer lies beyond the floating-point range"},
    // "query" spelt as an alias or in capitals, and one-letter fields in capitals: named,
    // with the intended field (a missing "query" used to hide the "type" beside it).
    {R"({"type":"segment","a":[0,0],"b":[1,0],"p":[0,1]})",
     "unknown field \"type\" (a typo? did you mean \"query\"?)"},
    {R"({"Query":"segment","a":[0,0],"b":[1,0],"p":[0,1]})",
     "unknown field \"Query\" (a typo? did you mean \"query\"?)"},
    {R"({"KIND":"segment","a":[0,0],"b":[1,0],"p":[0,1]})",
     "unknown field \"KIND\" (a typo? did you mean \"query\"?)"},
    {R"({"query":"plane","Normal":[0,1],"d":0,"p":[0,1]})", "unknown field \"Normal\" (a typo? did you mean \"n\"?)"},
    {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"kind":"plane","n":[0,1],"d":0}})",
     "unknown field \"shape.kind\" (a typo? did you mean \"shape.query\"?)"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"P":[0,1]})", "unknown field \"P\" (a typo? did you mean \"p\"?)"},
    {R"({"query":"segment","A":[0,0],"b":[1,0],"p":[0,1]})", "unknown field \"A\" (a typo? did you mean \"a\"?)"},
    // A number that runs into other characters is that number's fault, not the next
    // coordinate's: the parser takes the leading digits as a whole value first.
    {R"({"query":"segment","a":[0,00],"b":[1,0],"p":[0,1]})", "a coordinate 1: not valid JSON: a number runs into"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0, 01]})", "p coordinate 1: not valid JSON: a number runs into"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,-0x1]})", "p coordinate 1: not valid JSON: a number runs into"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0x10,1]})", "p coordinate 0: not valid JSON: a number runs into"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,-2.5e3x]})", "p coordinate 1: not valid JSON: a number runs into"},
    {R"({"query":"plane","n":[0,1],"d":0x10,"p":[0,1]})", "d: not valid JSON: a number runs into"},
    // ... and where it does not, the coordinate the parser was at stays named.
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1 2]})", "p coordinate 1: not valid JSON: column"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1.]})", "p coordinate 1: not valid JSON: column"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,2.5 x]})", "p coordinate 2: not valid JSON: column"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1 -2]})", "p coordinate 1: not valid JSON: column"},
    // A whole number followed by what cannot extend it: that number's.
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1+2]})", "p coordinate 0: not valid JSON: a number runs into"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1-2]})", "p coordinate 0: not valid JSON: a number runs into"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1.5.5]})", "p coordinate 0: not valid JSON: a number runs into"},
    {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1e5E5]})", "p coordinate 0: not valid JSON: a number runs into"},
    // A control character in a string after a number: the string's, not the number's
    // (the parser's token shows the byte as 8 characters, which once shifted the count
    // back onto the digits).
    {"{\"query\":\"segment\",\"a\":[0,0],\"b\":[1000000,\"\t\"],\"p\":[1,2]}", "b coordinate 1: not valid JSON: column"},
    {"{\"query\":\"plane\",\"n\":[0,1],\"d\":1234567,\"x\":\"a\tb\"}", "x: not valid JSON: column"},
};

TEST(QueryJsonErrors, EveryBadLineGetsAnErrorNamingTheField) {
  for (const BadLine& bad : k_badLines) {
    const std::string message = ErrorOf(bad.line);
    EXPECT_NE(message.find(bad.expected), std::string::npos)
        << "line:     " << bad.line << "\nmessage:  " << message << "\nexpected: " << bad.expected;
  }
}

// A syntax error right after an array's value was blamed on the coordinate after it,
// which does not exist: "[3,true1]" read "p coordinate 2: not valid JSON ...". Only a
// number running into other text ("00", "1x") was given to the number. Any value with
// text glued to it is that value's (coordinate 1 here), and a '}' or the end of the line
// where the ']' belongs leaves the array open after its last coordinate. With a space
// between ("[3 1]") the coordinate the parser was at is still the one named.
TEST(QueryJsonErrors, ASyntaxErrorAfterAnArraysValueNamesThatValue) {
  const std::string head = R"({"query":"segment","a":[0,0],"b":[5,0],"p":)";
  const std::string runsInto = "p coordinate 1: not valid JSON: the value runs into the text after it (a ',' or ']' "
                               "is missing between them); column ";
  for (const char* p : {"[3,true1]}", "[3,null1]}", "[3,false1]}", R"([3,"x"1]})", R"([3,1"x"]})", "[3,[1]2]}"}) {
    const std::string message = ErrorOf(head + p);
    EXPECT_EQ(message.rfind(runsInto, 0), 0u) << p << "\n" << message;
  }
  // A character outside ASCII glued to it is named besides (ACharacterOutsideAsciiIsNamed).
  const std::string accent = ErrorOf(head + "[3,true\xC3\xA9]}");
  EXPECT_EQ(accent.rfind(runsInto.substr(0, runsInto.size() - 7) + "a non-ASCII character, U+00E9, outside", 0), 0u)
      << accent;
  EXPECT_EQ(ErrorOf(head + "[3,1}"),
            "p: not valid JSON: the array is not closed after coordinate 1 (a ']' is missing); column 48: syntax "
            "error while parsing array - unexpected '}'; expected ']'");
  EXPECT_EQ(ErrorOf(head + "[3,1 }").rfind("p: not valid JSON: the array is not closed after coordinate 1", 0), 0u);
  EXPECT_EQ(ErrorOf(head + "[3,1").rfind("p: not valid JSON: the array is not closed after coordinate 1 (a ']' is "
                                         "missing); column 48: syntax error while parsing array - unexpected end of "
                                         "input; expected ']'",
                                         0),
            0u)
      << ErrorOf(head + "[3,1");
  EXPECT_EQ(ErrorOf(R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,0,true1],"d":0}})")
                .rfind("shape.n coordinate 2: not valid JSON: the value runs into the text after it", 0),
            0u);
  // Separated by a space: the next coordinate, as before.
  EXPECT_EQ(ErrorOf(head + "[3,true 1]}").rfind("p coordinate 2: not valid JSON: column", 0), 0u)
      << ErrorOf(head + "[3,true 1]}");
}

// A UTF-8 byte order mark at the start of a line is skipped (README), so a line of only
// a BOM, or a BOM and spaces, is an empty line; it read "not valid JSON: column 4: ...
// unexpected end of input".
TEST(QueryJsonErrors, ALineOfOnlyAByteOrderMarkIsAnEmptyLine) {
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_EQ(ErrorOf(bom), ErrorOf(""));
  EXPECT_EQ(ErrorOf(bom + " \t\r"), ErrorOf(""));
  EXPECT_EQ(ErrorOf("").rfind("empty line: expected a JSON object such as ", 0), 0u);
  // A BOM before a query is still skipped, and one that is not at the start is no blank.
  EXPECT_EQ(AnswerJsonLine(bom + R"({"query":"segment","a":[0,0],"b":[5,0],"p":[3,1]})").text,
            R"({"point":[3,0],"distance":1,"distance_sq":1,"t_raw":0.6,"t":0.6,"region":"interior"})");
  EXPECT_EQ(ErrorOf(" " + bom).find("empty line"), std::string::npos);
}

// A byte order mark anywhere but at the very start of a line (a second one, one between
// values or after the object) is refused, and the message said only "invalid literal;
// last read: '\ufffd'" (audit of 2026-11-28's night session). It says what the bytes are.
TEST(QueryJsonErrors, AByteOrderMarkPastTheStartIsNamed) {
  const std::string bom = "\xEF\xBB\xBF";
  const std::string query = R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1]})";
  const std::string named = "a byte order mark (U+FEFF, bytes EF BB BF), which is skipped only at the very start "
                            "of a line; column ";
  EXPECT_EQ(ErrorOf(bom + bom + query).rfind("not valid JSON: " + named + "4: ", 0), 0u) << ErrorOf(bom + bom + query);
  EXPECT_EQ(ErrorOf(query + " " + bom).rfind("not valid JSON: " + named + "51: ", 0), 0u) << ErrorOf(query + " " + bom);
  const std::string inArray = R"({"query":"segment","a":[0,)" + bom + R"(0],"b":[1,0],"p":[0,1]})";
  EXPECT_EQ(ErrorOf(inArray).rfind("a coordinate 1: not valid JSON: " + named + "27: ", 0), 0u) << ErrorOf(inArray);
  // Inside a string it is a character like any other: this one names no query.
  const std::string inString = R"({"query":")" + bom + R"(segment","a":[0,0],"b":[1,0],"p":[0,1]})";
  EXPECT_EQ(ErrorOf(inString).find("byte order mark"), std::string::npos) << ErrorOf(inString);
  EXPECT_EQ(ErrorOf(inString).rfind("query: unknown query", 0), 0u) << ErrorOf(inString);
}

// A character outside ASCII where JSON's punctuation belongs is named: a no-break space
// after a number was told "a number runs into other characters (no leading zeros, no
// hexadecimal)", a minus sign or a full-width digit only "last read: '1,\ufffd'" (tool
// audit). A byte that is no UTF-8 says so, in a string or outside one.
TEST(QueryJsonErrors, ACharacterOutsideAsciiIsNamed) {
  const auto withP = [](const std::string& p) { return R"({"query":"segment","a":[0,0],"b":[1,0],"p":)" + p + "}"; };
  const std::string outside = ", outside a string, where JSON has only ASCII numbers, punctuation and spaces; column ";
  const std::string space = ErrorOf(withP("[1,2\xC2\xA0]"));
  EXPECT_EQ(space.rfind("p coordinate 1: not valid JSON: a non-ASCII character, U+00A0 (a no-break space)" + outside, 0),
            0u) << space;
  EXPECT_EQ(space.find("runs into"), std::string::npos) << space;
  const std::string minus = ErrorOf(withP("[1,\xE2\x88\x92" "2]"));
  EXPECT_NE(minus.find("U+2212 (a minus sign: JSON's minus is '-')" + outside), std::string::npos) << minus;
  const std::string digit = ErrorOf(withP("[1,\xEF\xBC\x92]"));
  EXPECT_NE(digit.find("U+FF12 (a full-width digit: JSON's digits are 0-9)" + outside), std::string::npos) << digit;
  const std::string quote = ErrorOf("{\xE2\x80\x9Cquery\":\"segment\"}");
  EXPECT_NE(quote.find("U+201C (a curly quotation mark: JSON's is '\"')" + outside), std::string::npos) << quote;
  const std::string other = ErrorOf(withP("[1,2]\xE2\x82\xAC"));  // a euro sign: no name, its code point
  EXPECT_NE(other.find("a non-ASCII character, U+20AC" + outside), std::string::npos) << other;
  const std::string bad = ErrorOf(withP("[1,2\xFF]"));
  EXPECT_NE(bad.find("a byte 0xFF that is no UTF-8 text, outside a string (JSON text is UTF-8); column "),
            std::string::npos) << bad;
  const std::string badInString = ErrorOf(R"({"query":"seg)" + std::string("\xFF") + R"(ment"})");
  EXPECT_NE(badInString.find("a byte 0xFF that is no UTF-8 text, in a string (JSON text is UTF-8); column "),
            std::string::npos) << badInString;
  // Bytes F5 to FF begin no UTF-8 sequence, followed by continuation bytes or not (they
  // were read as a three-byte character: "U+F000"; review).
  for (const std::string bytes : {"\xFF\x80\x80", "\xF5\x80\x80", "\xF8\xBF\xBF", "\xC0\xAF", "\xED\xA0\x80"}) {
    const std::string message = ErrorOf(withP("[1,2" + bytes + "]"));
    EXPECT_NE(message.find("no UTF-8 text, outside a string"), std::string::npos) << message;
    EXPECT_EQ(message.find("non-ASCII character"), std::string::npos) << message;
  }
  // A whole character in a string where the parser stopped for another reason (after a
  // backslash, in a \u escape) is not said to be outside one (review).
  for (const std::string key : {"seg\\\xC3\xA9", "seg\\u00\xC3\xA9"}) {
    const std::string message = ErrorOf(R"({"query":")" + key + R"("})");
    EXPECT_EQ(message.find("outside a string"), std::string::npos) << message;
  }
  // Inside a string a non-ASCII character is a character like any other.
  const std::string inString = ErrorOf(R"({"query":"seg)" + std::string("\xC2\xA0") + R"(ment"})");
  EXPECT_EQ(inString.find("non-ASCII"), std::string::npos) << inString;
}

// The fix above read only the tokens the parser could lex ("true1": a number after true).
// Text it cannot lex glued to a value ("truex": 'x' starts no JSON token) comes to it as
// the lexer's own error ("invalid literal", "invalid number", "invalid string"), and
// {"query":"segment","a":[3,truex],...} still read "a coordinate 2: not valid JSON:
// column ...", a coordinate that does not exist, without saying what is wrong (audit). The
// same glued text after an object's value ("d":truex, or "a":[0,0]"b":...) was only
// "(after field d)". Each is now the value's own: its coordinate or its field, and the
// words say that a separator is missing.
TEST(QueryJsonErrors, TextTheParserCannotReadGluedToAValueNamesThatValue) {
  const std::string head = R"({"query":"segment","a":[0,0],"b":[5,0],"p":)";
  const std::string runsInto =
      "p coordinate 1: not valid JSON: the value runs into the text after it (a ',' or ']' "
      "is missing between them); column ";
  for (const std::string p : {"[3,truex]}", "[3,nullx]}", "[3,falsex]}", R"([3,"x"x]})",      "[3,[1]x]}",
                              "[3,true_]}", "[3,trueX]}", "[3,true@]}",  "[3,truetrux]}",
                              "[3,truetru", "[3,true-]}", "[3,true1.]}", R"([3,true"x)",      "[3,true\"a\x01\"]}",
                              "[3,true/]}", "[3,true-",   "[3,true1",    "[3,true1.",         "[3,truefals"}) {
    const std::string message = ErrorOf(head + p);
    EXPECT_EQ(message.rfind(runsInto, 0), 0u) << p << "\n" << message;
  }
  // The brief's line, whole: the coordinate, what is wrong, and the parser's own words.
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[3,truex],"b":[1,0],"p":[0,0]})"),
            "a coordinate 1: not valid JSON: the value runs into the text after it (a ',' or ']' is missing between "
            "them); column 31: syntax error while parsing array - invalid literal; last read: '3,truex'; expected ']'");
  EXPECT_EQ(ErrorOf(head + "[truex,3]}").rfind("p coordinate 0: not valid JSON: the value runs into the text", 0), 0u)
      << ErrorOf(head + "[truex,3]}");
  EXPECT_EQ(ErrorOf(R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1,truex],"d":0}})")
                .rfind("shape.n coordinate 2: not valid JSON: the value runs into the text after it", 0),
            0u);
  // Separated by a space, the text is the next coordinate, as with "[3,true 1]".
  EXPECT_EQ(ErrorOf(head + "[3,true x]}").rfind("p coordinate 2: not valid JSON: column", 0), 0u)
      << ErrorOf(head + "[3,true x]}");
  // After an object's value: that field, and the object's separator.
  const std::string fieldRunsInto =
      ": not valid JSON: the value runs into the text after it (a ',' or '}' is missing between them); column ";
  const std::pair<const char*, const char*> glued[] = {
      {R"({"query":"plane","n":[0,1],"d":truex,"p":[0,1]})", "d"},
      {R"({"query":"plane","n":[0,1],"d":"x"x,"p":[0,1]})", "d"},
      {R"({"query":"plane","n":[0,1],"d":true1,"p":[0,1]})", "d"},
      {R"({"query":"plane","n":[0,1]x,"d":0,"p":[0,1]})", "n"},
      {R"({"query":"segment","a":[0,0]"b":[1,0],"p":[0,1]})", "a"},
      {R"({"query":"segment"x,"a":[0,0],"b":[1,0],"p":[0,1]})", "query"},
      {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0}x})", "shape"},
      {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1],"d":falsex}})", "shape.d"},
  };
  for (const auto& [line, field] : glued) {
    const std::string message = ErrorOf(line);
    EXPECT_EQ(message.rfind(field + fieldRunsInto, 0), 0u) << line << "\n" << message;
  }
  // With a space, or a stray ']' (not text glued to the value), the place is said as before.
  for (const char* line :
       {R"({"query":"plane","n":[0,1],"d":true x,"p":[0,1]})", R"({"query":"plane","n":[0,1],"d":0],"p":[0,1]})"}) {
    const std::string message = ErrorOf(line);
    EXPECT_EQ(message.find("runs into"), std::string::npos) << line << "\n" << message;
    EXPECT_NE(message.find("(after field d)"), std::string::npos) << line << "\n" << message;
  }
}

TEST(QueryJsonErrors, ANulByteIsAnErrorWhereverItIs) {
  // The parser took a NUL byte for the end of the text: the rest of the line was dropped
  // and the line answered as if it ended there.
  using namespace std::string_literals;
  const std::string valid = R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1]})";
  const std::string afterObject = valid + "\0garbage"s;
  EXPECT_EQ(ErrorOf(afterObject),
            "not valid JSON: column 50: a NUL byte (JSON text cannot contain one, not even inside a string)");
  const std::string inString = R"({"query":"seg)" + "\0"s + R"(ment","a":[0,0],"b":[1,0],"p":[0,1]})";
  EXPECT_NE(ErrorOf(inString).find("column 14: a NUL byte"), std::string::npos) << ErrorOf(inString);
  EXPECT_NE(ErrorOf("\0"s).find("column 1: a NUL byte"), std::string::npos);
}

TEST(QueryJsonErrors, CoreRefusalsUseCoresDescription) {
  // The message of a core-level refusal is cq::Describe's sentence, word for word.
  EXPECT_EQ(ErrorOf(R"({"query":"plane","n":[0,0,0],"d":1,"p":[1,2,3]})"),
            "n: the plane normal is the zero vector; a plane needs a non-zero normal");
  EXPECT_EQ(ErrorOf(R"({"query":"contact","center":[0,0],"radius":-1,"shape":{"query":"plane","n":[0,1],"d":0}})"),
            "radius: the radius is negative; it must be zero or more");
}

TEST(QueryJsonErrors, ErrorLinesAreValidJsonWhateverTheInput) {
  // Bytes that are not UTF-8, control characters and quotes in the input end up quoted in
  // the message; the error line must still be one valid JSON line.
  const std::string lines[] = {
      std::string("{\"query\":\"seg\xff\"}"),
      std::string("{\"query\":\"segment\",\"a\":[0,\xc3]}"),
      std::string("{\"query\":\"a\\\"b\\u0001\"}"),
      std::string("{\"\\n\\t\":1,\"query\":\"segment\"}"),
      std::string("\x01\x02\x7f"),
      std::string("{\"query\":\"segment\",\"a\":[0,0],\"b\":[1,0],\"p\":[0,1],\"") + std::string(5000, 'k') + "\":1}",
  };
  for (const std::string& line : lines) {
    const LineAnswer answer = AnswerJsonLine(line);
    EXPECT_FALSE(answer.ok);
    EXPECT_EQ(answer.text.find('\n'), std::string::npos);
    EXPECT_LT(answer.text.size(), 1000u) << "echoed names are truncated";
    EXPECT_NO_THROW({
      const Json j = Json::parse(answer.text);
      EXPECT_TRUE(j["error"].is_string());
    }) << answer.text;
  }
}

TEST(QueryJsonErrors, DeepNestingIsRefusedWithoutRecursing) {
  const std::string line = "{\"query\":\"segment\",\"a\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
  EXPECT_NE(ErrorOf(line).find("nested too deeply"), std::string::npos);
  // A line that is an array is not a query, deep or not (it was "element 0 coordinate 0
  // ...: nested too deeply").
  EXPECT_EQ(ErrorOf(std::string(100000, '[') + std::string(100000, ']')),
            R"(expected a JSON object such as {"query":"segment","a":[0,0],"b":[1,0],"p":[0,1]}, got an array)");
  EXPECT_EQ(ErrorOf("[1,2]"), ErrorOf("[[[[0]]]]"));
}

TEST(QueryJsonErrors, PlainTextIsNotToldAboutNaN) {
  // "not json" stops at "no": it was told "NaN and Infinity are not JSON numbers".
  EXPECT_EQ(ErrorOf("not json").find("NaN"), std::string::npos) << ErrorOf("not json");
  EXPECT_EQ(ErrorOf("nope").find("NaN"), std::string::npos);
  EXPECT_EQ(ErrorOf("{\"query\":\"segment\",\"a\":[0,nothing]}").find("NaN"), std::string::npos);
  EXPECT_NE(ErrorOf("{\"query\":\"segment\",\"a\":[0,inf]}").find("NaN and Infinity"), std::string::npos);
  EXPECT_NE(ErrorOf("{\"query\":\"segment\",\"a\":[0,-INF]}").find("NaN and Infinity"), std::string::npos);
  // Review s35: an unfinished string that begins like one of them is a string, not a number.
  for (const char* line : {"{\"n", "{\"query\":\"i", "{\"query\":\"segment\",\"p\":[1,\"in"}) {
    EXPECT_EQ(ErrorOf(line).find("NaN"), std::string::npos) << ErrorOf(line);
    EXPECT_NE(ErrorOf(line).find("missing closing quote"), std::string::npos) << ErrorOf(line);
  }
}

// The lexer stops at the first letter of "None" (it read "N"): the line written by
// Python's str() was told NaN is not a JSON number (CLI audit). The whole word decides.
TEST(QueryJsonErrors, PythonsNoneTrueAndFalseAreNamedAsPythons) {
  const std::string none = ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,None]})");
  EXPECT_EQ(none.find("NaN"), std::string::npos) << none;
  EXPECT_NE(none.find("p coordinate 1: not valid JSON: None is Python's (JSON writes null); "), std::string::npos)
      << none;
  const std::string yes = ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,True]})");
  EXPECT_NE(yes.find("True and False are Python's"), std::string::npos) << yes;
  EXPECT_NE(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,Nan]})").find("NaN and Infinity"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,Na)").find("NaN and Infinity"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,In)").find("NaN and Infinity"), std::string::npos);
  // The start of one only where the line ends there (review: "N,2" and "nan_x" were told).
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,N,2]})").find("NaN"), std::string::npos);
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,Na])").find("NaN"), std::string::npos);
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,Nab]})").find("NaN"), std::string::npos);
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1,nil]})").find("Python"), std::string::npos);
}

TEST(QueryJsonErrors, AKeyThatSwallowedAFieldIsNamedAsTheKeyRead) {
  // Review s35: a closing quote left out made the rest of the line the key, which led the
  // message as if it were a field: "a:[0,0],: not valid JSON ...".
  const std::string message = ErrorOf(R"({"query":"segment","a:[0,0],"b":[1,0],"p":[0,1]})");
  EXPECT_EQ(message.rfind(R"(the key "a:[0,0],": not valid JSON: column 30)", 0), 0u) << message;
}

// A mutation run found the singular untested: an array of one number "got 1 element".
TEST(QueryJsonErrors, AnArrayOfOneNumberIsSaidToHaveOneElement) {
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[1],"b":[1,0],"p":[0,1]})"),
            "a: expected an array of 2 or 3 numbers, got 1 element");
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[1,2,3,4],"b":[1,0],"p":[0,1]})"),
            "a: expected an array of 2 or 3 numbers, got 4 elements");
}

// A mutation run found the suggestion's tie-break untested: "mix" is one edit from both
// min and max, and the first of them in the query's own order (min) is suggested.
TEST(QueryJsonErrors, ATypoAsNearTwoNamesSuggestsTheFirstInTheQuerysOrder) {
  EXPECT_EQ(ErrorOf(R"({"query":"aabb","mix":[0,0],"max":[1,1],"p":[2,2]})"),
            "unknown field \"mix\" (a typo? did you mean \"min\"?); an aabb query takes query, min, max, p");
}

// A mutation run found the column arithmetic for a raw control character untested: the
// parser's token text shows its one byte as "<U+0001>", 8 characters, 7 more than in the
// line. Counted one off, the error after the second coordinate was not given to the
// string that starts coordinate 2.
TEST(QueryJsonErrors, ARawControlCharacterInAStringIsCountedAsOneByte) {
  const std::string message = ErrorOf("{\"query\":\"segment\",\"a\":[1,2 \"x\x01\"]}");
  EXPECT_EQ(message.rfind("a coordinate 2: not valid JSON: column 31: ", 0), 0u) << message;
}

// A mutation run found the depth limit untested at the limit itself: a line may open 16
// objects and arrays (k_maxDepth), and the 17th is nested too deeply.
TEST(QueryJsonErrors, TheSeventeenthNestedContainerIsNestedTooDeeply) {
  const auto nested = [](int arrays) {  // the line's object and `arrays` arrays inside it
    return "{\"query\":\"segment\",\"a\":" + std::string(std::size_t(arrays), '[') + "0" +
           std::string(std::size_t(arrays), ']') + ",\"b\":[1,0],\"p\":[0,1]}";
  };
  const std::string atTheLimit = ErrorOf(nested(15));
  EXPECT_EQ(atTheLimit.find("nested too deeply"), std::string::npos) << atTheLimit;
  const std::string past = ErrorOf(nested(16));
  EXPECT_NE(past.find("nested too deeply: a query needs at most 3 levels"), std::string::npos) << past;
}

TEST(QueryJsonErrors, AnObjectOfManyFieldsIsRefusedAtOnce) {
  // The duplicate check searched the object's fields for every key: 100 000 fields took
  // 26 s. Past 64 fields (a query has at most four) the line is refused where it stands,
  // top level or inside the shape.
  std::string fields;
  for (int i = 0; i < 100000; ++i) fields += ",\"k" + std::to_string(i) + "\":1";
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1])" + fields + "}"),
            "more than 64 fields in one object: not a query (a query object has at most four fields)");
  EXPECT_EQ(ErrorOf(R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0)" +
                    fields + "}}"),
            "shape: more than 64 fields in one object: not a query (a query object has at most four fields)");
  // 64 fields are read, and the first unknown one named.
  std::string some;
  for (int i = 0; i < 60; ++i) some += ",\"k" + std::to_string(i) + "\":1";
  EXPECT_NE(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1])" + some + "}").find("unknown field \"k0\""),
            std::string::npos);
}

TEST(QueryJsonErrors, AnArrayOfManyElementsIsRefusedAtOnce) {
  // The parser kept every element until the array closed: 3 million "{}" in p (9 MB) took
  // 252 MB before "got 3000000 elements", and under a memory limit the tool aborted with
  // no answer to this line or the next. Past 64 elements the line is refused where it
  // stands; so is a line of more than 4096 values at any depth.
  std::string many = "{}";
  for (int i = 0; i < 3000000; ++i) many += ",{}";
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[)" + many + "]}"),
            "p: an array of more than 64 elements: not a query (a point has 2 or 3 numbers)");
  std::string row = "0";
  for (int i = 1; i < 64; ++i) row += ",0";
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[)" + row + R"(],"b":[1,0],"p":[0,1]})"),
            "a: expected an array of 2 or 3 numbers, got 64 elements");
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[)" + row + ",0" + R"(],"b":[1,0],"p":[0,1]})"),
            "a: an array of more than 64 elements: not a query (a point has 2 or 3 numbers)");
  EXPECT_EQ(ErrorOf(R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[)" + many + "]}}"),
            "shape.n: an array of more than 64 elements: not a query (a point has 2 or 3 numbers)");
  // Any field's array, not only a point's (it read "expected an array of 2 or 3 numbers"
  // for "radius" and "query": review).
  EXPECT_EQ(ErrorOf(R"({"query":"contact","center":[0,0],"radius":[)" + row + ",0" + R"(]})"),
            "radius: an array of more than 64 elements: not a query (a point has 2 or 3 numbers)");
  std::string square = "[" + row + "]";
  for (int i = 1; i < 64; ++i) square += ",[" + row + "]";
  EXPECT_EQ(ErrorOf(R"({"query":"segment","a":[0,0],"b":[1,0],"p":[)" + square + "]}"),
            "more than 4096 values in one line: not a query");
}

TEST(QueryJsonErrors, FirstUnknownFieldInTypedOrderIsNamed) {
  EXPECT_NE(ErrorOf(R"({"zz":1,"query":"segment","aa":1,"a":[0,0],"b":[1,0],"p":[0,1]})").find("\"zz\""),
            std::string::npos);
}

TEST(QueryJsonErrors, NumbersInAnyJsonSpellingAreAccepted) {
  // Integers, exponents, negative zero and values beyond 2^64 are all numbers.
  const Json j = AnswerOf(R"({"query":"aabb","min":[-1E2,-0.0,0],"max":[1e2,18446744073709551616,1],"p":[5e-1,3,-2]})");
  EXPECT_EQ(Numbers(j["point"]), (std::vector<double>{0.5, 3, 0}));
}

// ---- the whole input ----------------------------------------------------------------------

/// A stream buffer that takes `capacity` characters and then fails, like a disk that fills.
class FillingBuffer : public std::streambuf {
 public:
  explicit FillingBuffer(std::size_t capacity) : m_capacity(capacity) {}
  const std::string& Text() const { return m_text; }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    if (m_text.size() >= m_capacity) return traits_type::eof();
    m_text.push_back(traits_type::to_char_type(c));
    return c;
  }

 private:
  std::size_t m_capacity;
  std::string m_text;
};

TEST(QueryJsonLines, ExitStatusSaysWhetherEveryLineWasAnswered) {
  const std::string good = R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0.5,1]})";
  std::istringstream allGood(good + "\n" + good + "\n");
  std::ostringstream out;
  EXPECT_EQ(AnswerJsonLines(allGood, out), k_exitAllAnswered);
  std::istringstream oneBad(good + "\noops\n" + good + "\n");
  std::ostringstream out2;
  EXPECT_EQ(AnswerJsonLines(oneBad, out2), k_exitSomeLineWasAnError);
  const std::string text = out2.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);
}

TEST(QueryJsonLines, StopsAtTheFirstAnswerThatCannotBeWritten) {
  // Room for the first answer and part of the second: the second write fails, and the
  // third line is never read (its answer could reach nobody).
  const std::string good = R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0.5,1]})";
  const std::string answer = AnswerJsonLine(good).text + "\n";
  FillingBuffer buffer(answer.size() + 5);
  std::ostream out(&buffer);
  std::istringstream in(good + "\n" + good + "\n" + good + "\n");
  EXPECT_EQ(AnswerJsonLines(in, out), k_exitWriteFailed);
  EXPECT_EQ(buffer.Text(), answer + answer.substr(0, 5));
  std::string rest;
  std::getline(in, rest);
  EXPECT_EQ(rest, good) << "the line after the failed answer is left unread";
}

/// A stream buffer that gives `text` and then fails to read, as read(2) does on a
/// directory or a closed descriptor: errno set, and an exception, which std::istream
/// turns into badbit (as libstdc++'s filebuf does on a failed read).
class FailingReadBuffer : public std::streambuf {
 public:
  explicit FailingReadBuffer(std::string text) : m_text(std::move(text)) {}

 protected:
  int_type underflow() override {
    if (!m_given) {
      m_given = true;
      setg(m_text.data(), m_text.data(), m_text.data() + m_text.size());
      if (!m_text.empty()) return traits_type::to_int_type(m_text.front());
    }
    errno = EIO;
    throw std::ios_base::failure("read failed");
  }

 private:
  std::string m_text;
  bool m_given = false;
};

// A failed read ended the loop as the end of the input would: `closest-query < /tmp`
// answered nothing and exited 0, silently. The lines read before the failure are
// answered; a line the failure cut short is not; the status is the read failure's (not
// 1 for the bad line before it), and errno holds the read's reason, not one left by
// parsing (1e999 sets ERANGE).
TEST(QueryJsonLines, AFailedReadIsNotTheEndOfTheInput) {
  const std::string good = R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0.5,1]})";
  const std::string overflow = R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0.5,1e999]})";
  FailingReadBuffer buffer(good + "\n" + overflow + "\n" + good);
  std::istream in(&buffer);
  std::ostringstream out;
  EXPECT_EQ(AnswerJsonLines(in, out), k_exitReadFailed);
  EXPECT_EQ(errno, EIO);
  EXPECT_EQ(out.str(), AnswerJsonLine(good).text + "\n" + AnswerJsonLine(overflow).text + "\n");
  EXPECT_TRUE(in.bad());
  // Nothing read at all: still a failure, not an empty input.
  FailingReadBuffer nothing("");
  std::istream empty(&nothing);
  std::ostringstream none;
  EXPECT_EQ(AnswerJsonLines(empty, none), k_exitReadFailed);
  EXPECT_EQ(none.str(), "");
}

}  // namespace
}  // namespace cq::query::test
