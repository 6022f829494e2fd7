# fuzz/Targets.cmake: the libFuzzer targets of every parser and loader but the configuration and baseline ones
# (included by fuzz/CMakeLists.txt; docs/fuzzing.md). The project's libraries they exercise are instrumented too: a
# fuzz build is a -DPTOLINT_SANITIZE=address,undefined build with coverage (top-level CMakeLists.txt).
# ptolint_fuzz_target(NAME SOURCES... [LIBS libs...]): a target in the `ptolint-fuzzers` set (what fuzz/ci.sh builds).
add_custom_target(ptolint-fuzzers)
function(ptolint_fuzz_target Name)
  cmake_parse_arguments(F "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${Name} ${F_SOURCES})
  target_include_directories(${Name} PRIVATE ${CMAKE_SOURCE_DIR})
  target_compile_options(${Name} PRIVATE ${PTOLINT_FUZZ_FLAGS} -g)
  target_link_options(${Name} PRIVATE ${PTOLINT_FUZZ_FLAGS})
  target_link_libraries(${Name} PRIVATE ${F_LIBS})
  add_dependencies(ptolint-fuzzers ${Name})
endfunction()

# Rule files: the loader, the validator and the rule compiler (pto-rulegen's path), and the engine on what loads.
ptolint_fuzz_target(rule-fuzz SOURCES RuleFuzz.cpp ${CMAKE_BINARY_DIR}/EmbeddedRules.cpp LIBS ptolint_checker)
# Compile databases and CCE command translation (NpuCommand, NpuDatabase, the exported database).
ptolint_fuzz_target(npu-fuzz SOURCES NpuFuzz.cpp ${CMAKE_SOURCE_DIR}/driver/NpuCommand.cpp
                    ${CMAKE_SOURCE_DIR}/clangfe/NpuDatabase.cpp LIBS ptolint_support clang-cpp LLVM
                    nlohmann_json::nlohmann_json)
target_include_directories(npu-fuzz SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
target_compile_definitions(npu-fuzz PRIVATE ${LLVM_DEFINITIONS})
# JSON and SARIF reports: structured random findings, written and read back.
ptolint_fuzz_target(emit-fuzz SOURCES EmitFuzz.cpp LIBS ptolint_checker)
# The ground and interval evaluators against each other and against Z3.
ptolint_fuzz_target(ground-fuzz SOURCES GroundFuzz.cpp LIBS ptolint_checker)
# The engine on random call sites: precheck on/off, and concrete instances.
ptolint_fuzz_target(engine-fuzz SOURCES EngineFuzz.cpp LIBS ptolint_checker)
add_dependencies(ptolint-fuzzers pto-text-fuzz)
