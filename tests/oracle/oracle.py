#!/usr/bin/env python3
"""tests/oracle/oracle.py: upstream's implementation as the oracle of pto-lint's upstream checks (issue 22, item 8).

For each row (an op, or one form of it; OPS) and target it makes random concrete configurations of one op call (static
tile shapes from a small set, element types the target's implementation admits; valid rows and columns, global shapes
and indices in and out of range), writes them as kernels (one function per configuration, one file per batch of one
core kind), and decides each configuration twice:

  host    the same kernel files compiled for the host with _DEBUG, upstream's real implementation headers of the
          target and tests/oracle/host/oracle_host.h (pto-lint's CCE prelude: every intrinsic a no-op), run; a
          configuration fires when a PTO_ASSERT of the op call fails (all failing asserts are recorded);
  lint    pto-lint --upstream-checks on the kernel files with the target's bisheng command (JSON report, findings
          mapped back by line); a configuration fires when pto-lint reports a pto-upstream-assert violation on its
          call. The asserts pto-lint did not follow are the configuration's when the report's list of them
          (summary.notFollowed) names its call (lint_batch).

and compares: a configuration agrees when both sides name the same failing asserts and pto-lint followed every
assert it reached. Everything else is a disagreement, listed with its configuration and which side said what:

  missed          the host fires an assert that pto-lint does not report
  false-alarm     pto-lint reports an assert that does not fail on the host
  not-followed:*  pto-lint did not follow an assert of the call (never a pass), by the kind of reason it gives:
                  :value (a value of the kernel it could not follow), :solver (not decided in time), :guard,
                  :local (a local of the implementation assigned again), :expr (an expression of the
                  implementation not understood), :decl (a declaration "does not compile"), :bounds (it holds only
                  with the valid dims within their tiles, which the call's path does not imply), :other
  by-design       not followed because the configuration writes a value in a form pto-lint documents that it
                  does not follow (see Speller); listed, triaged once, never a pass either
  host-crash      the host program died in the call before any assert failed (no verdict); host-crash:huge when
                  the configuration has a valid extent that is negative or past 2^16 (the implementation loops far
                  past the tile)
  host-incomplete pto-lint reports an assert that did not fail on the host, but the host died in the call (after
                  other asserts failed), maybe before reaching it (no verdict on it)
  setup           an assert failed, or was reported, outside the op call (the configuration's set-up)

Disagreements triaged in tests/oracle/expected.txt (by target, op, kind and assert) are reported but do not fail
the run; a new one does (exit 1). Exit 77 (ctest's skip) when the pto-isa checkout or clang++ is missing.
Deterministic from --seed. Python 3 standard library only.

  tests/oracle/oracle.py --build build --count 2                   # the sample (ctest -L oracle)
  nice tests/oracle/oracle.py --build build --count 1000 --jobs 2  # the sweep (ctest -C sweep -L oracle-sweep)
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))

TARGETS = {
    # target: (bisheng architecture family, upstream's memory-model macro; tests/npu/<target>/src/st/CMakeLists.txt)
    'a2a3': ('dav-c220', '-DMEMORY_BASE'),
    'a5': ('dav-c310', '-DREGISTER_BASE'),
}


def bisheng(target, core, isa, kernel):
    """The compile command of a kernel of one core kind (vec or cube), as upstream's pto_vec_st/pto_cube_st."""
    family, memory = TARGETS[target]
    return ['bisheng', '-xcce', '--cce-aicore-arch=%s-%s' % (family, core), '-O2', '-std=c++17', memory,
            '-I' + os.path.join(isa, 'include'), '-c', kernel]

SIZES = {'float': 4, 'half': 2, 'bfloat16_t': 2, 'int32_t': 4, 'uint32_t': 4, 'int16_t': 2, 'uint16_t': 2, 'int8_t': 1,
         'uint8_t': 1}


# ---- Configurations -------------------------------------------------------------------------------------------

class Speller:
    """Writes a concrete value the ways kernels write it: a literal, a const/constexpr/plain local initialised once,
    or an expression of literals; in a function template, a template parameter its one instantiation fixes. Every
    such form has one value, and pto-lint's dataflow claims to follow them all. Rarely, a local changed after its
    initialisation or computed in a loop (2 % of the configurations, one value each): pto-lint documents that it does
    not follow those, and must then say "not followed", never decide wrongly."""

    def __init__(self, rng, templated, unfollowed):
        self.rng, self.locals, self.tparams, self.templated = rng, [], [], templated
        self.unfollowed = unfollowed  # the next value is written in a form pto-lint does not follow

    def __call__(self, name, v):
        if self.unfollowed:
            self.unfollowed = False
            if self.rng.random() < 0.5:  # a local changed after its initialisation
                self.locals += ['int %s = %d;' % (name, v - 1), '%s += 1;' % name]
            else:  # a value computed in a loop
                self.locals += ['int %s = 0;' % name, 'for (int i = 0; i < %d; ++i)' % v, '  ++%s;' % name]
            return name
        if self.templated and self.rng.random() < 0.6:  # a template parameter of the function
            self.tparams.append((name, v))
            return name
        r = self.rng.random()
        if r < 0.5:
            return str(v)
        if r < 0.62:
            self.locals.append('const int %s = %d;' % (name, v))
            return name
        if r < 0.74:
            self.locals.append('constexpr int %s = %d;' % (name, v))
            return name
        if r < 0.84:
            self.locals.append('unsigned %s = %d;' % (name, v))
            return name
        a = self.rng.randint(0, 7)
        if r < 0.92 or v == 0:
            return '(%d + %d)' % (v - a, a)
        k = self.rng.choice([d for d in (2, 3, 4) if v % d == 0] or [1])
        return '(%d * %d)' % (v // k, k)


class Tile:
    """A tile declaration: static shape, layout, and valid shape (static, or dynamic with a constructor value)."""

    def __init__(self, name, dtype, rows, cols, vr, vc, mode='static', layout='RowMajor', loc='Vec', form=None):
        self.name, self.dtype, self.rows, self.cols = name, dtype, rows, cols
        self.vr, self.vc, self.mode, self.layout, self.loc = vr, vc, mode, layout, loc
        self.form = form  # a type template taking (vr, vc), e.g. 'TileLeft<half, 32, 64, {}, {}>'; default Tile<...>
        self.args = None

    def spell(self, sp):
        dyn_r = self.mode in ('dyn', 'dynrow')
        dyn_c = self.mode in ('dyn', 'dyncol')
        self.args = ([sp(self.name + '_vr', self.vr)] if dyn_r else []) + ([sp(self.name + '_vc', self.vc)] if dyn_c else [])

    def decl(self):
        dyn_r = self.mode in ('dyn', 'dynrow')
        dyn_c = self.mode in ('dyn', 'dyncol')
        vr, vc = -1 if dyn_r else self.vr, -1 if dyn_c else self.vc
        t = self.form.format(vr, vc) if self.form else 'Tile<TileType::%s, %s, %d, %d, BLayout::%s, %d, %d>' % (
            self.loc, self.dtype, self.rows, self.cols, self.layout, vr, vc)
        return '%s %s%s;' % (t, self.name, '(%s)' % ', '.join(self.args) if self.args else '')

    def bytes(self):
        return self.rows * self.cols * SIZES[self.dtype]

    def text(self):
        kind = {'static': '', 'dyn': ' dyn', 'dynrow': ' dynrow', 'dyncol': ' dyncol'}[self.mode]
        lay = ' ' + self.loc if self.loc != 'Vec' else ''
        lay += '' if self.layout == 'RowMajor' else ' ' + self.layout
        return '%s=%s[%dx%d%s] valid %dx%d%s' % (self.name, self.dtype, self.rows, self.cols, lay, self.vr, self.vc, kind)


class Config:
    """One op call with concrete values. `setup` and `call` may name values as {name}, from `values`."""

    def __init__(self, cid, op, target, tiles, call, setup=(), extra='', values=None, core='vec', label=None,
                 alias=None):
        self.id, self.op, self.target, self.tiles, self.call = cid, op, target, tiles, call
        self.alias = alias or {}     # {tile: tile whose address it is assigned} (an in-place call)
        self.core = core             # the AI core kind the kernel is compiled for
        self.label = label or op     # the generator's name (the report's rows)
        self.setup = list(setup)     # more declarations (global tensors), after the tiles
        self.extra = extra           # what the description adds (indices, global shape)
        self.values = values or {}
        self.locals, self.texts, self.tparams, self.unfollowed = [], {}, [], False

    def spell(self, rng):
        """Fixes how each value is written (the kernel text is the same whenever it is written out again)."""
        has_values = any(t.mode != 'static' for t in self.tiles) or self.values
        sp = Speller(rng, rng.random() < 0.25, has_values and rng.random() < 0.02)
        self.unfollowed = sp.unfollowed
        for t in self.tiles:
            t.spell(sp)
        self.texts = {k: sp(k, v) for k, v in self.values.items()}
        self.locals, self.tparams = sp.locals, sp.tparams
        return self

    def describe(self):
        return '%s %s: %s%s%s' % (self.label, self.target, '; '.join(t.text() for t in self.tiles),
                                  ''.join('; %s at %s' % kv for kv in sorted(self.alias.items())),
                                  '; ' + self.extra if self.extra else '')

    def body(self):
        """The function's lines; the op call is the last one."""
        lines = self.locals + [t.decl() for t in self.tiles] + [l.format(**self.texts) for l in self.setup]
        addr, at = 0, {}
        for t in self.tiles:
            if t.name in self.alias:
                at[t.name] = at[self.alias[t.name]]
            else:
                at[t.name] = addr
                addr += (t.bytes() + 255) // 256 * 256
            lines.append('TASSIGN(%s, 0x%x);' % (t.name, at[t.name]))
        # Each tile's host buffer is filled with 1s (an integer TRECIP on the host divides by its elements), a tmp
        # or index tile's with 0s (scalar code reads indices there, some that the vector unit would have written).
        fills = ''.join('0' if t.name in ('tmp', 'idx') else '1' for t in self.tiles)
        lines.append('PTO_ORACLE_ENTER(%d, "%s", %s);' % (self.id, fills, ', '.join(t.name for t in self.tiles)))
        lines.append(self.call.format(**self.texts))
        return lines


def shape_of(rng, dtype, rows=(1, 2, 4, 8, 16, 32), row_bytes=(32, 64, 128, 256, 512)):
    """A static tile shape whose rows are whole 32-byte blocks."""
    return rng.choice(rows), rng.choice(row_bytes) // SIZES[dtype]


def valid_mode(rng):
    return rng.choice(('static', 'dyn', 'dyn', 'dynrow', 'dyncol'))


def pick_valid(rng, n, dynamic):
    """A valid extent for a dimension of n: in range when static; when dynamic, sometimes 0 or past the end, and
    rarely past 16 bits (implementations narrow some to uint16_t) or negative (the constructor takes unsigned)."""
    if not dynamic:
        return rng.randint(1, n)
    r = rng.random()
    return (0 if r < 0.05 else rng.randint(n + 1, 2 * n + 3) if r < 0.14 else 65536 + rng.randint(0, n) if r < 0.16
            else -rng.randint(1, 2) if r < 0.17 else rng.randint(1, n))


def make_tile(rng, name, dtype, rows, cols, want=None, match=0.85, mode=None, layout='RowMajor'):
    """A tile of the given shape; with probability `match` its valid shape is `want` (when it can hold it)."""
    mode = mode or valid_mode(rng)
    dyn_r, dyn_c = mode in ('dyn', 'dynrow'), mode in ('dyn', 'dyncol')
    vr, vc = pick_valid(rng, rows, dyn_r), pick_valid(rng, cols, dyn_c)
    if want and rng.random() < match:
        wr, wc = want
        if wr is not None and (dyn_r or 1 <= wr <= rows):
            vr = wr
        if wc is not None and (dyn_c or 1 <= wc <= cols):
            vc = wc
    return Tile(name, dtype, rows, cols, vr, vc, mode, layout)


# ---- Op families: one generator serves every op of a family ---------------------------------------------------
#
# A family is a function (rng, cid, target, op, entry, ...) -> Config, where `entry` is one of the op's element types
# on the target; @family makes it a factory family(op, dtypes, ...) -> gen(rng, cid, target) for one op. `dtypes`
# maps a target to the element types the op's implementation on that target compiles with (its static_asserts); an
# op without an entry for a target does not exist there. An entry is a type, or a tuple (dst, src[, tmp]) where an op
# mixes types.

def family(make):
    """The generator factory of a family: gen(rng, cid, target) draws an element type of the op on the target
    first, then makes the configuration; `gen.dtypes` names the targets the op exists on (exists)."""
    def factory(op, dtypes, *args, **kw):
        def gen(rng, cid, target):
            return make(rng, cid, target, op, rng.choice(dtypes[target]), *args, **kw)
        gen.dtypes = dtypes
        return gen
    return factory


def roles(entry):
    """(dst, src, tmp) element types of a dtypes entry."""
    if isinstance(entry, str):
        return entry, entry, entry
    return (tuple(entry) + (entry[1],))[:3]


def like(rng, name, dtype, dst, same=0.6, match=0.85):
    """An operand shaped after dst: dst's tile shape (60 %, when its rows are whole 32-byte blocks of this type) or
    another one; dst's valid shape with probability `match`."""
    if rng.random() < same and dst.cols * SIZES[dtype] % 32 == 0:
        r, c = dst.rows, dst.cols
    else:
        r, c = shape_of(rng, dtype)
    return make_tile(rng, name, dtype, r, c, want=(dst.vr, dst.vc), match=match)


def tmp_more_rows(rng, dt, dst):
    """TPRELU's tmp (a2a3 asserts its valid rows > dst's, npu/a2a3/TPrelu.hpp:40): rows past dst's, or not."""
    rows = rng.choice((dst.rows, dst.rows * 2, dst.rows + 8))
    return make_tile(rng, 'tmp', dt, rows, rng.choice((32, 64, 128, 256)) // SIZES[dt],
                     want=(max(0, dst.vr) + rng.choice((0, 1, 1, 2)), None), match=0.8)


def tmp_more_cols(rng, dt, dst):
    """TREM's tmp (a2a3 asserts its valid columns >= dst's row stride plus two per 64 of it, npu/a2a3/TRem.hpp:196):
    columns past dst's, or not."""
    need = dst.cols + (dst.cols + 63) // 64 * 2
    cols = min(1024 // SIZES[dt], rng.choice((dst.cols, 2 * dst.cols, 4 * dst.cols)))
    return make_tile(rng, 'tmp', dt, rng.choice((1, 2, dst.rows)), cols,
                     want=(None, need + rng.choice((0, 0, 1, -1))), match=0.8)


@family
def elementwise(rng, cid, target, op, entry, args='dst, src0, src1', scalars=(2,), alias=0.1, tmp_match=0.5,
                match=0.85, tmp=None):
    """An elementwise op: every tile operand shaped after dst. `args` lists the call's operands by name (`S` is the
    scalar; several forms separated by `|` are chosen at random). With probability `alias` the first source, when
    its tile is dst's, sits at dst's address (an in-place call). `tmp` makes the tmp tile (default: shaped after
    dst)."""
    forms = [[a.strip() for a in f.split(',')] for f in args.split('|')]
    dt, st, tt = roles(entry)
    form = rng.choice(forms)
    r, c = shape_of(rng, dt)
    dst = make_tile(rng, 'dst', dt, r, c)
    tiles = [dst]
    for name in form[1:]:
        if name == 'S':
            continue
        if name == 'tmp':
            tiles.append(tmp(rng, tt, dst) if tmp else like(rng, name, tt, dst, same=0.5, match=tmp_match))
        else:
            tiles.append(like(rng, name, st, dst, match=match))
    srcs = [t.name for t in tiles[1:] if t.name != 'tmp']
    first = tiles[1] if len(tiles) > 1 else None
    same = first is not None and (first.dtype, first.rows, first.cols) == (dst.dtype, dst.rows, dst.cols)
    al = {srcs[0]: 'dst'} if srcs and rng.random() < alias and same else {}
    s = rng.choice(scalars)
    call = '%s(%s);' % (op, ', '.join(str(s) if a == 'S' else a for a in form))
    return Config(cid, op, target, tiles, call, alias=al, extra='scalar %s' % s if 'S' in form else '')


@family
def rowreduce(rng, cid, target, op, dtype, idx=None):
    """A row reduction (dst, src, tmp): dst one column per row, ND (32-byte rows) or DN (ColMajor, one column).
    With `idx` ({value type: index types}), dst holds indices (TROWARGMAX/TROWARGMIN)."""
    ot = rng.choice(idx[dtype]) if idx else dtype
    r, c = shape_of(rng, dtype)
    src = make_tile(rng, 'src', dtype, r, c)
    tmp = Tile('tmp', dtype, r, c, r, c) if rng.random() < 0.8 else like(rng, 'tmp', dtype, src, match=0.6)
    dr = r if rng.random() < 0.7 else rng.choice((1, 2, 4, 8, 16, 32))
    if rng.random() < 0.5:  # DN output: one column, rows in whole 32-byte blocks
        block = 32 // SIZES[ot]
        dst = make_tile(rng, 'dst', ot, (dr + block - 1) // block * block, 1, want=(src.vr, 1),
                        layout='ColMajor', mode=rng.choice(('static', 'dynrow')))
        dst.vc = 1
    else:
        dst = make_tile(rng, 'dst', ot, dr, 32 // SIZES[ot], want=(src.vr, 1))
    return Config(cid, op, target, [dst, src, tmp], '%s(dst, src, tmp);' % op)


@family
def colreduce(rng, cid, target, op, dtype, tmp=None, idx=None):
    """A column reduction (dst, src[, tmp]): dst one row. `tmp`: 'tile' adds a tmp tile shaped after src, 'binary'
    the TCOLSUM form (dst, src, tmp, isBinary) or the two-operand one. With `idx` ({value type: index types}), dst
    holds indices (TCOLARGMAX/TCOLARGMIN)."""
    ot = rng.choice(idx[dtype]) if idx else dtype
    r, c = shape_of(rng, dtype)
    src = make_tile(rng, 'src', dtype, r, c)
    dc = c * SIZES[dtype] // SIZES[ot] if rng.random() < 0.7 else shape_of(rng, ot)[1]
    dst = make_tile(rng, 'dst', ot, rng.choice((1, 1, 2, r)), dc, want=(1, src.vc))
    tiles, args = [dst, src], 'dst, src'
    if tmp == 'tile' or (tmp == 'binary' and rng.random() < 0.5):
        tiles.append(like(rng, 'tmp', dtype, src, match=0.6))
        args += ', tmp' + (', %s' % rng.choice(('true', 'false')) if tmp == 'binary' else '')
    return Config(cid, op, target, tiles, '%s(%s);' % (op, args))


def column(rng, name, dtype, vr, rows, one=False):
    """A column operand (one value per row): ND with one 32-byte block per row (valid columns 1 or the block; with
    `one`, 1 when static), or DN (ColMajor, one column)."""
    block = 32 // SIZES[dtype]
    if rng.random() < 0.5:
        t = make_tile(rng, name, dtype, (rows + block - 1) // block * block, 1, want=(vr, 1), layout='ColMajor',
                      mode=rng.choice(('static', 'dynrow', 'dynrow')))
        t.vc = 1
        return t
    t = make_tile(rng, name, dtype, rows, block, want=(vr, rng.choice((1, block))),
                  mode=rng.choice(('static', 'dynrow', 'dyn', 'dyn')))
    if one and t.mode in ('static', 'dynrow'):
        t.vc = 1
    return t


@family
def rowexpand(rng, cid, target, op, dtype, binary=True, tmp=0.0):
    """TROWEXPAND (dst, src) broadcasts a column over dst's rows; TROWEXPAND<OP> (dst, src0, src1[, tmp]) combines a
    full tile with a column, which may be either source."""
    r, c = shape_of(rng, dtype)
    dst = make_tile(rng, 'dst', dtype, r, c)
    rows = r if rng.random() < 0.7 else rng.choice((1, 2, 4, 8, 16, 32))
    if not binary:  # a5 takes a static source column count of 1 only (npu/a5/TRowExpand.hpp:25)
        src = column(rng, 'src', dtype, dst.vr, rows, one=target == 'a5')
        return Config(cid, op, target, [dst, src], '%s(dst, src);' % op)
    full, col = like(rng, 'x', dtype, dst), column(rng, 'x', dtype, dst.vr, rows)
    first = rng.random() < 0.75
    full.name, col.name = ('src0', 'src1') if first else ('src1', 'src0')
    tiles = [dst] + ([full, col] if first else [col, full])
    args = 'dst, src0, src1'
    if rng.random() < tmp:
        tiles.append(like(rng, 'tmp', dtype, dst, match=0.6))
        args += ', tmp'
    return Config(cid, op, target, tiles, '%s(%s);' % (op, args))


@family
def colexpand(rng, cid, target, op, dtype):
    """TCOLEXPAND (dst, src) broadcasts a row over dst's rows."""
    r, c = shape_of(rng, dtype)
    dst = make_tile(rng, 'dst', dtype, r, c)
    sc = c if rng.random() < 0.7 else shape_of(rng, dtype)[1]
    src = make_tile(rng, 'src', dtype, rng.choice((1, 1, 2, r)), sc, want=(1, dst.vc))
    return Config(cid, op, target, [dst, src], '%s(dst, src);' % op)


def nested(rng, dtype, outer, inner):
    """TEXTRACT's source and destination, TINSERT's destination and source: a static tile `outer` and a tile `inner`
    whose static shape fits in it, of any valid shape, 1x1 15 % of the time (the scalar path)."""
    r, c = shape_of(rng, dtype, rows=(2, 4, 8, 16, 32), row_bytes=(64, 128, 256, 512))
    out = make_tile(rng, outer, dtype, r, c, mode='static')
    sr = rng.choice([x for x in (1, 2, 4, 8, 16, 32) if x <= r])
    sc = rng.choice([x for x in (32, 64, 128, 256, 512) if x // SIZES[dtype] <= c]) // SIZES[dtype]
    if rng.random() < 0.15:
        return out, Tile(inner, dtype, sr, sc, 1, 1)
    return out, make_tile(rng, inner, dtype, sr, sc)


def indices(rng, rows, cols, room, block):
    """(indexRow, indexCol) into a rows x cols tile (TEXTRACT's source, TINSERT's destination): in range and aligned
    to `block` columns as far as `room` (the rows and columns left past the other tile's valid shape) allows; or
    anywhere up to a little past the tile; or past 2^16 (the parameters are uint16_t: a larger argument wraps)."""
    r = rng.random()
    if r < 0.6:
        return rng.randint(0, max(0, room[0])), rng.randint(0, max(0, room[1]) // block) * block
    if r < 0.95:
        return rng.randint(0, rows + 4), rng.randint(0, cols + block)
    ir, ic = 65536 + rng.randint(0, rows), rng.randint(0, cols // block) * block
    if rng.random() < 0.5:
        ir, ic = rng.randint(0, rows - 1), 65536 + ic
    return ir, ic


@family
def tinsert(rng, cid, target, op, dtype):
    """TINSERT(dst, src, indexRow, indexCol), Vec to Vec (ND): src (small, any valid shape) into dst at an index."""
    dst, src = nested(rng, dtype, 'dst', 'src')
    dr, dc = dst.rows, dst.cols
    dst.vr, dst.vc = dr, dc
    ir, ic = indices(rng, dr, dc, (dr - max(src.vr, 0), dc - max(src.vc, 0)), 32 // SIZES[dtype])
    return Config(cid, op, target, [dst, src], op + '(dst, src, {ir}, {ic});',
                  extra='indexRow %d, indexCol %d' % (ir, ic), values={'ir': ir, 'ic': ic})


@family
def matmul(rng, cid, target, op, entry, form='c, a, b'):
    """TMATMUL/TMATMUL_ACC/TMATMUL_BIAS on the cube core: Acc (M x N) from Left (M x K) and Right (K x N); the
    implementation asserts the valid M, K, N (as uint16_t) within [1, 4095]. `form` names the operands (`c0` a second
    Acc input, `bias` a Bias tile); several forms separated by `|` are chosen at random."""
    forms = [[a.strip() for a in f.split(',')] for f in form.split('|')]

    def dim(rng, n):
        """A valid extent of n: the tile's (mostly), or past the implementation's bounds when dynamic."""
        r = rng.random()
        return (n if r < 0.55 else rng.randint(1, n) if r < 0.75 else 0 if r < 0.82 else
                rng.choice((4095, 4096, 4097, 8191, 65535, 65536, 65537)) if r < 0.94 else -1)

    ct, at, bt = entry
    m, k, n = rng.choice((16, 32, 64)), rng.choice((32, 64, 128)), rng.choice((16, 32, 64))
    vm, vk, vn = dim(rng, m), dim(rng, k), dim(rng, n)

    def tile(name, dtype, rows, cols, vr, vc, alias_, loc):
        # a valid extent outside the tile is dynamic; one inside is static or dynamic
        dr = not 1 <= vr <= rows or rng.random() < 0.6
        dc = not 1 <= vc <= cols or rng.random() < 0.6
        mode = {(0, 0): 'static', (1, 0): 'dynrow', (0, 1): 'dyncol', (1, 1): 'dyn'}[(dr, dc)]
        t = Tile(name, dtype, rows, cols, vr, vc, mode, loc=loc)
        t.form = '%s<%s, %d, %d, {}, {}>' % (alias_, dtype, rows, cols)
        return t
    a = tile('a', at, m, k, vm if rng.random() < 0.9 else dim(rng, m), vk, 'TileLeft', 'Left')
    b = tile('b', bt, k, n, vk if rng.random() < 0.9 else dim(rng, k), vn, 'TileRight', 'Right')
    c = tile('c', ct, m, n, vm, vn, 'TileAcc', 'Acc')
    names = rng.choice(forms)
    tiles = [c]
    if 'c0' in names:  # the accumulator's input: of the output's type (one template parameter)
        c0 = Tile('c0', ct, m, n, vm, vn, c.mode, loc='Acc')
        c0.form = c.form
        tiles.append(c0)
    tiles += [a, b]
    if 'bias' in names:
        bias = Tile('bias', ct, 1, n, 1, vn if 1 <= vn <= n else n, 'static', loc='Bias')
        bias.form = 'Tile<TileType::Bias, %s, 1, %d, BLayout::RowMajor, {}, {}>' % (ct, n)
        tiles.append(bias)
    return Config(cid, op, target, tiles, '%s(%s);' % (op, ', '.join(names)), core='cube')


@family
def tmov(rng, cid, target, op, dtype):
    """TMOV(dst, src), Vec to Vec: one static shape, any valid shapes (the copy takes the smaller of each); also
    TSCATTER(dst, src), whose default mask pattern asserts equal valid shapes and moves."""
    r, c = shape_of(rng, dtype)
    dst = make_tile(rng, 'dst', dtype, r, c)
    src = make_tile(rng, 'src', dtype, r, c, want=(dst.vr, dst.vc), match=0.5)
    return Config(cid, op, target, [dst, src], op + '(dst, src);')


@family
def cmpop(rng, cid, target, op, dtype):
    """TCMPS(dst, src, scalar, mode) / TCMP(dst, src0, src1, mode): dst a uint8_t mask with src's rows."""
    r, c = shape_of(rng, dtype)
    src = make_tile(rng, 'src0', dtype, r, c)
    mr = r if rng.random() < 0.7 else rng.choice((1, 2, 4, 8, 16, 32))
    mc = c if c % 32 == 0 and rng.random() < 0.7 else rng.choice((32, 64, 128, 256))
    dst = make_tile(rng, 'dst', 'uint8_t', mr, mc, want=(src.vr, src.vc))
    mode = rng.choice(('EQ', 'NE', 'LT', 'GT'))
    tiles = [dst, src]
    if op == 'TCMP':
        tiles.append(like(rng, 'src1', dtype, src))
        call = 'TCMP(dst, src0, src1, CmpMode::%s);' % mode
    else:
        call = 'TCMPS(dst, src0, 2, CmpMode::%s);' % mode
    return Config(cid, op, target, tiles, call)


@family
def tsels(rng, cid, target, op, dtype):
    """TSELS(dst, mask, src, tmp, scalar): a uint8_t mask; tmp one 32-byte row of uint8_t."""
    r, c = shape_of(rng, dtype)
    dst = make_tile(rng, 'dst', dtype, r, c)
    mask = make_tile(rng, 'mask', 'uint8_t', r, 32 * rng.choice((1, 2)), want=(dst.vr, None))
    src = like(rng, 'src', dtype, dst)
    tmp = Tile('tmp', 'uint8_t', 1, 32, 1, 32)
    return Config(cid, op, target, [dst, mask, src, tmp], op + '(dst, mask, src, tmp, 2);')


@family
def tgather(rng, cid, target, op, entry):
    """TGATHER(dst, src0, indices, tmp): 32-bit indices; tmp of the indices' type, shaped after them."""
    dtype, it = entry
    r, c = shape_of(rng, dtype)
    dst = make_tile(rng, 'dst', dtype, r, c)
    src0 = like(rng, 'src0', dtype, dst)
    idx = like(rng, 'idx', it, dst)
    tmp = like(rng, 'tmp', it, idx, match=0.7)
    return Config(cid, op, target, [dst, src0, idx, tmp], op + '(dst, src0, idx, tmp);')


@family
def tdequant(rng, cid, target, op, st):
    """TDEQUANT(dst, src, scale, offset): float dst from int8/int16 src; scale and offset one float per row, of one
    tile type (the parameter is one template argument)."""
    r, c = shape_of(rng, 'float')
    dst = make_tile(rng, 'dst', 'float', r, c)
    src = like(rng, 'src', st, dst)
    rows = r if rng.random() < 0.7 else rng.choice((1, 2, 4, 8, 16, 32))
    scale = make_tile(rng, 'scale', 'float', rows, 8, want=(dst.vr, 1), mode=rng.choice(('static', 'dynrow', 'dyn')))
    offset = make_tile(rng, 'offset', 'float', rows, 8, want=(dst.vr, 1), mode=scale.mode)
    if scale.mode == 'static':
        offset.vr, offset.vc = scale.vr, scale.vc
    elif scale.mode == 'dynrow':
        offset.vc = scale.vc
    return Config(cid, op, target, [dst, src, scale, offset], op + '(dst, src, scale, offset);')


@family
def tmrgsort(rng, cid, target, op, dtype):
    """TMRGSORT(dst, src, blockLen), one list: one-row tiles; blockLen (uint32_t) a multiple of 64 or not, the valid
    columns a multiple of 4 * blockLen or not, and past 255 repeats (the count is narrowed to uint8_t)."""
    cols = rng.choice((256, 512, 1024, 2048))
    bl = rng.choice((64, 64, 64, 128, 256, 32, 96, 1, 16384))
    r = rng.random()
    if r < 0.75:  # the valid columns a whole number of blocks of 4 lists, sometimes past 255 of them
        vc = 4 * bl * rng.choice((1, 1, 2, 4) if r < 0.65 else (255, 256, 257))
        mode = 'static' if vc <= cols and rng.random() < 0.5 else 'dyncol'
        src = Tile('src', dtype, 1, cols, 1, vc, mode)
    else:
        src = make_tile(rng, 'src', dtype, 1, cols, mode=rng.choice(('static', 'dyncol', 'dyncol')))
        src.vr = 1
    dst = make_tile(rng, 'dst', dtype, 1, cols, want=(1, src.vc), mode=rng.choice(('static', 'dyncol')))
    dst.vr = 1
    return Config(cid, op, target, [dst, src], op + '(dst, src, {bl});', extra='blockLen %d' % bl,
                  values={'bl': bl})


def gen_textract(rng, cid, target):
    """TEXTRACT(dst, src, indexRow, indexCol), Vec to Vec (ND): a part of src at an index into dst."""
    dtype = rng.choice(('float', 'half', 'int32_t'))
    src, dst = nested(rng, dtype, 'src', 'dst')
    sr, sc = src.rows, src.cols
    ir, ic = indices(rng, sr, sc, (sr - dst.vr, sc - dst.vc), 32 // SIZES[dtype])
    return Config(cid, 'TEXTRACT', target, [dst, src], 'TEXTRACT(dst, src, {ir}, {ic});',
                  extra='indexRow %d, indexCol %d' % (ir, ic), values={'ir': ir, 'ic': ic})


def gen_textract_mat(rng, cid, target):
    """TEXTRACT from a Mat (L1) tile to a Left or Right (L0) tile, on the cube core; the Mat tile is NZ or ZN."""
    dtype = rng.choice(('half', 'float', 'bfloat16_t', 'int8_t'))
    rows = (32, 64, 128) if dtype == 'int8_t' else (16, 32, 64, 128)
    m, k = rng.choice(rows), rng.choice((32, 64, 128))
    nz = rng.random() < 0.5
    form = 'Tile<TileType::Mat, %s, %d, %d, BLayout::%s, {}, {}, SLayout::%s, 512>' % (
        dtype, m, k, 'ColMajor' if nz else 'RowMajor', 'RowMajor' if nz else 'ColMajor')
    src = Tile('src', dtype, m, k, m, k, 'static', 'NZ' if nz else 'ZN', 'Mat', form=form)
    left = rng.random() < 0.5
    dr = rng.choice([x for x in rows if x <= m] if rng.random() < 0.9 else rows)
    dc = rng.choice([x for x in (32, 64, 128) if x <= k] if rng.random() < 0.9 else (32, 64, 128))
    alias = 'TileLeft' if left else 'TileRight'
    mode = rng.choice(('static', 'static', 'dyn'))
    dst = make_tile(rng, 'dst', dtype, dr, dc, mode=mode)
    dst.form, dst.loc = '%s<%s, %d, %d, {}, {}>' % (alias, dtype, dr, dc), 'Left' if left else 'Right'
    step = 32 if dtype == 'int8_t' else 16
    if rng.random() < 0.6:  # in range and aligned to the fractal
        ir = rng.randint(0, max(0, m - dr) // step) * step
        ic = rng.randint(0, max(0, k - dc) // step) * step
    else:
        ir, ic = rng.randint(0, m), rng.randint(0, k)
    return Config(cid, 'TEXTRACT', target, [dst, src], 'TEXTRACT(dst, src, {ir}, {ic});', core='cube',
                  label='TEXTRACT_MAT', extra='indexRow %d, indexCol %d' % (ir, ic), values={'ir': ir, 'ic': ic})


def gen_gm(op, rng, cid, target):
    """TLOAD(tile, global) or TSTORE(global, tile): a Vec tile, ND row-major or DN column-major."""
    dtype = rng.choice(('float', 'half', 'int32_t', 'int8_t'))
    name = 'dst' if op == 'TLOAD' else 'src'
    dn = rng.random() < 0.3
    if dn:  # column-major tile, DN global tensor: columns are whole 32-byte blocks
        c = rng.choice((1, 2, 4, 8, 16, 32))
        r = rng.choice((32, 64, 128, 256, 512)) // SIZES[dtype]
        t = make_tile(rng, name, dtype, r, c, layout='ColMajor')
    else:
        r, c = shape_of(rng, dtype)
        t = make_tile(rng, name, dtype, r, c)
    # The global shape: the tile's valid shape spread over the five dims, sometimes perturbed.
    outer = [rng.choice((1, 1, 1, 2)) for _ in range(3)]
    prod = outer[0] * outer[1] * outer[2]
    spread = t.vc if dn else t.vr
    inner = t.vr if dn else t.vc
    if spread % prod:
        outer, prod = [1, 1, 1], 1
    d = outer + ([inner, spread // prod] if dn else [spread // prod, inner])
    if rng.random() < 0.4:
        k = rng.randrange(5)
        d[k] = rng.choice((0, d[k] + 1, max(0, d[k] - 1), d[k] * 2, 4096 + rng.randint(0, 8)))
    static = [rng.random() < 0.4 for _ in range(5)]
    if target == 'a5' and not dn:
        # A5 checks a static global shape against a static valid shape at compile time
        # (pto/common/arch/register/tload_common.hpp StaticCheck): such mismatches are left dynamic.
        if t.mode in ('static', 'dynrow') and static[4] and d[4] != t.vc:
            static[4] = False
        if t.mode in ('static', 'dyncol') and all(static[:4]) and d[0] * d[1] * d[2] * d[3] != t.vr:
            static[3] = False
    if dn:
        st = [d[1] * d[2] * d[3] * d[4], d[2] * d[3] * d[4], d[3] * d[4], 1, d[3]]
    else:
        st = [d[1] * d[2] * d[3] * d[4], d[2] * d[3] * d[4], d[3] * d[4], d[4], 1]
    st_static = rng.random() < 0.5
    shape_t = 'Shape<%s>' % ', '.join(str(v) if s else '-1' for v, s in zip(d, static))
    stride_t = 'Stride<%s>' % ', '.join(str(v) if st_static else '-1' for v in st)
    layout = 'Layout::DN' if dn else 'Layout::ND'
    values = {'g%d' % i: v for i, v in enumerate(d)}
    setup = ['using GShape = %s;' % shape_t, 'using GStride = %s;' % stride_t,
             'GlobalTensor<%s, GShape, GStride, %s> gt((__gm__ %s *)gm, GShape(%s), GStride(%s));' % (
                 dtype, layout, dtype, ', '.join('{g%d}' % i for i in range(5)), ', '.join(map(str, st)))]
    call = 'TLOAD(dst, gt);' if op == 'TLOAD' else 'TSTORE(gt, src);'
    return Config(cid, op, target, [t], call, setup=setup, values=values,
                  extra='global %s %s%s' % ('DN' if dn else 'ND', 'x'.join(map(str, d)),
                                            ' (static dims %s)' % ''.join('s' if s else 'd' for s in static)))


# Element types per op and target: those the implementation's static_asserts admit, checked by compiling each on
# the host (a type a target rejects is a compile error there, not a configuration). Their names:
ALL = ('float', 'half', 'bfloat16_t', 'int32_t', 'uint32_t', 'int16_t', 'uint16_t', 'int8_t', 'uint8_t')
NO8 = ALL[:7]                                           # no 8-bit types
NUM = ('float', 'half', 'int32_t', 'uint32_t', 'int16_t', 'uint16_t')
FI = ('float', 'half', 'int32_t', 'int16_t')            # a2a3's vector arithmetic
FH = ('float', 'half')
INTS = ('int32_t', 'uint32_t', 'int16_t', 'uint16_t', 'int8_t', 'uint8_t')
NOF = ALL[1:]                                           # a2a3's bitwise ops with a tmp tile: no float
CONV = (('half', 'float'), ('int8_t', 'half'), ('int8_t', 'int16_t'))  # (dst, src) of TADDRELUCONV/TSUBRELUCONV

OPS = {}  # label: generator; its `dtypes` name the targets the op exists on


def ops(names, family, a2a3, a5, *args, **kw):
    for name in names.split():
        types = {t: v for t, v in (('a2a3', a2a3), ('a5', a5)) if v}
        OPS[name] = family(name, types, *args, **kw)


# Elementwise: every tile operand's valid shape must equal dst's.
ops('TADD TSUB TMAX TMIN', elementwise, FI, ALL)
ops('TMUL', elementwise, FI, NO8)
ops('TDIV', elementwise, FH, NUM)
ops('TAND TOR', elementwise, ALL, ALL)
ops('TSHL TSHR', elementwise, INTS, INTS)
ops('TFMOD', elementwise, ('float',), NUM)
ops('TSUBRELU TFUSEDMULADD TMULADDDST TFUSEDMULADDRELU', elementwise, FH, FH)
ops('TADDRELUCONV TSUBRELUCONV', elementwise, CONV, CONV)
ops('TREM', elementwise, ('float', 'int32_t'), NUM, 'dst, src0, src1, tmp', tmp=tmp_more_cols)
ops('TXOR', elementwise, NOF, INTS, 'dst, src0, src1, tmp')
ops('TPRELU', elementwise, (('half', 'half', 'uint8_t'), ('float', 'float', 'uint8_t')),
    (('half', 'half', 'uint8_t'), ('float', 'float', 'uint8_t')), 'dst, src0, src1, tmp', tmp=tmp_more_rows)
ops('TPOW', elementwise, ('float',) + INTS, FH + INTS, 'dst, src0, src1, tmp')
ops('TADDDEQRELU', elementwise, (('half', 'int32_t', 'int32_t'),), None, 'dst, src0, src1, S, tmp', scalars=('0.5f',))
ops('TEXP TLOG TSQRT TRSQRT', elementwise, FH, FH, 'dst, src0')
ops('TABS', elementwise, FH, ('float', 'half', 'int32_t', 'int16_t', 'int8_t'), 'dst, src0')
ops('TRECIP', elementwise, FI, ALL, 'dst, src0')
ops('TNEG', elementwise, FI, NO8, 'dst, src0')
ops('TRELU', elementwise, ('float', 'half', 'int32_t'), ('float', 'half', 'int32_t'), 'dst, src0')
ops('TNOT', elementwise, NOF, INTS, 'dst, src0')
ops('TPAIRREDUCESUM', elementwise, FH, FH, 'dst, src0')
# Tile and scalar.
ops('TADDS TSUBS TMAXS TMINS', elementwise, FI, ALL, 'dst, src0, S')
ops('TMULS', elementwise, FI, NO8, 'dst, src0, S')
ops('TDIVS', elementwise, FI, NUM, 'dst, src0, S|dst, S, src0')
ops('TANDS TORS', elementwise, ALL, ALL, 'dst, src0, S')
ops('TSHLS TSHRS', elementwise, INTS[:4], INTS, 'dst, src0, S')
ops('TLRELU', elementwise, FH, FH, 'dst, src0, S')
ops('TFMODS', elementwise, ('float',), NO8, 'dst, src0, S')
ops('TAXPY', elementwise, FH + (('float', 'half'),), FH + (('float', 'half'),), 'dst, src0, S')
ops('TREMS', elementwise, ('float', 'int32_t'), NO8, 'dst, src0, S, tmp')
ops('TXORS', elementwise, NOF, ALL, 'dst, src0, S, tmp')
ops('TPOWS', elementwise, ('float',) + INTS, FH + INTS, 'dst, src0, S, tmp')
ops('TEXPANDS', elementwise, ALL, ALL, 'dst, S')
# Reductions: a row reduction's dst is one column, a column reduction's one row.
ops('TROWSUM TROWPROD', rowreduce, FI, FI)
ops('TROWMAX TROWMIN', rowreduce, FI, FI + ('int8_t', 'uint8_t'))
ops('TROWARGMAX TROWARGMIN', rowreduce, FH, FH, idx={'float': ('int32_t', 'uint32_t'), 'half': ('int32_t', 'uint32_t')})
ops('TCOLMAX TCOLMIN', colreduce, FI, ALL)
ops('TCOLPROD', colreduce, FI, NO8)
ops('TCOLSUM', colreduce, FI, ALL, tmp='binary')
ops('TCOLARGMAX TCOLARGMIN', colreduce, ('float', 'half', 'uint32_t', 'uint16_t'), ALL, tmp='tile',
    idx={t: ('int32_t', 'uint32_t') for t in ALL})
# Broadcasts: a column over dst's rows, a row over its columns.
ops('TROWEXPAND', rowexpand, ALL, ALL, binary=False)
ops('TROWEXPANDADD TROWEXPANDSUB TROWEXPANDMUL TROWEXPANDMAX TROWEXPANDMIN', rowexpand, FI, ALL, tmp=0.25)
ops('TROWEXPANDDIV', rowexpand, FH, ALL, tmp=0.25)
ops('TROWEXPANDEXPDIF', rowexpand, FH, FH, tmp=0.25)
ops('TCOLEXPAND', colexpand, ALL, ALL)
ops('TPARTADD TPARTMUL TPARTMAX TPARTMIN', elementwise, FI, ALL, match=0.6)
# Others.
ops('TINSERT', tinsert, NO8, ('float', 'half', 'bfloat16_t', 'int32_t', 'int8_t'))
ops('TMOV', tmov, ALL, ALL)
ops('TCMPS', cmpop, ('float', 'half', 'int32_t', 'int16_t', 'uint16_t'), ALL)
ops('TCMP', cmpop, ('float', 'half', 'int32_t'), ALL)
ops('TSELS', tsels, NO8, ALL[:2] + ALL[3:])
ops('TGATHER', tgather, tuple((t, i) for t in NO8 for i in ('int32_t', 'uint32_t')),
    tuple((t, i) for t in ALL for i in ('int32_t', 'uint32_t')))
ops('TDEQUANT', tdequant, ('int8_t', 'int16_t'), ('int8_t', 'int16_t'))
ops('TMRGSORT', tmrgsort, FH, FH)
ops('TSCATTER', tmov, ALL, ALL)  # TSCATTER(dst, src): mask pattern P1111, src's valid shape is dst's, then a TMOV
MM = (('int32_t', 'int8_t', 'int8_t'), ('float', 'half', 'half'), ('float', 'float', 'float'),
      ('float', 'bfloat16_t', 'bfloat16_t'))  # (Acc, Left, Right)
ops('TMATMUL', matmul, MM, MM)
ops('TMATMUL_ACC', matmul, MM, MM, 'c, a, b|c, c0, a, b')
ops('TMATMUL_BIAS', matmul, MM, MM, 'c, a, b, bias')

GENERATORS = dict(OPS)


def exists(label, target):
    """Whether the row's op exists on the target (rows without a type table exist on both)."""
    types = getattr(GENERATORS[label], 'dtypes', None)
    return types is None or target in types
GENERATORS.update({'TEXTRACT': gen_textract, 'TEXTRACT_MAT': gen_textract_mat,
                   'TLOAD': lambda *a: gen_gm('TLOAD', *a), 'TSTORE': lambda *a: gen_gm('TSTORE', *a)})


# ---- Kernel files -----------------------------------------------------------------------------------------------

def write_kernel(path, configs, title):
    """Writes one kernel file; returns {line of the op call: configuration}."""
    out = ['// %s (generated by tests/oracle/oracle.py; one function per configuration)' % title,
           '#include <pto/pto-inst.hpp>',
           '#ifndef PTO_ORACLE_ENTER',
           '#define PTO_ORACLE_ENTER(...)',
           '#endif',
           'using namespace pto;']
    lines = {}
    for c in configs:
        out.append('')
        out.append('// %s' % c.describe())
        if c.tparams:
            out.append('template <%s>' % ', '.join('int %s' % n for n, _ in c.tparams))
        out.append('AICORE void oracle_%d%s(__gm__ uint8_t *gm) {' % (c.id, '_t' if c.tparams else ''))
        for l in c.body():
            out.append('  ' + l)
        lines[len(out)] = c
        out.append('}')
        if c.tparams:
            out.append('AICORE void oracle_%d(__gm__ uint8_t *gm) { oracle_%d_t<%s>(gm); }' % (
                c.id, c.id, ', '.join(str(v) for _, v in c.tparams)))
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')
    return lines


# ---- Assert locations -------------------------------------------------------------------------------------------

class Asserts:
    """Normalises an assert's location to `path:line` of its PTO_ASSERT, the path relative to pto-isa's include/."""

    def __init__(self, *includes):
        self.includes = [os.path.realpath(i) for i in includes]
        self.starts = {}

    def key(self, path, line):
        path = os.path.realpath(path)
        if path not in self.starts:
            try:
                with open(path, errors='replace') as f:
                    text = f.read().split('\n')
            except OSError:
                text = []
            self.starts[path] = [i + 1 for i, l in enumerate(text) if re.search(r'\bPTO_ASSERT\s*\(', l)]
        # __LINE__ in a macro call that spans lines is the line the call ends on: take the PTO_ASSERT above it.
        start = max([s for s in self.starts[path] if s <= line] or [line])
        for inc in self.includes:
            if path.startswith(inc + os.sep):
                path = os.path.relpath(path, inc)
                break
        return '%s:%d' % (path, start)


# ---- The host side ----------------------------------------------------------------------------------------------

def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, **kw)


def host_flags(lint, db_dir, kernel, isa, host_isa):
    """The predefines, include paths and standard pto-lint parses the kernel with (`--print-commands`); with
    host_isa, the host build reads that checkout's headers instead (a negative control: see --host-isa)."""
    p = run([lint, '--print-commands', '-p', db_dir, kernel])
    if p.returncode != 0 or not p.stdout.strip():
        raise RuntimeError('pto-lint --print-commands failed:\n' + p.stdout + p.stderr)
    words = shlex.split(p.stdout.strip().split('\n')[0])
    flags, prelude = [], None
    for i, w in enumerate(words):
        if w.startswith(('-D', '-U', '-I', '-std=')):
            if host_isa and w == '-I' + os.path.join(isa, 'include'):
                w = '-I' + os.path.join(host_isa, 'include')
            flags.append(w)
        elif w == '-include' and i + 1 < len(words):
            prelude = os.path.dirname(words[i + 1])
    if not prelude:
        raise RuntimeError('no CCE prelude in the command pto-lint prints: ' + p.stdout)
    return flags + ['-isystem', prelude]


def build_host(clang, groups, work, jobs):
    """Compiles each group of kernel files ([(files, configs, flags)]) as one host translation unit and links them
    with the runner."""
    host_dir = os.path.join(HERE, 'host')
    objs, table = [], []

    def compile_group(k, files, flags):
        tu = os.path.join(work, 'host_%d.cpp' % k)
        with open(tu, 'w') as f:
            f.write(''.join('#include "%s"\n' % os.path.abspath(p) for p in files))
        ii = os.path.join(work, 'host_%d.ii' % k)
        p = run([clang, '-E', '-x', 'c++'] + flags + ['-D_DEBUG', '-I' + host_dir, '-include', 'oracle_host.h', tu])
        if p.returncode != 0:
            return 'preprocessing %s failed:\n%s' % (tu, p.stderr[-4000:])
        with open(ii, 'w') as f:
            f.write(re.sub(r'\[\s*aicore\s*\]', ' ', p.stdout))
        obj = os.path.join(work, 'host_%d.o' % k)
        p = run([clang, '-c', '-x', 'c++-cpp-output', '-std=c++17', '-O0', '-w', ii, '-o', obj])
        if p.returncode != 0:
            return 'compiling %s failed:\n%s' % (ii, p.stderr[-6000:])
        return obj

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(lambda kv: compile_group(kv[0], kv[1][0], kv[1][2]), enumerate(groups)))
    for r in results:
        if not r.endswith('.o'):
            raise RuntimeError(r)
        objs.append(r)
    for _, configs, _ in groups:
        table += [c.id for c in configs]
    cases = os.path.join(work, 'cases.cpp')
    with open(cases, 'w') as f:
        f.write('// the configurations, in the order the runner runs them (generated)\n')
        f.write('struct OracleCase { int id; void (*run)(volatile unsigned char *); };\n')
        f.write(''.join('void oracle_%d(volatile unsigned char *);\n' % i for i in table))
        f.write('extern const OracleCase OracleCases[] = {\n%s};\n' % ''.join('  {%d, oracle_%d},\n' % (i, i) for i in table))
        f.write('extern const int OracleCaseCount = %d;\n' % len(table))
    exe = os.path.join(work, 'oracle_host')
    p = run([clang, '-std=c++17', '-O0', '-w', os.path.join(host_dir, 'oracle_main.cpp'), cases] + objs + ['-o', exe])
    if p.returncode != 0:
        raise RuntimeError('linking the host runner failed:\n' + p.stderr[-4000:])
    return exe, table


def run_host(exe, table, asserts):
    """Runs every configuration; returns {id: {'op': set, 'setup': set, 'ended': bool, 'why': str}}."""
    res = {i: {'op': set(), 'setup': set(), 'ended': False, 'why': ''} for i in table}
    start = 0
    while start < len(table):
        p = subprocess.run([exe, str(start)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           universal_newlines=True, errors='replace')
        last = None
        for line in p.stdout.split('\n'):
            w = line.split(' ', 2)
            if len(w) < 2 or not w[1].lstrip('-').isdigit():
                continue
            cid = int(w[1])
            if w[0] == 'B':
                last = cid
            elif w[0] == 'E':
                res[cid]['ended'] = True
            elif w[0] in 'FS' and len(w) == 3:
                path, _, ln = w[2].rpartition(':')
                res[cid]['op' if w[0] == 'F' else 'setup'].add(asserts.key(path, int(ln)))
        if p.returncode == 0:
            break
        if last is None:
            raise RuntimeError('the host runner failed before its first configuration (exit %d)' % p.returncode)
        res[last]['why'] = 'timeout' if p.returncode == 3 else 'exit %d' % p.returncode
        start = table.index(last) + 1
    return res


# ---- The pto-lint side ------------------------------------------------------------------------------------------

def write_db(db_dir, target, isa, files):
    """The compilation database of a target's kernel files ([(path, core)])."""
    entries = [{'directory': os.path.dirname(os.path.abspath(f)), 'file': os.path.abspath(f),
                'arguments': bisheng(target, core, isa, os.path.abspath(f))} for f, core in files]
    with open(os.path.join(db_dir, 'compile_commands.json'), 'w') as f:
        json.dump(entries, f, indent=1)


def lint_file(lint, db_dir, kernel):
    """pto-lint on one kernel file: (findings of pto-upstream-assert, the checks it did not follow as
    [(assert file, line, op, why, [lines of the kernel's calls that reached it])])."""
    out = kernel + '.json'
    p = run([lint, '--cache-dir=off', '--upstream-checks', '--enable=pto-upstream-assert', '--coverage',
             '--format=json', '--output=' + out, '-j', '1', '-p', db_dir, kernel], cwd=os.path.dirname(kernel))
    if p.returncode not in (0, 1) or not os.path.exists(out):
        raise RuntimeError('pto-lint failed on %s (exit %d):\n%s' % (kernel, p.returncode, p.stderr[-4000:]))
    with open(out) as f:
        report = json.load(f)
    if report['summary'].get('errors'):
        raise RuntimeError('pto-lint reports errors on %s:\n%s' % (kernel, p.stderr[-4000:]))
    nf, name = [], os.path.basename(kernel)
    for e in report['summary'].get('notFollowed', []):
        path, line = e['check'].rsplit(':', 1)
        if not os.path.isabs(path):
            path = os.path.join(os.path.dirname(kernel), path)
        calls = [int(c.rsplit(':', 2)[1]) for c in e['calls'] if os.path.basename(c.rsplit(':', 2)[0]) == name]
        nf.append((path, int(line), e['op'], e['why'], calls))
    return [f for f in report['findings'] if f.get('ruleId') == 'pto-upstream-assert'], nf


def lint_batch(lint, db_dir, kernel, lines, asserts, res):
    """Lints a batch and gives each configuration the findings and the not-followed checks of its call. What pto-lint
    says on a set-up line (a TASSIGN before the call) belongs to the next op call."""
    findings, nf = lint_file(lint, db_dir, kernel)

    def config_of(line):
        c = lines.get(line)
        if c is not None:
            return c, False
        after = [l for l in lines if l > line]
        return (lines[min(after)], True) if after else (None, True)

    for f in findings:
        m = re.match(r'pto-isa (.*):(\d+) \(PTO_ASSERT\)', f.get('citation', ''))
        key = asserts.key(m.group(1), int(m.group(2))) if m else f.get('citation', '?')
        c, setup = config_of(f['line'])
        if c is None:
            continue
        if setup:
            res[c.id]['setup'].add(key)
        elif f.get('status') in ('violated-always', 'violated-sometimes'):
            res[c.id]['violated'].add(key)
        else:
            res[c.id]['other'].add('%s (%s)' % (key, f.get('status')))
    for path, line, op, why, calls in nf:
        entry = (asserts.key(path, line), why)
        for call in calls:
            c, setup = config_of(call)
            if c is not None:
                res[c.id]['setup_nf' if setup or op != c.op else 'not_followed'].add(entry)


# ---- Comparison -------------------------------------------------------------------------------------------------

def not_followed_category(why):
    """What kind of reason pto-lint gives for not following an assert (its --coverage text)."""
    if 'lie within their tiles' in why:  # a valid dim the call's path does not bound (pto-tile-valid-bounds)
        return 'bounds'
    if 'time cap' in why or 'timeout' in why or 'resource limit' in why:
        return 'solver'
    if 'could not follow' in why:
        return 'value'
    if 'guard' in why:
        return 'guard'
    if 'is changed in the function' in why:  # a local of the implementation, assigned again (a conditional)
        return 'local'
    if 'does not compile' in why:
        return 'decl'
    if 'not understood' in why or 'not modelled' in why:
        return 'expr'
    return 'other'


def compare(c, host, lint):
    """The disagreements of one configuration: [(kind, assert, detail)]; empty when it agrees."""
    out = []
    for k in sorted(host['setup']):
        out.append(('setup', k, 'fails on the host before the op call'))
    for k in sorted(lint['setup']):
        out.append(('setup', k, 'pto-lint reports it on a set-up line'))
    for k, why in sorted(lint['setup_nf']):
        out.append(('setup', k, 'pto-lint did not follow it on a set-up line: ' + why))
    if not host['ended'] and not host['op']:
        # A valid extent that is negative (a huge unsigned) or past 2^16 makes the implementation loop far past its
        # tile: no assert fails first, and the loop leaves the host's buffers or runs past the runner's 2 s.
        huge = any(v < 0 or v >= 65536 for t in c.tiles for v in (t.vr, t.vc))
        out.append(('host-crash:huge' if huge else 'host-crash', '-',
                    'the host run died in the call (%s) before any assert failed' % host['why']))
        return out
    for k, why in sorted(lint['not_followed']):
        cat = not_followed_category(why)
        kind = 'by-design' if c.unfollowed and cat in ('value', 'bounds') else 'not-followed:' + cat
        out.append((kind, k, why + ('; fails on the host' if k in host['op'] else '; holds on the host'
                                    if host['ended'] else '')))
    nf = {k for k, _ in lint['not_followed']}
    for k in sorted(host['op'] - lint['violated'] - nf):
        out.append(('missed', k, 'fails on the host, not reported by pto-lint'))
    for k in sorted(lint['violated'] - host['op']):
        if host['ended']:
            out.append(('false-alarm', k, 'reported by pto-lint, holds on the host'))
        else:  # the host died after an assert failed, maybe before it reached this one
            out.append(('host-incomplete', k, 'reported by pto-lint; the host run died in the call (%s) after other '
                        'asserts failed, maybe before it reached this one' % host['why']))
    for k in sorted(lint['other']):
        out.append(('other', k, 'a pto-upstream-assert finding that is not a violation'))
    return out


def read_expected(path):
    """Triaged disagreements: `<target> <op> <kind> <assert|*>: <reason>` per line."""
    exp = {}
    if not os.path.exists(path):
        return exp
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            head, _, reason = line.partition(': ')
            w = head.split()
            if len(w) == 4:
                exp[tuple(w)] = reason
    return exp


def triaged(exp, target, op, kind, key):
    """The most specific entry of the triage that matches (`*` stands for any target, op or assert)."""
    for t in (target, '*'):
        for o in (op, '*'):
            for k in (key, '*'):
                if (t, o, kind, k) in exp:
                    return (t, o, kind, k)
    return None


# ---- Driver -----------------------------------------------------------------------------------------------------

def isa_dir(arg):
    for d in (arg, os.environ.get('PTOISA_DIR'), os.path.join(SOURCE, '..', 'shared', 'third_party', 'pto-isa')):
        if d and os.path.isfile(os.path.join(d, 'include', 'pto', 'pto-inst.hpp')):
            return os.path.realpath(d)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', help='pto-lint build directory (bin/pto-lint)')
    ap.add_argument('--lint', help='the pto-lint binary (default: BUILD/bin/pto-lint)')
    ap.add_argument('--clang', default='clang++-19', help='host C++ compiler (clang++-19)')
    ap.add_argument('--isa', help='pto-isa checkout (default: $PTOISA_DIR, else ../shared/third_party/pto-isa)')
    ap.add_argument('--ops', default=','.join(GENERATORS), help='ops to check (default: %(default)s)')
    ap.add_argument('--targets', default='a2a3,a5')
    ap.add_argument('--count', type=int, default=20, help='configurations per op and target')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--batch', type=int, default=100, help='configurations per kernel file')
    ap.add_argument('--host-batch', type=int, default=400, help='configurations per host translation unit')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--work', help='keep the kernels, host program and reports here (default: a temporary dir)')
    ap.add_argument('--expected', default=os.path.join(HERE, 'expected.txt'))
    ap.add_argument('--report', help='write every configuration and its verdicts as JSON here')
    ap.add_argument('--host-isa', help='negative control: build the host side from this (edited) copy of pto-isa; '
                    'the disagreements must then show the edits')
    ap.add_argument('--max-list', type=int, default=10, help='disagreements listed per class (0: all)')
    a = ap.parse_args()

    isa = isa_dir(a.isa)
    if not isa:
        print('oracle: skipped: needs upstream pto-isa (set PTOISA_DIR, or put it at ../shared/third_party/pto-isa)')
        return 77
    clang = shutil.which(a.clang)
    if not clang:
        print('oracle: skipped: needs %s for the host build' % a.clang)
        return 77
    lint = os.path.abspath(a.lint or os.path.join(a.build or 'build', 'bin', 'pto-lint'))
    if not os.access(lint, os.X_OK):
        print('oracle: no pto-lint at ' + lint)
        return 2
    work = a.work or tempfile.mkdtemp(prefix='pto-oracle-')
    os.makedirs(work, exist_ok=True)
    exp = read_expected(a.expected)
    host_isa = os.path.realpath(a.host_isa) if a.host_isa else None
    asserts = Asserts(*[os.path.join(d, 'include') for d in (isa, host_isa) if d])
    ops = list(dict.fromkeys(o for o in a.ops.split(',') if o))
    targets = [t for t in a.targets.split(',') if t]
    for o in ops:
        if o not in GENERATORS:
            print('oracle: no generator for %s (known: %s)' % (o, ', '.join(GENERATORS)))
            return 2

    t_start = time.time()
    rows, seen_exp = [], set()
    for target in targets:
        tdir = os.path.join(work, target)
        if os.path.isdir(tdir):
            shutil.rmtree(tdir)
        os.makedirs(tdir)
        configs, cid = {}, 0
        for op in ops:
            configs[op] = []
            if not exists(op, target):
                continue
            rng = random.Random('%d/%s/%s' % (a.seed, target, op))  # a row's configurations depend on it alone
            for _ in range(a.count):
                configs[op].append(GENERATORS[op](rng, cid, target).spell(rng))
                cid += 1
        # Kernel files: `--batch` configurations of one core kind each, the ops in turn (pto-lint's report names the
        # calls each finding and each not-followed check belongs to).
        batches = []
        for core in ('vec', 'cube'):
            cs = [c for op in ops for c in configs[op] if c.core == core]
            for k in range(0, len(cs), a.batch):
                part = cs[k:k + a.batch]
                path = os.path.join(tdir, '%s_%d.cpp' % (core, k // a.batch))
                title = '%s on %s' % (', '.join(sorted({c.label for c in part}, key=list(GENERATORS).index)), target)
                batches.append((path, write_kernel(path, part, title)))
        write_db(tdir, target, isa, [(p, next(iter(l.values())).core) for p, l in batches])
        t0 = time.time()
        # Host translation units: up to `--host-batch` configurations of one core kind each, with the predefines
        # pto-lint parses that kind with.
        flags, groups = {}, []
        for core in sorted({next(iter(l.values())).core for _, l in batches}):
            mine = [(p, l) for p, l in batches if next(iter(l.values())).core == core]
            flags[core] = host_flags(lint, tdir, mine[0][0], isa, host_isa)
            cur, n = [], 0
            for path, lines in mine:
                cur.append((path, list(lines.values())))
                n += len(lines)
                if n >= a.host_batch or path == mine[-1][0]:
                    groups.append(([p for p, _ in cur], [c for _, cs in cur for c in cs], flags[core]))
                    cur, n = [], 0
        exe, table = build_host(clang, groups, tdir, a.jobs)
        t1 = time.time()
        host = run_host(exe, table, asserts)
        t2 = time.time()
        lint_res = {c.id: {'violated': set(), 'other': set(), 'setup': set(), 'not_followed': set(),
                           'setup_nf': set()} for op in ops for c in configs[op]}
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            list(ex.map(lambda b: lint_batch(lint, tdir, b[0], b[1], asserts, lint_res),
                        batches))
        t3 = time.time()
        print('oracle: %s: %d configurations; host build %.1f s, host run %.1f s, pto-lint %.1f s' % (
            target, cid, t1 - t0, t2 - t1, t3 - t2))
        for op in ops:
            for c in configs[op]:
                d = compare(c, host[c.id], lint_res[c.id])
                rows.append((c, host[c.id], lint_res[c.id], d))

    # Report: agreement per op and target, then each class of disagreement with examples.
    print('\n%-17s %-6s %7s %6s %7s %8s  %s' % ('op', 'target', 'configs', 'fires', 'agree', 'verdict', 'disagreements'))
    classes = {}
    for op in ops:
        for target in targets:
            rs = [r for r in rows if r[0].label == op and r[0].target == target]
            if not rs:
                continue
            agree = sum(1 for r in rs if not r[3])
            fires = sum(1 for r in rs if r[1]['op'])
            verdict = sum(1 for r in rs if bool(r[1]['op']) == bool(r[2]['violated']) and not r[2]['not_followed']
                          and (r[1]['ended'] or r[1]['op']))
            kinds = {}
            for r in rs:
                for kind, _, _ in r[3]:
                    kinds[kind] = kinds.get(kind, 0) + 1
            print('%-17s %-6s %7d %6d %6.1f%% %7.1f%%  %s' % (
                op, target, len(rs), fires, 100.0 * agree / len(rs), 100.0 * verdict / len(rs),
                ', '.join('%s %d' % kv for kv in sorted(kinds.items())) or '-'))
            for r in rs:
                for kind, key, detail in r[3]:
                    classes.setdefault((target, op, kind, key), []).append((r[0], detail))
    new = []
    if classes:
        print('\ndisagreements (by target, op, kind, assert):')
    for cls, items in sorted(classes.items()):
        t = triaged(exp, *cls)
        if t:
            seen_exp.add(t)
        else:
            new.append(cls)
        print('\n  %s %s %s %s: %d configuration%s%s' % (cls + (len(items), '' if len(items) == 1 else 's',
                                                         '  [triaged: %s]' % exp[t] if t else '  [NEW]')))
        for c, detail in items[:a.max_list or None]:
            print('    #%d %s -- %s' % (c.id, c.describe(), detail))
        if a.max_list and len(items) > a.max_list:
            print('    ... %d more' % (len(items) - a.max_list))
    total = len(rows)
    agree = sum(1 for r in rows if not r[3])
    print('\noracle: %d configurations, %d agree (%.1f%%), %d disagree; %d new disagreement class%s; %.1f s%s' % (
        total, agree, 100.0 * agree / max(1, total), total - agree, len(new), '' if len(new) == 1 else 'es',
        time.time() - t_start, ' (kernels, host program and reports in %s)' % work if a.work else ''))
    stale = [k for k in exp if k not in seen_exp]
    if stale and a.count >= 1000:
        print('oracle: triaged disagreements that did not occur: ' + '; '.join(' '.join(k) for k in stale))
    if a.report:
        with open(a.report, 'w') as f:
            json.dump([{'id': c.id, 'op': c.op, 'target': c.target, 'config': c.describe(), 'unfollowed': c.unfollowed,
                        'host': {'fired': sorted(h['op']), 'setup': sorted(h['setup']), 'ended': h['ended'],
                                 'why': h['why']},
                        'lint': {'violated': sorted(l['violated']), 'notFollowed': sorted(map(list, l['not_followed'])),
                                 'setup': sorted(l['setup'])},
                        'disagreements': [list(x) for x in d]} for c, h, l, d in rows], f, indent=1)
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if new else 0


if __name__ == '__main__':
    sys.exit(main())
