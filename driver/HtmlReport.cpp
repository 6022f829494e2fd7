// driver: the HTML report: index, a page per finding, SVG pictures of tiles and placements (see HtmlReport.h).
#include "HtmlReport.h"

#include "Run.h"
#include "checker/Emit.h"
#include "support/Checked.h"
#include "support/Files.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

namespace pto::driver {

using Json = nlohmann::ordered_json;

namespace {

/// Text as HTML character data or a quoted attribute value.
std::string esc(const std::string &S) {
  std::string O;
  O.reserve(S.size());
  for (char C : S)
    switch (C) {
    case '&': O += "&amp;"; break;
    case '<': O += "&lt;"; break;
    case '>': O += "&gt;"; break;
    case '"': O += "&quot;"; break;
    case '\'': O += "&#39;"; break;
    default: O += C;
    }
  return O;
}

std::string str(const Json &J, const char *Key) {
  auto It = J.find(Key);
  return It != J.end() && It->is_string() ? It->get<std::string>() : std::string();
}
int64_t num(const Json &J, const char *Key, int64_t Default = 0) {
  auto It = J.find(Key);
  return It != J.end() && It->is_number_integer() ? It->get<int64_t>() : Default;
}
bool has(const Json &J, const char *Key) {
  auto It = J.find(Key);
  return It != J.end() && It->is_number_integer();
}
/// A + B, or none when it overflows.
std::optional<int64_t> plus(int64_t A, int64_t B) {
  int64_t S;
  return __builtin_add_overflow(A, B, &S) ? std::nullopt : std::optional<int64_t>(S);
}
std::string fmt(double V) {
  char B[32];
  std::snprintf(B, sizeof B, "%.2f", V);
  return B;
}
std::string joined(const Json &A, const char *Sep = ", ") {
  std::string S;
  if (A.is_array())
    for (const Json &E : A)
      if (E.is_string())
        S += (S.empty() ? "" : Sep) + E.get<std::string>();
  return S;
}
std::string place(const Json &F) {
  std::string S = str(F, "file");
  if (num(F, "line"))
    S += ":" + std::to_string(num(F, "line"));
  if (num(F, "column"))
    S += ":" + std::to_string(num(F, "column"));
  return S;
}
std::string pageName(size_t I) { return "finding-" + std::to_string(I + 1) + ".html"; }

const char *Css = R"(body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2430;background:#fafbfc}
header{background:#23324a;color:#fff;padding:10px 24px}header a{color:#cfe0ff}main{padding:16px 24px;max-width:1200px}
h1{font-size:20px;margin:0}h2{font-size:16px;margin:22px 0 8px}table{border-collapse:collapse;margin:4px 0 12px}
th,td{border:1px solid #d5dae1;padding:3px 8px;text-align:left;vertical-align:top}th{background:#eef1f5}
td.n{text-align:right;font-variant-numeric:tabular-nums}code,pre{font:12.5px/1.4 ui-monospace,Menlo,Consolas,monospace}
.sev-error{color:#b3261e;font-weight:600}.sev-warning{color:#9a6700;font-weight:600}.sev-note{color:#3c5a99}
.counts{display:flex;flex-wrap:wrap;gap:18px}.filters{margin:8px 0}.filters label{margin-right:14px}
pre.src{background:#fff;border:1px solid #d5dae1;padding:6px 0;overflow-x:auto}pre.src span{display:block;padding:0 10px}
pre.src .ln{display:inline;color:#8a94a3;padding:0 10px 0 0}pre.src .call{background:#ffe3e0}pre.src .decl{background:#e3efff}
pre.src .gap{color:#8a94a3}.tile{display:inline-block;margin:0 24px 18px 0;vertical-align:top}.cap{font-size:12.5px;margin:2px 0}
.legend span{display:inline-block;width:12px;height:12px;margin:0 4px -2px 10px;border:1px solid #667}
.help{background:#eef7ee;border-left:3px solid #3a8d3a;padding:4px 10px}.muted{color:#68717f}
td.ok{color:#1f6f2b}td.bad{color:#b3261e;font-weight:600}td.unk{color:#9a6700}
)";

const char *FilterJs = R"(
(function(){
  var sels = document.querySelectorAll('select[data-key]');
  function apply(){
    var want = {}, shown = 0, rows = document.querySelectorAll('#findings tbody tr');
    sels.forEach(function(s){ want[s.getAttribute('data-key')] = s.value; });
    rows.forEach(function(r){
      var ok = true;
      for (var k in want) {
        if (!want[k]) continue;
        var v = r.getAttribute('data-' + k) || '';
        if (k === 'target' ? (' ' + v + ' ').indexOf(' ' + want[k] + ' ') < 0 : v !== want[k]) ok = false;
      }
      r.hidden = !ok; if (ok) shown++;
    });
    document.getElementById('shown').textContent = shown;
  }
  sels.forEach(function(s){ s.addEventListener('change', apply); });
  apply();
})();
)";

std::string page(const std::string &Title, const std::string &Body, const std::string &Script = "") {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" + esc(Title) +
         "</title>\n<link rel=\"stylesheet\" href=\"style.css\"></head>\n<body>\n" + Body +
         (Script.empty() ? "" : "<script>" + Script + "</script>\n") + "</body></html>\n";
}

/// A table of (name, count), largest first, then by name.
std::string countTable(const char *Heading, const std::map<std::string, unsigned> &Counts) {
  std::vector<std::pair<std::string, unsigned>> V(Counts.begin(), Counts.end());
  std::stable_sort(V.begin(), V.end(), [](const auto &A, const auto &B) { return A.second > B.second; });
  std::string S = "<table class=\"by\"><thead><tr><th>" + esc(Heading) + "</th><th>findings</th></tr></thead><tbody>";
  for (const auto &[K, N] : V)
    S += "<tr><td>" + esc(K.empty() ? "(none)" : K) + "</td><td class=\"n\">" + std::to_string(N) + "</td></tr>";
  return S + "</tbody></table>";
}

std::string select(const char *Key, const char *Label, const std::map<std::string, unsigned> &Counts) {
  std::string S = "<label>" + std::string(Label) + " <select data-key=\"" + Key + "\"><option value=\"\">all</option>";
  for (const auto &[K, N] : Counts)
    S += "<option value=\"" + esc(K) + "\">" + esc(K) + " (" + std::to_string(N) + ")</option>";
  return S + "</select></label>";
}

/// Source lines of one file around the marked ones (Marks: line -> class), with the gaps between shown as such.
std::string excerpt(const std::string &File, const std::string &Text, const std::map<unsigned, std::string> &Marks) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  std::set<unsigned> Shown;
  const unsigned Context = 2;
  for (const auto &[Line, Cls] : Marks)
    for (unsigned L = Line > Context ? Line - Context : 1; L <= Line + Context; ++L)
      if (L >= 1 && L <= Lines.size())
        Shown.insert(L);
  std::string S = "<h3><code>" + esc(File) + "</code></h3><pre class=\"src\">";
  unsigned Prev = 0;
  for (unsigned L : Shown) {
    if (Prev && L != Prev + 1)
      S += "<span class=\"gap\">⋮</span>";
    auto M = Marks.find(L);
    char Num[16];
    std::snprintf(Num, sizeof Num, "%5u", L);
    S += "<span" + (M == Marks.end() ? std::string() : " class=\"" + M->second + "\"") + " id=\"L" +
         std::to_string(L) + "\"><span class=\"ln\">" + Num + "</span>" + esc(Lines[L - 1]) + "</span>";
    Prev = L;
  }
  return S + "</pre>\n";
}

/// The warning fill (red hatching) of one SVG, under an id unique in its page.
std::string hatchDefs(const std::string &Id) {
  return "<defs><pattern id=\"" + Id + "\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#f4b4ad\"/><line x1=\"0\" y1=\"0\" "
         "x2=\"0\" y2=\"6\" stroke=\"#d93025\" stroke-width=\"3\"/></pattern></defs>";
}

/// An SVG rectangle (Title: its tooltip, as text).
std::string rect(const char *Cls, double X, double Y, double W, double H, const std::string &Fill,
                 const char *Stroke, const std::string &Title = "") {
  return "<rect class=\"" + std::string(Cls) + "\" x=\"" + fmt(X) + "\" y=\"" + fmt(Y) + "\" width=\"" + fmt(W) +
         "\" height=\"" + fmt(H) + "\" fill=\"" + Fill + "\" stroke=\"" + Stroke + "\"" +
         (Title.empty() ? "/>" : "><title>" + esc(Title) + "</title></rect>");
}

/// One tile as an SVG: the declared Rows x Cols grid, the valid region inside it, and the part of the valid region
/// that lies outside the tile (what the op would touch past it) in a warning colour.
std::string tileSvg(const Json &T, const std::string &Id) {
  int64_t R = num(T, "rows"), C = num(T, "cols");
  bool Known = has(T, "validRow") && has(T, "validCol");
  int64_t VR = num(T, "validRow"), VC = num(T, "validCol");
  int64_t ER = std::max<int64_t>(R, Known ? VR : 0), EC = std::max<int64_t>(C, Known ? VC : 0);
  if (ER <= 0 || EC <= 0)
    return "<p class=\"muted\">no picture: the tile's shape is not known</p>";
  const double MaxW = 520, MaxH = 260, Left = 76, Top = 24;
  double SX = std::min(24.0, MaxW / EC), SY = std::min(24.0, MaxH / ER);
  double W = EC * SX, H = ER * SY;
  std::string S = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tile-svg\" width=\"" + fmt(W + Left + 8) +
                  "\" height=\"" + fmt(H + Top + 8) + "\" viewBox=\"0 0 " + fmt(W + Left + 8) + " " +
                  fmt(H + Top + 8) + "\" data-rows=\"" + std::to_string(R) + "\" data-cols=\"" + std::to_string(C) +
                  "\"" +
                  (Known ? " data-valid-row=\"" + std::to_string(VR) + "\" data-valid-col=\"" + std::to_string(VC) + "\""
                         : std::string()) +
                  " role=\"img\"><title>" + esc(str(T, "expr")) + ": " + std::to_string(R) + "x" + std::to_string(C) +
                  " tile</title>";
  S += hatchDefs(Id);
  S += "<g transform=\"translate(" + fmt(Left) + "," + fmt(Top) + ")\">";
  S += "<text x=\"0\" y=\"-8\" font-size=\"11\" fill=\"#444\">Cols = " + std::to_string(C) + "</text>";
  S += "<text x=\"-6\" y=\"" + fmt(std::min(R * SY, H) / 2 + 4) +
       "\" font-size=\"11\" fill=\"#444\" text-anchor=\"end\">Rows = " + std::to_string(R) + "</text>";
  if (R > 0 && C > 0)
    S += rect("declared", 0, 0, C * SX, R * SY, "#eef1f5", "#5b6577");
  if (Known && VR > 0 && VC > 0) {
    int64_t IR = std::min(VR, R), IC = std::min(VC, C);
    if (IR > 0 && IC > 0)
      S += rect("valid", 0, 0, IC * SX, IR * SY, "#9cc3f5", "#2b6cb0");
    // Outside the tile: the columns past Cols in the valid rows, and the rows past Rows within Cols.
    if (VC > C)
      S += rect("overflow", C * SX, 0, (VC - C) * SX, VR * SY, "url(#" + Id + ")", "#d93025",
                "columns " + std::to_string(C) + ".." + std::to_string(VC - 1) + " lie past the tile's " +
                    std::to_string(C) + " columns");
    if (VR > R)
      S += rect("overflow", 0, R * SY, std::min(VC, C) * SX, (VR - R) * SY, "url(#" + Id + ")", "#d93025",
                "rows " + std::to_string(R) + ".." + std::to_string(VR - 1) + " lie past the tile's " +
                    std::to_string(R) + " rows");
  }
  // Cell grid where cells are large enough to see.
  if (SX >= 6 && SY >= 6) {
    S += "<g stroke=\"#5b6577\" stroke-opacity=\"0.25\">";
    for (int64_t I = 1; I < C; ++I)
      S += "<line x1=\"" + fmt(I * SX) + "\" y1=\"0\" x2=\"" + fmt(I * SX) + "\" y2=\"" + fmt(R * SY) + "\"/>";
    for (int64_t I = 1; I < R; ++I)
      S += "<line x1=\"0\" y1=\"" + fmt(I * SY) + "\" x2=\"" + fmt(C * SX) + "\" y2=\"" + fmt(I * SY) + "\"/>";
    S += "</g>";
  }
  return S + "</g></svg>";
}

std::string tileCaption(const Json &T) {
  int64_t R = num(T, "rows"), C = num(T, "cols"), E = num(T, "elemBytes");
  std::string S = "<p class=\"cap\"><b>" + esc(str(T, "role")) + "</b> <code>" + esc(str(T, "expr")) + "</code>: <code>" +
                  esc(str(T, "type")) + "</code><br>" + std::to_string(R) + " x " + std::to_string(C) + " " +
                  esc(str(T, "dtype"));
  if (E)
    S += " (" + std::to_string(R * C * E) + " B)";
  if (has(T, "validRow") && has(T, "validCol"))
    S += "; valid region " + std::to_string(num(T, "validRow")) + " x " + std::to_string(num(T, "validCol"));
  else
    S += "; valid region not known";
  if (T.value("fromCounterexample", false))
    S += " <i>(under the counterexample)</i>";
  if (T.value("placed", false))
    S += has(T, "addr") ? "; at byte " + std::to_string(num(T, "addr")) : std::string("; placed, address not known");
  return S + "</p>";
}

/// A scratch tile of a tmp-size finding as bytes: the declared tile [0, Rows * Cols * size) against the bytes the
/// implementation touches [0, usedBytes), the part past the tile in a warning colour.
std::string scratchSvg(const Json &T, const std::string &Id) {
  std::optional<int64_t> Size = support::positiveProduct({num(T, "rows"), num(T, "cols"), num(T, "elemBytes")});
  int64_t Declared = Size.value_or(0), Used = num(T, "usedBytes");
  if (!Size || Used < 0)
    return "<p class=\"muted\">no picture: the tile's size is not known</p>";
  int64_t Hi = std::max<int64_t>({Declared, Used, 1});
  const double W = 640, Left = 90, Top = 22, BarH = 18;
  double Scale = W / double(Hi);
  auto X = [&](int64_t A) { return Left + A * Scale; };
  std::string S = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"scratch\" width=\"" + fmt(Left + W + 20) +
                  "\" height=\"" + fmt(Top + 2 * BarH + 40) + "\" data-declared=\"" + std::to_string(Declared) +
                  "\" data-used=\"" + std::to_string(Used) + "\" role=\"img\"><title>" + esc(str(T, "expr")) + ": " +
                  std::to_string(Declared) + " B declared, " + std::to_string(Used) + " B touched</title>" +
                  hatchDefs(Id);
  auto Lane = [&](const char *Label, double Y) {
    return "<text x=\"" + fmt(Left - 6) + "\" y=\"" + fmt(Y + 13) + "\" font-size=\"11\" text-anchor=\"end\">" +
           std::string(Label) + "</text>";
  };
  S += Lane("declared", Top) + rect("declared", X(0), Top, std::max(1.0, Declared * Scale), BarH, "#eef1f5", "#5b6577",
                                    "[0, " + std::to_string(Declared) + ")");
  double Y2 = Top + BarH + 6;
  S += Lane("touched", Y2);
  if (int64_t In = std::min(Used, Declared); In > 0)
    S += rect("used", X(0), Y2, std::max(1.0, In * Scale), BarH, "#9cc3f5", "#2b6cb0",
              "[0, " + std::to_string(In) + ") within the tile");
  if (Used > Declared)
    S += rect("overflow", X(Declared), Y2, std::max(1.0, (Used - Declared) * Scale), BarH, "url(#" + Id + ")",
              "#d93025", "[" + std::to_string(Declared) + ", " + std::to_string(Used) + ") past the tile: " +
                             std::to_string(Used - Declared) + " B");
  double Base = Y2 + BarH + 4;
  S += "<line x1=\"" + fmt(X(0)) + "\" y1=\"" + fmt(Base) + "\" x2=\"" + fmt(X(Hi)) + "\" y2=\"" + fmt(Base) +
       "\" stroke=\"#444\"/><text x=\"" + fmt(X(0)) + "\" y=\"" + fmt(Base + 14) + "\" font-size=\"11\">0</text>";
  for (int64_t Mark : {Declared, Used})
    S += "<text x=\"" + fmt(X(Mark)) + "\" y=\"" + fmt(Base + 14) + "\" font-size=\"11\" text-anchor=\"end\">" +
         std::to_string(Mark) + " B</text>";
  std::string Cap = "<p class=\"cap\"><b>" + esc(str(T, "role")) + "</b> <code>" + esc(str(T, "expr")) + "</code>: " +
                    std::to_string(Declared) + " B declared; the implementation touches " + std::to_string(Used) +
                    " B" + (Used > Declared ? ", " + std::to_string(Used - Declared) + " B past the tile" : "") +
                    " <i>(under the counterexample)</i></p>";
  return Cap + S + "</svg>\n";
}

/// A placed tile on an address map: [from, to) in its buffer; call: an operand of the finding's call (others are
/// the function's other placed tiles, drawn lighter).
struct Bar {
  std::string name;
  int64_t from, to;
  bool call = true;
};

/// The buffer's capacities on the given targets (the UB's, from rule pto-tile-ub-capacity; none for other buffers).
std::vector<std::pair<std::string, int64_t>> capacities(const std::string &Memory, const Json &Targets,
                                                        const std::map<std::string, int64_t> &Ub) {
  std::vector<std::pair<std::string, int64_t>> Caps;
  if (Memory == "Vec")
    for (const Json &T : Targets)
      if (T.is_string() && Ub.count(T.get<std::string>()))
        Caps.emplace_back(T.get<std::string>(), Ub.at(T.get<std::string>()));
  return Caps;
}

/// An address map: each placed tile a bar [from, to) in its own lane, the parts that overlap another tile and the
/// parts past the smallest capacity marked, the capacities as dashed lines.
std::string addressMap(const std::vector<Bar> &Bars, const std::vector<std::pair<std::string, int64_t>> &Caps,
                       const std::string &Title, const std::string &Id) {
  if (Bars.empty())
    return "";
  int64_t Lo = 0, Hi = 1;
  for (const Bar &B : Bars) {
    Lo = std::min(Lo, B.from);
    Hi = std::max(Hi, B.to);
  }
  for (const auto &[Name, Cap] : Caps)
    Hi = std::max(Hi, Cap);
  const double W = 640, Lane = 22, Left = 120, Top = 24;
  double Scale = W / (double(Hi) - double(Lo)); // doubles: addresses from a report need not be sane
  auto X = [&](int64_t A) { return Left + (double(A) - double(Lo)) * Scale; };
  double H = Top + Lane * Bars.size() + 30;
  std::string S = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ub-map\" width=\"" + fmt(Left + W + 20) +
                  "\" height=\"" + fmt(H) + "\" role=\"img\"><title>" + esc(Title) + "</title>" + hatchDefs(Id);
  int64_t Cap = 0;
  for (const auto &[Name, C] : Caps)
    Cap = Cap ? std::min(Cap, C) : C;
  for (size_t I = 0; I < Bars.size(); ++I) {
    const Bar &B = Bars[I];
    double Y = Top + Lane * I;
    S += "<text x=\"" + fmt(Left - 6) + "\" y=\"" + fmt(Y + 14) + "\" font-size=\"11\" text-anchor=\"end\"" +
         (B.call ? "" : " fill=\"#68717f\"") + ">" + esc(B.name) + "</text>";
    // A bar of at least a pixel, however small the tile against the buffer.
    auto Draw = [&](const char *Cls, int64_t From, int64_t To, const std::string &Fill, const char *Stroke,
                    const std::string &Tip) {
      return rect(Cls, X(From), Y + 3, std::max(1.0, (double(To) - double(From)) * Scale), Lane - 6, Fill, Stroke, Tip);
    };
    S += Draw(B.call ? "placed" : "placed other", B.from, B.to, B.call ? "#9cc3f5" : "#dbe3ee",
              B.call ? "#2b6cb0" : "#8a94a3", "[" + std::to_string(B.from) + ", " + std::to_string(B.to) + ")");
    for (size_t J = 0; J < Bars.size(); ++J) {
      int64_t A = std::max(B.from, Bars[J].from), E = std::min(B.to, Bars[J].to);
      if (J != I && A < E)
        S += Draw("overlap", A, E, "url(#" + Id + ")", "#d93025",
                  "overlaps " + Bars[J].name + " in [" + std::to_string(A) + ", " + std::to_string(E) + ")");
    }
    if (Cap && B.to > Cap)
      S += Draw("overflow", std::max(Cap, B.from), B.to, "url(#" + Id + ")", "#d93025",
                "past the buffer's " + std::to_string(Cap) + " B");
  }
  double Base = Top + Lane * Bars.size() + 4;
  S += "<line x1=\"" + fmt(X(Lo)) + "\" y1=\"" + fmt(Base) + "\" x2=\"" + fmt(X(Hi)) + "\" y2=\"" + fmt(Base) +
       "\" stroke=\"#444\"/><text x=\"" + fmt(X(Lo)) + "\" y=\"" + fmt(Base + 14) + "\" font-size=\"11\">" +
       std::to_string(Lo) + "</text><text x=\"" + fmt(X(Hi)) + "\" y=\"" + fmt(Base + 14) +
       "\" font-size=\"11\" text-anchor=\"end\">" + std::to_string(Hi) + "</text>";
  for (const auto &[Name, C] : Caps)
    S += "<line class=\"capacity\" x1=\"" + fmt(X(C)) + "\" y1=\"" + fmt(Top - 6) + "\" x2=\"" + fmt(X(C)) + "\" y2=\"" +
         fmt(Base) + "\" stroke=\"#9a6700\" stroke-dasharray=\"4 3\"/><text x=\"" + fmt(X(C)) + "\" y=\"" +
         fmt(Top - 10) + "\" font-size=\"11\" text-anchor=\"end\" fill=\"#9a6700\">" + esc(Name) + ": " +
         std::to_string(C) + " B</text>";
  return S + "</svg>\n";
}

/// The buffer a tile's memory names, for headings.
std::string bufferName(const std::string &Memory) {
  if (Memory == "Vec")
    return "UB";
  if (Memory == "Mat")
    return "L1";
  if (Memory == "Left")
    return "L0A";
  if (Memory == "Right")
    return "L0B";
  if (Memory == "Acc")
    return "L0C";
  return Memory.empty() ? "unknown buffer" : Memory;
}

/// A kernel's placed tiles per function and buffer (the summary's kernels[file].placed: function -> [tile, memory,
/// addr, bytes] each).
using PlacementMaps = std::map<std::pair<std::string, std::string>, std::vector<Bar>>;
PlacementMaps placements(const Json &Kernel) {
  PlacementMaps Maps;
  const Json Placed = Kernel.is_object() ? Kernel.value("placed", Json::object()) : Json::object();
  for (const auto &[Fn, Tiles] : Placed.items())
    if (Tiles.is_array())
      for (const Json &T : Tiles)
        if (T.is_array() && T.size() == 4 && T[2].is_number_integer() && T[3].is_number_integer() &&
            T[3].get<int64_t>() > 0)
          if (std::optional<int64_t> End = plus(T[2].get<int64_t>(), T[3].get<int64_t>()))
            Maps[{Fn, T[1].is_string() ? T[1].get<std::string>() : ""}].push_back(
                {T[0].is_string() ? T[0].get<std::string>() : "?", T[2].get<int64_t>(), *End});
  return Maps;
}

/// The summary's entry of one kernel, or null.
Json kernelOf(const HtmlInput &In, const std::string &File) {
  if (In.summaryMissing || !In.summary.is_object())
    return Json();
  if (auto K = In.summary.find("kernels"); K != In.summary.end() && K->is_object())
    if (auto F = K->find(File); F != K->end())
      return *F;
  return Json();
}

/// The finding's address maps, one per buffer: the call's placed operands (and a region the implementation writes
/// that no operand names), with the other tiles the same function places in that buffer, drawn lighter.
std::string findingAddressMap(const Json &F, const Json &Tiles, const HtmlInput &In) {
  std::map<std::string, std::vector<Bar>> ByMemory;
  for (const Json &T : Tiles)
    if (T.value("placed", false) && has(T, "addr"))
      if (std::optional<int64_t> Size = support::positiveProduct({num(T, "rows"), num(T, "cols"), num(T, "elemBytes")}))
        if (std::optional<int64_t> End = plus(num(T, "addr"), *Size))
          ByMemory[str(T, "memory").empty() ? "Vec" : str(T, "memory")].push_back(
              {str(T, "expr"), num(T, "addr"), *End});
  PlacementMaps Maps = placements(kernelOf(In, str(F, "file")));
  std::string S;
  size_t N = 0;
  for (auto &[Memory, Bars] : ByMemory) {
    for (Bar B : Maps[{str(F, "function"), Memory}]) {
      B.call = false;
      bool Drawn = std::any_of(Bars.begin(), Bars.end(),
                               [&](const Bar &O) { return O.name == B.name && O.from == B.from && O.to == B.to; });
      if (!Drawn)
        Bars.push_back(B);
    }
    S += "<h2>Placement (" + esc(bufferName(Memory)) + ")</h2>" +
         addressMap(Bars, capacities(Memory, F.value("targets", Json::array()), In.ubBytes),
                    bufferName(Memory) + " address map", N ? "hatch-ub-" + std::to_string(N) : "hatch-ub");
    ++N;
  }
  return S;
}

std::string kernelPageName(size_t I) { return "kernel-" + std::to_string(I + 1) + ".html"; }

/// The ends of one kernel's calls (the summary's kernels[file]: op -> target -> counts), added up.
struct Ends {
  int64_t proved = 0, violated = 0, unknown = 0, notFollowed = 0;
  void add(const Json &E) {
    proved += num(E, "proved");
    violated += num(E, "violated");
    unknown += num(E, "unknown");
    notFollowed += num(E, "notFollowed");
  }
  std::string cells() const {
    auto Cell = [](int64_t N, const char *Cls) {
      return "<td class=\"n" + std::string(N ? Cls : "") + "\">" + std::to_string(N) + "</td>";
    };
    return Cell(proved, " ok") + Cell(violated, " bad") + Cell(unknown, " unk") + Cell(notFollowed, "");
  }
};
const char *EndsHead = "<th>proved</th><th>violated</th><th>unknown</th><th>not followed</th>";

/// The summary's kernels, in name order.
std::vector<std::pair<std::string, Json>> kernelsOf(const HtmlInput &In) {
  std::vector<std::pair<std::string, Json>> Ks;
  if (!In.summaryMissing && In.summary.is_object() && In.summary.contains("kernels") &&
      In.summary["kernels"].is_object())
    for (const auto &[File, K] : In.summary["kernels"].items())
      if (K.is_object())
        Ks.emplace_back(File, K);
  return Ks;
}

/// A kernel's page: per op and target how its calls ended, and the findings located in the kernel's file.
std::string kernelPage(const std::string &File, const Json &K, const HtmlInput &In) {
  std::string B = "<header><a href=\"index.html\">← all findings</a><h1>Kernel <code id=\"kernel\">" + esc(File) +
                  "</code></h1></header>\n<main>\n<h2>Calls by op and target</h2>\n<p class=\"muted\">Each call "
                  "checked on a target counts once there: violated when a check failed, unknown when one is reported "
                  "undecided, not followed when some of upstream's checks were not decided (counted, not reported), "
                  "proved when every check held.</p>\n<table id=\"calls\"><thead><tr><th>op</th><th>target</th>" +
                  std::string(EndsHead) + "</tr></thead><tbody>";
  const Json Ops = K.value("ops", Json::object());
  for (const auto &[Op, ByTarget] : Ops.items())
    for (const auto &[Tg, E] : ByTarget.items()) {
      Ends N;
      N.add(E);
      B += "<tr data-op=\"" + esc(Op) + "\" data-target=\"" + esc(Tg) + "\"><td>" + esc(Op) + "</td><td>" + esc(Tg) +
           "</td>" + N.cells() + "</tr>";
    }
  B += "</tbody></table>\n";
  // The tiles its calls place, per function and buffer; functions (instantiations of one kernel template) that place
  // the same tiles at the same addresses share one picture.
  // A function's placement: buffer -> its bars. Functions (instantiations of one kernel template) whose placement is
  // the same share one group of pictures.
  std::map<std::string, std::map<std::string, std::vector<Bar>>> ByFunction;
  for (const auto &[Key, Bars] : placements(K))
    ByFunction[Key.first][Key.second] = Bars;
  using Sig = std::vector<std::tuple<std::string, std::string, int64_t, int64_t>>;
  std::map<Sig, size_t> Index;
  std::vector<const std::map<std::string, std::vector<Bar>> *> Groups; // in first-seen order
  std::vector<std::vector<std::string>> Owners;                        // the functions of each group
  for (const auto &[Fn, Buffers] : ByFunction) {
    Sig Key;
    for (const auto &[Memory, Bars] : Buffers)
      for (const Bar &Br : Bars)
        Key.emplace_back(Memory, Br.name, Br.from, Br.to);
    auto [It, New] = Index.try_emplace(Key, Groups.size());
    if (New) {
      Groups.push_back(&Buffers);
      Owners.emplace_back();
    }
    Owners[It->second].push_back(Fn);
  }
  int64_t Unplaced = num(K, "unplaced");
  if (!Groups.empty() || Unplaced)
    B += "<h2>Placement</h2>\n<p class=\"muted\">Tiles the kernel's checked calls use that <code>TASSIGN</code> places "
         "at known addresses, per function and buffer; overlapping tiles are hatched (tiles whose lifetimes do not "
         "overlap may share bytes).</p>\n";
  // The buffers' sizes on the targets the kernel was checked for.
  Json Checked = Json::array();
  for (const auto &[Op, ByTarget] : Ops.items())
    for (const auto &[Tg, E] : ByTarget.items())
      if (std::find(Checked.begin(), Checked.end(), Tg) == Checked.end())
        Checked.push_back(Tg);
  // Many groups (a kernel template instantiated for many shapes) are folded, each under its heading.
  bool Fold = Groups.size() > 8;
  size_t Pictures = 0;
  for (size_t N = 0; N < Groups.size(); ++N) {
    const std::vector<std::string> &Fns = Owners[N];
    std::string Heading = "<code>" + esc(Fns.front()) + "</code>" +
                          (Fns.size() > 1 ? " and " + std::to_string(Fns.size() - 1) + " more with the same placement"
                                          : "");
    B += Fold ? "<details class=\"placement\"><summary>" + Heading + "</summary>" : "<h3>" + Heading + "</h3>";
    if (Fns.size() > 1) {
      B += "<details><summary>all " + std::to_string(Fns.size()) + "</summary><ul>";
      for (const std::string &Fn : Fns)
        B += "<li><code>" + esc(Fn) + "</code></li>";
      B += "</ul></details>";
    }
    for (const auto &[Memory, Bars] : *Groups[N])
      B += "<h4>" + esc(bufferName(Memory)) + "</h4>" +
           addressMap(Bars, capacities(Memory, Checked, In.ubBytes), Fns.front() + ": " + bufferName(Memory),
                      "hatch-k" + std::to_string(Pictures++));
    if (Fold)
      B += "</details>\n";
  }
  if (Unplaced)
    B += "<p id=\"unplaced\">" + std::to_string(Unplaced) + " more tile" + (Unplaced == 1 ? " is" : "s are") +
         " placed at addresses pto-lint does not know (not drawn).</p>\n";
  B += "<h2>Findings in this file</h2><ul id=\"kernel-findings\">";
  for (size_t I = 0; I < In.findings.size(); ++I)
    if (str(In.findings[I], "file") == File)
      B += "<li><a href=\"" + pageName(I) + "\"><code>" + esc(place(In.findings[I])) + "</code> " +
           esc(str(In.findings[I], "message")) + "</a> [" + esc(str(In.findings[I], "ruleId")) + "]</li>";
  B += "</ul>\n</main>\n";
  return page("pto-lint: " + File, B);
}

/// The index's table of kernels: per kernel its calls' ends over ops and targets, linking to its page.
std::string kernelTable(const HtmlInput &In) {
  std::vector<std::pair<std::string, Json>> Ks = kernelsOf(In);
  if (Ks.empty())
    return "";
  std::map<std::string, unsigned> Findings;
  for (const Json &F : In.findings)
    ++Findings[str(F, "file")];
  std::string B = "<h2>Kernels: " + std::to_string(Ks.size()) + "</h2>\n<table id=\"kernels\"><thead><tr><th>kernel"
                  "</th><th>ops</th>" + std::string(EndsHead) + "<th>findings</th></tr></thead><tbody>";
  for (size_t I = 0; I < Ks.size(); ++I) {
    Ends N;
    const Json Ops = Ks[I].second.value("ops", Json::object());
    for (const auto &[Op, ByTarget] : Ops.items())
      for (const auto &[Tg, E] : ByTarget.items())
        N.add(E);
    B += "<tr><td><a href=\"" + kernelPageName(I) + "\"><code>" + esc(Ks[I].first) + "</code></a></td><td class=\"n\">" +
         std::to_string(Ops.size()) + "</td>" + N.cells() + "<td class=\"n\">" +
         std::to_string(Findings[Ks[I].first]) + "</td></tr>";
  }
  return B + "</tbody></table>\n";
}

std::string indexPage(const HtmlInput &In) {
  std::map<std::string, unsigned> ByFile, ByRule, ByTarget, ByStatus;
  for (const Json &F : In.findings) {
    ++ByFile[str(F, "file")];
    ++ByRule[str(F, "ruleId")];
    ++ByStatus[str(F, "status")];
    for (const Json &T : F.value("targets", Json::array()))
      if (T.is_string())
        ++ByTarget[T.get<std::string>()];
  }
  std::string B = "<header><h1>pto-lint report</h1><div>" +
                  esc("pto-lint " + In.toolVersion + (In.targets.empty() ? "" : " · targets: ")) ;
  for (size_t I = 0; I < In.targets.size(); ++I)
    B += esc((I ? ", " : "") + In.targets[I]);
  B += "</div></header>\n<main>\n";
  const Json &S = In.summary;
  if (S.is_object() && !In.summaryMissing) {
    B += "<h2>Summary</h2><p id=\"summary\">" + std::to_string(num(S, "callSites")) + " call sites, " +
         std::to_string(num(S, "checks")) + " checks: <b>" + std::to_string(num(S, "proved")) + "</b> proved, <b>" +
         std::to_string(num(S, "violated")) + "</b> violated, <b>" + std::to_string(num(S, "unknown")) +
         "</b> unknown" + (num(S, "errors") ? ", " + std::to_string(num(S, "errors")) + " errors" : "") + "</p>\n";
    if (S.contains("ops") && S["ops"].is_object() && !S["ops"].empty()) {
      B += "<table id=\"ops\"><thead><tr><th>op</th><th>calls checked</th><th>call locations</th>"
           "<th>upstream checks: proved</th><th>violated</th><th>not followed</th></tr></thead><tbody>";
      for (const auto &[Op, O] : S["ops"].items()) {
        Json U = O.value("upstream", Json::object());
        B += "<tr><td>" + esc(Op) + "</td><td class=\"n\">" + std::to_string(num(O, "calls")) + "</td><td class=\"n\">" +
             std::to_string(O.value("locations", Json::array()).size()) + "</td><td class=\"n\">" +
             std::to_string(num(U, "proved")) + "</td><td class=\"n\">" + std::to_string(num(U, "violated")) +
             "</td><td class=\"n\">" + std::to_string(num(U, "notFollowed")) + "</td></tr>";
      }
      B += "</tbody></table>\n";
    }
    B += kernelTable(In);
  } else {
    B += "<p class=\"muted\" id=\"summary\">The logs this report was made from carry findings only: no counts of proved "
         "checks.</p>\n";
  }
  B += "<h2>Findings: " + std::to_string(In.findings.size()) + "</h2>\n<div class=\"counts\">" +
       countTable("verdict", ByStatus) + countTable("target", ByTarget) + countTable("rule", ByRule) +
       countTable("file", ByFile) + "</div>\n";
  B += "<div class=\"filters\">" + select("file", "file", ByFile) + select("rule", "rule", ByRule) +
       select("target", "target", ByTarget) + select("status", "verdict", ByStatus) +
       " <span><span id=\"shown\">" + std::to_string(In.findings.size()) + "</span> shown</span></div>\n";
  B += "<table id=\"findings\"><thead><tr><th>#</th><th>severity</th><th>verdict</th><th>location</th><th>rule</th>"
       "<th>targets</th><th>message</th></tr></thead><tbody>\n";
  for (size_t I = 0; I < In.findings.size(); ++I) {
    const Json &F = In.findings[I];
    std::string Sev = str(F, "severity");
    B += "<tr data-file=\"" + esc(str(F, "file")) + "\" data-rule=\"" + esc(str(F, "ruleId")) + "\" data-target=\"" +
         esc(joined(F.value("targets", Json::array()), " ")) + "\" data-status=\"" + esc(str(F, "status")) +
         "\"><td class=\"n\"><a href=\"" + pageName(I) + "\">" + std::to_string(I + 1) + "</a></td><td class=\"sev-" +
         esc(Sev) + "\">" + esc(Sev) + "</td><td>" + esc(str(F, "status")) + "</td><td><code>" + esc(place(F)) +
         "</code></td><td>" + esc(str(F, "ruleId")) + "</td><td>" + esc(joined(F.value("targets", Json::array()))) +
         "</td><td><a href=\"" + pageName(I) + "\">" + esc(str(F, "message")) + "</a></td></tr>\n";
  }
  B += "</tbody></table>\n</main>\n";
  return page("pto-lint report", B, FilterJs);
}

std::string findingPage(const Json &F, size_t I, size_t Count, const HtmlInput &In, const ReadSource &Read) {
  std::string Sev = str(F, "severity"), Msg = str(F, "message"), Rule = str(F, "ruleId");
  std::string B = "<header><a href=\"index.html\">← all findings</a>" +
                  (I ? " · <a href=\"" + pageName(I - 1) + "\">previous</a>" : std::string()) +
                  (I + 1 < Count ? " · <a href=\"" + pageName(I + 1) + "\">next</a>" : std::string()) +
                  "<h1><span class=\"sev-" + esc(Sev) + "\">" + esc(Sev) + "</span>: <span id=\"message\">" +
                  esc(Msg) + "</span> [" + esc(Rule) + "]</h1></header>\n<main>\n";
  B += "<table class=\"meta\"><tbody><tr><th>location</th><td><code>" + esc(place(F)) + "</code></td></tr><tr><th>function</th><td><code>" +
       esc(str(F, "function")) + "</code></td></tr><tr><th>op</th><td>" + esc(str(F, "op")) +
       "</td></tr><tr><th>verdict</th><td>" + esc(str(F, "status")) + "</td></tr><tr><th>targets</th><td>" +
       esc(joined(F.value("targets", Json::array()))) + "</td></tr><tr><th>upstream</th><td>" +
       esc(str(F, "citation")) + "</td></tr><tr><th>fingerprint</th><td><code>" + esc(str(F, "fingerprint")) +
       "</code></td></tr></tbody></table>\n";

  // Source: the call, and every place a note names (declarations, guards, calling contexts).
  std::map<std::string, std::map<unsigned, std::string>> Marks;
  std::vector<std::string> Files; // in order of first mention
  auto Mark = [&](const std::string &File, int64_t Line, const char *Cls) {
    if (File.empty() || Line <= 0)
      return;
    if (!Marks.count(File))
      Files.push_back(File);
    Marks[File].emplace(unsigned(Line), Cls); // the call's class wins on its own line
  };
  Mark(str(F, "file"), num(F, "line"), "call");
  for (const Json &N : F.value("notes", Json::array()))
    Mark(str(N, "file"), num(N, "line"), "decl");
  B += "<h2>Source</h2>\n";
  for (const std::string &File : Files) {
    std::string Text = Read(File);
    B += Text.empty() ? "<p class=\"muted\">source of <code>" + esc(File) + "</code> not available</p>\n"
                      : excerpt(File, Text, Marks[File]);
  }

  B += "<h2>Notes</h2><ul id=\"notes\">";
  for (const Json &N : F.value("notes", Json::array()))
    B += "<li><code>" + esc(place(N)) + "</code>: " + esc(str(N, "message")) + "</li>";
  B += "</ul>\n";
  if (!str(F, "help").empty())
    B += "<p class=\"help\" id=\"help\"><b>help:</b> " + esc(str(F, "help")) + "</p>\n";
  if (F.contains("fix") && F["fix"].is_object()) {
    B += "<h2>Fix-it</h2><p>" + esc(str(F["fix"], "title")) +
         "</p><table id=\"fix\"><thead><tr><th>at</th><th>replace bytes</th><th>with</th></tr></thead><tbody>";
    for (const Json &E : F["fix"].value("edits", Json::array()))
      B += "<tr><td><code>" + esc(place(E)) + "</code></td><td class=\"n\">" + std::to_string(num(E, "length")) +
           "</td><td><code>" + esc(str(E, "text")) + "</code></td></tr>";
    B += "</tbody></table>\n";
  }
  const Json &Cex = F.value("counterexample", Json::object());
  if (Cex.is_object() && !Cex.empty()) {
    B += "<h2>Counterexample</h2><table id=\"counterexample\"><thead><tr><th>value</th><th>=</th></tr></thead><tbody>";
    for (const auto &[K, V] : Cex.items())
      B += "<tr><td><code>" + esc(K) + "</code></td><td class=\"n\">" + esc(V.dump()) + "</td></tr>";
    B += "</tbody></table>\n";
  }
  const Json &Tiles = F.value("tiles", Json::array());
  if (Tiles.is_array() && !Tiles.empty()) {
    B += "<h2>Tiles</h2><p class=\"legend\"><span style=\"background:#eef1f5\"></span>declared Rows x Cols"
         "<span style=\"background:#9cc3f5\"></span>valid region<span style=\"background:#f4b4ad\"></span>outside the "
         "tile</p>\n";
    for (size_t K = 0; K < Tiles.size(); ++K) {
      const Json &T = Tiles[K];
      if (str(T, "role") == "hidden") // a region no operand names: only on the address map
        continue;
      B += "<div class=\"tile" + std::string(T.value("subject", false) ? " subject" : "") + "\" data-role=\"" +
           esc(str(T, "role")) + "\">" + tileCaption(T) +
           tileSvg(T, "hatch-" + std::to_string(K)) + "</div>\n";
    }
    for (size_t K = 0; K < Tiles.size(); ++K)
      if (has(Tiles[K], "usedBytes"))
        B += "<h2>Scratch bytes</h2><div class=\"scratch-of\" data-role=\"" + esc(str(Tiles[K], "role")) + "\">" +
             scratchSvg(Tiles[K], "hatch-tmp-" + std::to_string(K)) + "</div>\n";
    B += findingAddressMap(F, Tiles, In);
  }
  B += "</main>\n";
  return page(Sev + ": " + Msg + " [" + Rule + "]", B);
}

std::tuple<std::string, int64_t, int64_t, std::string> order(const Json &F) {
  return {str(F, "file"), num(F, "line"), num(F, "column"), str(F, "ruleId")};
}

} // namespace

std::string readSourceFile(const std::string &File) {
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  return Buf ? std::string((*Buf)->getBuffer()) : std::string();
}

HtmlSite htmlReport(const HtmlInput &In, const ReadSource &Read) {
  HtmlSite Site;
  Site["style.css"] = Css;
  Site["index.html"] = indexPage(In);
  // Sources are read once per file.
  std::map<std::string, std::string> Texts;
  ReadSource Cached = [&](const std::string &File) -> std::string {
    auto It = Texts.find(File);
    if (It == Texts.end())
      It = Texts.emplace(File, Read(File)).first;
    return It->second;
  };
  for (size_t I = 0; I < In.findings.size(); ++I)
    Site[pageName(I)] = findingPage(In.findings[I], I, In.findings.size(), In, Cached);
  std::vector<std::pair<std::string, Json>> Ks = kernelsOf(In);
  for (size_t I = 0; I < Ks.size(); ++I)
    Site[kernelPageName(I)] = kernelPage(Ks[I].first, Ks[I].second, In);
  return Site;
}

std::string writeSite(const HtmlSite &Site, const std::string &Dir) {
  if (llvm::sys::fs::exists(Dir) && !llvm::sys::fs::is_directory(Dir))
    return "'" + Dir + "' is not a directory (--format=html writes a directory of pages)";
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return "cannot create directory '" + Dir + "': " + EC.message();
  for (const auto &[Name, Text] : Site)
    if (std::string Err = support::writeAtomically(Dir + "/" + Name, Text); !Err.empty())
      return Err;
  // Pages of an earlier report in the same directory that this one does not have (it had more findings).
  std::error_code EC;
  std::vector<std::string> Stale;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC)) {
    std::string Name = llvm::sys::path::filename(It->path()).str();
    if ((Name.rfind("finding-", 0) == 0 || Name.rfind("kernel-", 0) == 0) && llvm::StringRef(Name).ends_with(".html") &&
        !Site.count(Name))
      Stale.push_back(It->path());
  }
  for (const std::string &P : Stale)
    llvm::sys::fs::remove(P);
  return "";
}

std::map<std::string, int64_t> ubCapacities(const checker::RuleSet &Rules) {
  std::map<std::string, int64_t> Ub;
  if (const checker::Rule *R = Rules.find("pto-tile-ub-capacity"))
    for (const checker::RuleVariant &V : R->variants)
      for (const auto &[Name, Term] : V.let)
        if (Name == "ub" && !Term.empty() && Term.find_first_not_of("0123456789") == std::string::npos)
          for (checker::Target T : V.targets)
            Ub[checker::targetName(T)] = std::stoll(Term);
  return Ub;
}

namespace {
std::string addReportOrThrow(const std::string &Text, HtmlInput &In);
}

std::string addReport(const std::string &Text, HtmlInput &In) {
  // A field of an unexpected type in a log handed in: an error with a reason, never an exception out of the tool.
  try {
    return addReportOrThrow(Text, In);
  } catch (const std::exception &E) {
    return std::string("not a pto-lint report or log: ") + E.what();
  }
}

namespace {
std::string addReportOrThrow(const std::string &Text, HtmlInput &In) {
  Json J = Json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object())
    return "not JSON";
  std::vector<Json> Fs(In.findings.begin(), In.findings.end());
  if (J.contains("runs")) { // SARIF
    if (!J["runs"].is_array())
      return "not a SARIF log";
    for (const Json &Run : J["runs"]) {
      if (Run.value("/tool/driver/name"_json_pointer, std::string()) != "pto-lint")
        return "a SARIF run not written by pto-lint";
      if (In.toolVersion.empty())
        In.toolVersion = Run.value("/tool/driver/semanticVersion"_json_pointer, std::string());
      for (const Json &R : Run.value("results", Json::array())) {
        const Json *F = R.is_object() && R.contains("properties") ? &R["properties"] : nullptr;
        if (!F || !F->contains("finding") || !(*F)["finding"].is_object())
          return "a result without properties.finding (written by a pto-lint older than the HTML report)";
        Fs.push_back((*F)["finding"]);
      }
      if (Run.contains("properties") && Run["properties"].contains("targets") && Run["properties"]["targets"].is_array())
        for (const Json &T : Run["properties"]["targets"])
          if (T.is_string() && std::find(In.targets.begin(), In.targets.end(), T.get<std::string>()) == In.targets.end())
            In.targets.push_back(T.get<std::string>());
      // The run's summary (pto-lint writes it since the per-kernel summary; merged logs add theirs up).
      if (Run.contains("properties") && Run["properties"].contains("summary") && Run["properties"]["summary"].is_object())
        checker::addSummary(In.summary, Run["properties"]["summary"]);
      else
        In.summaryMissing = true;
    }
  } else if (J.value("version", 0) == 1 && J.contains("findings") && J["findings"].is_array()) {
    for (const Json &F : J["findings"])
      Fs.push_back(F);
    if (In.toolVersion.empty())
      In.toolVersion = J.value("/tool/version"_json_pointer, std::string());
    for (const Json &T : J.value("targets", Json::array()))
      if (T.is_string() && std::find(In.targets.begin(), In.targets.end(), T.get<std::string>()) == In.targets.end())
        In.targets.push_back(T.get<std::string>());
    // Reports of disjoint inputs (shards) add up; ops' locations are joined.
    if (J.contains("summary") && J["summary"].is_object())
      checker::addSummary(In.summary, J["summary"]);
    else
      In.summaryMissing = true;
  } else {
    return "neither a pto-lint JSON report (version 1) nor a SARIF log";
  }
  // One finding per (place, rule, message), in the reports' order.
  std::stable_sort(Fs.begin(), Fs.end(), [](const Json &A, const Json &B) { return order(A) < order(B); });
  std::set<std::tuple<std::string, int64_t, int64_t, std::string, std::string>> Seen;
  In.findings = Json::array();
  for (Json &F : Fs)
    if (Seen.insert(std::tuple_cat(order(F), std::make_tuple(str(F, "message")))).second)
      In.findings.push_back(std::move(F));
  return "";
}
} // namespace

int reportCommand(const std::vector<std::string> &Args) {
  static const Subcommand Report = {
      "report", "pto-lint report --html DIR LOG...",
      "Writes one HTML report (docs/report.md) into DIR from saved pto-lint JSON reports or SARIF logs\n"
      "(the shards of a CI matrix, or their merged log). Source excerpts are read relative to the\n"
      "working directory, as the logs name the files.\n",
      "html", nullptr};
  std::string Dir;
  std::vector<std::string> Inputs, Texts;
  if (std::optional<int> Rc = subcommandInputs(Report, Args, Dir, Inputs, Texts))
    return *Rc;
  if (Dir.empty())
    return usage("report: no output directory (pto-lint report --html DIR LOG...)");
  HtmlInput In;
  In.ubBytes = ubCapacities(checker::RuleSet::builtin());
  for (size_t I = 0; I < Inputs.size(); ++I)
    if (std::string Err = addReport(Texts[I], In); !Err.empty())
      return usage("report: '" + Inputs[I] + "': " + Err);
  if (std::string Err = writeSite(htmlReport(In, readSourceFile), Dir); !Err.empty())
    return usage("report: " + Err);
  llvm::errs() << "pto-lint: wrote " << In.findings.size() << " finding" << (In.findings.size() == 1 ? "" : "s")
               << " to '" << Dir << "/index.html'\n";
  return Clean;
}

} // namespace pto::driver
