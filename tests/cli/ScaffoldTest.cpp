// tests: `pto-rulegen add-op` on a copy of the tree writes everything an op needs, wires it where the build, the
// tests and the docs find it, and leaves stubs the build step names until they are filled in.
#include "../TestUtil.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>

namespace fs = std::filesystem;
using pto::testutil::Out;
using pto::testutil::readFile;
using pto::testutil::run;

namespace {

const std::string Src = PTOLINT_SOURCE_DIR, Gen = PTOLINT_RULEGEN;

/// A copy of what add-op reads and writes: rules/, the fixtures, the cross-check adapters, the reference model,
/// docs/, README.md and tools/mutate.py.
std::string copyTree() {
  const std::string D = pto::testutil::tempDir("scaffold");
  for (const char *Dir : {"rules", "tests/rules", "tests/crosscheck", "refmodel/include", "docs"}) {
    fs::create_directories(fs::path(D) / Dir);
    fs::copy(Src + "/" + Dir, D + "/" + Dir, fs::copy_options::recursive);
  }
  fs::create_directories(D + "/tools");
  fs::copy_file(Src + "/tools/mutate.py", D + "/tools/mutate.py");
  fs::copy_file(Src + "/README.md", D + "/README.md");
  return D;
}

/// Every file under D with its text.
std::map<std::string, std::string> snapshot(const std::string &D) {
  std::map<std::string, std::string> Files;
  for (const auto &E : fs::recursive_directory_iterator(D))
    if (E.is_regular_file())
      Files[fs::relative(E.path(), D).generic_string()] = readFile(E.path().string());
  return Files;
}

/// The build step on D's rules with D as the source root (what every build runs).
Out buildStep(const std::string &D) {
  std::string Args;
  for (const auto &E : fs::recursive_directory_iterator(D + "/rules"))
    if (E.is_regular_file())
      Args += " " + E.path().string();
  return run(Gen + " " + D + "/out.cpp " + D + "/rules --source-root " + D + Args);
}

/// Compiles Code as a kernel against D's clean-room API (syntax and templates only).
Out compileKernel(const std::string &D, const std::string &Code) {
  const std::string K = D + "/kernel.cpp";
  std::ofstream(K) << Code;
  return run(std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + D + "/refmodel/include " + K);
}

} // namespace

TEST(Scaffold, AddOpWritesEverythingAnOpNeeds) {
  const std::string D = copyTree();
  {
    Out Base = buildStep(D);
    ASSERT_EQ(Base.rc, 0) << "the copy does not build as the tree does:\n" << Base.text;
  }
  const auto Before = snapshot(D);
  Out Add = run(Gen + " add-op " + D + " TFAKEMAX fake dst,src0,src1,tmp");
  ASSERT_EQ(Add.rc, 0) << Add.text;

  // What it wrote and what it changed, exactly.
  const auto After = snapshot(D);
  std::set<std::string> Written, Changed;
  for (const auto &[P, Text] : After)
    if (!Before.count(P))
      Written.insert(P);
    else if (Before.at(P) != Text)
      Changed.insert(P);
  std::set<std::string> WantWritten{"refmodel/include/pto/ref/Fake.hpp", "refmodel/include/pto/ops/Fake.hpp",
                                    "tests/crosscheck/FakeCrossCheck.cpp"};
  const std::vector<std::string> Ids{"pto-fake-tile-loc", "pto-fake-dtype",      "pto-fake-dtype-match",
                                     "pto-fake-layout",   "pto-fake-valid-shape", "pto-fake-tmp-size"};
  for (const std::string &Id : Ids)
    for (const std::string &F : {"rules/fake/" + Id + ".json", "tests/rules/" + Id + ".cpp", "docs/rules/" + Id + ".md"})
      WantWritten.insert(F);
  EXPECT_EQ(Written, WantWritten) << Add.text;
  EXPECT_EQ(Changed, (std::set<std::string>{"rules/ops.json", "refmodel/include/pto/pto-inst.hpp", "README.md",
                                            "docs/user-guide.md", "docs/design.md", "docs/rules/README.md"}))
      << Add.text;

  // The schema: roles bound for .pto, the model named, a citation still to write.
  nlohmann::json Ops = nlohmann::json::parse(After.at("rules/ops.json"));
  const nlohmann::json &Op = Ops["ops"].back();
  EXPECT_EQ(Op["name"], "TFAKEMAX");
  EXPECT_EQ(Op["family"], "fake");
  EXPECT_EQ(Op["model"], "refmodel/include/pto/ref/Fake.hpp");
  EXPECT_EQ(Op["pto"], "pto.tfakemax");
  EXPECT_EQ(Op["constants"]["op.ismax"], 1);
  EXPECT_EQ(Op["overloads"][0]["roles"], nlohmann::json({"dst", "src0", "src1", "tmp"}));
  EXPECT_EQ(Op["overloads"][0]["pto"], nlohmann::json::parse(R"({"ins": ["src0", "src1", "tmp"], "outs": ["dst"],
                                                                  "optional": ["tmp"]})"));
  // Only the new entry differs in ops.json: the rest keeps its text (its \u00a7 escapes included).
  const std::string OldOps = Before.at("rules/ops.json"), NewOps = After.at("rules/ops.json");
  const size_t Tail = OldOps.rfind("\n  ],\n  \"renames\"");
  ASSERT_NE(Tail, std::string::npos);
  EXPECT_EQ(NewOps.substr(0, Tail), OldOps.substr(0, Tail));

  // Wired: rules name the op, pto-inst.hpp includes its API, the generated docs and mutate.py list it.
  for (const std::string &Id : Ids) {
    nlohmann::json R = nlohmann::json::parse(After.at("rules/fake/" + Id + ".json"));
    EXPECT_EQ(R["ops"], nlohmann::json({"TFAKEMAX"})) << Id;
    EXPECT_NE(After.at("docs/rules/README.md").find("[" + Id + "](" + Id + ".md) | TFAKEMAX"), std::string::npos)
        << Id;
    EXPECT_NE(After.at("docs/rules/" + Id + ".md").find("# " + Id + "\n"), std::string::npos) << Id;
  }
  EXPECT_NE(After.at("refmodel/include/pto/pto-inst.hpp").find("#include \"pto/ops/Fake.hpp\"        // TFAKEMAX\n"),
            std::string::npos)
      << After.at("refmodel/include/pto/pto-inst.hpp");
  EXPECT_NE(After.at("README.md").find("| fake | TFAKEMAX | yes | `pto.tfakemax` |"), std::string::npos);
  EXPECT_NE(After.at("docs/user-guide.md").find("| fake | TFAKEMAX | yes | `pto.tfakemax` |"), std::string::npos);
  EXPECT_NE(After.at("docs/design.md").find("| fake | TFAKEMAX | `rules/fake/` (6) | "
                                            "`refmodel/include/pto/ref/Fake.hpp` |"),
            std::string::npos);
  Out Mutate = run("python3 " + D + "/tools/mutate.py --list-ops");
  EXPECT_EQ(Mutate.rc, 0) << Mutate.text;
  EXPECT_NE(Mutate.text.find("\nTFAKEMAX\n"), std::string::npos) << Mutate.text;

  // The C++ stubs compile: a kernel calls the op through pto/pto-inst.hpp, and the cross-check adapter builds
  // against the harness.
  const std::string Kernel = "#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                             "using T = Tile<TileType::Vec, float, 16, 64>;\n"
                             "void k() { T d, a, b, t; TFAKEMAX(d, a, b, t); }\n";
  Out K = compileKernel(D, Kernel);
  EXPECT_EQ(K.rc, 0) << K.text;
  Out X = run(std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + Src + " -I" + D +
              "/refmodel/include " + D + "/tests/crosscheck/FakeCrossCheck.cpp");
  EXPECT_EQ(X.rc, 0) << X.text;

  // Nothing ships unfinished: the build step names every stub (data and code) in one run.
  Out Build = buildStep(D);
  EXPECT_EQ(Build.rc, 1) << Build.text;
  for (const std::string &Id : Ids) {
    EXPECT_NE(Build.text.find("rules/fake/" + Id + ".json: variant 1 require: unknown function 'TODO'"),
              std::string::npos)
        << Id << "\n" << Build.text;
    EXPECT_NE(Build.text.find("tests/rules/" + Id + ".cpp:"), std::string::npos) << Id << "\n" << Build.text;
  }
  for (const char *F : {"rules/ops.json:", "refmodel/include/pto/ref/Fake.hpp:", "refmodel/include/pto/ops/Fake.hpp:",
                        "tests/crosscheck/FakeCrossCheck.cpp:"})
    EXPECT_NE(Build.text.find(std::string("pto-rulegen: ") + F), std::string::npos) << F << "\n" << Build.text;
  EXPECT_NE(Build.text.find("scaffold stub"), std::string::npos) << Build.text;

  // A second op of the family joins its rules, gets an API stub beside the first, and needs the model to name it.
  Out Second = run(Gen + " add-op " + D + " TFAKEMIN fake dst,src0,src1,tmp");
  ASSERT_EQ(Second.rc, 0) << Second.text;
  for (const std::string &Id : Ids) {
    nlohmann::json R = nlohmann::json::parse(readFile(D + "/rules/fake/" + Id + ".json"));
    EXPECT_EQ(R["ops"], nlohmann::json({"TFAKEMAX", "TFAKEMIN"})) << Id;
  }
  EXPECT_EQ(nlohmann::json::parse(readFile(D + "/rules/ops.json"))["ops"].back()["model"],
            "refmodel/include/pto/ref/Fake.hpp");
  K = compileKernel(D, Kernel + "void m() { T d, a, b, t; TFAKEMIN(d, a, b, t); }\n");
  EXPECT_EQ(K.rc, 0) << K.text;
  Build = buildStep(D);
  EXPECT_NE(Build.text.find("rules/ops.json: TFAKEMIN: the reference model 'refmodel/include/pto/ref/Fake.hpp' does "
                            "not mention it"),
            std::string::npos)
      << Build.text;

  // Without its adapter, the family fails the build step.
  fs::remove(D + "/tests/crosscheck/FakeCrossCheck.cpp");
  Build = buildStep(D);
  EXPECT_NE(Build.text.find("family fake: no cross-check adapter in tests/crosscheck/"), std::string::npos)
      << Build.text;

  // Refused: the same op again, a role without a kind.
  Out Again = run(Gen + " add-op " + D + " TFAKEMIN fake dst,src0,src1,tmp");
  EXPECT_EQ(Again.rc, 1) << Again.text;
  EXPECT_NE(Again.text.find("TFAKEMIN is already in"), std::string::npos) << Again.text;
  Out BadRole = run(Gen + " add-op " + D + " TOTHER other dst,scratch");
  EXPECT_EQ(BadRole.rc, 2) << BadRole.text;
  EXPECT_NE(BadRole.text.find("role \"scratch\" has no kind"), std::string::npos) << BadRole.text;
  fs::remove_all(D);
}

TEST(Scaffold, DocsCommandRegeneratesWhatTheTestsCheck) {
  // `pto-rulegen docs` on an unchanged tree changes nothing: it writes what the doc tests expect.
  const std::string D = copyTree();
  const auto Before = snapshot(D);
  Out O = run(Gen + " docs " + D);
  EXPECT_EQ(O.rc, 0) << O.text;
  EXPECT_EQ(O.text, "");
  EXPECT_TRUE(snapshot(D) == Before);
  fs::remove_all(D);
}
