#!/usr/bin/env python3
"""tools/mutate.py: mutated kernels through the pto-lint CLI and the ptolint plugin, under a wall-clock watchdog.

Mutates the clean-room fixture kernels (tests/rules, tests/kernels, examples) and, when present, upstream pto-isa's
NPU system-test kernels (into a temporary directory; upstream text is never kept outside it unless a mutant
fails, and then only under --keep). Every mutant goes through the CLI (many mutants per invocation) and a
deterministic share of them through the plugin (one compile each). A run fails on:
  crash    a signal, an exit code the contract does not have (CLI > 3), "Stack dump", a sanitizer report
  stall    a call that takes longer than the per-call bound (docs/robustness.md), killed by the watchdog
  report   a JSON report that does not parse
Exit 3 (internal or solver error; pto-lint fails closed) is counted and kept, but is not a failure.
Deterministic from --seed. Python 3 standard library only.

  tools/mutate.py --build build --count 300                       # the CI run (ctest -L mutation)
  nice tools/mutate.py --build build --count 10000 --upstream 1000 --report out.json --keep kept/   # the long run
"""
import argparse
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The per-call bound (docs/robustness.md): one translation unit through the plugin or the CLI. pto-lint's own
# share is capped by its budgets (tu-timeout 10 s + one Z3 call's timeout 1 s); the rest is clang's parse.
PER_CALL_BOUND_S = 30.0
CRASH_MARKERS = ("Stack dump", "PLEASE submit a bug report", "ERROR: AddressSanitizer", "runtime error:",
                 "ERROR: LeakSanitizer", "ERROR: UndefinedBehaviorSanitizer", "terminate called", "Aborted")

TOKEN = re.compile(r"0[xX][0-9a-fA-F]+|\d+[uUlL]*|[A-Za-z_]\w*|::|->|<<|>>|[^\s\w]")
NUMBER = re.compile(r"(?<![\w.])(0[xX][0-9a-fA-F]+|\d+)[uUlL]*(?![\w.])")
TYPES = ["float", "half", "int32_t", "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t", "bfloat16_t",
         "int64_t", "double", "bool", "aclFloat16", "void"]
TYPE_RE = re.compile(r"\b(" + "|".join(TYPES) + r")\b")
LAYOUTS = ["BLayout::RowMajor", "BLayout::ColMajor", "SLayout::NoneBox", "SLayout::RowMajor", "SLayout::ColMajor",
           "TileType::Vec", "TileType::Mat", "TileType::Left", "TileType::Right", "TileType::Acc"]
LAYOUT_RE = re.compile(r"\b(BLayout|SLayout|TileType)::\w+")


def checked_ops(root=HERE):
    """The op names an op-swap mutation picks from: every op of rules/ops.json with a C++ form, in schema order
    (the list is the rule database's, never kept here), and TASSIGN."""
    with open(os.path.join(root, "rules", "ops.json")) as f:
        ops = json.load(f)["ops"]
    return [o["name"] for o in ops if any(ov.get("cpp", True) for ov in o["overloads"])] + ["TASSIGN"]


OPS = checked_ops()
OP_RE = re.compile(r"\b(" + "|".join(OPS) + r")\b")
HUGE = ["0", "-1", "1", "2", "3", "7", "15", "16", "17", "31", "32", "33", "64", "255", "256", "1023", "65535",
        "65536", "1<<30", "(1<<30)", "2147483647", "2147483648", "4294967295", "4294967296", "-2147483648",
        "9223372036854775807", "18446744073709551615", "0x7fffffffffffffff", "(1ll<<62)", "-9223372036854775807"]


def template_args(text):
    """(start, end) spans of the top-level arguments of every `<...>` list that follows an identifier."""
    spans = []
    for m in re.finditer(r"\b\w+\s*<", text):
        depth, start, i = 1, m.end(), m.end()
        args = []
        while i < len(text) and depth:
            c = text[i]
            if c in "<([{":
                depth += 1
            elif c in ">)]}":
                depth -= 1
            elif c == ";" or (c == "\n" and i - m.end() > 400):
                break
            if depth == 1 and c == ",":
                args.append((start, i))
                start = i + 1
            i += 1
        if depth == 0:
            args.append((start, i - 1))
            spans.extend(a for a in args if text[a[0]:a[1]].strip())
    return spans


def mutate_once(text, rng):
    """One mutation: (operator name, new text), or None when the operator found nothing to change."""
    op = rng.choice(["delete-token", "number", "number", "type", "template-arg", "template-arg", "layout",
                     "drop-include", "duplicate-line", "swap-lines", "delete-line", "op-swap"])
    lines = text.split("\n")
    if op == "delete-token":
        toks = list(TOKEN.finditer(text))
        if not toks:
            return None
        t = rng.choice(toks)
        return op, text[:t.start()] + text[t.end():]
    if op == "number":
        nums = list(NUMBER.finditer(text))
        if not nums:
            return None
        n = rng.choice(nums)
        v = n.group(1)
        base = int(v, 0) if not v.startswith("0") or v == "0" or v.lower().startswith("0x") else int(v, 8)
        new = rng.choice(HUGE + [str(base + 1), str(max(base - 1, 0)), str(base * 2), str(base // 2)])
        return op, text[:n.start()] + new + text[n.end():]
    if op == "type":
        ts = list(TYPE_RE.finditer(text))
        if not ts:
            return None
        t = rng.choice(ts)
        return op, text[:t.start()] + rng.choice(TYPES) + text[t.end():]
    if op == "template-arg":
        spans = template_args(text)
        if not spans:
            return None
        a, b = rng.choice(spans)
        how = rng.random()
        if how < 0.15:  # drop the argument with its comma
            a2 = a - 1 if text[a - 1] == "," else a
            return op, text[:a2] + text[b:]
        new = rng.choice(HUGE + TYPES + LAYOUTS + ["-1", "N", "T", "sizeof(float)", "Rows * Cols"])
        return op, text[:a] + " " + new + text[b:]
    if op == "layout":
        ls = list(LAYOUT_RE.finditer(text))
        if not ls:
            return None
        t = rng.choice(ls)
        return op, text[:t.start()] + rng.choice(LAYOUTS) + text[t.end():]
    if op == "op-swap":
        os_ = list(OP_RE.finditer(text))
        if not os_:
            return None
        t = rng.choice(os_)
        return op, text[:t.start()] + rng.choice(OPS) + text[t.end():]
    if op == "drop-include":
        inc = [i for i, l in enumerate(lines) if l.lstrip().startswith("#include")]
        if not inc:
            return None
        del lines[rng.choice(inc)]
        return op, "\n".join(lines)
    code = [i for i, l in enumerate(lines) if l.strip() and not l.strip().startswith("//")]
    if not code:
        return None
    i = rng.choice(code)
    if op == "duplicate-line":
        lines.insert(i, lines[i])
    elif op == "swap-lines":
        j = min(i + 1, len(lines) - 1)
        lines[i], lines[j] = lines[j], lines[i]
    else:
        del lines[i]
    return op, "\n".join(lines)


def mutate(text, rng):
    """1 to 3 mutations; the operators applied, in order."""
    applied = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        for _ in range(8):
            r = mutate_once(text, rng)
            if r and r[1] != text:
                applied.append(r[0])
                text = r[1]
                break
    return applied, text


# ---- inputs -------------------------------------------------------------------------------------------------------

def fixture_kernels():
    out = []
    for d in ("tests/rules", "tests/kernels", "examples"):
        for f in sorted(os.listdir(os.path.join(HERE, d))):
            if f.endswith(".cpp"):
                out.append(os.path.join(HERE, d, f))
    return out


def pto_isa_dir():
    d = os.environ.get("PTOISA_DIR") or os.path.join(HERE, "..", "shared", "third_party", "pto-isa")
    d = os.path.abspath(d)
    return d if os.path.isfile(os.path.join(d, "include", "pto", "pto-inst.hpp")) else None


def upstream_kernels(isa):
    """(kernel, bisheng arguments) as upstream's CMake builds them (the same reading as bench/real.sh)."""
    extra = {}
    with open(os.path.join(HERE, "tests", "conformance", "kernel-commands.txt")) as f:
        for line in f:
            p = line.split()
            if p and not p[0].startswith("#") and len(p) >= 3:
                extra.setdefault((p[0], p[1]), (p[2], p[3:]))
    out = []
    for target, fam, define in (("a2a3", "dav-c220", "-DMEMORY_BASE"), ("a5", "dav-c310", "-DREGISTER_BASE")):
        base = os.path.join(isa, "tests", "npu", target, "src", "st", "testcase")
        if not os.path.isdir(base):
            continue
        for case in sorted(os.listdir(base)):
            cdir = os.path.join(base, case)
            if not os.path.isdir(cdir):
                continue
            for f in sorted(os.listdir(cdir)):
                if not f.endswith("_kernel.cpp"):
                    continue
                rel = case + "/" + f
                name = f[:-len("_kernel.cpp")]
                if (target, rel) in extra:
                    arch, more = extra[(target, rel)]
                else:
                    try:
                        cm = open(os.path.join(cdir, "CMakeLists.txt")).read()
                    except OSError:
                        continue
                    m = re.search(r"pto_(vec|cube|mix)_st\(" + re.escape(name) + r"\)", cm)
                    if not m:
                        continue
                    arch = fam if m.group(1) == "mix" else fam + "-" + m.group(1)
                    more = []
                more = ["-I" + cdir if a == "-I." else a for a in more]
                args = ["bisheng", "-O2", "-std=c++17", "-xcce", "--cce-aicore-arch=" + arch, define,
                        "-I" + os.path.join(isa, "include"), "-I" + cdir] + more
                out.append((os.path.join(cdir, f), args))
    return out


# ---- running ------------------------------------------------------------------------------------------------------

def run(cmd, bound, cwd=None):
    """(exit code or -signal, output, seconds, stalled). The watchdog kills the whole process group."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=cwd, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=bound)
        stalled = False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        stalled = True
    return p.returncode, out.decode("utf-8", "replace"), time.monotonic() - t0, stalled


def crash_marker(rc, out, max_rc):
    if rc < 0:
        return "signal %d" % -rc
    if rc > max_rc:
        return "exit code %d" % rc
    for m in CRASH_MARKERS:
        if m in out:
            return m
    return None


class Runner:
    def __init__(self, args, work):
        self.a = args
        self.work = work
        self.cli = os.path.join(args.build, "bin", "pto-lint")
        self.plugin = os.path.join(args.build, "lib", "ptolint.so")
        self.clang = args.clang
        self.stats = {"mutants": 0, "fixture_mutants": 0, "upstream_mutants": 0, "cli_invocations": 0,
                      "plugin_compiles": 0, "crashes": 0, "stalls": 0, "bad_reports": 0, "internal_errors": 0,
                      "exit_codes": {}, "max_plugin_seconds": 0.0, "max_plugin_file": "",
                      "max_cli_seconds_per_file": 0.0, "max_cli_batch_seconds": 0.0, "call_max_micros": 0.0,
                      "query_max_micros": 0.0, "operators": {}, "failures": []}

    def fail(self, kind, what, files, out):
        self.stats[{"crash": "crashes", "stall": "stalls", "bad_report": "bad_reports"}[kind]] += 1
        rec = {"kind": kind, "what": what, "files": [os.path.basename(f) for f in files], "output": out[-4000:]}
        self.stats["failures"].append(rec)
        if self.a.keep:
            os.makedirs(self.a.keep, exist_ok=True)
            for f in files:
                shutil.copy(f, self.a.keep)
            with open(os.path.join(self.a.keep, "failures.jsonl"), "a") as fh:
                fh.write(json.dumps(rec) + "\n")
        print("FAIL %s: %s: %s" % (kind, what, " ".join(rec["files"])), file=sys.stderr)

    def cli_batch(self, files, cmd_tail, cwd=None):
        """The CLI on several mutants at once; a failing batch is re-run file by file to name the mutant."""
        rep = os.path.join(self.work, "report.json")
        st = os.path.join(self.work, "stats.json")
        for p in (rep, st):
            if os.path.exists(p):
                os.remove(p)
        cmd = [self.cli, "--quiet", "--format=json", "--output=" + rep, "--solver-stats=" + st] + files + cmd_tail
        rc, out, secs, stalled = run(cmd, PER_CALL_BOUND_S * len(files), cwd)
        self.stats["cli_invocations"] += 1
        self.stats["exit_codes"]["cli %d" % rc] = self.stats["exit_codes"].get("cli %d" % rc, 0) + 1
        self.stats["max_cli_batch_seconds"] = max(self.stats["max_cli_batch_seconds"], secs)
        self.stats["max_cli_seconds_per_file"] = max(self.stats["max_cli_seconds_per_file"], secs / len(files))
        crash = crash_marker(rc, out, 3)
        bad = None
        if not stalled and not crash and rc in (0, 1, 2, 3):
            try:
                json.load(open(rep))
            except (OSError, ValueError) as e:
                bad = "report: %s" % e
            try:
                s = json.load(open(st))
                self.stats["call_max_micros"] = max(self.stats["call_max_micros"], s.get("callMaxMicros", 0))
                self.stats["query_max_micros"] = max(self.stats["query_max_micros"], s.get("queryMaxMicros", 0))
                if s.get("callMaxMicros", 0) > PER_CALL_BOUND_S * 1e6:
                    stalled = True
            except (OSError, ValueError) as e:
                bad = "solver stats: %s" % e
        if rc == 3:
            self.stats["internal_errors"] += 1
        if not (stalled or crash or bad):
            return
        if len(files) > 1:
            for f in files:
                self.cli_batch([f], cmd_tail, cwd)
            return
        if stalled:
            self.fail("stall", "cli took %.1f s" % secs, files, out)
        elif crash:
            self.fail("crash", "cli: " + crash, files, out)
        else:
            self.fail("bad_report", "cli: " + bad, files, out)

    def plugin_compile(self, f, flags, cwd=None):
        cmd = [self.clang, "-fsyntax-only"] + flags + ["-fplugin=" + self.plugin, "-fplugin-arg-ptolint-target=all", f]
        rc, out, secs, stalled = run(cmd, PER_CALL_BOUND_S, cwd)
        self.stats["plugin_compiles"] += 1
        self.stats["exit_codes"]["plugin %d" % rc] = self.stats["exit_codes"].get("plugin %d" % rc, 0) + 1
        if secs > self.stats["max_plugin_seconds"]:
            self.stats["max_plugin_seconds"] = secs
            self.stats["max_plugin_file"] = os.path.basename(f)
        crash = crash_marker(rc, out, 1)
        if "ptolint plugin: internal" in out:
            self.stats["internal_errors"] += 1
        # A plugin that never loaded checked nothing: that is a failed run, not a fast one (e.g. a sanitizer
        # build's plugin in a host without the runtime preloaded; use the build's sanitize/ wrapper as --clang).
        unloaded = next((m for m in ("unable to load plugin", "ASan runtime does not come first",
                                     "error while loading shared libraries") if m in out), None)
        if stalled:
            self.fail("stall", "plugin took %.1f s" % secs, [f], out)
        elif crash:
            self.fail("crash", "plugin: " + crash, [f], out)
        elif unloaded:
            self.fail("crash", "plugin did not load: " + unloaded, [f], out)


def write_report(r, a, t0, done):
    """The numbers so far (a long run that is stopped still leaves them)."""
    s = r.stats
    s["mutants"] = done
    s["seconds"] = round(time.monotonic() - t0, 1)
    s["seed"] = a.seed
    s["per_call_bound_seconds"] = PER_CALL_BOUND_S
    if a.report:
        with open(a.report + ".tmp", "w") as fh:
            json.dump(s, fh, indent=1)
        os.replace(a.report + ".tmp", a.report)
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(HERE, "build"), help="build directory (bin/pto-lint, lib/ptolint.so)")
    ap.add_argument("--clang", default=os.environ.get("PTOLINT_CLANG", "clang++-19"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300, help="fixture mutants")
    ap.add_argument("--upstream", type=int, default=0, help="upstream pto-isa mutants (skipped when it is absent)")
    ap.add_argument("--batch", type=int, default=25, help="mutants per CLI invocation")
    ap.add_argument("--plugin-every", type=int, default=4, help="every Nth mutant also through the plugin")
    ap.add_argument("--report", help="write the run's numbers (JSON) here")
    ap.add_argument("--keep", help="copy failing mutants here for triage")
    ap.add_argument("--progress", type=int, default=0, help="print a line every N mutants")
    ap.add_argument("--pch", action="store_true",
                    help="parse fixture mutants with a precompiled clean-room header (about 2.5x faster; a dropped "
                         "#include of pto-inst.hpp is then still included)")
    ap.add_argument("--list-ops", action="store_true", help="print the ops mutants swap between (rules/ops.json) and exit")
    a = ap.parse_args()
    if a.list_ops:
        print("\n".join(OPS))
        return 0
    a.build = os.path.abspath(a.build)
    for p in (os.path.join(a.build, "bin", "pto-lint"), os.path.join(a.build, "lib", "ptolint.so")):
        if not os.path.exists(p):
            print("mutate.py: %s is missing (build pto-lint and ptolint first)" % p, file=sys.stderr)
            return 2
    if shutil.which(a.clang) is None:
        print("mutate.py: %s not found" % a.clang, file=sys.stderr)
        return 2
    rng = random.Random(a.seed)
    work = tempfile.mkdtemp(prefix="ptolint-mutate-")
    r = Runner(a, work)
    t0 = time.monotonic()
    try:
        flags = ["-std=c++17", "-I" + os.path.join(HERE, "refmodel", "include")]
        if a.pch:
            pch = os.path.join(work, "pto-inst.pch")
            subprocess.run([a.clang, "-x", "c++-header"] + flags +
                           [os.path.join(HERE, "refmodel", "include", "pto", "pto-inst.hpp"), "-o", pch], check=True)
            flags += ["-include-pch", pch]
        sources = [(f, open(f, encoding="utf-8", errors="surrogateescape").read()) for f in fixture_kernels()]
        done = 0

        def generate(i, src, text, prefix):
            ops, m = mutate(text, rng)
            for o in ops:
                r.stats["operators"][o] = r.stats["operators"].get(o, 0) + 1
            name = os.path.join(work, "%s%05d_%s" % (prefix, i, os.path.basename(src)))
            with open(name, "w", encoding="utf-8", errors="surrogateescape") as fh:
                fh.write(m)
            return name

        isa = pto_isa_dir()
        if a.upstream and not isa:
            print("mutate.py: upstream mutants skipped: needs pto-isa (PTOISA_DIR or ../shared/third_party/pto-isa)")
        elif a.upstream:
            kernels = upstream_kernels(isa)
            for i in range(a.upstream):
                src, args = rng.choice(kernels)
                text = open(src, encoding="utf-8", errors="surrogateescape").read()
                f = generate(i, src, text, "u")
                # The mutant sits in the work dir; the kernel's own folder stays on the include path.
                db = [{"directory": os.path.dirname(src), "file": f, "arguments": args + ["-c", f]}]
                with open(os.path.join(work, "compile_commands.json"), "w") as fh:
                    json.dump(db, fh)
                r.cli_batch([f], ["-p", work])
                if i % a.plugin_every == 0:
                    cp = subprocess.run([r.cli, "--print-commands", "-p", work, f], capture_output=True, text=True)
                    for line in cp.stdout.splitlines()[:2]:  # one per core of a mixed kernel
                        argv = shlex.split(line)
                        r.plugin_compile(f, [x for x in argv[1:] if x not in ("-c", "-fsyntax-only", f)],
                                         os.path.dirname(src))
                os.remove(f)
                done += 1
                r.stats["upstream_mutants"] += 1
                if a.progress and done % a.progress == 0:
                    write_report(r, a, t0, done)
                    print("mutate.py: %d mutants, %.0f s, %d crashes, %d stalls" %
                          (done, time.monotonic() - t0, r.stats["crashes"], r.stats["stalls"]), flush=True)
        batch = []
        for i in range(a.count):
            src, text = rng.choice(sources)
            f = generate(i, src, text, "m")
            batch.append(f)
            if i % a.plugin_every == 0:
                r.plugin_compile(f, flags)
            if len(batch) == a.batch or i == a.count - 1:
                r.cli_batch(batch, ["--"] + flags)
                for b in batch:
                    os.remove(b)
                batch = []
            done += 1
            r.stats["fixture_mutants"] += 1
            if a.progress and done % a.progress == 0:
                write_report(r, a, t0, done)
                print("mutate.py: %d mutants, %.0f s, %d crashes, %d stalls" %
                      (done, time.monotonic() - t0, r.stats["crashes"], r.stats["stalls"]), flush=True)
        r.stats["mutants"] = done
    finally:
        shutil.rmtree(work, ignore_errors=True)
    s = write_report(r, a, t0, r.stats["mutants"])
    print("mutate.py: %d mutants (%d fixture, %d upstream), %d CLI runs, %d plugin compiles in %.0f s: "
          "%d crashes, %d stalls, %d bad reports, %d internal errors (exit 3); longest plugin compile %.2f s (%s), "
          "longest CLI run %.2f s per file, longest call site %.1f ms, longest query %.1f ms (bound %.0f s per call)" %
          (s["mutants"], s["fixture_mutants"], s["upstream_mutants"], s["cli_invocations"], s["plugin_compiles"],
           s["seconds"], s["crashes"], s["stalls"], s["bad_reports"], s["internal_errors"], s["max_plugin_seconds"],
           s["max_plugin_file"], s["max_cli_seconds_per_file"], s["call_max_micros"] / 1000,
           s["query_max_micros"] / 1000, PER_CALL_BOUND_S))
    return 1 if s["crashes"] or s["stalls"] or s["bad_reports"] else 0


if __name__ == "__main__":
    sys.exit(main())
