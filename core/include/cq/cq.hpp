// cq/cq.hpp: the whole query library in one include.
#pragma once

#include "cq/aabb.hpp"
#include "cq/batch.hpp"
#include "cq/contact.hpp"
#include "cq/linear.hpp"
#include "cq/normalize.hpp"
#include "cq/plane.hpp"
#include "cq/regions2d.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"
