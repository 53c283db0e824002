# check_vectorized.cmake: fails unless GCC vectorises the batch kernel's loop.
#
#   cmake -DCOMPILER=<c++> -DFLAGS="<flags>" -DSOURCE=<core/src/batch.cpp>
#         -DKERNEL=<the file with SolveBlock> -DOBJECT=<scratch .o> -DMIN_LOOPS=<n>
#         [-DWIDTH=<bytes>|target] -P check_vectorized.cmake
#
# Compiles SOURCE with FLAGS plus -fopt-info-vec-optimized and counts GCC's "loop
# vectorized" notes on the line of SolveBlockPortable's point loop in KERNEL (FLAGS
# define CQ_BATCH_PORTABLE, so that SOURCE uses that loop even for an AVX-512 target). MIN_LOOPS is the
# number of SolveBlockPortable instantiations SOURCE makes: each must be vectorised. The line is
# found in KERNEL, so the check follows edits to it. WIDTH is the vector width in bytes
# each of those loops must use; "target" (the default) takes the widest the FLAGS' target
# has (64 with AVX-512, 32 with AVX2, else any): a build whose loops came out in narrower
# vectors than its target's passed before (review s32). Not a timing test.

foreach(var COMPILER FLAGS SOURCE KERNEL OBJECT MIN_LOOPS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_vectorized: -D${var}=... is required")
  endif()
endforeach()

# The line of `for (std::size_t i = begin; ...` after `bool SolveBlockPortable(`.
file(READ "${KERNEL}" text)
string(FIND "${text}" "bool SolveBlockPortable(" blockPos)
if(blockPos EQUAL -1)
  message(FATAL_ERROR "check_vectorized: no 'bool SolveBlockPortable(' in ${KERNEL}")
endif()
string(SUBSTRING "${text}" ${blockPos} -1 fromBlock)
string(FIND "${fromBlock}" "for (std::size_t i = begin;" loopOffset)
if(loopOffset EQUAL -1)
  message(FATAL_ERROR "check_vectorized: SolveBlockPortable has no 'for (std::size_t i = begin;' loop")
endif()
math(EXPR loopPos "${blockPos} + ${loopOffset}")
string(SUBSTRING "${text}" 0 ${loopPos} beforeLoop)
string(REGEX MATCHALL "\n" newlines "${beforeLoop}")
list(LENGTH newlines newlineCount)
math(EXPR loopLine "${newlineCount} + 1")

separate_arguments(flagList UNIX_COMMAND "${FLAGS}")
if(NOT DEFINED WIDTH OR WIDTH STREQUAL "target")
  execute_process(COMMAND "${COMPILER}" ${flagList} -dM -E -x c++ /dev/null
                  RESULT_VARIABLE macroStatus OUTPUT_VARIABLE macros ERROR_VARIABLE macroErr)
  if(NOT macroStatus EQUAL 0)
    message(FATAL_ERROR "check_vectorized: reading the target's macros failed:\n${macroErr}")
  endif()
  if(macros MATCHES "#define __AVX512F__ 1")
    set(WIDTH 64)
  elseif(macros MATCHES "#define __AVX2__ 1")
    set(WIDTH 32)
  else()
    set(WIDTH 0)  # no particular width
  endif()
endif()
execute_process(
  COMMAND "${COMPILER}" ${flagList} -fopt-info-vec-optimized -c "${SOURCE}" -o "${OBJECT}"
  RESULT_VARIABLE status
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "check_vectorized: compiling ${SOURCE} failed (${status}):\n${err}")
endif()

get_filename_component(sourceName "${KERNEL}" NAME)
string(REGEX MATCHALL "${sourceName}:${loopLine}:[0-9]+: optimized: loop vectorized[^\n]*" notes "${out}${err}")
string(REPLACE ";" "\n  " noteText "${notes}")
# GCC notes each vectorised loop once and each vectorised epilogue (the remainder, in
# narrower vectors) once more. Count the notes at the widest width seen: one per
# instantiation of SolveBlockPortable.
set(widest 0)
foreach(note IN LISTS notes)
  if(note MATCHES "using ([0-9]+) byte vectors" AND CMAKE_MATCH_1 GREATER widest)
    set(widest ${CMAKE_MATCH_1})
  endif()
endforeach()
set(mainLoops 0)
foreach(note IN LISTS notes)
  if(note MATCHES "using ${widest} byte vectors")
    math(EXPR mainLoops "${mainLoops} + 1")
  endif()
endforeach()
if(WIDTH GREATER 0 AND NOT widest EQUAL WIDTH)
  message(FATAL_ERROR
    "check_vectorized: SolveBlockPortable's loop (${sourceName}:${loopLine}) vectorised with ${widest}-byte "
    "vectors at best, expected ${WIDTH}.\nFlags: ${FLAGS}\nGCC's notes on that line:\n  ${noteText}")
endif()
if(mainLoops LESS MIN_LOOPS)
  message(FATAL_ERROR
    "check_vectorized: SolveBlockPortable's loop (${sourceName}:${loopLine}) vectorised in ${mainLoops} "
    "instantiations, expected ${MIN_LOOPS}.\nFlags: ${FLAGS}\nGCC's notes on that line:\n  ${noteText}\n"
    "All vectoriser output:\n${err}")
endif()
message(STATUS "SolveBlockPortable's loop (${sourceName}:${loopLine}): ${mainLoops} instantiations vectorised with ${widest}-byte vectors:\n  ${noteText}")
