#!/usr/bin/env python3
"""bench/editor.py: editor latency of the pto-* checks in pto-clangd (a benchmark, not a test).

For upstream pto-isa's NPU system-test kernels of the checked ops, each opened in pto-clangd from its bisheng
compile command (a2a3: dav-c220-vec, a5: dav-c310-vec), the time from `didChange` to `publishDiagnostics` for a
series of edits (a comment line appended, so every call stays where it is), measured twice in the same run with the
same binary: with the pto-* checks enabled in `.clangd` and without any clang-tidy check. Prints per kernel the
median of each and the ratio, and the ratio of the medians over all edits (target: <= 1.10).

usage: bench/editor.py [edits per kernel=8] [kernels per target=all]
Needs upstream pto-isa (PTOISA_DIR, or ../shared/third_party/pto-isa); says so and exits 0 without it.
"""
import json
import os
import statistics
import sys
import tempfile
import time

here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(here, "tests", "editor"))
from lsp_session import Server, clangd_config  # noqa: E402

# The tile ops of rules/ops.json (C++ forms, not compiler builtins), as upstream names their system-test folders.
OPS = sorted(o["name"].lower() for o in json.load(open(os.path.join(here, "rules", "ops.json")))["ops"]
             if not o.get("match") == "builtin" and any(ov.get("cpp", True) for ov in o["overloads"]))
ARCH = {"a2a3": ("dav-c220-vec", "-DMEMORY_BASE"), "a5": ("dav-c310-vec", "-DREGISTER_BASE")}


def measure(clangd, isa, target, op, checks, edits):
    """Seconds from didChange to publishDiagnostics for each edit (the first parse not counted)."""
    src = os.path.join(isa, "tests", "npu", target, "src", "st", "testcase", op, op + "_kernel.cpp")
    root = tempfile.mkdtemp(prefix="ptolint-editor-bench-")
    kernel = os.path.join(root, op + "_kernel.cpp")
    text = open(src).read()
    open(kernel, "w").write(text)
    arch, define = ARCH[target]
    json.dump([{"directory": os.path.dirname(src), "file": kernel, "arguments": [
        "bisheng", "-xcce", "--cce-aicore-arch=" + arch, define, "-O2", "-std=c++17", "-I" + os.path.join(isa, "include"),
        "-I" + os.path.dirname(src), "-c", kernel, "-o", "k.o"]}], open(os.path.join(root, "compile_commands.json"), "w"))
    open(os.path.join(root, ".clangd"), "w").write(
        clangd_config() if checks else "Diagnostics:\n  ClangTidy:\n    Remove: ['*']\n")
    env = dict(os.environ, PTO_CLANGD_CACHE=os.path.join(root, "cache"))
    srv = Server([clangd, "--log=error", "--background-index=false", "--pch-storage=memory", "-j=1"], cwd=root, env=env)
    uri = "file://" + kernel
    times, pto = [], 0
    try:
        srv.initialize(root)
        srv.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cpp", "version": 1, "text": text}})
        srv.diagnostics(uri, 1, timeout=300)
        for i in range(edits):
            text += "// edit %d\n" % i
            start = time.monotonic()
            srv.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": i + 2},
                                                  "contentChanges": [{"text": text}]})
            at, msg = srv.diagnostics(uri, i + 2, timeout=300)
            times.append(at - start)
            pto = sum(1 for d in msg["params"]["diagnostics"] if str(d.get("code", "")).startswith("pto-"))
    finally:
        srv.shutdown()
    return times, pto


def main():
    edits = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    clangd = os.path.join(os.environ.get("PTOLINT_BUILD_DIR", os.path.join(here, "build")), "bin", "pto-clangd")
    isa = os.environ.get("PTOISA_DIR") or os.path.join(here, "..", "shared", "third_party", "pto-isa")
    if not os.path.isdir(os.path.join(isa, "tests", "npu")):
        print("bench/editor.py: skipped: needs upstream pto-isa (set PTOISA_DIR, or put it at ../shared/third_party/pto-isa)")
        return 0
    isa = os.path.realpath(isa)
    with_all, without_all = [], []
    print("%-6s %-16s %10s %10s %7s %5s" % ("target", "kernel", "base ms", "pto ms", "ratio", "pto-*"))
    for target in ("a2a3", "a5"):
        ops = [op for op in OPS if os.path.exists(os.path.join(isa, "tests", "npu", target, "src", "st", "testcase", op))]
        for op in ops[:limit or None]:
            # Alternate which runs first, so that caches warmed by one run favour neither.
            order = [False, True] if len(with_all) % 2 == 0 else [True, False]
            res = {c: measure(clangd, isa, target, op, c, edits) for c in order}
            base, pto = res[False][0], res[True][0]
            without_all += base
            with_all += pto
            mb, mp = statistics.median(base), statistics.median(pto)
            print("%-6s %-16s %10.1f %10.1f %7.3f %5d" % (target, op, mb * 1e3, mp * 1e3, mp / mb, res[True][1]))
            sys.stdout.flush()
    mb, mp = statistics.median(without_all), statistics.median(with_all)
    print("all: %d edits; median didChange -> publishDiagnostics %.1f ms without, %.1f ms with the pto-* checks; "
          "ratio by medians %.3f (target <= 1.10)" % (len(with_all), mb * 1e3, mp * 1e3, mp / mb))
    return 0


if __name__ == "__main__":
    sys.exit(main())
