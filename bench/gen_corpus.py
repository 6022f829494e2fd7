#!/usr/bin/env python3
"""bench/gen_corpus.py: writes N generated PTO kernels (default 60) into a directory, for bench/run.sh.

Each kernel resembles an NPU vector kernel: several tile shapes per template, dynamic valid shapes from
parameters with guards, TASSIGN placement, and calls across the checked op families, plus the standard
headers a real kernel pulls in. Deterministic for a given seed.
"""
import random
import sys
from pathlib import Path

TYPES = [("float", 4), ("half", 2)]


def kernel(i: int, rng: random.Random) -> str:
    t, s = TYPES[i % 2]
    cols = rng.choice([64, 128, 256])
    # Rows * sizeof(T) must be a multiple of 32 B for the column-major Rx1 tile (as upstream's Tile requires).
    rows = rng.choice([8, 16, 32] if s == 4 else [16, 32])
    vc = rng.randint(1, cols)
    tmp_cols = rng.choice([32, 128, 384])
    lines = [f"// generated benchmark kernel {i}", "#include <pto/pto-inst.hpp>", "#include <algorithm>",
             "#include <vector>", "#include <string>", "#include <map>", "#include <functional>", "",
             "using namespace pto;", ""]
    lines += [f"template <typename T, int R, int C, int VC, int TC>",
              f"void colArg{i}(unsigned n) {{",
              "  if (n == 0 || n > unsigned(R)) return;",
              "  Tile<TileType::Vec, T, R, C, BLayout::RowMajor, -1, -1> src(n, VC);",
              "  Tile<TileType::Vec, int32_t, 1, C, BLayout::RowMajor, -1, -1> idx(1, VC);",
              "  Tile<TileType::Vec, T, 1, C, BLayout::RowMajor, -1, -1> val(1, VC);",
              "  Tile<TileType::Vec, T, 1, TC> tmp;",
              "  TASSIGN(src, 0x0);",
              "  TASSIGN(idx, R * C * sizeof(T));",
              "  TASSIGN(val, R * C * sizeof(T) + C * 4);",
              "  TASSIGN(tmp, R * C * sizeof(T) + C * 4 + C * sizeof(T));",
              "  TCOLARGMIN(idx, src, tmp);",
              "  TCOLARGMAX(idx, src, tmp);",
              "  Tile<TileType::Vec, T, 1, C, BLayout::RowMajor, 1, -1> red(VC);",
              "  TCOLMAX(red, src);",
              "  TCOLMIN(red, src);",
              "  Tile<TileType::Vec, T, R, C, BLayout::RowMajor, -1, -1> a(n, VC), b(n, VC), d(n, VC);",
              "  TMIN(d, a, b);",
              "  TMAX(d, a, b);",
              "  TPARTMIN(d, a, b);",
              "  TPARTMAX(d, a, b);",
              "  Tile<TileType::Vec, T, R, 1, BLayout::ColMajor, -1, -1> col(n, 1);",
              "  TROWEXPANDMIN(d, a, col);",
              "  TROWEXPANDMAX(d, a, col);",
              "}", ""]
    for k in range(4):
        lines.append(f"template void colArg{i}<{t}, {rows}, {cols}, {max(1, vc - k)}, {tmp_cols}>(unsigned);")
    lines += ["", f"int host{i}(int argc) {{", "  std::vector<std::string> names(argc, \"x\");",
              "  std::map<std::string, int> m;", "  for (auto &n : names) m[n]++;",
              "  std::sort(names.begin(), names.end());", "  return int(m.size());", "}", ""]
    return "\n".join(lines)


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "bench-corpus")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20261122)
    for i in range(n):
        (out / f"kernel_{i:03d}.cpp").write_text(kernel(i, rng))
    print(f"wrote {n} kernels to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
