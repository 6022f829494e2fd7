// tests: the textual PTO front end. The reader on its own (error recovery with one message per error), and the
// corpus: every `.pto` file of PTOAS's lit tests (../shared/third_party/ptoas/test/lit or $PTOAS_TEST_DIR; skipped
// with a message when absent) is read with no syntax error, and every finding, on files the assembler accepts and
// on files it must reject, is the triaged one of tests/conformance/ptoas-lit.txt (PTOLINT_BLESS=1 adds new ones
// as UNTRIAGED, which fails until someone writes the reason).
#include "driver/Driver.h"
#include "ptotext/Lowering.h"
#include "ptotext/Reader.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <algorithm>
#include <sstream>

using namespace pto;

namespace {

using pto::testutil::readFile;

/// The errors of reading a fixture under tests/pto/errors, as "line:col message".
std::vector<std::string> errorsReading(const std::string &Name, ptotext::Reading &R) {
  const std::string Path = std::string(PTOLINT_SOURCE_DIR) + "/tests/pto/errors/" + Name;
  R = ptotext::read(Path, readFile(Path), checker::RuleSet::builtin());
  std::vector<std::string> Got;
  for (const ptotext::Problem &P : R.errors)
    Got.push_back(std::to_string(P.loc.line) + ":" + std::to_string(P.loc.col) + " " + P.message);
  return Got;
}

TEST(PtoText, EverySyntaxErrorIsReportedAndReadingGoesOn) {
  ptotext::Reading R;
  EXPECT_EQ(errorsReading("syntax-errors.pto", R), (std::vector<std::string>{"5:27 unbalanced '<' in '!pto.tile_buf<vec, 16x64xf32'",
                                           "6:10 expected an op name after '=', found '='", "7:5 unmatched ')'"}));
  ASSERT_EQ(R.calls.size(), 1u) << "the op after the errors is still read";
  EXPECT_EQ(R.calls[0].op, "TCOLMAX");
  EXPECT_EQ(R.calls[0].loc.line, 10u);
}

/// A type whose '<' is never closed ends at its line: a '>' in a later comment or statement does not close it, nor does
/// a string run on past its line, so every later error is reported and every later op read.
TEST(PtoText, UnbalancedAngleEndsAtItsLine) {
  ptotext::Reading R;
  EXPECT_EQ(errorsReading("unbalanced-angle.pto", R), (std::vector<std::string>{"6:27 unbalanced '<' in '!pto.tile_buf<vec, 16x64xf32'",
                                           "11:27 unbalanced '<' in '!pto.tile_buf<vec, 16x64xf32, valid=\"16x64>'",
                                           "13:27 unbalanced '<' in 'memref<16x64xf32'",
                                           "12:10 expected an op name after '=', found '='"}));
  ASSERT_EQ(R.calls.size(), 2u);
  EXPECT_EQ(R.calls[0].op, "TCOLMAX");
  EXPECT_EQ(R.calls[0].loc.line, 10u);
  EXPECT_EQ(R.calls[1].op, "TCOLMIN");
  EXPECT_EQ(R.calls[1].loc.line, 14u);
}

/// The backend a file is compiled for: pto-lint's options, else the module's pto.backend, else the ptoas commands of
/// its RUN lines (every one that assembles it; `not ptoas` ones aside), else emitc. A TPARTMAX is read as the
/// overload of that backend.
TEST(PtoText, BackendFromOptionsModuleAndRunLines) {
  const std::string Kernel = R"(module attributes {pto.target_arch = "a5"MODULE} {
  func.func @k() {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32, valid=8x64>
    %b = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32, valid=16x32>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    pto.tpartmax ins(%a, %b : !pto.tile_buf<vec, 16x64xf32, valid=8x64>, !pto.tile_buf<vec, 16x64xf32, valid=16x32>)
                 outs(%d : !pto.tile_buf<vec, 16x64xf32>)
    return
  }
}
)";
  auto Read = [&](const std::string &Runs, const std::string &Module, ptotext::ReadOptions O = {}) {
    std::string T = Runs + Kernel;
    T.replace(T.find("MODULE"), 6, Module);
    return ptotext::read("b.pto", T, checker::RuleSet::builtin(), O);
  };
  auto Expect = [](const ptotext::Reading &R, const char *Name, bool Expand, const char *From) {
    EXPECT_EQ(R.backend.name, Name);
    EXPECT_EQ(R.backend.tileOpExpand, Expand);
    EXPECT_EQ(R.backend.from, From);
    ASSERT_EQ(R.calls.size(), 1u);
    EXPECT_EQ(R.calls[0].overload, R.backend.expands() ? "tile-op-expand" : "plain");
  };
  const std::string Expand = "// RUN: ptoas --pto-arch=a5 --pto-backend=vpto --enable-tile-op-expand %s -o %t.o\n";
  Expect(Read("", ""), "emitc", false, "default");
  Expect(Read(Expand, ""), "vpto", true, "RUN lines");
  Expect(Read("// RUN: ptoas --pto-arch=a5 --pto-backend=vpto \\\n// RUN:   --enable-tile-op-expand %s | FileCheck %s\n", ""),
         "vpto", true, "RUN lines");
  // Compiled both ways: not every command expands the tile ops.
  Expect(Read(Expand + "// RUN: ptoas --pto-arch=a5 %s | FileCheck %s\n", ""), "emitc", false, "RUN lines");
  // A command that must fail says nothing about how the file is compiled, unless every command must fail.
  Expect(Read(Expand + "// RUN: not ptoas --pto-arch=a3 %s 2>&1 | FileCheck %s\n", ""), "vpto", true, "RUN lines");
  Expect(Read("// RUN: not ptoas --pto-arch=a5 --pto-backend=vpto %s 2>&1 | FileCheck %s\n", ""), "vpto", false,
         "RUN lines");
  Expect(Read("// RUN: pto-test-opt %s -pto-vexpdif-fusion | FileCheck %s\n", ""), "emitc", false, "default");
  Expect(Read(Expand, ", pto.backend = \"emitc\""), "emitc", true, "module attribute and RUN lines");
  ptotext::ReadOptions O;
  O.backend = "emitc";
  Expect(Read(Expand, "", O), "emitc", true, "option and RUN lines");
  O.backend = "vpto";
  O.tileOpExpand = true;
  Expect(Read("", "", O), "vpto", true, "option");
}

/// PTOAS's low-precision element types (PTOTypeUtils.cpp): read as types of their own, with their storage widths,
/// so a register of them is checked like any other.
TEST(PtoText, LowPrecisionElementTypes) {
  const std::string Text = R"(module attributes {pto.target_arch = "a5"} {
  func.func @k(%n: i32) {
    pto.vecscope {
      %m = pto.pset_b8 "PAT_ALL" : !pto.mask<b8>
      %a = pto.vbr %n : i32 -> !pto.vreg<256xf8E5M2>
      %x = pto.vor %a, %a, %m : !pto.vreg<256xf8E5M2>, !pto.vreg<256xf8E5M2>, !pto.mask<b8> -> !pto.vreg<256xf8E5M2>
      %h = pto.vbr %n : i32 -> !pto.vreg<128x!pto.hif8>
      %y = pto.vor %h, %h, %m : !pto.vreg<128x!pto.hif8>, !pto.vreg<128x!pto.hif8>, !pto.mask<b8> -> !pto.vreg<128x!pto.hif8>
      %p = pto.vbr %n : i32 -> !pto.vreg<128x!pto.hif8x2>
      %z = pto.vor %p, %p, %m : !pto.vreg<128x!pto.hif8x2>, !pto.vreg<128x!pto.hif8x2>, !pto.mask<b8> -> !pto.vreg<128x!pto.hif8x2>
    }
    return
  }
})";
  ptotext::Reading R = ptotext::read("l.pto", Text, checker::RuleSet::builtin());
  ASSERT_EQ(R.calls.size(), 3u);
  EXPECT_EQ(R.calls[0].operand("src0")->tile.dtype, checker::DType::F8E5M2);
  EXPECT_EQ(R.calls[1].operand("src0")->tile.dtype, checker::DType::HIF8);
  EXPECT_EQ(R.calls[2].operand("src0")->tile.dtype, checker::DType::HIF8X2);
  EXPECT_EQ(checker::dtypeSize(checker::DType::HIF8X2), 2u);
  ASSERT_EQ(R.errors.size(), 1u); // 128 lanes of one byte; 128 of two bytes fill the register
  EXPECT_EQ(R.errors[0].loc.line, 8u);
  EXPECT_EQ(R.errors[0].message, "'!pto.vreg<128x!pto.hif8>' is 128 bytes, but a vector register holds 256 (256 lanes "
                                 "of !pto.hif8); ptoas rejects the type");
}

/// A private function's name is the function of the calls in it (`func.func private @name`).
TEST(PtoText, PrivateFunctionsAreNamed) {
  const std::string Text = R"(module {
  func.func @kernel() {
    return
  }
  func.func private @helper(%v: !pto.vreg<64xf32>, %m: !pto.mask<b32>) attributes {pto.tilelang.inline_proc} {
    %r = pto.vmax %v, %v, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    return
  }
})";
  ptotext::Reading R = ptotext::read("p.pto", Text, checker::RuleSet::builtin());
  ASSERT_EQ(R.calls.size(), 1u);
  EXPECT_EQ(R.calls[0].function, "helper");
}

TEST(PtoText, TileBufSpellingsAndDynamicValidShapes) {
  const std::string Text = R"(module attributes {pto.target_arch = "a3"} {
  func.func @k(%n: index) {
    %c8 = arith.constant 8 : index
    %a = pto.alloc_tile valid_row = %c8 valid_col = %n : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf16, valid=1x32>
    pto.tcolmin ins(%a : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<vec, 1x64xf16, valid=1x32>)
    return
  }
})";
  ptotext::Reading R = ptotext::read("k.pto", Text, checker::RuleSet::builtin());
  EXPECT_TRUE(R.errors.empty());
  ASSERT_EQ(R.calls.size(), 1u);
  EXPECT_EQ(R.target, checker::Target::A2A3);
  const checker::CallSite &C = R.calls[0];
  ASSERT_EQ(C.operands.size(), 2u);
  EXPECT_EQ(C.operands[0].role, "dst"); // C++ argument order, whatever the ins/outs order
  const checker::TileFacts &D = C.operands[0].tile, &S = C.operands[1].tile;
  EXPECT_EQ(D.rows, 1);
  EXPECT_EQ(D.validCol.value, 32);
  EXPECT_EQ(S.dtype, checker::DType::F16);
  EXPECT_EQ(S.validRow.value, 8);            // from arith.constant
  EXPECT_EQ(pto::term::print(S.validCol.term), "v_n"); // the function argument %n
  ASSERT_EQ(C.symbols.size(), 1u);
  EXPECT_EQ(C.symbols[0].display, "%n");
  EXPECT_EQ(C.symbols[0].lo, 0);             // an index sizes things
}

/// An integer constant of INT64_MIN in an arith op (found by fuzz/PtoTextFuzz.cpp: its negation overflowed while
/// the term was written) is spelled as the SMT-LIB negation of its magnitude.
TEST(PtoText, Int64MinConstantInArithmetic) {
  const std::string Text = R"(module attributes {pto.target_arch = "a3"} {
  func.func @k(%n: index) {
    %c = arith.constant -9223372036854775808 : i64
    %v = arith.addi %c, %n : index
    %a = pto.alloc_tile valid_row = %v valid_col = %n : !pto.tile_buf<vec, 16x64xf16, valid=?x?>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf16, valid=1x32>
    pto.tcolmin ins(%a : !pto.tile_buf<vec, 16x64xf16, valid=?x?>) outs(%d : !pto.tile_buf<vec, 1x64xf16, valid=1x32>)
    return
  }
})";
  ptotext::Reading R = ptotext::read("k.pto", Text, checker::RuleSet::builtin());
  ASSERT_EQ(R.calls.size(), 1u);
  const checker::TileFacts &S = R.calls[0].operands[1].tile;
  std::string Printed = pto::term::print(S.validRow.term);
  EXPECT_NE(Printed.find("(- 9223372036854775808)"), std::string::npos) << Printed;
}

/// The ISA manual's spellings (reference/pto-text-forms.md §1.1, §1.3): errors as in ptoas, or, lenient, read with
/// a warning each; the generic form ptoas accepts is neither.
TEST(PtoText, ManualSpellingsOnlyInLenientMode) {
  const std::string Text = R"(module {
  func.func @k(%n: i32) {
    %a = pto.alloc_tile : !pto.tile_buf<loc=vec, f32, 16, 64, RowMajor, NoneBox, None, Zero>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf16>
    %r = pto.tcolmin %a : (!pto.tile_buf<loc=vec, f32, 16, 64, RowMajor, NoneBox, None, Zero>) -> !pto.tile_buf<vec, 1x64xf16>
    pto.vecscope {
      %m = pto.pset_b16 "PAT_ALL" : !pto.mask<b16>
      %v = pto.vbr %n : i32 -> !pto.vreg<64xf32>
      %x = pto.vmin %v, %v, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16>) -> !pto.vreg<64xf32>
      %y = "pto.vmin"(%v, %v, %m) : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16>) -> !pto.vreg<64xf32>
    }
    return
  }
})";
  auto Lines = [](const std::vector<ptotext::Problem> &Ps) {
    std::vector<unsigned> L;
    for (const ptotext::Problem &P : Ps)
      L.push_back(P.loc.line);
    return L;
  };
  ptotext::Reading Strict = ptotext::read("m.pto", Text, checker::RuleSet::builtin());
  EXPECT_EQ(Lines(Strict.errors), (std::vector<unsigned>{5, 9}));
  EXPECT_TRUE(Strict.warnings.empty());
  EXPECT_EQ(Strict.calls.size(), 2u); // the two vmin; the SSA tcolmin is not read
  ptotext::Reading Lenient = ptotext::read("m.pto", Text, checker::RuleSet::builtin(), true);
  EXPECT_TRUE(Lenient.errors.empty());
  EXPECT_EQ(Lines(Lenient.warnings), (std::vector<unsigned>{5, 5, 9})); // SSA tile op, positional type, (T) list
  ASSERT_EQ(Lenient.calls.size(), 3u);
  EXPECT_EQ(Lenient.calls[0].op, "TCOLMIN");
  EXPECT_EQ(Lenient.calls[0].operand("src")->tile.rows, 16);
  EXPECT_EQ(Lenient.calls[0].operand("dst")->tile.dtype, checker::DType::F16);
  EXPECT_EQ(Lenient.calls[2].operand("mask")->tile.maskWidth, 16); // the generic form, no warning
}

TEST(PtoText, VregTypesAre256Bytes) {
  const std::string Text = R"(module {
  func.func @k(%n: i32) {
    pto.vecscope {
      %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      %v = pto.vbr %n : i32 -> !pto.vreg<32xf32>
      %x = pto.vmin %v, %v, %m : !pto.vreg<32xf32>, !pto.vreg<32xf32>, !pto.mask<b32> -> !pto.vreg<32xf32>
    }
    return
  }
})";
  ptotext::Reading R = ptotext::read("w.pto", Text, checker::RuleSet::builtin());
  ASSERT_EQ(R.errors.size(), 1u);
  EXPECT_EQ(R.errors[0].loc.line, 6u);
  EXPECT_EQ(R.errors[0].message, "'!pto.vreg<32xf32>' is 128 bytes, but a vector register holds 256 (64 lanes of f32); "
                                 "ptoas rejects the type");
}

/// Fuzzing by mutation: the fixtures and a corpus sample, cut, spliced, with bytes flipped, duplicated and deleted;
/// the reader must return on every input (no crash, no hang: each input is read within a bound) and every error it
/// reports must point into the input.
TEST(PtoText, MutatedInputsNeverCrashOrStall) {
  std::vector<std::string> Seeds;
  for (const char *F : {"/tests/pto/tile-ops.pto", "/tests/pto/vmin.pto", "/tests/pto/errors/syntax-errors.pto"})
    Seeds.push_back(readFile(std::string(PTOLINT_SOURCE_DIR) + F));
  std::mt19937 Rng(20261124);
  const std::string Alphabet = "%@!#^\"(){}[]<>,:=?-x .\n/0123456789abcdefpto_tile_buf";
  unsigned Inputs = 0, WithErrors = 0;
  double Worst = 0;
  for (int K = 0; K < 3000; ++K) {
    std::string T = Seeds[Rng() % Seeds.size()];
    for (int M = 1 + Rng() % 8; M-- > 0 && !T.empty();) {
      size_t P = Rng() % T.size();
      switch (Rng() % 5) {
      case 0: T[P] = Alphabet[Rng() % Alphabet.size()]; break;
      case 1: T.erase(P, 1 + Rng() % 16); break;
      case 2: T.insert(P, T.substr(Rng() % T.size(), 1 + Rng() % 32)); break;
      case 3: T.resize(P); break;
      default: T.insert(P, 1, Alphabet[Rng() % Alphabet.size()]); break;
      }
    }
    const unsigned Lines = 1 + std::count(T.begin(), T.end(), '\n');
    auto T0 = std::chrono::steady_clock::now();
    ptotext::Reading R = ptotext::read("fuzz.pto", T, checker::RuleSet::builtin());
    Worst = std::max(Worst, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - T0).count());
    ++Inputs;
    WithErrors += !R.errors.empty();
    for (const ptotext::Problem &P : R.errors)
      ASSERT_TRUE(P.loc.line >= 1 && P.loc.line <= Lines) << P.message << " at line " << P.loc.line << " of " << Lines;
  }
  EXPECT_GT(WithErrors, Inputs / 4) << "the mutations should break most inputs";
  EXPECT_LT(Worst, 1000.0) << "one input took " << Worst << " ms";
  std::printf("[ fuzz ] %u mutated inputs, %u with syntax errors, slowest %.2f ms\n", Inputs, WithErrors, Worst);
}

/// A corpus file the assembler must reject (a `RUN: not ptoas` or `RUN: ! ptoas` line).
bool negative(const std::string &Text) {
  return Text.find("RUN: not ptoas") != std::string::npos || Text.find("RUN: ! ptoas") != std::string::npos;
}

/// The assembler's diagnostics that a pto-lint rule covers: a negative file that expects one (in a `// CHECK:`,
/// `// A5:`, ... line) must get a finding of that rule. Expected errors of checked ops that no rule covers yet:
/// `'pto.trowmax' op expects dst valid_shape[1] to be 1` (a 0x0 valid region, issue 708), the tassign address
/// alignment (pto/tassign_addr_alignment_invalid.pto: no checked op uses the tile, so no call site carries the
/// address).
const std::vector<std::pair<std::regex, std::string>> &coveredErrors() {
  static const std::vector<std::pair<std::regex, std::string>> Covered = {
      {std::regex(R"('pto\.tcolarg(min|max)' op expects (src|src/tmp) element type to be 1, 2, or 4 bytes wide)"),
       "pto-colargmin-src-dtype"},
      {std::regex(R"('pto\.tcolarg(min|max)' op expects dst valid_shape\[0\] to be 1)"), "pto-colargmin-dst-validrow"},
      {std::regex(R"('pto\.tcolarg(min|max)' op expects A2/A3 tmp valid_shape\[1\] to be at least)"),
       "pto-colargmin-tmp-size"},
      {std::regex(R"('pto\.trowexpand(min|max)' op expects A2/A3 trowexpand tmp capacity to be at least)"),
       "pto-rowexpand-tmp-size"},
      {std::regex(R"(A5 integer pto\.vdiv is not supported for '!pto\.vreg<\d+xui)"), "pto-vmin-dtype"},
      {std::regex(R"(mask type !pto\.mask<b\d+> does not match lhs vector type)"), "pto-vmin-mask-width"},
      {std::regex(R"('pto\.v(min|max|add|sub|mul|div|and|or|xor)' op lhs, rhs, and result must have the same)"),
       "pto-vmin-same-type"},
      {std::regex(R"('pto\.v(add|sub|mul|div)' op lhs type must not use low-precision vector element type)"),
       "pto-vmin-dtype"}};
  return Covered;
}

// A tile op without rules of its own is read as the C++ call ptoas's emitc backend makes of it: outs then ins, the
// statement's tile types, a parameter per dynamic valid dim and scalar; what comes back from the C++ front end is put
// in the statement's own values.
TEST(PtoText, TileOpsWithoutRulesLowerToTheirPtoIsaCall) {
  const std::string Text =
      "func.func @k(%vr: index, %row: index) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %a = pto.alloc_tile valid_row = %vr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=64>\n"
      "  %d = pto.alloc_tile : !pto.tile_buf<vec, 8x64xf32>\n"
      "  pto.textract ins(%a, %row, %c0 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=64>, "
      "index, index) outs(%d : !pto.tile_buf<vec, 8x64xf32>) {pto.fusion.group_id = 0 : i64}\n"
      "  pto.tcvt ins(%a {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, "
      "v_row=?, v_col=64>) outs(%d : !pto.tile_buf<vec, 8x64xf32>)\n"
      "  pto.tload ins(%a : !pto.tile_buf<vec, 8x64xf32>) outs(%d : !pto.tile_buf<vec, 8x64xf32>)\n"
      "  return\n"
      "}\n";
  ptotext::ReadOptions O;
  O.implCalls = true;
  ptotext::Reading R = ptotext::read("k.pto", Text, checker::RuleSet::builtin(), O);
  ASSERT_TRUE(R.errors.empty());
  ASSERT_EQ(R.implCalls.size(), 2u); // TLOAD is not a tile op's implementation call
  const ptotext::ImplCall &X = R.implCalls[0];
  EXPECT_EQ(X.cxxOp, "TEXTRACT");
  EXPECT_TRUE(X.why.empty()) << X.why; // discardable attributes change no call
  std::string Why;
  EXPECT_EQ(ptotext::cxxFunction(X, "f", Why),
            "AICORE void f(int64_t ptolint_r1, int64_t ptolint_s2, int64_t ptolint_s3) {\n"
            "  Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, 8, 64, SLayout::NoneBox, 512, PadValue::Null, "
            "CompactMode::Null> a0;\n"
            "  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, 64, SLayout::NoneBox, 512, PadValue::Null, "
            "CompactMode::Null> a1(ptolint_r1);\n"
            "  TEXTRACT(a0, a1, ptolint_s2, ptolint_s3);\n"
            "}\n");
  EXPECT_FALSE(X.cube());
  // The rounding mode as emitc passes it, after the tiles.
  EXPECT_TRUE(R.implCalls[1].why.empty()) << R.implCalls[1].why;
  EXPECT_EQ(R.implCalls[1].extra, (std::vector<std::string>{"RoundMode::CAST_ROUND", "SaturationMode::OFF"}));
  // What the C++ front end would read: an assert over the function's parameters, put back in the file's values.
  checker::CallSite Cxx;
  Cxx.op = "TEXTRACT";
  for (const char *P : {"r1", "s2", "s3"}) {
    checker::Symbol Sy;
    Sy.name = std::string("p_") + P;
    Sy.display = std::string("ptolint_") + P;
    Cxx.symbols.push_back(Sy);
  }
  checker::Operand Src;
  Src.role = "src";
  Src.tile.isTile = true;
  Src.tile.expr = "a1";
  Cxx.operands = {Src};
  checker::UpstreamCheck U;
  U.term = term::Term::apply(term::Op::Le, {term::Term::apply(term::Op::Add, {term::Term::var("p_s2"), term::Term::var("p_r1")}),
                                            term::Term::apply(term::Op::Add, {term::Term::var("p_s3"), term::Term::integer(16)})});
  Cxx.upstream = {U};
  checker::CallSite Pto = ptotext::instantiated(X, Cxx);
  ASSERT_EQ(Pto.upstream.size(), 1u);
  EXPECT_EQ(term::print(Pto.upstream[0].term), "(<= (+ v_row v_vr) (+ 0 16))");
  ASSERT_EQ(Pto.operands.size(), 1u);
  EXPECT_EQ(Pto.operands[0].tile.expr, "%a"); // the statement's tile, under the C++ call's role
  EXPECT_EQ(Pto.operands[0].role, "src");
  EXPECT_EQ(Pto.loc.line, 5u);
}

TEST(PtoCorpus, PtoasLitFilesParseAndFindingsAreTriaged) {
  std::string Dir = getenv("PTOAS_TEST_DIR") ? getenv("PTOAS_TEST_DIR")
                                               : std::string(PTOLINT_SOURCE_DIR) + "/../shared/third_party/ptoas/test/lit";
  if (!std::filesystem::is_directory(Dir))
    GTEST_SKIP() << "needs PTOAS's lit tests at " << Dir << " (or $PTOAS_TEST_DIR)";
  std::vector<std::string> Files;
  for (const auto &E : std::filesystem::recursive_directory_iterator(Dir))
    if (E.is_regular_file() && E.path().extension() == ".pto")
      Files.push_back(E.path().string());
  std::sort(Files.begin(), Files.end());
  std::map<std::string, std::string> Triage; // "file:line rule" -> reason
  const std::string ListPath = std::string(PTOLINT_SOURCE_DIR) + "/tests/conformance/ptoas-lit.txt";
  std::string List = readFile(ListPath);
  std::stringstream LS(List);
  for (std::string L; std::getline(LS, L);)
    if (!L.empty() && L[0] != '#') {
      size_t H = L.find("  # ");
      Triage[L.substr(0, H)] = H == std::string::npos ? "" : L.substr(H + 4);
    }
  unsigned Parsed = 0, Calls = 0, Statements = 0, Negative = 0, NegativeCovered = 0;
  std::map<std::string, unsigned> ByRule;
  std::map<std::string, std::string> Got;
  auto T0 = std::chrono::steady_clock::now();
  for (const std::string &F : Files) {
    const std::string Text = readFile(F), Rel = F.substr(Dir.size() + 1);
    ptotext::Reading R = ptotext::read(Rel, Text, checker::RuleSet::builtin());
    Negative += negative(Text);
    for (const ptotext::Problem &P : R.errors)
      ADD_FAILURE() << Rel << ":" << P.loc.line << ":" << P.loc.col << ": " << P.message;
    Parsed += R.errors.empty();
    Calls += R.calls.size();
    Statements += R.statements;
    driver::Session S({});
    driver::Unit U;
    U.mainFile = Rel;
    U.calls = std::move(R.calls);
    U.inferredTarget = R.target;
    std::set<std::string> Rules;
    for (const checker::Finding &Fd : S.lint(U, [&](const std::string &) { return std::string_view(Text); })) {
      const std::string Key = Rel + ":" + std::to_string(Fd.loc.line) + " " + Fd.ruleId;
      ++ByRule[Fd.ruleId];
      Rules.insert(Fd.ruleId);
      Got[Key] = Triage.count(Key) ? Triage[Key] : std::string(negative(Text) ? "NEGATIVE-UNTRIAGED" : "UNTRIAGED");
    }
    if (!negative(Text))
      continue;
    // The expected diagnostics: comment lines with "error:" (CHECK:, A5:, SMALL-TMP:, ...).
    bool Covered = false;
    std::stringstream Lines(Text);
    for (std::string L; std::getline(Lines, L);) {
      if (L.find("//") == std::string::npos || L.find("error:") == std::string::npos)
        continue;
      for (const auto &[Re, Rule] : coveredErrors())
        if (std::regex_search(L, Re)) {
          Covered = true;
          EXPECT_TRUE(Rules.count(Rule)) << Rel << ": ptoas rejects it with \"" << L.substr(L.find("error:"))
                                         << "\", which " << Rule << " covers, but pto-lint does not report it";
        }
    }
    NegativeCovered += Covered;
  }
  const double Secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
  std::string Figures = "[ ptoas-lit ] " + std::to_string(Files.size()) + " files (" + std::to_string(Negative) +
                        " the assembler must reject), " + std::to_string(Parsed) + " read without error, " +
                        std::to_string(Statements) + " op statements, " + std::to_string(Calls) +
                        " checked call sites; " + std::to_string(NegativeCovered) +
                        " negative files expect an error a rule covers (each reported); findings:";
  for (const auto &[Rule, N] : ByRule)
    Figures += " " + Rule + "=" + std::to_string(N);
  std::printf("%s; %.0f files/s (read + check, one core)\n", Figures.c_str(), Files.size() / Secs);
  EXPECT_GE(Files.size(), 1800u);
  EXPECT_GE(NegativeCovered, 5u) << "the covered-error table matches fewer negative files than it did";
  if (getenv("PTOLINT_BLESS")) {
    std::ofstream Out(ListPath);
    Out << "# pto-lint on PTOAS's lit tests (tests/ptotext/PtoTextTest.cpp): every finding with its triage.\n"
        << "# Format: <file>:<line> <rule>  # <reason>. NEGATIVE: a file the assembler rejects.\n";
    for (const auto &[Key, Why] : Got)
      Out << Key << "  # " << Why << "\n";
  }
  std::map<std::string, std::string> Want(Triage.begin(), Triage.end());
  for (const auto &[Key, Why] : Got) {
    EXPECT_TRUE(Want.count(Key)) << "new finding " << Key << " (not in " << ListPath << ")";
    EXPECT_EQ(Why.find("UNTRIAGED"), std::string::npos) << Key << " is not triaged in " << ListPath;
  }
  for (const auto &[Key, Why] : Want)
    EXPECT_TRUE(Got.count(Key)) << "expected finding " << Key << " is gone";
}

} // namespace
