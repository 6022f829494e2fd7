#!/usr/bin/env python3
"""tests: the HTML report in a real browser (headless Chromium): `pto-lint --format=html` on the valid-bounds fixture,
then the index, the kernel's page and the page of a known finding are opened; they must render without console
errors, every link of the index must resolve, and the finding's tile picture must show the region past the tile, in the DOM and in the
pixels of a screenshot. Exit 77 (skipped) with a message when Chromium is not installed.

Usage: html_report_browser.py PTO_LINT SOURCE_DIR WORK_DIR
"""
import html.parser
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

SKIP = 77


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def browse(exe, work, url, *extra):
    """Runs headless Chromium on url; (stdout, stderr)."""
    profile = os.path.join(work, "profile")
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
           "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--hide-scrollbars", *extra, url]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return p.stdout, p.stderr


def console_lines(stderr):
    """The page's console messages and uncaught errors, as Chromium logs them."""
    return [l for l in stderr.splitlines() if ":CONSOLE" in l or "Uncaught" in l]


def png_pixels(path):
    """(width, height, rows of RGB(A) tuples) of an 8-bit RGB or RGBA PNG, without any library."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "PNG is not 8-bit RGB(A)"
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows, bpp


def warning_pixels(path):
    """Pixels in the report's warning colours (the hatching of a region past a tile: #d93025 and #f4b4ad)."""
    w, h, rows, bpp = png_pixels(path)
    n = 0
    for line in rows:
        for x in range(0, w * bpp, bpp):
            r, g, b = line[x], line[x + 1], line[x + 2]
            if (abs(r - 0xD9) < 24 and abs(g - 0x30) < 24 and abs(b - 0x25) < 24) or \
               (abs(r - 0xF4) < 12 and abs(g - 0xB4) < 12 and abs(b - 0xAD) < 12):
                n += 1
    return n


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("href", "src") and v:
                self.hrefs.append(v)


def main():
    cli, src, work = sys.argv[1:4]
    exe = chromium()
    if not exe:
        print("SKIP: Chromium is not installed (Debian: apt-get install chromium; scripts/dev.sh test installs it)")
        return SKIP
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    out = os.path.join(work, "report")
    fixture = os.path.join(src, "tests/rules/pto-tile-valid-bounds.cpp")
    lint = subprocess.run([cli, "--quiet", "--target=a2a3", "--cache-dir=off", "--format=html", "--output=" + out,
                           fixture, "--", "-std=c++17", "-I" + os.path.join(src, "refmodel/include")],
                          capture_output=True, text=True, cwd=src)
    assert lint.returncode == 1, "pto-lint should report findings: %s" % lint.stderr
    failures = []

    # The detector works: a page that logs an error is caught.
    control = os.path.join(work, "control.html")
    open(control, "w").write("<!DOCTYPE html><script>console.error('ptolint-control')</script>")
    _, err = browse(exe, work, "file://" + control, "--dump-dom")
    if not any("ptolint-control" in l for l in console_lines(err)):
        failures.append("Chromium's console log was not captured (control page):\n" + err[-2000:])

    index = os.path.join(out, "index.html")
    dom, err = browse(exe, work, "file://" + index, "--dump-dom")
    if console_lines(err):
        failures.append("index.html logs to the console:\n" + "\n".join(console_lines(err)))
    if "<table id=\"findings\"" not in dom:
        failures.append("index.html did not render its findings table")
    links = Links()
    links.feed(dom)
    pages = [h for h in links.hrefs if not h.startswith("#")]
    for h in pages:
        if "://" in h or not os.path.isfile(os.path.join(out, h)):
            failures.append("index link does not resolve to a file of the report: " + h)
    if not any(h.startswith("finding-") for h in pages):
        failures.append("index.html links no finding page")
    # The kernel's page: how its calls ended per op and target.
    kernels = [h for h in pages if h.startswith("kernel-")]
    if not kernels:
        failures.append("index.html links no kernel page")
    else:
        dom, err = browse(exe, work, "file://" + os.path.join(out, kernels[0]), "--dump-dom")
        if console_lines(err):
            failures.append(kernels[0] + " logs to the console:\n" + "\n".join(console_lines(err)))
        if not re.search(r'<tr data-op="TCOLARGMIN" data-target="a2a3">', dom):
            failures.append(kernels[0] + " did not render the fixture's TCOLARGMIN calls on a2a3")

    # The page of 'tall' (a 20x64 valid region in a 16x64 tile).
    page = None
    for name in sorted(os.listdir(out)):
        if name.startswith("finding-") and "&#39;tall&#39; has a 20x64 valid region" in open(os.path.join(out, name)).read():
            page = os.path.join(out, name)
    if not page:
        failures.append("no page for the finding of 'tall'")
    else:
        dom, err = browse(exe, work, "file://" + page, "--dump-dom")
        if console_lines(err):
            failures.append(page + " logs to the console:\n" + "\n".join(console_lines(err)))
        if not re.search(r'<svg[^>]*data-rows="16" data-cols="64" data-valid-row="20" data-valid-col="64"', dom) or \
           '<rect class="overflow"' not in dom:
            failures.append("the tile picture of 'tall' has no region past the tile in the DOM")
        shot = os.path.join(work, "finding.png")
        browse(exe, work, "file://" + page, "--screenshot=" + shot, "--window-size=1280,2400")
        shot_index = os.path.join(work, "index.png")
        browse(exe, work, "file://" + index, "--screenshot=" + shot_index, "--window-size=1280,2400")
        if not os.path.isfile(shot) or not os.path.isfile(shot_index):
            failures.append("Chromium wrote no screenshot")
        else:
            n, base = warning_pixels(shot), warning_pixels(shot_index)
            print("warning-coloured pixels: finding page %d, index %d" % (n, base))
            if n < 500 or base > 50:
                failures.append("the screenshot does not show the overflowing region (%d warning pixels; index %d)" % (n, base))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
