#!/usr/bin/env python3
"""tests: pto-clangd as an editor drives it, over the Language Server Protocol on stdin/stdout.

For a C++ kernel (the clean-room header) and, when ../shared/third_party/pto-isa or $PTOISA_DIR is there, a CCE
kernel on the real pto-isa headers compiled with a `bisheng -xcce --cce-aicore-arch=dav-c220-vec` command:
  initialize -> didOpen -> publishDiagnostics has the pto-colargmin-tmp-size error on the call's line, its notes as
  related information -> codeAction on it offers the quick fix -> the fix is applied with didChange ->
  publishDiagnostics has no pto-* diagnostic left.
Also used by bench/editor.py (the Server class). Exit 0 on success; prints what was wrong otherwise.

usage: lsp_session.py PTO_CLANGD SOURCE_DIR
"""
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time


class Server:
    """A language server on pipes: requests, notifications, and the messages it sends, in order."""

    def __init__(self, argv, cwd, env=None):
        self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self.inbox = queue.Queue()
        self.next_id = 0
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode(errors="replace"))

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            self.inbox.put((time.monotonic(), json.loads(body)))

    def send(self, msg):
        data = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params, timeout=120):
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        msg = self.wait(lambda m: m.get("id") == rid and "method" not in m, timeout)[1]
        if "error" in msg:
            raise RuntimeError("%s failed: %s" % (method, msg["error"]))
        return msg["result"]

    def wait(self, pred, timeout=120):
        """The first message (time, message) that pred accepts; requests from the server are answered."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message within %d s; server stderr:\n%s" % (timeout, "".join(self.stderr[-40:])))
            try:
                item = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if item is None:
                raise RuntimeError("the server exited; stderr:\n" + "".join(self.stderr[-40:]))
            at, msg = item
            if "method" in msg and "id" in msg:  # a request to the client (workDoneProgress/create, ...)
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
                continue
            if pred(msg):
                return at, msg

    def diagnostics(self, uri, version=None, timeout=120):
        """The next publishDiagnostics for uri (for that document version, when the server says)."""
        def ok(m):
            if m.get("method") != "textDocument/publishDiagnostics" or m["params"]["uri"] != uri:
                return False
            v = m["params"].get("version")
            return version is None or v is None or v == version
        return self.wait(ok, timeout)

    def initialize(self, root):
        self.request("initialize", {
            "processId": os.getpid(), "rootUri": "file://" + root,
            "capabilities": {"textDocument": {
                "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
                "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix"]}}}}}})
        self.notify("initialized", {})

    def shutdown(self):
        try:
            self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()


def clangd_config(targets="all"):
    return ("Diagnostics:\n  ClangTidy:\n    Add: ['pto-*']\n    FastCheckFilter: Loose\n"
            "    CheckOptions:\n      pto-lint.Targets: %s\n" % targets)


def apply_edits(text, edits):
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
        s, t = e["range"]["start"], e["range"]["end"]
        assert s["line"] == t["line"], "multi-line edit"
        l = lines[s["line"]]
        lines[s["line"]] = l[:s["character"]] + e["newText"] + l[t["character"]:]
    return "\n".join(lines)


def session(clangd, root, kernel, fixed_text):
    """One editor session on kernel (in root), whose TCOLARGMIN call is the one with the finding."""
    problems = []
    uri = "file://" + kernel
    text = open(kernel).read()
    call_line = next(i for i, l in enumerate(text.split("\n")) if l.lstrip().startswith("TCOLARGMIN("))
    srv = Server([clangd, "--log=error", "--background-index=false", "--pch-storage=memory"], cwd=root)
    try:
        srv.initialize(root)
        srv.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cpp", "version": 1, "text": text}})
        _, msg = srv.diagnostics(uri, 1)
        diags = msg["params"]["diagnostics"]
        pto = [d for d in diags if str(d.get("code", "")).startswith("pto-")]
        hit = [d for d in pto if d.get("code") == "pto-colargmin-tmp-size" and d["range"]["start"]["line"] == call_line]
        if not hit:
            problems.append("no pto-colargmin-tmp-size diagnostic on line %d; got: %s" % (
                call_line + 1, json.dumps([(d.get("code"), d["range"]["start"]["line"] + 1, d["message"][:120]) for d in diags])))
            return problems
        d = hit[0]
        if d.get("severity") != 1:
            problems.append("the tmp-size finding is not an error: severity %s" % d.get("severity"))
        if "needs 512 B on a2a3" not in d["message"]:
            problems.append("unexpected message: " + d["message"])
        related = [r["message"] for r in d.get("relatedInformation", [])]
        if not any("declared here" in r for r in related):
            problems.append("the notes are not related information: %s" % related)
        errors = [x for x in diags if x.get("severity") == 1 and not str(x.get("code", "")).startswith("pto-")]
        if errors:
            problems.append("compile errors: %s" % [x["message"] for x in errors[:5]])
        actions = srv.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d], "only": ["quickfix"]}})
        fixes = [a for a in actions if a.get("kind") == "quickfix" and a.get("edit")]
        if not fixes:
            problems.append("no quick fix offered: %s" % json.dumps(actions)[:400])
            return problems
        edits = fixes[0]["edit"].get("changes", {}).get(uri)
        if edits is None:
            edits = [e for dc in fixes[0]["edit"].get("documentChanges", []) for e in dc["edits"]]
        new_text = apply_edits(text, edits)
        if fixed_text not in new_text:
            problems.append("the quick fix does not write %r: %s" % (fixed_text, json.dumps(edits)))
        srv.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                              "contentChanges": [{"text": new_text}]})
        _, msg = srv.diagnostics(uri, 2)
        left = [(x.get("code"), x["range"]["start"]["line"] + 1, x["message"]) for x in msg["params"]["diagnostics"]
                if str(x.get("code", "")).startswith("pto-")]
        if left:
            problems.append("after the quick fix, pto-* diagnostics remain: %s" % left)
    finally:
        srv.shutdown()
    return problems


def main():
    clangd, src = sys.argv[1], sys.argv[2]
    failures = []
    # 1. A C++ kernel on the clean-room header, flags from compile_commands.json.
    root = tempfile.mkdtemp(prefix="ptolint-lsp-")
    kernel = os.path.join(root, "kernel.cpp")
    shutil.copy(os.path.join(src, "examples", "colargmin_doc_example.cpp"), kernel)
    json.dump([{"directory": root, "file": kernel, "arguments": [
        "clang++", "-std=c++17", "-I" + os.path.join(src, "refmodel", "include"), "-c", kernel]}],
        open(os.path.join(root, "compile_commands.json"), "w"))
    open(os.path.join(root, ".clangd"), "w").write(clangd_config())
    failures += ["C++ kernel: " + p for p in session(clangd, root, kernel, "Tile<TileType::Vec, float, 1, 128>")]
    print("C++ kernel (clean-room header): %s" % ("ok" if not failures else "FAILED"))

    # 2. A CCE kernel on the real pto-isa headers, from a bisheng command (translated by pto-clangd).
    isa = os.environ.get("PTOISA_DIR") or os.path.join(src, "..", "shared", "third_party", "pto-isa")
    if not os.path.isdir(os.path.join(isa, "include", "pto")):
        print("CCE kernel on the real headers: skipped (needs ../shared/third_party/pto-isa or $PTOISA_DIR)")
    else:
        isa = os.path.realpath(isa)
        root = tempfile.mkdtemp(prefix="ptolint-lsp-cce-")
        kernel = os.path.join(root, "k.cpp")
        open(kernel, "w").write(open(os.path.join(src, "tests", "editor", "cce_kernel.cpp")).read())
        json.dump([{"directory": root, "file": kernel, "arguments": [
            "bisheng", "-xcce", "--cce-aicore-arch=dav-c220-vec", "-O2", "-std=c++17", "-I" + os.path.join(isa, "include"),
            "-c", kernel, "-o", "k.o"]}], open(os.path.join(root, "compile_commands.json"), "w"))
        open(os.path.join(root, ".clangd"), "w").write(clangd_config())
        env_cache = tempfile.mkdtemp(prefix="ptolint-clangd-cache-")
        os.environ["PTO_CLANGD_CACHE"] = env_cache
        before = len(failures)
        failures += ["CCE kernel: " + p for p in session(clangd, root, kernel, "float, 1, 128,")]
        print("CCE kernel on the real headers (dav-c220-vec): %s" % ("ok" if len(failures) == before else "FAILED"))
    for f in failures:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
